import IDSim
import IDStrategies

/// Reads an event's argument by its `EventSpec`: every problem located, every name resolved.
struct EventReader {
    let spec: EventSpec
    /// The step's device (a migration's target).
    let device: DeviceIndex

    /// The event, or nil after recording why not.
    func read(_ value: YAMLNode, _ context: inout StepContext, _ reader: inout NodeReader) -> Event? {
        var arguments = EventArguments()
        var failed = false
        var nodes: [String: YAMLNode] = [:]
        switch spec.shape {
        case .none:
            let empty = NodeReader.isNull(value) || { if case .mapping(let m) = value { m.isEmpty } else { false } }()
            if !empty { reader.error("event '\(spec.key)' takes no argument", at: value) }
        case .value(let field):
            nodes[field.name] = value
            if let read = self.value(of: field, value, label: spec.key, &context, &reader) {
                arguments[field.name] = read
            } else {
                failed = true
            }
        case .fields(let fields, let shorthand, let takesOptions, let atLeastOne):
            if case .scalar = value, let shorthand, let field = fields.first(where: { $0.name == shorthand }) {
                nodes[field.name] = value
                guard let read = self.value(of: field, value, label: spec.key, &context, &reader) else { return nil }
                arguments[field.name] = read
                break
            }
            // A bare event whose fields are all optional (`- signOut`).
            if NodeReader.isNull(value) && fields.allSatisfy({ $0.required == nil }) { break }
            guard let pairs = reader.mapping(value, spec.key) else { return nil }
            if !takesOptions { reader.checkKeys(pairs, known: fields.map(\.name), in: spec.key) }
            for pair in pairs where nodes[pair.key] == nil { nodes[pair.key] = pair.value }
            for field in fields {
                guard let node = nodes[field.name] else {
                    if let missing = field.required {
                        reader.error(missing, at: value)
                        failed = true
                    }
                    continue
                }
                if let read = self.value(of: field, node, label: field.label ?? field.name, &context, &reader) {
                    arguments[field.name] = read
                } else {
                    failed = true
                }
            }
            if let atLeastOne, !atLeastOne.names.contains(where: { nodes[$0] != nil }) {
                reader.error(atLeastOne.message, at: value)
            }
            if takesOptions, case .app(let app)? = arguments["app"] {
                let names = Set(fields.map(\.name))
                let options = strategyOptions(pairs.filter { !names.contains($0.key) }, app: app, context, &reader)
                if options.isEmpty { reader.error("\(spec.key) needs at least one option besides 'app'", at: value) }
                arguments["options"] = .options(options)
            }
        }
        if let problem = spec.validate?(arguments, device, context) {
            reader.error(problem.message, at: nodes[problem.field] ?? value)
        }
        return failed ? nil : spec.build(arguments)
    }

    /// One field's value, by its kind; nil after recording why not.
    func value(of field: EventField, _ node: YAMLNode, label: String, _ context: inout StepContext,
               _ reader: inout NodeReader) -> EventArguments.Value? {
        switch field.kind {
        case .app:
            return Self.app(node, spec.key, context, &reader).map { .app($0) }
        case .device:
            guard let name = reader.string(node, label) else { return nil }
            guard let index = context.devices.index(of: name) else {
                reader.error("unknown device '\(name)'" + reader.hint(for: name, among: context.devices.names), at: node)
                return nil
            }
            return .device(index)
        case .account:
            guard let id = reader.string(node, label) else { return nil }
            guard let index = context.accounts.index(of: id) else {
                reader.error("unknown account '\(id)'" + reader.hint(for: id, among: context.accounts.names), at: node)
                return nil
            }
            return .account(index)
        case .newBackup:
            guard let name = reader.string(node, label) else { return nil }
            guard !name.isEmpty else {
                reader.error("a backup's name ('\(field.name)') must not be empty", at: node)
                return nil
            }
            context.backups.insert(name)
            return .backup(name)
        case .backup:
            guard let name = reader.string(node, label) else { return nil }
            guard context.backups.contains(name) else {
                reader.error("unknown backup '\(name)'" + reader.hint(for: name, among: context.backups.names)
                             + (context.backups.isEmpty ? "; no earlier step makes a backup" : ""), at: node)
                return nil
            }
            return .backup(name)
        case .choice(let words):
            return reader.choice(node, label, words).map { .word($0) }
        case .bool, .onOff:
            return reader.bool(node, label).map { .bool($0) }
        case .string:
            return reader.string(node, label).map { .string($0) }
        case .version:
            guard case .scalar(let s) = node, let version = OSVersion(parsing: s.string) else {
                reader.error("invalid iOS version \(NodeReader.describe(node)) for \(spec.key); expected \(OSVersion.expectedWords), like \"18.1\"", at: node)
                return nil
            }
            return .version(version)
        }
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

    /// The remaining keys of `configure`, as options of the app's strategy.
    func strategyOptions(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], app: AppIndex, _ context: StepContext,
                         _ reader: inout NodeReader) -> [String: OptionValue] {
        var options: [String: OptionValue] = [:]
        let strategy = context.apps[app].strategy
        for pair in pairs.sorted(by: { $0.key < $1.key }) {
            guard let read = reader.optionValue(pair.value, "option '\(pair.key)'") else { continue }
            let value = context.library.normalized(strategy: strategy, read, option: pair.key)
            for problem in context.library.problems(strategy: strategy, options: [pair.key: value]) {
                if case .unknownStrategy = problem { continue }
                reader.error(problem.description, at: pair.value)
            }
            options[pair.key] = value
        }
        return options
    }
}
