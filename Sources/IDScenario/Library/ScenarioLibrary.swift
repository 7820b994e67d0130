import IDSim

/// The built-in scenarios, one YAML file each in `Library/Scenarios`, compiled into the binary
/// (see `LibraryFiles`, and `IDSCOPE_SCENARIOS` to use a folder of files instead).
package enum ScenarioLibrary {
    /// Every built-in scenario's name, sorted (the tour first).
    package static let names: [String] = {
        let names = LibraryFiles.current.scenarios.keys.sorted()
        return names.contains("tour") ? ["tour"] + names.filter { $0 != "tour" } : names
    }()

    package static func text(named name: String) -> String? {
        LibraryFiles.current.scenarios[name]
    }

    /// The nearest built-in name to a misspelt one.
    package static func suggestion(for name: String) -> String? {
        NameSuggester.nearest(to: name, among: names)
    }

    /// Every built-in scenario, parsed.
    package static func all() throws -> [(name: String, scenario: Scenario)] {
        try names.map { name in
            guard let text = text(named: name) else { throw ScenarioError([]) }
            return (name, try ScenarioParser.parse(text, file: "builtin:\(name)"))
        }
    }
}

extension ScenarioLibrary {
    /// `docs/scenarios.md`: the library, one line each; kept in step with the files by a test.
    package static func markdownIndex() throws -> String {
        var out = """
        # Built-in scenarios

        `idscope scenarios` lists them, `idscope scenarios NAME` prints one, `idscope run NAME` runs it and
        `idscope check NAME` checks its expectations. Each cites the field report it reproduces: `b01`–`b24`
        the project's `field-reports.md`, `f01`–`f12` the behaviours of the fidelity rounds (extensions,
        App Clips, enterprise installs, visionOS, App Attest, APNs tokens, the iOS 12.4 migration boundary,
        passcode-class items, biometry, the APNs sandbox, a clip's keychain handed to its full app), `r01`–`r15`
        the ID libraries and SDKs the built-in recipes reproduce. Generated from the files in `Sources/IDScenario/Library/Scenarios`:
        run `IDSCOPE_RECORD_DOCS=1 swift test --filter scenarioIndexIsCurrent` after changing one.

        | name | what it shows | steps | expectations |
        |---|---|---:|---:|

        """
        for (name, scenario) in try all() {
            let expectations = scenario.steps.filter { if case .expect = $0.action { true } else { false } }.count
            out += "| `\(name)` | \(scenario.name) | \(scenario.steps.count) | \(expectations) |\n"
        }
        out += """

        ## What is not modelled

        Every field report B1–B24 has a scenario. One part of one report is left out:

        - **B23, concurrent first calls.** Mappls 2.1.4 also fixed two threads racing to create the ID on
          first launch, each saving its own. The simulator runs an app's code as one sequence of calls per
          launch, with no threads, so the race cannot happen in it; the scenario reproduces the report's
          other half (the service named after the localizable bundle name).

        """
        return out
    }
}
