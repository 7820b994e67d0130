import Foundation
import IDSim

/// Reads a step typed at the inspector's `:` prompt, in the scenario's YAML form:
/// `install com.acme.news`, `launch {app: com.acme.shop, mode: background}`, `restore b1 to tablet`,
/// `reboot on tablet`. A trailing `to DEVICE` or `on DEVICE` picks the device.
package enum CommandParser {
    /// - Parameters:
    ///   - backups, labels: the names earlier steps made, which the command may refer to.
    /// - Throws: `ScenarioError` with the problems, located in the command text (line 1).
    package static func step(_ command: String, scenario: Scenario, device: DeviceIndex, backups: [String],
                            labels: [String]) throws(ScenarioError) -> ScenarioStep {
        var text = command.trimmingCharacters(in: .whitespaces)
        var deviceName: String?
        // A note's text is everything after `note `, commas, colons and a trailing "on phone" included.
        let isNote = text == "note" || text.hasPrefix("note ") || text.hasPrefix("note:")
        for marker in [" to ", " on "] where !isNote {
            if let range = text.range(of: marker, options: .backwards) {
                let candidate = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
                if scenario.devices.contains(where: { $0.name == candidate }) {
                    deviceName = candidate
                    text = String(text[..<range.lowerBound])
                    break
                }
            }
        }
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard let first = words.first else { throw ScenarioError([Diagnostic(file: "command", line: 1, column: 1, message: "type an event, like install com.example.app")]) }
        var key = String(first)
        if key.hasSuffix(":") { key.removeLast() }
        var argument = words.count > 1 ? String(words[1]) : ""
        if isNote { argument = ScenarioWriter.quote(argument.trimmingCharacters(in: .whitespaces)) }
        let targetDevice = deviceName ?? scenario.devices[device].name
        let yaml = "- { \(key): \(argument.isEmpty ? "" : argument), device: \(ScenarioWriter.quote(targetDevice)) }"
        // Through the same guard as files: an alias bomb typed (or pasted) here is refused, not expanded.
        guard case .sequence(let items) = try YAMLGuard.compose(yaml, file: "command", what: "commands"), let root = items.first else {
            throw ScenarioError([Diagnostic(file: "command", line: 1, column: 1, message: "could not read '\(command)' as an event")])
        }
        return try parse(root, file: "command", scenario: scenario, backups: backups, labels: labels)
    }

    /// Reads one step in its JSON form, the mapping a scenario file's step is
    /// (`{"erase": null, "device": "phone"}`, `{"launch": "com.acme.trial"}`): `idscope serve`'s
    /// `POST /idscope/steps`. Without `device`, the step is on the scenario's first device.
    /// - Throws: `ScenarioError`, located in the JSON text under the name `file`.
    package static func jsonStep(_ json: String, file: String, scenario: Scenario, backups: [String],
                                labels: [String]) throws(ScenarioError) -> ScenarioStep {
        // JSON is YAML's flow style: the same guard, composer and step reader as files.
        let root = try YAMLGuard.compose(json, file: file, what: "steps")
        guard case .mapping = root else {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1,
                                            message: "a step is a JSON object, like {\"launch\": \"com.example.app\"}")])
        }
        return try parse(root, file: file, scenario: scenario, backups: backups, labels: labels)
    }

    private static func parse(_ root: YAMLNode, file: String, scenario: Scenario, backups: [String],
                              labels: [String]) throws(ScenarioError) -> ScenarioStep {
        var reader = NodeReader(file: file)
        var context = StepContext(devices: scenario.devices.map(\.name), apps: scenario.apps, accounts: scenario.accounts.map(\.id),
                                  library: scenario.library)
        context.backups = NameTable(backups)
        context.labels = NameTable(labels)
        let step = StepParser.parseStep(root, &context, &reader)
        guard reader.diagnostics.isEmpty, var step else {
            throw ScenarioError(reader.diagnostics.isEmpty ? [Diagnostic(file: file, line: 1, column: 1, message: "not a step")] : reader.diagnostics)
        }
        step.line = 0
        step.column = 0
        return step
    }

    /// Completions for the word being typed: event keys first, then the names the event's
    /// argument takes (its `EventSpec`), then device names after `to` or `on`.
    package static func completions(for command: String, scenario: Scenario, backups: [String]) -> [String] {
        let parts = command.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if parts.count <= 1 {
            let prefix = parts.first ?? ""
            return StepParser.allKeys.filter { $0.hasPrefix(prefix) }
        }
        let key = parts[0], last = parts.last ?? ""
        if parts.count >= 3, ["to", "on"].contains(parts[parts.count - 2]) {
            return scenario.devices.map(\.name).filter { $0.hasPrefix(last) }
        }
        let names: [String]
        if key == "expect" {
            names = scenario.apps.map(\.bundleID)
        } else if let field = EventSpec.named(key)?.completedField {
            names = field.completions(scenario: scenario, backups: backups)
        } else {
            names = []
        }
        return names.filter { $0.hasPrefix(last) }
    }
}

extension EventField {
    /// The values the `:` line offers for this field.
    func completions(scenario: Scenario, backups: [String]) -> [String] {
        switch kind {
        case .app: scenario.apps.map(\.bundleID)
        case .device: scenario.devices.map(\.name)
        case .account: scenario.accounts.map(\.id)
        case .backup: backups
        case .choice(let words): words
        case .onOff: ["on", "off"]
        case .bool: ["true", "false"]
        case .version: ["16.7", "17.5", "18.1"]
        case .newBackup, .string: []
        }
    }
}
