/// Why an event could not apply. The world is left exactly as it was.
public enum EventError: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchDevice(DeviceIndex)
    case noSuchApp(AppIndex)
    case noSuchAccount(Int)
    case appNotInstalled(app: String, device: String)
    case appAlreadyInstalled(app: String, device: String)
    case appOffloaded(app: String, device: String)
    case unknownBackup(String, known: [String])
    /// A feature the device's OS or kind doesn't have.
    case unsupported(what: String, device: String, why: String)
    case invalidOSVersion(String)
    case notAnUpgrade(from: OSVersion, to: OSVersion)
    case backupTooNew(backup: String, backupOS: OSVersion, device: String, deviceOS: OSVersion)
    case notSignedIn(device: String, needed: String)
    case alreadySignedIn(device: String, account: String)
    case migrateFromItself(device: String)
    case migrateFromNewerOS(from: String, fromOS: OSVersion, to: String, toOS: OSVersion)
    case notInTrackingSettings(app: String, device: String)
    case trackingRestricted(device: String)
    case deviceLocked(device: String, action: String)
    case notRunning(app: String, device: String)
    /// A `call:` step while the app has no process: its code runs only in one.
    case callWithoutProcess(app: String, device: String, call: String)
    /// A `call:` step naming a call the app's code does not have.
    case unknownCall(app: String, call: String)
    case emptyBits
    /// An app extension is installed, updated, offloaded and deleted with its host (rule EXT-33).
    case partOfHost(app: String, host: String)
    /// An App Clip's full app is installed, and it takes the clip's place (rule CLIP-34).
    case fullAppInstalled(clip: String, app: String, device: String)
    case invalidName(String, what: String)

    public var description: String {
        switch self {
        case .noSuchDevice(let i): "no device number \(i)"
        case .noSuchApp(let i): "no app number \(i)"
        case .noSuchAccount(let i): "no account number \(i)"
        case .appNotInstalled(let a, let d): "\(a) is not installed on \(d)"
        case .appAlreadyInstalled(let a, let d): "\(a) is already installed on \(d); use 'update' to install a newer version"
        case .appOffloaded(let a, let d): "\(a) is offloaded on \(d); 'install' it again first"
        case .unknownBackup(let n, let known):
            "no backup named '\(n)'" + NameSuggester.hint(for: n, among: known)
                + (known.isEmpty ? "; no backup has been made yet" : "")
        case .unsupported(let what, let d, let why): "\(what) is not available on \(d): \(why)"
        case .invalidOSVersion(let t): "invalid iOS version '\(t)'; expected \(OSVersion.expectedWords), like \"17.5\""
        case .notAnUpgrade(let from, let to): "cannot upgrade from iOS \(from) to iOS \(to): the new version must be newer"
        case .backupTooNew(let b, let bos, let d, let dos):
            "backup '\(b)' was made on iOS \(bos) and cannot be restored onto \(d), which runs iOS \(dos); upgrade it first"
        case .notSignedIn(let d, let needed): "\(d) is not signed in to an Apple ID, which \(needed) needs"
        case .alreadySignedIn(let d, let a): "\(d) is already signed in as '\(a)'; sign out first"
        case .migrateFromItself(let d): "cannot migrate \(d) onto itself; name another device in 'from'"
        case .migrateFromNewerOS(let f, let fos, let t, let tos):
            "cannot migrate from \(f) (iOS \(fos)) onto \(t) (iOS \(tos)): the target must run the same or a newer iOS"
        case .notInTrackingSettings(let a, let d):
            "\(a) has never requested tracking on \(d), so it has no switch in Settings › Privacy › Tracking"
        case .trackingRestricted(let d): "tracking is restricted on \(d); the switches are greyed out"
        case .deviceLocked(let d, let action): "\(d) is locked; unlock it before \(action)"
        case .notRunning(let a, let d): "\(a) is not running on \(d), so there is no process to end; a launch starts one"
        case .callWithoutProcess(let a, let d, let c):
            "\(a) is not running on \(d), and its code calls '\(c)' only while it runs; launch it first"
        case .unknownCall(let a, let c): "\(a)'s code has no call named '\(c)'"
        case .emptyBits: "deviceCheck needs bit0, bit1 or both"
        case .partOfHost(let a, let h): "\(a) is an app extension of \(h), installed, updated and deleted with it; act on \(h) instead"
        case .fullAppInstalled(let c, let a, let d): "\(c) is an App Clip of \(a), which is installed on \(d) and takes its place"
        case .invalidName(let n, let what): "invalid \(what) '\(n)'"
        }
    }
}
