import IDSim
import IDStrategies

/// Reads `expect:` mappings, checking each key against what the app's strategy reports.
enum ExpectationParser {
    static let keys = ["app", "device", "installed", "att", "idfa", "idfv", "guid", "id", "ids", "apnsToken", "apnsEnvironment", "best", "sameOn",
                       "values"]
    static let valueWords = ["changed", "unchanged", "present", "nil", "zeros"]
    /// The keys that check something: an expectation names at least one (the schema says so too).
    static let checkKeys = ["installed", "att", "idfa", "idfv", "guid", "id", "ids", "apnsToken", "apnsEnvironment", "best", "sameOn", "values"]
    /// Value checks written beside `app` rather than under `values:`.
    static let topLevelValues = ["idfv", "guid", "id", "apnsToken"]

    static func parse(_ node: YAMLNode, device stepDevice: DeviceIndex, _ context: StepContext, _ reader: inout NodeReader) -> Expectation? {
        guard let pairs = reader.mapping(node, "expect") else { return nil }
        reader.checkKeys(pairs, known: keys, in: "expect")
        let fields = Dictionary(pairs.map { ($0.key, ($0.keyNode, $0.value)) }, uniquingKeysWith: { a, _ in a })
        guard let (_, appNode) = fields["app"] else {
            reader.error("expect needs 'app: BUNDLE'", at: node)
            return nil
        }
        guard let app = EventReader.app(appNode, "expect", context, &reader) else { return nil }
        let strategy = context.library.strategy(named: context.apps[app].strategy)
        // An app whose strategy is not had (its recipe file failed to load, said at its place) is
        // judged by none: what it reports is unknown, so no name is refused.
        let reported = strategy?.valueNames
        func reports(_ name: String) -> Bool { reported?.contains(name) ?? true }
        var expectation = Expectation(app: app)
        if let (_, n) = fields["device"], let name = reader.string(n, "device") {
            if let index = context.devices.index(of: name) {
                expectation.device = index
            } else {
                reader.error("unknown device '\(name)'" + reader.hint(for: name, among: context.devices.names), at: n)
            }
        }
        if let (_, n) = fields["installed"] { expectation.installed = reader.bool(n, "installed") }
        if let (_, n) = fields["att"], let word = reader.choice(n, "att", ATTStatus.allCases.map(\.rawValue)) {
            expectation.att = ATTStatus(rawValue: word)
        }
        if let (keyNode, n) = fields["idfa"] {
            if !reports("idfa") {
                reader.error(notReported("idfa", strategy: context.apps[app].strategy, reported: reported ?? []), at: keyNode)
            } else if let word = reader.choice(n, "idfa expectation", Expectation.IDFACheck.allCases.map(\.rawValue)) {
                expectation.idfa = Expectation.IDFACheck(rawValue: word)
            }
        }
        for name in ["idfv", "guid"] {
            guard let (keyNode, n) = fields[name] else { continue }
            guard reports(name) else {
                reader.error(notReported(name, strategy: context.apps[app].strategy, reported: reported ?? []), at: keyNode)
                continue
            }
            if let check = valueCheck(n, name, context, &reader) { expectation.values.append(ValueExpectation(name: name, check: check)) }
        }
        // The APNs token is the platform's, whatever the app's code reports (APNS-35).
        if let (_, n) = fields["apnsToken"], let check = valueCheck(n, "apnsToken", context, &reader) {
            expectation.values.append(ValueExpectation(name: "apnsToken", check: check))
        }
        // And the environment it was issued in: sandbox for an Xcode build, production otherwise.
        if let (_, n) = fields["apnsEnvironment"] {
            if case .scalar(let s) = n, s.style == .plain, APNsEnvironment(rawValue: s.string) != nil {
                expectation.values.append(ValueExpectation(name: "apnsEnvironment", check: .equals(s.string)))
            } else if let check = valueCheck(n, "apnsEnvironment (sandbox, production, or a check)", context, &reader) {
                expectation.values.append(ValueExpectation(name: "apnsEnvironment", check: check))
            }
        }
        if let (keyNode, n) = fields["id"] {
            if let strategy, !strategy.hasPrimaryID {
                reader.error("strategy \(strategy.name) has no primary id; expect its values instead, like values: {\(strategy.matrixValue ?? "id"): present}",
                             at: keyNode)
            } else if let check = valueCheck(n, "id", context, &reader) {
                expectation.values.append(ValueExpectation(name: "id", check: check))
            }
        }
        if let (_, n) = fields["values"], let valuePairs = reader.mapping(n, "values") {
            if valuePairs.isEmpty { reader.error("values needs at least one value to check, like values: {KEY: present}", at: n) }
            for pair in valuePairs {
                guard reports(pair.key) else {
                    reader.error(notReported(pair.key, strategy: context.apps[app].strategy, reported: reported ?? []), at: pair.keyNode)
                    continue
                }
                if let check = valueCheck(pair.value, pair.key, context, &reader) {
                    expectation.values.append(ValueExpectation(name: pair.key, check: check))
                }
            }
        }
        // A recipe's IDs by name (`ids: { device: unchanged }`): each must be one it declares.
        if let (_, n) = fields["ids"], let idPairs = reader.mapping(n, "ids") {
            let declared = strategy?.idNames ?? []
            if idPairs.isEmpty { reader.error("ids needs at least one ID to check, like ids: { \(declared.first ?? "id"): unchanged }", at: n) }
            for pair in idPairs {
                guard declared.contains(pair.key) || strategy == nil else {
                    reader.error("strategy \(context.apps[app].strategy) has no ID '\(pair.key)'; "
                                 + (declared.isEmpty ? "it names no ID" : "its IDs are " + declared.joined(separator: ", "))
                                 + NameSuggester.hint(for: pair.key, among: declared), at: pair.keyNode)
                    continue
                }
                if let check = valueCheck(pair.value, pair.key, context, &reader) {
                    expectation.values.append(ValueExpectation(name: pair.key, check: check))
                }
            }
        }
        if let (keyNode, n) = fields["best"] {
            if context.apps[app].strategy != IDKit.name {
                reader.error("'best' is id-kit's; strategy \(context.apps[app].strategy) has no best source", at: keyNode)
            } else if let word = reader.choice(n, "best", ["idfa", "idfv", "guid", "none"]) {
                expectation.best = word
            }
        }
        if let (_, n) = fields["sameOn"], let items = reader.sequence(n, "sameOn") {
            var devices: [DeviceIndex] = []
            for item in items {
                guard let name = reader.string(item, "a device in sameOn") else { continue }
                if let index = context.devices.index(of: name) {
                    devices.append(index)
                } else {
                    reader.error("unknown device '\(name)'" + reader.hint(for: name, among: context.devices.names), at: item)
                }
            }
            if Set(devices).count < 2 { reader.error("sameOn needs at least two different devices", at: n) }
            expectation.sameOn = devices
        }
        if !Self.checkKeys.contains(where: { fields[$0] != nil }) {
            reader.error("expect needs something to check: " + Self.checkKeys.joined(separator: ", "), at: node)
        }
        return expectation
    }

