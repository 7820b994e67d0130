/// One lifecycle event, with names already resolved to indices into the world.
///
/// There is one case per event key of the scenario format (contract.md), except `expect`,
/// which is an assertion about the world rather than something that happens to it.
public enum Event: Hashable, Sendable {
    case install(AppIndex, source: InstallSource?)
    case uninstall(AppIndex)
    case offload(AppIndex)
    /// `newTeam`: the update moves the app to another Team ID (rule KC-20).
    case update(AppIndex, newTeam: String?)
    /// `network: false`: the launch does not reach the network, so a server assigns nothing.
    case launch(AppIndex, mode: LaunchMode, network: Bool = true)
    /// `active: false`: asked while the app is not the active foreground app (no prompt shows).
    case requestTracking(AppIndex, answer: TrackingAnswer, otherPromptPending: Bool, active: Bool = true)
    case trackingToggle(AppIndex, on: Bool)
    case setting(SettingsChange)
    case resetAdvertisingID
    case resetLocationAndPrivacy
    case consent(AppIndex)
    /// The user stops using the Apple ID with the app (Settings › Apple ID › Sign in with Apple):
    /// the credential of the app's team is revoked for the device's Apple ID (rule SIWA-43).
    case revokeAppleID(AppIndex)
    /// The app's process ends (the user swipes it away, or the system ends it for memory): what it
    /// kept in memory goes with it, and the next launch starts afresh.
    case terminate(AppIndex)
    /// The app's code calls its SDK while its process runs (reset, login, logout, identify, …),
    /// passing `value` if the call takes one: what the call does is the app program's own.
    case call(AppIndex, name: String, value: String?)
    case configure(AppIndex, [String: OptionValue])
    case deviceCheck(AppIndex, bit0: Bool?, bit1: Bool?)
    case reboot
    case unlock
    case lock
    case passcode(Bool)
    case upgrade(OSVersion)
    case erase
    case signIn(account: Int)
    /// `keep: false`: iCloud Keychain's copy on the device is deleted (the user did not keep "a
    /// copy on this iPhone"); by default it stays, no longer syncing.
    case signOut(keep: Bool = true)
    /// Turning it off with `keep: false` deletes the synced items from the device (the user's
    /// "Delete from My iPhone"); a bare off keeps them.
    case iCloudKeychain(Bool, keep: Bool = true)
    case backup(BackupKind, name: String)
    case restore(backup: String)
    case migrate(from: DeviceIndex)
    /// The OS empties every app's `Library/Caches` and `tmp` to free space (rule CT-39).
    case purgeCaches
    /// The user enrols a new face or finger (or resets Face ID): biometryCurrentSet items are
    /// invalidated (rule KC-40).
    case biometryChange
    case note(String)

    /// What kind of event this is; its raw value is the event's name, the scenario key.
    ///
    /// Everything else about how an event is written (its argument, how it is read, written back,
    /// described and completed) is declared once per kind in IDScenario's `EventSpec`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case install, uninstall, offload, update, launch, requestTracking, trackingToggle, setting
        case resetAdvertisingID = "resetAdvertisingId"
        case resetLocationAndPrivacy, consent, revokeAppleID, terminate, call, configure, deviceCheck, reboot, unlock, lock, passcode, upgrade, erase
        case signIn, signOut, iCloudKeychain, backup, restore, migrate, purgeCaches, biometryChange, note
    }

    public var kind: Kind {
        switch self {
        case .install: .install
        case .uninstall: .uninstall
        case .offload: .offload
        case .update: .update
        case .launch: .launch
        case .requestTracking: .requestTracking
        case .trackingToggle: .trackingToggle
        case .setting: .setting
        case .resetAdvertisingID: .resetAdvertisingID
        case .resetLocationAndPrivacy: .resetLocationAndPrivacy
        case .consent: .consent
        case .revokeAppleID: .revokeAppleID
        case .terminate: .terminate
        case .call: .call
        case .configure: .configure
        case .deviceCheck: .deviceCheck
        case .reboot: .reboot
        case .unlock: .unlock
        case .lock: .lock
        case .passcode: .passcode
        case .upgrade: .upgrade
        case .erase: .erase
        case .signIn: .signIn
        case .signOut: .signOut
        case .iCloudKeychain: .iCloudKeychain
        case .backup: .backup
        case .restore: .restore
        case .migrate: .migrate
        case .purgeCaches: .purgeCaches
        case .biometryChange: .biometryChange
        case .note: .note
        }
    }

    /// The scenario key of this event.
    public var key: String { kind.rawValue }

    /// Every scenario event key, in the order of contract.md (plus `expect`, handled by scenarios).
    public static let keys = Kind.allCases.map(\.rawValue)

    /// Whether the event runs the app's ID code, which reports its IDs (a launch, or a call to
    /// its SDK): what the IDs' properties are checked at.
    public func reportsIDs(of app: AppIndex) -> Bool {
        switch self {
        case .launch(let a, _, _), .call(let a, _, _): a == app
        default: false
        }
    }

    /// The app this event is about, if any.
    public var app: AppIndex? {
        switch self {
        case .install(let a, _), .uninstall(let a), .offload(let a), .update(let a, _), .launch(let a, _, _),
             .requestTracking(let a, _, _, _), .trackingToggle(let a, _), .consent(let a), .revokeAppleID(let a), .terminate(let a),
             .call(let a, _, _), .configure(let a, _),
             .deviceCheck(let a, _, _):
            a
        default:
            nil
        }
    }
}

/// What the user taps if an ATT prompt appears.
public enum TrackingAnswer: String, Hashable, Sendable, CaseIterable {
    case allow, deny
}

/// A change to the device's tracking settings; nil fields are left as they are.
public struct SettingsChange: Hashable, Sendable {
    public var allowTrackingRequests: Bool?
    public var continueTracking: Bool?
    public var limitAdTracking: Bool?
    public var trackingRestricted: Bool?

    public init(allowTrackingRequests: Bool? = nil, continueTracking: Bool? = nil,
                limitAdTracking: Bool? = nil, trackingRestricted: Bool? = nil) {
        self.allowTrackingRequests = allowTrackingRequests
        self.continueTracking = continueTracking
        self.limitAdTracking = limitAdTracking
        self.trackingRestricted = trackingRestricted
    }
}

/// An event aimed at one device: one step of a scenario or a session.
public struct Step: Hashable, Sendable {
    public var event: Event
    /// Stored narrow: a timeline holds one `Step` per position, so it packs into the event's
    /// padding (32 bytes in all, instead of 40).
    private var deviceNumber: UInt16

    public var device: DeviceIndex {
        get { Int(deviceNumber) }
        set { deviceNumber = UInt16(clamping: newValue) }
    }

    /// The largest device index a step can address.
    public static let maxDevice = Int(UInt16.max)

    public init(_ event: Event, on device: DeviceIndex = 0) {
        self.event = event
        self.deviceNumber = UInt16(clamping: device)
    }
}
