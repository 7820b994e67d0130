/// One value that an event changed, and the iOS rule that changed it.
///
/// `rule` is nil when the change is the event's own direct effect (the user installed the app)
/// or the app's code wrote it (a keychain item the strategy saved), not something iOS decided.
public struct Change: Hashable, Sendable {
    public var subject: Subject
    public var from: ChangeValue?
    public var to: ChangeValue?
    public var rule: RuleID?

    public init(_ subject: Subject, from: ChangeValue?, to: ChangeValue?, rule: RuleID?) {
        self.subject = subject
        self.from = from
        self.to = to
        self.rule = rule
    }

    /// "subject: from → to [RULE]", with the names of `world` (any world of the same run).
    public func text(in world: World) -> String {
        "\(subject.text(in: world)): \(from?.description ?? "∅") → \(to?.description ?? "∅")" + (rule.map { " [\($0.rawValue)]" } ?? "")
    }
}

/// What a change is about.
///
/// Devices and apps are held by index, not by name: a change is made for nearly every event,
/// often hundreds for a restore, and names would cost a reference count each time one is made,
/// copied or dropped. Names never change once a world is set up, so `text(in:)` renders them
/// from any world of the same run. The text form is stable: `kind:device:detail`.
public enum Subject: Hashable, Sendable {
    case idfv(device: DeviceIndex, vendor: VendorKey)
    case idfa(device: DeviceIndex)
    case att(device: DeviceIndex, app: AppIndex)
    case app(device: DeviceIndex, app: AppIndex)
    case process(device: DeviceIndex, app: AppIndex)
    case container(device: DeviceIndex, app: AppIndex)
    case defaults(device: DeviceIndex, app: AppIndex, key: String)
    /// A key of a private UserDefaults suite in the app's container.
    case suiteDefaults(device: DeviceIndex, app: AppIndex, suite: String, key: String)
    /// A key of an App Group's UserDefaults suite, in the group's shared container (rule CT-36).
    case groupDefaults(device: DeviceIndex, group: String, key: String)
    /// A file in an App Group's shared container (rule CT-36).
    case groupFile(device: DeviceIndex, group: String, path: String)
    /// A file in the app's container.
    case file(device: DeviceIndex, app: AppIndex, path: String)
    case consent(device: DeviceIndex, app: AppIndex)
    /// A value the app's code passed with a call to its SDK (`call:` with a value).
    case supplied(device: DeviceIndex, app: AppIndex, call: String)
    case keychain(device: DeviceIndex, item: KeychainKey)
    case lockState(device: DeviceIndex)
    case passcode(device: DeviceIndex)
    case os(device: DeviceIndex)
    case setting(device: DeviceIndex, name: String)
    case appleID(device: DeviceIndex)
    case iCloudKeychain(device: DeviceIndex)
    case backup(name: String)
    case deviceCheck(team: String, device: DeviceIndex)
    case appAttest(device: DeviceIndex, app: AppIndex)
    /// The app's APNs device token (rule APNS-35).
    case apnsToken(device: DeviceIndex, app: AppIndex)
    /// A system prompt the app asked for; a change records that it was not shown, and why.
    case prompt(device: DeviceIndex, app: AppIndex)
    case pasteboard(device: DeviceIndex, name: String)
    case cloudKeychain(account: String, item: KeychainKey)
    case keyValueStore(account: String, key: String)
    /// Sign in with Apple's user identifier of an Apple ID for a team (rule SIWA-43).
    case appleUserID(account: String, team: String)
    case options(app: AppIndex)

