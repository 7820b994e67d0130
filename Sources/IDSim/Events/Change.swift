/// One value that an event changed, and the iOS rule that changed it.
///
/// `rule` is nil when the change is the event's own direct effect (the user installed the app)
/// or the app's code wrote it (a keychain item the strategy saved), not something iOS decided.
public struct Change: Hashable, Sendable, CustomStringConvertible {
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

    public var description: String {
        "\(subject): \(from?.description ?? "∅") → \(to?.description ?? "∅")" + (rule.map { " [\($0.rawValue)]" } ?? "")
    }
}

/// What a change is about. The text form is stable: `kind:device:detail`.
public enum Subject: Hashable, Sendable, CustomStringConvertible {
    case idfv(device: String, vendor: VendorKey)
    case idfa(device: String)
    case att(device: String, app: String)
    case app(device: String, app: String)
    case process(device: String, app: String)
    case container(device: String, app: String)
    case defaults(device: String, app: String, key: String)
    case consent(device: String, app: String)
    case keychain(device: String, item: KeychainKey)
    case lockState(device: String)
    case passcode(device: String)
    case os(device: String)
    case setting(device: String, name: String)
    case appleID(device: String)
    case iCloudKeychain(device: String)
    case backup(name: String)
    case deviceCheck(team: String, device: String)
    case appAttest(device: String, app: String)
    case pasteboard(device: String, name: String)
    case cloudKeychain(account: String, item: KeychainKey)
    case keyValueStore(account: String, key: String)
    case options(app: String)

    public var description: String {
        switch self {
        case .idfv(let d, let v): "idfv:\(d):\(v)"
        case .idfa(let d): "idfa:\(d)"
        case .att(let d, let a): "att:\(d):\(a)"
        case .app(let d, let a): "app:\(d):\(a)"
        case .process(let d, let a): "process:\(d):\(a)"
        case .container(let d, let a): "container:\(d):\(a)"
        case .defaults(let d, let a, let k): "defaults:\(d):\(a):\(k)"
        case .consent(let d, let a): "consent:\(d):\(a)"
        case .keychain(let d, let k): "keychain:\(d):\(k.group)/\(k.service)/\(k.account)" + (k.synchronizable ? ":sync" : "")
        case .lockState(let d): "lock:\(d)"
        case .passcode(let d): "passcode:\(d)"
        case .os(let d): "os:\(d)"
        case .setting(let d, let n): "setting:\(d):\(n)"
        case .appleID(let d): "appleID:\(d)"
        case .iCloudKeychain(let d): "iCloudKeychain:\(d)"
        case .backup(let n): "backup:\(n)"
        case .deviceCheck(let t, let d): "devicecheck:\(t):\(d)"
        case .appAttest(let d, let a): "appattest:\(d):\(a)"
        case .pasteboard(let d, let n): "pasteboard:\(d):\(n)"
        case .cloudKeychain(let a, let k): "icloudkeychain:\(a):\(k.group)/\(k.service)/\(k.account)"
        case .keyValueStore(let a, let k): "kvs:\(a):\(k)"
        case .options(let a): "options:\(a)"
        }
    }

    /// The device the subject belongs to, if any.
    public var device: String? {
        switch self {
        case .idfv(let d, _), .idfa(let d), .att(let d, _), .app(let d, _), .process(let d, _), .container(let d, _),
             .defaults(let d, _, _), .consent(let d, _), .keychain(let d, _), .lockState(let d), .passcode(let d),
             .os(let d), .setting(let d, _), .appleID(let d), .iCloudKeychain(let d), .deviceCheck(_, let d),
             .appAttest(let d, _), .pasteboard(let d, _):
            d
        case .backup, .cloudKeychain, .keyValueStore, .options:
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

    public var description: String {
        switch self {
        case .uuid(let u): u.uuidString
        case .text(let t): t
        case .flag(let b): b ? "on" : "off"
        case .att(let s): s.rawValue
        case .presence(let p): p.rawValue
        case .version(let v): v.description
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
