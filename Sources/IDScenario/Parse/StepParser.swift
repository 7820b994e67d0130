import IDSim
import IDStrategies

/// What the steps may refer to, growing as they are read (backups and labels are made by steps).
struct StepContext {
    let apps: [AppDeclaration]
    /// The strategies the apps may name: the built-in ones and the scenario's recipes.
    let library: StrategyLibrary
    let bundles: NameTable
    let devices: NameTable
    let accounts: NameTable
    var backups = NameTable()
    var labels = NameTable()

    init(devices: [String], apps: [AppDeclaration], accounts: [String], library: StrategyLibrary) {
        self.apps = apps
        self.library = library
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

/// Reads the `steps:` list: one event (or `expect`) per step, with `device`, `label`, `note`, `speaker`.
enum StepParser {
    static let stepOptions = ["device", "label", "note", "speaker"]
    static let allKeys = EventSpec.keys + ["expect"]

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
            guard let spec = EventSpec.named(scalar.string), spec.takesNoArgument else {
                reader.error("event '\(scalar.string)' needs an argument, like '- \(scalar.string): …'", at: item)
                return nil
            }
            return ScenarioStep(.event(spec.build(EventArguments())), line: line, column: column)
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
        let (key, _, value) = known[0]
        var device = 0
        // An event whose own fields name its device (`signOut: { device: phone, keep: false }`)
        // runs there, as a `device:` beside it would say.
        var deviceNode = pairs.first(where: { $0.key == "device" })?.value
        if let spec = EventSpec.named(key), case .fields(let fields, _, _, _) = spec.shape,
           fields.contains(where: { $0.name == "device" }), case .mapping(let mapping) = value,
           let inner = mapping.first(where: { if case .scalar(let k) = $0.key { k.string == "device" } else { false } })?.value {
            if deviceNode != nil {
                reader.error("'\(key)' names its device twice: once in its own fields, once beside them", at: inner)
            }
            deviceNode = inner
        }
        if let n = deviceNode, let name = reader.string(n, "device") {
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
        var speaker: String?
        if let n = pairs.first(where: { $0.key == "speaker" })?.value { speaker = reader.string(n, "speaker") }

        let action: ScenarioStep.Action?
        if key == "expect" {
            action = ExpectationParser.parse(value, device: device, context, &reader).map(ScenarioStep.Action.expect)
        } else {
            action = EventSpec.named(key).flatMap { EventReader(spec: $0, device: device).read(value, &context, &reader) }
                .map(ScenarioStep.Action.event)
        }
        if let label { context.labels.insert(label) }
        guard let action else { return nil }
        return ScenarioStep(action, device: device, label: label, note: note, speaker: speaker, line: line, column: column)
    }
}
