import Foundation
import IDSim

/// The built-in scenarios: package resources in `Library/Scenarios`, one YAML file each.
///
/// Found without `Bundle.module`, whose generated accessor stops the program when the
/// resource folder is missing (an installed binary copied without it): the folder is looked
/// for beside the executable, then in the source tree, and a missing library is an error
/// message, never a crash.
public enum ScenarioLibrary {
    static let bundleName = "idscope_IDScenario.resources"

    /// The folder holding the scenario files, if found.
    public static let directory: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["IDSCOPE_SCENARIOS"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        for base in [Bundle.main.bundleURL, executable.deletingLastPathComponent(),
                     URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()] {
            candidates.append(base.appendingPathComponent(bundleName).appendingPathComponent("Scenarios"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("tour.yaml").path) }
    }()

    /// Every built-in scenario's name, sorted (the tour first).
    public static var names: [String] {
        guard let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        let names = files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        return names.contains("tour") ? ["tour"] + names.filter { $0 != "tour" } : names
    }

    public static func text(named name: String) -> String? {
        guard let directory, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        return try? String(contentsOf: directory.appendingPathComponent(name + ".yaml"), encoding: .utf8)
    }

    /// The nearest built-in name to a misspelt one.
    public static func suggestion(for name: String) -> String? {
        NameSuggester.nearest(to: name, among: names)
    }

    /// Every built-in scenario, parsed.
    public static func all() throws -> [(name: String, scenario: Scenario)] {
        try names.map { name in
            guard let text = text(named: name) else { throw ScenarioError([]) }
            return (name, try ScenarioParser.parse(text, file: "builtin:\(name)"))
        }
    }
}

extension ScenarioLibrary {
    /// `docs/scenarios.md`: the library, one line each; kept in step with the files by a test.
    public static func markdownIndex() throws -> String {
        var out = """
        # Built-in scenarios

        `idscope scenarios` lists them, `idscope scenarios NAME` prints one, `idscope run NAME` runs it and
        `idscope check NAME` checks its expectations. Each cites the field report it reproduces: `b01`–`b24`
        the project's `field-reports.md`, `f01`–`f09` the behaviours of the second fidelity round (extensions,
        App Clips, enterprise installs, visionOS, App Attest, APNs tokens, the iOS 12.4 migration boundary,
        passcode-class items). Generated from the files in `Sources/IDScenario/Library/Scenarios`:
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
