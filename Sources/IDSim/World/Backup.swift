/// A device backup: what iOS puts in it, and where it came from.
public struct Backup: Hashable, Sendable {
    public var name: String
    public var kind: BackupKind
    /// The hardware that made it: restoring to the same hardware brings back device-bound data.
    public var sourceHardwareID: UInt64
    public var sourceDevice: String
    public var os: OSVersion
    public var idfa: SimUUID
    public var vendorTable: [VendorKey: SimUUID]
    public var keychain: Keychain
    /// Installed (or offloaded) apps with their containers and ATT state, by `AppIndex`: the
    /// device's own slots, shared until either side changes, so a backup copies nothing up front.
    /// A restore takes presence, source, container and ATT state from them; the vendor key,
    /// installation and App Attest keys they also hold are the old device's and never come back.
    public var apps: Slots<InstalledApp>
    public var settings: TrackingSettings
    public var appleID: Int?
    public var iCloudKeychain: Bool
    /// App Group containers' UserDefaults suites: backed up like app containers (CT-24, CT-36).
    public var appGroupDefaults: [String: [String: String]] = [:]
}

