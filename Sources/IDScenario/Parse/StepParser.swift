import IDSim
import IDStrategies

/// What the steps may refer to, growing as they are read (backups and labels are made by steps).
struct StepContext {
    let apps: [AppDeclaration]
    let bundles: NameTable
    let devices: NameTable
    let accounts: NameTable
    var backups = NameTable()
    var labels = NameTable()

    init(devices: [String], apps: [AppDeclaration], accounts: [String]) {
        self.apps = apps
        self.bundles = NameTable(apps.map(\.bundleID))
        self.devices = NameTable(devices)
        self.accounts = NameTable(accounts)
    }
}

/// Names in the order they were declared, looked up by dictionary: a scenario may declare
/// thousands of apps, and every step names some.
struct NameTable {
    private(set) var names: [String] = []
    private var indices: [String: Int] = [:]

    init(_ names: [String] = []) {
        for name in names { insert(name) }
    }

    var isEmpty: Bool { names.isEmpty }

    func index(of name: String) -> Int? { indices[name] }

    func contains(_ name: String) -> Bool { indices[name] != nil }

    /// Adds a name; a name already there keeps its first index.
    mutating func insert(_ name: String) {
        guard indices[name] == nil else { return }
        indices[name] = names.count
        names.append(name)
    }
}

/// Reads the `steps:` list: one event (or `expect`) per step, with `device`, `label`, `note`.
enum StepParser {
    static let stepOptions = ["device", "label", "note"]
    static let allKeys = Event.keys + ["expect"]
    static let noArgument: Set<String> = ["resetAdvertisingId", "resetLocationAndPrivacy", "reboot", "unlock", "lock", "erase", "signOut"]

    static func parseSteps(_ node: YAMLNode, _ context: inout StepContext, _ reader: inout NodeReader) -> [ScenarioStep] {
        guard let items = reader.sequence(node, "steps") else { return [] }
        if items.count > ScenarioLimits.maxSteps {
            reader.error("\(items.count) steps; scenarios are limited to \(ScenarioLimits.maxSteps) steps", at: node)
            return []
        }
        var steps: [ScenarioStep] = []
        for item in items {
            if let step = parseStep(item, &context, &reader) { steps.append(step) }
        }
        return steps
    }

    static func parseStep(_ item: YAMLNode, _ context: inout StepContext, _ reader: inout NodeReader) -> ScenarioStep? {
        let line = item.mark.line, column = item.mark.column
        // A bare string: an event without argument (`- reboot`).
        if case .scalar(let scalar) = item {
            guard allKeys.contains(scalar.string) else {
                reader.error("unknown event '\(scalar.string)'" + reader.hint(for: scalar.string, among: allKeys), at: item)
                return nil
            }
            guard noArgument.contains(scalar.string) else {
                reader.error("event '\(scalar.string)' needs an argument, like '- \(scalar.string): …'", at: item)
                return nil
            }
            guard let event = noArgumentEvent(scalar.string) else { return nil }
            return ScenarioStep(.event(event), line: line, column: column)
        }
        guard let pairs = reader.mapping(item, "a step") else { return nil }
        var eventPairs = pairs.filter { !stepOptions.contains($0.key) }
        // `note:` alone is the narration event; beside an event it is the step's narration.
        if eventPairs.isEmpty, let note = pairs.first(where: { $0.key == "note" }) { eventPairs = [note] }
        for pair in eventPairs where !allKeys.contains(pair.key) {
            reader.error("unknown event '\(pair.key)'" + reader.hint(for: pair.key, among: allKeys + stepOptions), at: pair.keyNode)
        }
        let known = eventPairs.filter { allKeys.contains($0.key) }
        guard known.count == 1 else {
            if known.count > 1 {
                reader.error("a step takes exactly one event; found " + known.map { "'\($0.key)'" }.joined(separator: ", "), at: known[1].keyNode)
            } else if eventPairs.isEmpty {
                reader.error("a step needs an event, like '- install: com.example.app'", at: item)
            }
            return nil
        }
        let (key, keyNode, value) = known[0]
        var device = 0
        if let n = pairs.first(where: { $0.key == "device" })?.value, let name = reader.string(n, "device") {
            if let index = context.devices.index(of: name) {
                device = index
            } else {
                reader.error("unknown device '\(name)'" + reader.hint(for: name, among: context.devices.names), at: n)
            }
        }
        var label: String?
        if let n = pairs.first(where: { $0.key == "label" })?.value, let text = reader.string(n, "label") {
            if context.labels.contains(text) { reader.error("label '\(text)' is used twice", at: n) }
            label = text
        }
        var note: String?
        if key != "note", let n = pairs.first(where: { $0.key == "note" })?.value { note = reader.string(n, "note") }

        let action: ScenarioStep.Action?
        if key == "expect" {
            action = ExpectationParser.parse(value, device: device, context, &reader).map(ScenarioStep.Action.expect)
        } else {
            action = parseEvent(key, keyNode: keyNode, value, device: device, &context, &reader).map(ScenarioStep.Action.event)
        }
        if let label { context.labels.insert(label) }
        guard let action else { return nil }
        return ScenarioStep(action, device: device, label: label, note: note, line: line, column: column)
    }

