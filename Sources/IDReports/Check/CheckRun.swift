import IDScenario
import IDSim

/// `idscope check`, without the terminal: each scenario loaded, run and judged, as a verdict, the
/// lines that say why, and its JUnit suite. The command only prints what this returns, one
/// scenario at a time so that a long list shows its verdicts as they come.
package struct CheckRun {
    /// Fail a scenario that has no expectations (`--strict`).
    package var strict: Bool
    /// Reads a scenario from a file or the built-in library by name (the one step that reads a file).
    package var load: (String) throws(ScenarioLoader.LoadError) -> Scenario

    package init(strict: Bool, load: @escaping (String) throws(ScenarioLoader.LoadError) -> Scenario = { try ScenarioLoader.load($0) }) {
        self.strict = strict
        self.load = load
    }

    /// One scenario, named as the user named it.
    package func check(_ argument: String) -> ScenarioCheck {
        let scenario: Scenario
        do {
            scenario = try load(argument)
        } catch {
            return ScenarioCheck(argument: argument, verdict: .invalid, ran: false, diagnostics: error.lines,
                                 suite: JUnitWriter.Suite(name: argument, file: argument,
                                                          cases: [JUnitWriter.Case(name: "load", error: error.lines.joined(separator: "\n"))]))
        }
        // What runs but cannot do what it says: on stderr, without failing the check.
        var diagnostics = scenario.warnings.map(\.description)
        var cases: [JUnitWriter.Case] = []
        var failures: [String] = []
        var ran = true
        do {
            try Session.run(scenario) { outcome in
                guard case .expect = outcome.step.action else { return }
                let name = JUnitWriter.caseName(outcome)
                let line = outcome.step.line > 0 ? outcome.step.line : nil
                if outcome.failures.isEmpty {
                    cases.append(JUnitWriter.Case(name: name, file: scenario.file, line: line))
                    return
                }
                // The step number is in the message, where it helps and renames nothing.
                let message = "step \(outcome.number): " + outcome.failures.map(\.description).joined(separator: "; ")
                cases.append(JUnitWriter.Case(name: name, failure: message, file: scenario.file, line: line))
                let location = "\(scenario.file):\(outcome.step.line):\(outcome.step.column)"
                for failure in outcome.failures {
                    failures.append("\(location): step \(outcome.number)" + (outcome.step.label.map { " (\($0))" } ?? "")
                                    + ": \(failure.key): expected \(failure.expected), got \(failure.actual)")
                }
            }
        } catch let error as RunError {
            diagnostics.append(error.description)
            ran = false
            cases.append(JUnitWriter.Case(name: "run", error: error.description))
        } catch {
            // Session.run throws only RunError; anything else is still the run failing, not a pass.
            diagnostics.append("\(error)")
            ran = false
            cases.append(JUnitWriter.Case(name: "run", error: "\(error)"))
        }
        let verdict: ScenarioCheck.Verdict
        if !failures.isEmpty {
            // Failed before a step could not apply: both are said (the failures here, the step on stderr).
            verdict = .failed(failures)
        } else if !ran {
            verdict = .invalid
        } else if cases.isEmpty {
            // A scenario without expectations runs, but proves nothing: say so, and fail it under --strict.
            verdict = .empty(failed: strict)
            if strict {
                cases.append(JUnitWriter.Case(name: "expectations", failure: "the scenario has no expectations (--strict)"))
            }
        } else {
            verdict = .passed(cases.count)
        }
        return ScenarioCheck(argument: argument, verdict: verdict, ran: ran, diagnostics: diagnostics,
                             suite: JUnitWriter.Suite(name: scenario.name, file: scenario.file, cases: cases))
    }

    /// Every scenario, in the order given.
    package func run(_ arguments: [String]) -> CheckReport {
        CheckReport(scenarios: arguments.map(check))
    }
}

/// One scenario's verdict.
package struct ScenarioCheck: Sendable {
    package enum Verdict: Sendable, Equatable {
        /// Every expectation held: how many there were.
        case passed(Int)
        /// The lines that say which expectations failed: `file:line:column: step N (label): key: expected X, got Y`.
        case failed([String])
        /// No expectations: nothing was checked. `failed` under --strict.
        case empty(failed: Bool)
        /// It could not be read, or a step could not apply before any expectation failed (the
        /// diagnostics say why): no verdict line.
        case invalid
    }

    /// The scenario as the user named it (a path or a built-in name).
    package var argument: String
    package var verdict: Verdict
    /// Whether it was read and ran to its end; false: it could not be read, or a step could not
    /// apply (an invalid scenario, whatever failed before that step).
    package var ran: Bool
    /// For standard error, before the verdict: why it could not be read or run, or what it
    /// asks that cannot happen (warnings).
    package var diagnostics: [String]
    package var suite: JUnitWriter.Suite

    /// The verdict as `check` prints it, with the words PASS, FAIL and NONE coloured by `paint`;
    /// nil for a scenario that could not be read or run. The name and the failures are
    /// caret-escaped: a file name may hold anything.
    package func lines(paint: (Word) -> String = \.rawValue) -> [String] {
        let shown = TerminalText.escaped(argument)
        switch verdict {
        case .passed(let count):
            return [paint(.pass) + " \(shown): \(count) expectation\(count == 1 ? "" : "s") held"]
        case .failed(let failures):
            return [paint(.fail) + " \(shown): \(failures.count) check\(failures.count == 1 ? "" : "s") failed"]
                + failures.map { "  " + TerminalText.escaped($0) }
        case .empty(failed: true):
            return [paint(.fail) + " \(shown): no expectations, so nothing was checked (--strict)"]
        case .empty(failed: false):
            return [paint(.empty) + " \(shown): no expectations, so nothing was checked (--strict fails this)"]
        case .invalid:
            return []
        }
    }

    /// The verdict's word.
    package enum Word: String, Sendable {
        case pass = "PASS", fail = "FAIL", empty = "NONE"
    }

    package var failed: Bool {
        switch verdict {
        case .failed, .empty(failed: true): true
        case .passed, .empty(failed: false), .invalid: false
        }
    }
}

/// What `idscope check` found over all its scenarios.
package struct CheckReport: Sendable {
    package var scenarios: [ScenarioCheck]

    package init(scenarios: [ScenarioCheck] = []) {
        self.scenarios = scenarios
    }

    package var suites: [JUnitWriter.Suite] { scenarios.map(\.suite) }
    package var anyFailed: Bool { scenarios.contains(where: \.failed) }
    package var anyInvalid: Bool { scenarios.contains { !$0.ran } }
    /// The JUnit XML document (`--junit FILE`).
    package var junit: String { JUnitWriter.document(suites) }
}
