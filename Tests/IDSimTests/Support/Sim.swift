import IDSim
import Testing

/// A small world driver for tests: names instead of indices, and every event expected to apply.
struct Sim {
    var world: World
    var programs: any AppProgramResolver

    static let shop = AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234")
    static let news = AppDeclaration(bundleID: "com.acme.news", teamID: "ACME1234")
    static let other = AppDeclaration(bundleID: "org.other.game", teamID: "OTHR5678")

    init(os: String = "17.5", kind: DeviceKind = .iphone, passcode: Bool = true,
         devices: [DeviceSpec]? = nil, apps: [AppDeclaration] = [shop, news, other], accounts: [Account] = [],
         profile: Profile = .default, seed: UInt64 = 7, programs: any AppProgramResolver = BasicProgram.resolver) {
        let specs = devices ?? [DeviceSpec(name: "phone", kind: kind, os: OSVersion(parsing: os)!, passcode: passcode)]
        do {
            world = try World(seed: seed, profile: profile, accounts: accounts, devices: specs, apps: apps)
        } catch {
            Issue.record("setup failed: \(error)")
            world = World()
        }
        self.programs = programs
    }

    func app(_ name: String) -> AppIndex {
        world.apps.firstIndex { $0.bundleID == name || $0.bundleID.hasSuffix("." + name) }!
    }

    func device(_ name: String) -> DeviceIndex {
        world.deviceIndex(named: name)!
    }

    /// Applies an event on a device; records a test issue if it is rejected.
    @discardableResult
    mutating func run(_ event: Event, on device: String = "phone", sourceLocation: SourceLocation = #_sourceLocation) -> [Change] {
        do {
            return try world.apply(Step(event, on: self.device(device)), programs: programs)
        } catch {
            Issue.record("event \(event.key) rejected: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// Applies an event that must be rejected; returns the error, and checks the world is untouched.
    mutating func reject(_ event: Event, on device: String = "phone", sourceLocation: SourceLocation = #_sourceLocation) -> EventError? {
        let before = world
        do {
            try world.apply(Step(event, on: self.device(device)), programs: programs)
            Issue.record("event \(event.key) applied but should have been rejected", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(world == before, "a rejected event changed the world", sourceLocation: sourceLocation)
            return error
        }
    }

    // Shorthands for the common events.
    @discardableResult
    mutating func install(_ app: String, _ source: InstallSource? = nil, on d: String = "phone",
                          sourceLocation: SourceLocation = #_sourceLocation) -> [Change] {
        run(.install(self.app(app), source: source), on: d, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func uninstall(_ app: String, on d: String = "phone", sourceLocation: SourceLocation = #_sourceLocation) -> [Change] {
        run(.uninstall(self.app(app)), on: d, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func launch(_ app: String, _ mode: LaunchMode = .foreground, on d: String = "phone",
                         sourceLocation: SourceLocation = #_sourceLocation) -> [Change] {
        run(.launch(self.app(app), mode: mode), on: d, sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func request(_ app: String, _ answer: TrackingAnswer, on d: String = "phone",
                          sourceLocation: SourceLocation = #_sourceLocation) -> [Change] {
        run(.requestTracking(self.app(app), answer: answer, otherPromptPending: false), on: d, sourceLocation: sourceLocation)
    }

    func idfv(_ app: String, on d: String = "phone") -> SimUUID? {
        world.identifierForVendor(app: self.app(app), on: device(d))
    }

    func idfa(_ app: String, on d: String = "phone") -> SimUUID? {
        world.advertisingIdentifier(app: self.app(app), on: device(d))
    }

    func att(_ app: String, on d: String = "phone") -> ATTStatus {
        world.trackingStatus(app: self.app(app), on: device(d))
    }

    func dev(_ d: String = "phone") -> Device { world.devices[device(d)] }

    /// The latest launch's report of an app on a device.
    func lastLaunch(_ app: String, on d: String = "phone") -> LaunchReport? {
        dev(d).launches[self.app(app)]?.latest.report
    }

    func lastID(_ app: String, on d: String = "phone") -> String? {
        lastLaunch(app, on: d)?.primaryID
    }

    /// A named value of the latest launch's report.
    func lastValue(_ app: String, _ name: String, on d: String = "phone") -> String? {
        lastLaunch(app, on: d)?.value(name)
    }

    /// The changes whose text form starts with `prefix` (`file:spare:com.acme.shop:Library/kept`).
    func changes(_ changes: [Change], about prefix: String) -> [Change] {
        changes.filter { $0.subject.text(in: world).hasPrefix(prefix) }
    }
}

/// The essence of a keychain-GUID strategy, for tests of the core without `IDStrategies`:
/// read the item; on any failure mint a UUID and try to save it; report what it ended up with.
func guidProgram(service: String = "guid", account: String = "device", accessible: Accessibility? = .afterFirstUnlock,
                 group: String? = nil, synchronizable: Bool = false) -> ClosureProgram {
    ClosureProgram { os in
        let query = KeychainQuery(service: service, account: account, accessGroup: group,
                                  synchronizable: synchronizable ? .yes : .no)
        let (status, item) = os.secItemCopyMatching(query)
        if status == .success, let item {
            return LaunchReport(primaryID: item.value, values: [NamedValue("guid", item.value)], notes: ["read"])
        }
        let fresh = os.newUUID().uuidString
        var write = os.secItemAdd(KeychainAttributes(service: service, account: account, value: fresh, accessible: accessible,
                                                     accessGroup: group, synchronizable: synchronizable))
        if write == .duplicateItem { write = os.secItemUpdate(query, value: fresh) }
        return LaunchReport(primaryID: fresh, values: [NamedValue("guid", fresh)],
                            notes: ["read \(status.name)", "write \(write.name)"])
    }
}

extension Array where Element == Change {
    /// The changes of one kind, named as in the text form: `touching("keychain:")`.
    func touching(_ prefix: String) -> [Change] {
        filter { ($0.subject.kind + ":").hasPrefix(prefix) }
    }
}

/// `guidProgram`, configured per app through its declared options: `group`, `accessible`, `sync`.
let optionGUIDProgram = ClosureProgram { os in
    let options = os.declaration.options
    var group: String?
    if case .string(let g)? = options["group"] { group = g }
    var accessible: Accessibility? = .afterFirstUnlock
    if case .string(let a)? = options["accessible"] { accessible = Accessibility(rawValue: a) }
    var sync = false
    if case .bool(let s)? = options["sync"] { sync = s }
    return guidProgram(accessible: accessible, group: group, synchronizable: sync).launch(&os)
}

extension AppDeclaration {
    func with(_ options: [String: OptionValue], groups: [String] = []) -> AppDeclaration {
        var copy = self
        copy.options = options
        copy.keychainAccessGroups = groups
        return copy
    }
}
