/// A device as a scenario declares it.
public struct DeviceSpec: Hashable, Sendable {
    public var name: String
    public var kind: DeviceKind
    public var os: OSVersion
    public var passcode: Bool
    /// The account it is signed in to at setup, by account ID.
    public var appleID: String?

    public init(name: String, kind: DeviceKind = .iphone, os: OSVersion, passcode: Bool = true, appleID: String? = nil) {
        self.name = name
        self.kind = kind
        self.os = os
        self.passcode = passcode
        self.appleID = appleID
    }
}

/// Why a world could not be set up.
public enum SetupError: Error, Hashable, Sendable, CustomStringConvertible {
    case noDevices
    case duplicateDevice(String)
    case duplicateApp(String)
    case duplicateAccount(String)
    case unknownAccount(String, device: String, known: [String])
    case passcodeOnSimulator(String)
    case invalidBundleID(String)
    case invalidTeamID(String, app: String)
    /// An extension's host or a clip's full app that cannot be one.
    case invalidHost(app: String, why: String)

    public var description: String {
        switch self {
        case .noDevices: "a world needs at least one device"
        case .duplicateDevice(let n): "two devices are named '\(n)'"
        case .duplicateApp(let b): "app '\(b)' is declared twice"
        case .duplicateAccount(let a): "account '\(a)' is declared twice"
        case .unknownAccount(let a, let d, let known):
            "device '\(d)' signs in to unknown account '\(a)'" + NameSuggester.hint(for: a, among: known)
        case .passcodeOnSimulator(let d): "device '\(d)' is a Simulator, which has no passcode (rule SIM-32); set passcode: false"
        case .invalidBundleID(let b): "invalid bundle ID '\(b)': use reverse-DNS letters, digits, '-' and '.'"
        case .invalidTeamID(let t, let b): "invalid Team ID '\(t)' for \(b): use letters and digits"
        case .invalidHost(let b, let why): "\(b): \(why)"
        }
    }
}

extension World {
    /// Sets up a world: every device freshly set up (unlocked, a new IDFA, signed in as declared).
    /// - Throws: `SetupError` for duplicate names, unknown accounts and impossible devices.
    public init(seed: UInt64 = 1, profile: Profile = .default, accounts: [Account] = [],
                devices specs: [DeviceSpec], apps: [AppDeclaration]) throws(SetupError) {
        self.init(profile: profile, seed: seed)
        guard !specs.isEmpty else { throw .noDevices }
        var accountIndices: [String: Int] = [:]
        for (i, account) in accounts.enumerated() {
            guard accountIndices.updateValue(i, forKey: account.id) == nil else { throw .duplicateAccount(account.id) }
        }
        var bundles: Set<String> = []
        for app in apps {
            guard bundles.insert(app.bundleID).inserted else { throw .duplicateApp(app.bundleID) }
            guard Self.isValidBundleID(app.bundleID) else { throw .invalidBundleID(app.bundleID) }
            guard !app.teamID.isEmpty, app.teamID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw .invalidTeamID(app.teamID, app: app.bundleID)
            }
        }
        for app in apps {
            if let problem = Self.roleProblem(app, in: apps) { throw .invalidHost(app: app.bundleID, why: problem) }
        }
        self.accounts = BoxedArray(accounts)
        self.apps = BoxedArray(apps)
        for (index, app) in apps.enumerated() {
            switch app.role {
            case .app: break
            case .appExtension(let host): extensionsByHost[host, default: []].append(index)
            case .appClip(let full): clipsByApp[full, default: []].append(index)
            }
        }
        var names: Set<String> = []
        for spec in specs {
            guard names.insert(spec.name).inserted else { throw .duplicateDevice(spec.name) }
            if spec.kind == .simulator && spec.passcode { throw .passcodeOnSimulator(spec.name) }
            var account: Int?
            if let id = spec.appleID {
                guard let index = accountIndices[id] else {
                    throw .unknownAccount(id, device: spec.name, known: accounts.map(\.id))
                }
                account = index
            }
            let device = Device(name: spec.name, hardwareID: rng.next(), kind: spec.kind, os: spec.os,
                                passcodeSet: spec.passcode, declaredPasscode: spec.passcode,
                                firstUnlockDone: true, locked: false, idfa: rng.nextUUID(),
                                settings: TrackingSettings(), appleID: account,
                                iCloudKeychain: account.map { accounts[$0].iCloudKeychain } == true && spec.os >= Self.iCloudKeychainMinimumOS,
                                appCount: apps.count)
            devices.append(device)
        }
    }

    /// Why an extension's host or a clip's full app cannot be one, if it cannot: it must be another
    /// full app (not an extension or clip itself) of the same team (rules EXT-33, CLIP-34).
    public static func roleProblem(_ app: AppDeclaration, in apps: [AppDeclaration]) -> String? {
        let (other, what): (AppIndex, String)
        switch app.role {
        case .app: return nil
        case .appExtension(let host): (other, what) = (host, "an app extension's host")
        case .appClip(let full): (other, what) = (full, "an App Clip's full app")
        }
        guard apps.indices.contains(other) else { return "\(what) must be one of the scenario's apps" }
        guard apps[other].bundleID != app.bundleID else { return "\(what) cannot be the app itself" }
        guard apps[other].role == .app else { return "\(what), \(apps[other].bundleID), must be a full app, not an extension or a clip" }
        guard apps[other].teamID == app.teamID else {
            return "\(what), \(apps[other].bundleID), is from team \(apps[other].teamID); both ship under one Team ID"
        }
        return nil
    }

    /// A reverse-DNS bundle ID: letters, digits, "-" and ".", no empty components.
    public static func isValidBundleID(_ id: String) -> Bool {
        // Read as bytes: every allowed character is ASCII, and this runs for every declared app.
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }   // a leading dot, or an empty component
            default:
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: ".")   // empty, or a trailing dot
    }
}
