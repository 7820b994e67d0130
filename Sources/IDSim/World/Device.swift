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
    public var vendorTable: [VendorKey: SimUUID]
    public var keychain: Keychain
    /// Indexed by `AppIndex`; nil where the app is absent.
    public var apps: Slots<InstalledApp>
    /// Running app processes, by `AppIndex`. They end on reboot, update, offload, uninstall, erase.
    public var processes: Slots<AppProcess>
    /// How many apps keep each vendor-table entry alive (rules IDFV-4, IDFV-5): installed apps,
    /// and offloaded ones when the profile counts them. Kept by `World.updateApp`.
    public var vendorUsers: [VendorKey: Int]
    public var pasteboards: Pasteboards
    /// Latest and previous launch of each app on this device, by `AppIndex` (kept after uninstall,
    /// for comparisons).
    public var launches: Slots<LaunchHistory>
    /// APNs tokens of deleted apps, kept for their reinstall when the profile says a reinstall
    /// keeps the token (`apnsTokenOnReinstall = keep`, rule APNS-35); empty otherwise.
    public var keptAPNsTokens: [AppIndex: APNsToken] = [:]
    /// The UserDefaults suites of App Groups, in each group's shared container on this device:
    /// group identifier, then key (rule CT-36).
    public var appGroupDefaults: [String: [String: String]] = [:]

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
