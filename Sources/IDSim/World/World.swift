/// The whole simulated universe at one instant: devices, apps, accounts, backups, Apple's servers.
///
/// A plain value. Applying an event gives the next world and the list of changes; nothing else
/// mutates it, and the inspector never edits "the" world, it moves along a `Timeline` of them.
/// Its fields are read-only outside this package (`public package(set)`): a user of the library
/// changes a world only through events.
public struct World: Hashable, Sendable {
    public package(set) var profile: Profile
    public package(set) var rng: SeededGenerator
    /// APNs tokens come from a stream of their own, so that apps registering for notifications
    /// at launch leave every other generated value (IDFVs, IDFAs, GUIDs) as it was.
    public package(set) var tokenRNG: SeededGenerator
    /// Steps taken so far (events applied, plus steps without an event such as expectations).
    /// A launch records the step it happened at; DeviceCheck months derive from it.
    public package(set) var clock: Int
    package var apps: BoxedArray<AppDeclaration>
    package var devices: BoxedArray<Device>
    package var accounts: BoxedArray<Account>
    public package(set) var backups: [String: Backup]
    public package(set) var deviceCheck: DeviceCheckServer
    /// Source of installation serial numbers.
    var installations: UInt64
    /// Each full app's extensions and App Clips, by the full app's index: derived from `apps`,
    /// whose roles never change, so that installing an app finds its companions without a scan.
    public internal(set) var extensionsByHost: [AppIndex: [AppIndex]] = [:]
    public internal(set) var clipsByApp: [AppIndex: [AppIndex]] = [:]
    /// What app code has read so far (see `AppCodeReads`: not part of the world's value).
    public package(set) var appCodeReads = AppCodeReads()
    /// What a wiped device starts from, this world's own (see `WipedDeviceParts`).
    var wiped = WipedDevice()
    /// Whether launches build every part of their report. False leaves out what only people read,
    /// a strategy's structured `result` and its `notes`, for searches that judge launches only by
    /// the IDs and values they read (explore: id-kit hashes each source for its result). Nothing
    /// app code reads or writes depends on it, and it is not part of the world's value (two worlds
    /// that differ only in it are equal), as `appCodeReads` is not.
    public var launchReportsInFull: Bool {
        get { reportDetail.full }
        set { reportDetail.full = newValue }
    }
    private var reportDetail = ReportDetail()

    /// How much of a launch report to build: a setting of whoever runs the world, left out of its
    /// equality and hash.
    private struct ReportDetail: Hashable, Sendable {
        var full = true
        static func == (lhs: ReportDetail, rhs: ReportDetail) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The extensions shipped in an app (none, at no cost, in the common world without any).
    func extensions(of app: AppIndex) -> [AppIndex] {
        extensionsByHost.isEmpty ? [] : extensionsByHost[app] ?? []
    }

    /// The App Clips of a full app.
    func clips(of app: AppIndex) -> [AppIndex] {
        clipsByApp.isEmpty ? [] : clipsByApp[app] ?? []
    }

    public init(profile: Profile = .default, seed: UInt64 = 1) {
        self.profile = profile
        self.rng = SeededGenerator(seed: seed)
        self.tokenRNG = SeededGenerator(seed: seed ^ 0x4150_4E53_544F_4B4E)   // "APNSTOKN"
        self.clock = 0
        self.apps = []
        self.devices = []
        self.accounts = []
        self.backups = [:]
        self.deviceCheck = DeviceCheckServer()
        self.installations = 0
    }

    // MARK: - Lookups by name

    /// Counts a step that applies no event (an expectation), so step numbers stay aligned.
    public mutating func tick() {
        clock += 1
    }

    public func deviceIndex(named name: String) -> DeviceIndex? {
        devices.firstIndex { $0.name == name }
    }

    public func appIndex(bundleID: String) -> AppIndex? {
        apps.firstIndex { $0.bundleID == bundleID }
    }

    public func accountIndex(id: String) -> Int? {
        accounts.firstIndex { $0.id == id }
    }

    /// The simulated calendar month, used for DeviceCheck's `last_update_time`.
    ///
    /// Time is derived from the step count (one day per event from 2025-01) so that it is as
    /// deterministic as everything else.
    public var currentMonth: String {
        let months = clock / 30
        let year = 2025 + months / 12
        let month = months % 12 + 1
        return "\(year)-" + (month < 10 ? "0\(month)" : "\(month)")
    }
}
