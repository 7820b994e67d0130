/// One device: hardware identity, OS, lock state, tracking settings, vendor table, keychain, apps.
public struct Device: Hashable, Sendable {
    public var name: String
    /// Hidden hardware identity: the key for DeviceCheck and for "same device" restores.
    public var hardwareID: UInt64
    public var kind: DeviceKind
    public var os: OSVersion
    /// Whether a passcode is set now.
    public var passcodeSet: Bool
    /// The passcode the scenario declared; `erase` sets the device up with it again.
    public var declaredPasscode: Bool
    /// False after a boot until the user unlocks once (with a passcode).
    public var firstUnlockDone: Bool
    public var locked: Bool
    public var idfa: SimUUID
    public var settings: TrackingSettings
    /// The Apple ID signed in, by account index.
    public var appleID: Int?
    /// The iCloud Keychain switch on this device (only meaningful while signed in).
    public var iCloudKeychain: Bool
    public var keychain: Keychain
    /// Indexed by `AppIndex`; nil where the app is absent.
    package var apps: Slots<InstalledApp>
    /// Running app processes, by `AppIndex`. They end on reboot, update, offload, uninstall, erase.
    package var processes: Slots<AppProcess>
    /// Latest and previous launch of each app on this device, by `AppIndex` (kept after uninstall,
    /// for comparisons).
    package var launches: Slots<LaunchHistory>
    /// The tables most steps leave alone, in a box of their own (see `DeviceTables`).
    private var tables: Boxed<DeviceTables>

    public var vendorTable: [VendorKey: SimUUID] {
        _read { yield tables.value.vendorTable }
        _modify { yield &tables.value.vendorTable }
    }

    /// How many apps keep each vendor-table entry alive (rules IDFV-4, IDFV-5): installed apps,
    /// and offloaded ones when the profile counts them. Kept by `World.updateApp`.
    public var vendorUsers: [VendorKey: Int] {
        _read { yield tables.value.vendorUsers }
        _modify { yield &tables.value.vendorUsers }
    }

    public var pasteboards: Pasteboards {
        _read { yield tables.value.pasteboards }
        _modify { yield &tables.value.pasteboards }
    }

    /// APNs tokens of deleted apps, kept for their reinstall when the profile says a reinstall
    /// keeps the token (`apnsTokenOnReinstall = keep`, rule APNS-35); empty otherwise.
    public var keptAPNsTokens: [AppIndex: APNsToken] {
        _read { yield tables.value.keptAPNsTokens }
        _modify { yield &tables.value.keptAPNsTokens }
    }

    /// What SDK servers remember having assigned this device's apps (see `ServerID`): outlives a
    /// reinstall or an erase unless the record says otherwise.
    public var serverIDs: [ServerIDKey: ServerID] {
        _read { yield tables.value.serverIDs }
        _modify { yield &tables.value.serverIDs }
    }

    /// The UserDefaults suites of App Groups, in each group's shared container on this device:
    /// group identifier, then key (rule CT-36).
    public var appGroupDefaults: [String: [String: String]] {
        _read { yield tables.value.appGroupDefaults }
        _modify { yield &tables.value.appGroupDefaults }
    }

    /// The files of App Groups' shared containers on this device: group identifier, then path
    /// (rule CT-36; the same lifecycle as the group's suites).
    public var appGroupFiles: [String: [String: ContainerFile]] {
        _read { yield tables.value.appGroupFiles }
        _modify { yield &tables.value.appGroupFiles }
    }

    /// Where the device's tables are held (see `Slots.storageAddress`).
    package var tablesStorageAddress: UInt { tables.storageAddress }

    /// The tables of the device at `device`, by their address (valid while the device is not
    /// written): read from another module through the computed properties above, each field
    /// read copied the whole device first.
    package static func tables(of device: UnsafePointer<Device>) -> UnsafePointer<DeviceTables> {
        device.pointee.tables.valueAddress
    }

