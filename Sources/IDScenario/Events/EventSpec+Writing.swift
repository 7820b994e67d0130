import IDSim

extension EventSpec {
    /// The event as a step writes it, `key: argument`, in the form `EventReader` reads back to the
    /// same event: a value alone, or a flow mapping of the fields it has.
    func yaml(_ event: Event, in scenario: Scenario) -> String {
        let arguments = arguments(event)
        switch shape {
        case .none:
            return key + ": "
        case .value(let field):
            return key + ": " + (arguments[field.name].map { Self.text($0, as: field.kind, scenario) } ?? "")
        case .fields(let fields, _, let takesOptions, _):
            var parts = fields.compactMap { field in arguments[field.name].map { "\(field.name): " + Self.text($0, as: field.kind, scenario) } }
            if takesOptions {
                let options = arguments.options()
                parts += options.keys.sorted().map { "\($0): " + ScenarioWriter.optionValue(options[$0]!) }
            }
            return key + ": { " + parts.joined(separator: ", ") + " }"
        }
    }

    /// A value as YAML: names and text quoted, words and flags bare (`on`/`off` for switches).
    static func text(_ value: EventArguments.Value, as kind: EventField.Kind, _ scenario: Scenario) -> String {
        if case .onOff = kind, case .bool(let on) = value { return on ? "on" : "off" }
        return switch value {
        case .app(let a): ScenarioWriter.quote(scenario.apps[a].bundleID)
        case .device(let d): ScenarioWriter.quote(scenario.devices[d].name)
        case .account(let a): ScenarioWriter.quote(scenario.accounts[a].id)
        case .backup(let name), .string(let name): ScenarioWriter.quote(name)
        case .word(let word): word
        case .bool(let b): String(b)
        case .version(let v): "\"\(v)\""
        case .options(let options): ScenarioWriter.options(options)
        }
    }
}

extension EventSpec {
    /// The events table of docs/scenario-format.md, one row a spec (kept in step by a test).
    static func markdownTable() -> String {
        var rows = ["| event | argument | example |", "|---|---|---|"]
        for spec in all { rows.append("| `\(spec.key)` | \(spec.argument) | \(spec.example) |") }
        rows.append("| `expect` | below | `- expect: { app: com.acme.shop, idfv: changed }` |")
        return rows.joined(separator: "\n") + "\n"
    }
}
