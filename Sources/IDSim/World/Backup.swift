/// A device backup: what iOS puts in it, and where it came from.
///
/// Immutable once made, and a class: a world's table of backups is copied whenever a backup is
/// made or replaced, and with a reference per backup that copy retains one object each rather
/// than every collection of every backup (a search makes and copies millions of worlds).
public final class Backup: Hashable, Sendable {
    public let name: String
    public let kind: BackupKind
    /// The hardware that made it: restoring to the same hardware brings back device-bound data.
    public let sourceHardwareID: UInt64
    public let sourceDevice: String
    public let os: OSVersion
    public let idfa: SimUUID
    public let vendorTable: [VendorKey: SimUUID]
    public let keychain: Keychain
    /// Installed (or offloaded) apps with their containers and ATT state, by `AppIndex`: the
    /// device's own slots, shared until either side changes, so a backup copies nothing up front.
    /// A restore takes presence, source, container and ATT state from them; the vendor key,
    /// installation and App Attest keys they also hold are the old device's and never come back.
    package let apps: Slots<InstalledApp>
    public let settings: TrackingSettings
    public let appleID: Int?
    public let iCloudKeychain: Bool
    /// App Group containers' UserDefaults suites: backed up like app containers (CT-24, CT-36).
    public let appGroupDefaults: [String: [String: String]]
    /// App Group containers' files that were not excluded from backups.
    public let appGroupFiles: [String: [String: ContainerFile]]

    package init(name: String, kind: BackupKind, sourceHardwareID: UInt64, sourceDevice: String, os: OSVersion, idfa: SimUUID,
                vendorTable: [VendorKey: SimUUID], keychain: Keychain, apps: Slots<InstalledApp>, settings: TrackingSettings,
                appleID: Int?, iCloudKeychain: Bool, appGroupDefaults: [String: [String: String]] = [:],
                appGroupFiles: [String: [String: ContainerFile]] = [:]) {
        self.name = name
        self.kind = kind
        self.sourceHardwareID = sourceHardwareID
        self.sourceDevice = sourceDevice
        self.os = os
        self.idfa = idfa
        self.vendorTable = vendorTable
        self.keychain = keychain
        self.apps = apps
        self.settings = settings
        self.appleID = appleID
        self.iCloudKeychain = iCloudKeychain
        self.appGroupDefaults = appGroupDefaults
        self.appGroupFiles = appGroupFiles
    }

    /// Equal contents: two backups made of equal devices are equal, whichever object holds them.
    public static func == (a: Backup, b: Backup) -> Bool {
        a === b || (a.name == b.name && a.kind == b.kind && a.sourceHardwareID == b.sourceHardwareID
                    && a.sourceDevice == b.sourceDevice && a.os == b.os && a.idfa == b.idfa && a.vendorTable == b.vendorTable
                    && a.keychain == b.keychain && a.apps == b.apps && a.settings == b.settings && a.appleID == b.appleID
                    && a.iCloudKeychain == b.iCloudKeychain && a.appGroupDefaults == b.appGroupDefaults
                    && a.appGroupFiles == b.appGroupFiles)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(sourceHardwareID)
        hasher.combine(os)
        hasher.combine(idfa)
        hasher.combine(keychain)
        hasher.combine(apps)
    }
}