    init(name: String, hardwareID: UInt64, kind: DeviceKind, os: OSVersion, passcodeSet: Bool, declaredPasscode: Bool,
         firstUnlockDone: Bool, locked: Bool, idfa: SimUUID, settings: TrackingSettings, appleID: Int?, iCloudKeychain: Bool,
         appCount: Int) {
        self.name = name
        self.hardwareID = hardwareID
        self.kind = kind
        self.os = os
        self.passcodeSet = passcodeSet
        self.declaredPasscode = declaredPasscode
        self.firstUnlockDone = firstUnlockDone
        self.locked = locked
        self.idfa = idfa
        self.settings = settings
        self.appleID = appleID
        self.iCloudKeychain = iCloudKeychain
        keychain = Keychain()
        apps = Slots(count: appCount)
        processes = Slots(count: appCount)
        launches = Slots(count: appCount)
        tables = DeviceTables.none
    }

    /// Holds these tables in a box of their own (see `World.unshared`).
    mutating func replaceTables(with fresh: DeviceTables) {
        tables = Boxed(fresh)
    }

    /// Holds the given box of tables, shared (a wipe: `WipedDeviceParts`).
    mutating func replaceTables(with shared: Boxed<DeviceTables>) {
        tables = shared
    }

    /// The APNs token an app holds on this device, if it has registered (rule APNS-35).
    public func apnsToken(_ app: AppIndex) -> APNsToken? {
        app < apps.count ? apps.apnsToken(of: app) : nil
    }

    /// Whether data protected by the passcode can be read now.
    public var protectedDataAvailable: Bool { !passcodeSet || (firstUnlockDone && !locked) }
    /// Whether `AfterFirstUnlock` data can be read now.
    public var afterFirstUnlockAvailable: Bool { !passcodeSet || firstUnlockDone }

    public func app(_ index: AppIndex) -> InstalledApp? {
        index < apps.count ? apps[index] : nil
    }
}

/// The tables of a device that most steps leave alone: its vendor table and who keeps its entries
/// alive, pasteboards, APNs tokens kept for reinstalls, App Group defaults. Boxed apart from
/// the device, a copy of the device (every step that writes it) retains one box, not five tables.
public struct DeviceTables: Hashable, Sendable {
    public internal(set) var vendorTable: [VendorKey: SimUUID] = [:]
    public internal(set) var vendorUsers: [VendorKey: Int] = [:]
    public internal(set) var pasteboards = Pasteboards()
    public internal(set) var keptAPNsTokens: [AppIndex: APNsToken] = [:]
    public internal(set) var appGroupDefaults: [String: [String: String]] = [:]
    public internal(set) var appGroupFiles: [String: [String: ContainerFile]] = [:]
    public internal(set) var serverIDs: [ServerIDKey: ServerID] = [:]

    /// Empty tables, made once and shared (a write copies them first).
    static let none = Boxed(DeviceTables())
}

/// The device's privacy settings for advertising and tracking.
public struct TrackingSettings: Hashable, Sendable {
    /// Limit Ad Tracking (iOS 6–13).
    public var limitAdTracking: Bool = false
    /// "Allow Apps to Request to Track" (iOS 14+).
    public var allowTrackingRequests: Bool = true
    /// The user's answer when the global switch goes off: let authorized apps continue tracking.
    public var continueTracking: Bool = false
    /// Tracking restricted by a configuration profile (MDM `forceLimitAdTracking`).
    public var trackingRestricted: Bool = false

    public init() {}
}

/// The first and the most recent launch records of an app on a device.
public struct LaunchHistory: Hashable, Sendable {
    public var latest: LaunchRecord
    public var previous: LaunchRecord?
}

/// The general pasteboard and the named ones (rule PB-31).
public struct Pasteboards: Hashable, Sendable {
    public var general: String?
    /// Persistent named pasteboards, keyed by scope + name. Scope is "" before iOS 7, the Team ID after.
    public var named: [NamedPasteboardKey: NamedPasteboard]

    public init() {
        general = nil
        named = [:]
    }
}

public struct NamedPasteboardKey: Hashable, Comparable, Sendable {
    public var scope: String
    public var name: String

    public static func < (a: Self, b: Self) -> Bool { (a.scope, a.name) < (b.scope, b.name) }
}

public struct NamedPasteboard: Hashable, Sendable {
    public var value: String
    /// The app that created it; iOS removes an app's pasteboards when the app is deleted.
    public var owner: AppIndex
}