    static func notReported(_ name: String, strategy: String, reported: [String]) -> String {
        "strategy \(strategy) does not report '\(name)'; it reports " + reported.joined(separator: ", ")
            + NameSuggester.hint(for: name, among: reported)
    }

    /// `changed | unchanged | present | nil | {sameAs: LABEL} | {differsFrom: LABEL}`.
    static func valueCheck(_ node: YAMLNode, _ what: String, _ context: StepContext, _ reader: inout NodeReader) -> Expectation.ValueCheck? {
        if case .mapping = node {
            guard let pairs = reader.mapping(node, what), pairs.count == 1 else {
                reader.error("\(what) takes one of \(valueWords.joined(separator: ", ")), {sameAs: LABEL}, {differsFrom: LABEL} or {equals: VALUE}", at: node)
                return nil
            }
            let pair = pairs[0]
            guard ["sameAs", "differsFrom", "equals"].contains(pair.key) else {
                reader.error("unknown comparison '\(pair.key)'" + reader.hint(for: pair.key, among: ["sameAs", "differsFrom", "equals"]), at: pair.keyNode)
                return nil
            }
            if pair.key == "equals" {
                guard case .scalar(let scalar) = pair.value, !NodeReader.isNull(pair.value) else {
                    reader.error("equals takes the value to compare with, like {equals: \"true\"}", at: pair.value)
                    return nil
                }
                return .equals(scalar.string)
            }
            guard let label = reader.string(pair.value, "label") else { return nil }
            guard context.labels.contains(label) else {
                reader.error("unknown label '\(label)'" + reader.hint(for: label, among: context.labels.names)
                             + (context.labels.isEmpty ? "; no earlier step has a label" : ""), at: pair.value)
                return nil
            }
            return pair.key == "sameAs" ? .sameAs(label) : .differsFrom(label)
        }
        guard let word = reader.choice(node, "\(what) expectation", valueWords) else { return nil }
        switch word {
        case "changed": return .changed
        case "unchanged": return .unchanged
        case "present": return .present
        case "zeros": return .zeros
        default: return .absent
        }
    }
}
