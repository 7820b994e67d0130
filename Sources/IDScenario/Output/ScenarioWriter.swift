import IDSim

/// Writes a scenario as YAML that `ScenarioParser` reads back to the same scenario, so a
/// session saved from the inspector replays to the same identifiers with `idscope run`.
package enum ScenarioWriter {
    package static func yaml(_ scenario: Scenario) -> String {
        var out = "name: \(quote(scenario.name))\n"
        if let d = scenario.description { out += "description: \(quote(d))\n" }
        if let n = scenario.presenterNotes { out += "presenterNotes: \(quote(n))\n" }
        out += "seed: \(scenario.seed)\n"
        let switches = scenario.profile.nonDefaultSwitches
        if !switches.isEmpty {
            out += "profile: { " + switches.map { "\($0.name): \(quote($0.value))" }.joined(separator: ", ") + " }\n"
        }
        if !scenario.accounts.isEmpty {
            out += "accounts:\n"
            for a in scenario.accounts {
                out += "  - { id: \(quote(a.id)), iCloudKeychain: \(a.iCloudKeychain)"
                    + (a.trackingRestricted ? ", trackingRestricted: true" : "") + " }\n"
            }
        }
        out += "devices:\n"
        for d in scenario.devices {
            out += "  - { name: \(quote(d.name)), os: \"\(d.os)\", kind: \(d.kind.rawValue), passcode: \(d.passcode)"
                + (d.appleID.map { ", appleID: \(quote($0))" } ?? "") + " }\n"
        }
        // Recipes, file ones included, so the file stands alone.
        out += RecipeWriter.section(scenario.recipes)
        out += "apps:\n"
        for app in scenario.apps {
            out += "  - bundle: \(quote(app.bundleID))\n    team: \(quote(app.teamID))\n"
            if app.defaultSource != .appstore { out += "    source: \(app.defaultSource.rawValue)\n" }
            out += "    strategy: \(plainOrQuoted(app.strategy))\n"
            if !app.options.isEmpty { out += "    options: \(options(app.options))\n" }
            if !app.keychainAccessGroups.isEmpty { out += "    accessGroups: [" + app.keychainAccessGroups.map(quote).joined(separator: ", ") + "]\n" }
            if !app.appGroups.isEmpty { out += "    appGroups: [" + app.appGroups.map(quote).joined(separator: ", ") + "]\n" }
            if !app.hasTrackingUsageDescription { out += "    trackingUsageDescription: false\n" }
            if let name = app.displayName { out += "    name: \(quote(name))\n" }
            switch app.role {
            case .app: break
            case .appExtension(let host): out += "    extensionOf: \(quote(scenario.apps[host].bundleID))\n"
            case .appClip(let full): out += "    clipOf: \(quote(scenario.apps[full].bundleID))\n"
            }
        }
        out += scenario.steps.isEmpty ? "steps: []\n" : "steps:\n"
        for step in scenario.steps {
            out += "  - " + stepLine(step, scenario: scenario) + "\n"
        }
        return out
    }

    /// The bytes one step adds to the written file (the inspector keeps sessions savable).
    package static func byteCount(of step: ScenarioStep, in scenario: Scenario) -> Int {
        stepLine(step, scenario: scenario).utf8.count + 5
    }

    /// One step as a flow mapping: `{ install: com.acme.shop, device: tablet, label: first }`.
    static func stepLine(_ step: ScenarioStep, scenario: Scenario) -> String {
        var parts = [body(step.action, scenario: scenario)]
        if step.device != 0 { parts.append("device: \(quote(scenario.devices[step.device].name))") }
        if let label = step.label { parts.append("label: \(quote(label))") }
        if let note = step.note { parts.append("note: \(quote(note))") }
        if let speaker = step.speaker { parts.append("speaker: \(quote(speaker))") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func body(_ action: ScenarioStep.Action, scenario: Scenario) -> String {
        switch action {
        case .expect(let e): "expect: " + expectation(e, scenario: scenario)
        case .event(let event): EventSpec.of(event.kind).yaml(event, in: scenario)
        }
    }

    static func expectation(_ e: Expectation, scenario: Scenario) -> String {
        var parts = ["app: \(quote(scenario.apps[e.app].bundleID))"]
        if let d = e.device { parts.append("device: \(quote(scenario.devices[d].name))") }
        if let i = e.installed { parts.append("installed: \(i)") }
        if let a = e.att { parts.append("att: \(a.rawValue)") }
        if let f = e.idfa { parts.append("idfa: \(f.rawValue)") }
        var others: [String] = []
        // The parser reads idfv, guid, apnsToken, apnsEnvironment and id beside app in that order,
        // then values: so a check is written beside app only while that keeps the checks' order; the
        // rest go under values.
        let rank = ["idfv": 0, "guid": 1, "apnsToken": 2, "apnsEnvironment": 3, "id": 4]
        var lastRank = -1
        for value in e.values {
            let check: String
            switch value.check {
            case .changed: check = "changed"
            case .unchanged: check = "unchanged"
            case .present: check = "present"
            case .absent: check = "nil"
            case .zeros: check = "zeros"
            case .equals(let v): check = "{ equals: \(quote(v)) }"
            case .sameAs(let l): check = "{ sameAs: \(quote(l)) }"
            case .differsFrom(let l): check = "{ differsFrom: \(quote(l)) }"
            }
            if others.isEmpty, let r = rank[value.name], r > lastRank {
                lastRank = r
                parts.append("\(value.name): \(check)")
            } else {
                others.append("\(value.name): \(check)")
            }
        }
        if !others.isEmpty { parts.append("values: { " + others.joined(separator: ", ") + " }") }
        if let b = e.best { parts.append("best: \(b)") }
        if let s = e.sameOn { parts.append("sameOn: [" + s.map { quote(scenario.devices[$0].name) }.joined(separator: ", ") + "]") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func options(_ options: [String: OptionValue]) -> String {
        "{ " + options.keys.sorted().map { "\($0): \(optionValue(options[$0]!))" }.joined(separator: ", ") + " }"
    }

    static func optionValue(_ value: OptionValue) -> String {
        switch value {
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .string(let s): quote(s)
        case .list(let l): "[" + l.map(quote).joined(separator: ", ") + "]"
        }
    }

    /// A double-quoted YAML string: JSON's string syntax, which YAML's double quotes accept.
    static func quote(_ text: String) -> String {
        JSONText.string(text)
    }

    /// A name as it is when YAML reads it back as that string (`rndi`, `recipes/acme.yaml`),
    /// else quoted: a recipe's name may hold anything, control characters included.
    static func plainOrQuoted(_ text: String) -> String {
        let plain = text.first.map { $0.isLetter } == true
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0)) }
            && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        return plain ? text : quote(text)
    }
}