    static func noArgumentEvent(_ key: String) -> Event? {
        switch key {
        case "resetAdvertisingId": .resetAdvertisingID
        case "resetLocationAndPrivacy": .resetLocationAndPrivacy
        case "reboot": .reboot
        case "unlock": .unlock
        case "lock": .lock
        case "erase": .erase
        case "signOut": .signOut
        default: nil
        }
    }

    // MARK: - Events

    static func parseEvent(_ key: String, keyNode: YAMLNode, _ value: YAMLNode, device: DeviceIndex,
                           _ context: inout StepContext, _ reader: inout NodeReader) -> Event? {
        if noArgument.contains(key) {
            let empty = NodeReader.isNull(value) || { if case .mapping(let m) = value { return m.count == 0 } else { return false } }()
            if !empty { reader.error("event '\(key)' takes no argument", at: value) }
            return noArgumentEvent(key)
        }
        switch key {
        case "install":
            return appOrFields(value, "install", allowed: ["app", "source"], context, &reader) { app, fields, reader in
                var source: InstallSource?
                if let n = fields["source"], let word = reader.choice(n, "install source", InstallSource.allCases.map(\.rawValue)) {
                    source = InstallSource(rawValue: word)
                }
                return .install(app, source: source)
            }
        case "uninstall": return app(value, "uninstall", context, &reader).map { .uninstall($0) }
        case "offload": return app(value, "offload", context, &reader).map { .offload($0) }
        case "consent": return app(value, "consent", context, &reader).map { .consent($0) }
        case "update":
            return appOrFields(value, "update", allowed: ["app", "team"], context, &reader) { app, fields, reader in
                .update(app, newTeam: fields["team"].flatMap { reader.string($0, "team") })
            }
        case "launch":
            return appOrFields(value, "launch", allowed: ["app", "mode"], context, &reader) { app, fields, reader in
                var mode = LaunchMode.foreground
                if let n = fields["mode"], let word = reader.choice(n, "launch mode", LaunchMode.allCases.map(\.rawValue)) {
                    mode = LaunchMode(rawValue: word)!
                }
                return .launch(app, mode: mode)
            }
        case "requestTracking":
            return fieldsWithApp(value, "requestTracking", allowed: ["app", "answer", "otherPromptPending"], context, &reader) { app, fields, reader in
                guard let n = fields["answer"] else {
                    reader.error("requestTracking needs 'answer: allow' or 'answer: deny' (what the user taps if a prompt shows)", at: value)
                    return nil
                }
                guard let word = reader.choice(n, "answer", TrackingAnswer.allCases.map(\.rawValue)) else { return nil }
                let pending = fields["otherPromptPending"].flatMap { reader.bool($0, "otherPromptPending") } ?? false
                return .requestTracking(app, answer: TrackingAnswer(rawValue: word)!, otherPromptPending: pending)
            }
        case "trackingToggle":
            return fieldsWithApp(value, "trackingToggle", allowed: ["app", "on"], context, &reader) { app, fields, reader in
                guard let n = fields["on"] else {
                    reader.error("trackingToggle needs 'on: true' or 'on: false'", at: value)
                    return nil
                }
                return reader.bool(n, "on").map { .trackingToggle(app, on: $0) }
            }
        case "setting":
            let allowed = ["allowTrackingRequests", "continueTracking", "limitAdTracking", "trackingRestricted"]
            guard let pairs = reader.mapping(value, "setting") else { return nil }
            reader.checkKeys(pairs, known: allowed, in: "setting")
            if pairs.isEmpty { reader.error("setting needs at least one of " + allowed.joined(separator: ", "), at: value) }
            var change = SettingsChange()
            for pair in pairs where allowed.contains(pair.key) {
                let v = reader.bool(pair.value, pair.key)
                switch pair.key {
                case "allowTrackingRequests": change.allowTrackingRequests = v
                case "continueTracking": change.continueTracking = v
                case "limitAdTracking": change.limitAdTracking = v
                default: change.trackingRestricted = v
                }
            }
            return .setting(change)
        case "configure":
            return fieldsWithApp(value, "configure", allowed: nil, context, &reader) { app, fields, reader in
                var options: [String: OptionValue] = [:]
                let strategy = context.apps[app].strategy
                for (name, node) in fields.sorted(by: { $0.key < $1.key }) where name != "app" {
                    guard let v = reader.optionValue(node, "option '\(name)'") else { continue }
                    for problem in StrategyLibrary.problems(strategy: strategy, options: [name: v]) {
                        if case .unknownStrategy = problem { continue }
                        reader.error(problem.description, at: node)
                    }
                    options[name] = v
                }
                if options.isEmpty { reader.error("configure needs at least one option besides 'app'", at: value) }
                return .configure(app, options)
            }
        case "deviceCheck":
            return fieldsWithApp(value, "deviceCheck", allowed: ["app", "bit0", "bit1"], context, &reader) { app, fields, reader in
                let bit0 = fields["bit0"].flatMap { reader.bool($0, "bit0") }
                let bit1 = fields["bit1"].flatMap { reader.bool($0, "bit1") }
                if fields["bit0"] == nil && fields["bit1"] == nil { reader.error("deviceCheck needs bit0, bit1 or both", at: value) }
                return .deviceCheck(app, bit0: bit0, bit1: bit1)
            }
        case "passcode":
            return onOff(value, "passcode", &reader).map { .passcode($0) }
        case "iCloudKeychain":
            return onOff(value, "iCloudKeychain", &reader).map { .iCloudKeychain($0) }
        case "upgrade":
            guard case .scalar(let s) = value, let version = OSVersion(parsing: s.string) else {
                reader.error("invalid iOS version \(NodeReader.describe(value)) for upgrade; expected 6.0 to 18.x, like \"18.1\"", at: value)
                return nil
            }
            return .upgrade(version)
        case "signIn":
            guard let id = reader.string(value, "signIn") else { return nil }
            guard let index = context.accounts.index(of: id) else {
                reader.error("unknown account '\(id)'" + reader.hint(for: id, among: context.accounts.names), at: value)
                return nil
            }
            return .signIn(account: index)
        case "backup":
            guard let pairs = reader.mapping(value, "backup") else { return nil }
            reader.checkKeys(pairs, known: ["kind", "as"], in: "backup")
            let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            var kind = BackupKind.encrypted
            if let n = fields["kind"], let word = reader.choice(n, "backup kind", BackupKind.allCases.map(\.rawValue)) {
                kind = BackupKind(rawValue: word)!
            } else if fields["kind"] == nil {
                reader.error("backup needs 'kind: encrypted', 'unencrypted' or 'icloud'", at: value)
            }
            guard let n = fields["as"] else {
                reader.error("backup needs 'as: NAME' to name it for a later restore", at: value)
                return nil
            }
            guard let name = reader.string(n, "backup name") else { return nil }
            guard !name.isEmpty else {
                reader.error("a backup's name ('as') must not be empty", at: n)
                return nil
            }
            context.backups.insert(name)
            return .backup(kind, name: name)
        case "restore":
            var nameNode = value
            if case .mapping = value {
                guard let pairs = reader.mapping(value, "restore") else { return nil }
                reader.checkKeys(pairs, known: ["backup"], in: "restore")
                guard let n = pairs.first(where: { $0.key == "backup" })?.value else {
                    reader.error("restore needs 'backup: NAME'", at: value)
                    return nil
                }
                nameNode = n
            }
            guard let name = reader.string(nameNode, "backup name") else { return nil }
            guard context.backups.contains(name) else {
                reader.error("unknown backup '\(name)'" + reader.hint(for: name, among: context.backups.names)
                             + (context.backups.isEmpty ? "; no earlier step makes a backup" : ""), at: nameNode)
                return nil
            }
            return .restore(backup: name)
        case "migrate":
            guard let pairs = reader.mapping(value, "migrate") else { return nil }
            reader.checkKeys(pairs, known: ["from"], in: "migrate")
            guard let n = pairs.first(where: { $0.key == "from" })?.value else {
                reader.error("migrate needs 'from: DEVICE'", at: value)
                return nil
            }
            guard let name = reader.string(n, "from") else { return nil }
            guard let index = context.devices.index(of: name) else {
                reader.error("unknown device '\(name)'" + reader.hint(for: name, among: context.devices.names), at: n)
                return nil
            }
            if index == device { reader.error("cannot migrate '\(name)' onto itself; the step's device is the target", at: n) }
            return .migrate(from: index)
        case "note":
            return reader.string(value, "note").map { .note($0) }
        default:
            return nil
        }
    }

