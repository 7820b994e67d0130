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
    /// Installed (or offloaded) apps with their containers and ATT state, by `AppIndex`.
    public var apps: [BackedUpApp?]
    public var settings: TrackingSettings
    public var appleID: Int?
    public var iCloudKeychain: Bool
}

public struct BackedUpApp: Hashable, Sendable {
    public var presence: AppPresence
    public var source: InstallSource
    public var container: AppContainer
    public var att: ATTStatus
    public var trackingRequested: Bool
}