    /// The stable text form, `kind:device:detail`, with device names and bundle IDs from `world`.
    public func text(in world: World) -> String {
        func device(_ d: DeviceIndex) -> String { world.devices.indices.contains(d) ? world.devices[d].name : "device#\(d)" }
        func app(_ a: AppIndex) -> String { world.apps.indices.contains(a) ? world.apps[a].bundleID : "app#\(a)" }
        func item(_ k: KeychainKey) -> String { "\(k.group)/\(k.service)/\(k.account)" }
        let detail = switch self {
        case .idfv(let d, let v): "\(device(d)):\(v)"
        case .idfa(let d), .lockState(let d), .passcode(let d), .os(let d), .appleID(let d), .iCloudKeychain(let d): device(d)
        case .att(let d, let a), .app(let d, let a), .process(let d, let a), .container(let d, let a), .consent(let d, let a),
             .appAttest(let d, let a), .apnsToken(let d, let a), .prompt(let d, let a):
            "\(device(d)):\(app(a))"
        case .defaults(let d, let a, let k): "\(device(d)):\(app(a)):\(k)"
        case .supplied(let d, let a, let c): "\(device(d)):\(app(a)):\(c)"
        case .suiteDefaults(let d, let a, let s, let k): "\(device(d)):\(app(a)):\(s):\(k)"
        case .groupDefaults(let d, let g, let k): "\(device(d)):\(g):\(k)"
        case .groupFile(let d, let g, let p): "\(device(d)):\(g):\(p)"
        case .file(let d, let a, let p): "\(device(d)):\(app(a)):\(p)"
        case .keychain(let d, let k): "\(device(d)):\(item(k))" + (k.synchronizable ? ":sync" : "")
        case .setting(let d, let n), .pasteboard(let d, let n): "\(device(d)):\(n)"
        case .backup(let n): n
        case .deviceCheck(let t, let d): "\(t):\(device(d))"
        case .cloudKeychain(let a, let k): "\(a):\(item(k))"
        case .keyValueStore(let a, let k): "\(a):\(k)"
        case .appleUserID(let a, let t): "\(a):\(t)"
        case .options(let a): app(a)
        }
        return kind + ":" + detail
    }

    /// The first part of the text form: "idfv", "keychain", "lock", … (for filters).
    public var kind: String {
        switch self {
        case .idfv: "idfv"
        case .idfa: "idfa"
        case .att: "att"
        case .app: "app"
        case .process: "process"
        case .container: "container"
        case .defaults: "defaults"
        case .suiteDefaults: "suite"
        case .groupDefaults: "groupDefaults"
        case .groupFile: "groupFile"
        case .file: "file"
        case .consent: "consent"
        case .supplied: "supplied"
        case .keychain: "keychain"
        case .lockState: "lock"
        case .passcode: "passcode"
        case .os: "os"
        case .setting: "setting"
        case .appleID: "appleID"
        case .iCloudKeychain: "iCloudKeychain"
        case .backup: "backup"
        case .deviceCheck: "devicecheck"
        case .appAttest: "appattest"
        case .apnsToken: "apns"
        case .prompt: "prompt"
        case .pasteboard: "pasteboard"
        case .cloudKeychain: "icloudkeychain"
        case .keyValueStore: "kvs"
        case .appleUserID: "appleUserID"
        case .options: "options"
        }
    }

    /// The device the subject belongs to, if any.
    public var device: DeviceIndex? {
        switch self {
        case .idfv(let d, _), .idfa(let d), .att(let d, _), .app(let d, _), .process(let d, _), .container(let d, _),
             .defaults(let d, _, _), .suiteDefaults(let d, _, _, _), .groupDefaults(let d, _, _), .groupFile(let d, _, _), .file(let d, _, _), .consent(let d, _), .supplied(let d, _, _), .keychain(let d, _), .lockState(let d), .passcode(let d),
             .os(let d), .setting(let d, _), .appleID(let d), .iCloudKeychain(let d), .deviceCheck(_, let d),
             .appAttest(let d, _), .apnsToken(let d, _), .prompt(let d, _), .pasteboard(let d, _):
            d
        case .backup, .cloudKeychain, .keyValueStore, .appleUserID, .options:
            nil
        }
    }
}

/// A value before or after a change, kept structured so changes are cheap to make.
public enum ChangeValue: Hashable, Sendable, CustomStringConvertible {
    case uuid(SimUUID)
    case text(String)
    case flag(Bool)
    case att(ATTStatus)
    case presence(AppPresence)
    case version(OSVersion)
    case token(APNsToken)

    public var description: String {
        switch self {
        case .uuid(let u): u.uuidString
        case .text(let t): t
        case .flag(let b): b ? "on" : "off"
        case .att(let s): s.rawValue
        case .presence(let p): p.rawValue
        case .version(let v): v.description
        case .token(let t): t.hex
        }
    }
}

extension Array where Element == Change {
    /// The rule IDs of the changes, in order, without repeats.
    public var rules: [RuleID] {
        var seen: [RuleID] = []
        for change in self { if let rule = change.rule, !seen.contains(rule) { seen.append(rule) } }
        return seen
    }
}