    static func onOff(_ node: YAMLNode, _ what: String, _ reader: inout NodeReader) -> Bool? {
        reader.bool(node, what)
    }

    /// A bundle ID naming one of the scenario's apps.
    static func app(_ node: YAMLNode, _ what: String, _ context: StepContext, _ reader: inout NodeReader) -> AppIndex? {
        guard case .scalar = node, !NodeReader.isNull(node), let bundle = reader.string(node, "\(what)'s app") else {
            reader.error("\(what) needs an app's bundle ID", at: node)
            return nil
        }
        guard let index = context.bundles.index(of: bundle) else {
            reader.error("unknown app '\(bundle)'" + reader.hint(for: bundle, among: context.bundles.names), at: node)
            return nil
        }
        return index
    }

    /// `BUNDLE` or `{app: BUNDLE, …}`.
    static func appOrFields(_ node: YAMLNode, _ what: String, allowed: [String], _ context: StepContext, _ reader: inout NodeReader,
                            _ build: (AppIndex, [String: YAMLNode], inout NodeReader) -> Event?) -> Event? {
        if case .scalar = node {
            guard let index = app(node, what, context, &reader) else { return nil }
            return build(index, [:], &reader)
        }
        return fieldsWithApp(node, what, allowed: allowed, context, &reader, build)
    }

    /// `{app: BUNDLE, …}`; `allowed` nil accepts any key (configure's options).
    static func fieldsWithApp(_ node: YAMLNode, _ what: String, allowed: [String]?, _ context: StepContext, _ reader: inout NodeReader,
                              _ build: (AppIndex, [String: YAMLNode], inout NodeReader) -> Event?) -> Event? {
        guard let pairs = reader.mapping(node, what) else { return nil }
        if let allowed { reader.checkKeys(pairs, known: allowed, in: what) }
        let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard let appNode = fields["app"] else {
            reader.error("\(what) needs 'app: BUNDLE'", at: node)
            return nil
        }
        guard let index = app(appNode, what, context, &reader) else { return nil }
        return build(index, fields, &reader)
    }
}
