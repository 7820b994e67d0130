import ArgumentParser
import Foundation
import IDScenario
import IDSim

extension IDScope {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenarios and check their expectations.",
            discussion: """
                Exit status: 0 when every expectation held, 1 when one failed (or, with --strict, a scenario \
                has none), 2 when a scenario is invalid or unreadable.
                """
        )

        @Argument(help: "Scenario files or built-in scenario names.", completion: .custom(ScenarioCompletion.scenarios))
        var scenarios: [String]

        @Option(help: "Also write the results as JUnit XML to this file.", completion: .file())
        var junit: String?

        @Flag(help: "Fail a scenario that has no expectations: it checks nothing.")
        var strict = false

        @OptionGroup var colour: ColourOption

        func validate() throws {
            if scenarios.isEmpty { throw ValidationError("Name at least one scenario to check.") }
            if let junit, let scenario = scenarios.first(where: { FileSaver.sameFile($0, junit) }) {
                throw ValidationError("--junit \(junit) is the scenario \(scenario) being checked; refusing to overwrite it.")
            }
        }

        func run() throws {
            let verdict = Verdict(colour: colour.onStandardOutput)
            var suites: [JUnitWriter.Suite] = []
            var anyFailed = false, anyInvalid = false
            for argument in scenarios {
                let scenario: Scenario
                do {
                    scenario = try ScenarioLoader.load(argument)
                } catch {
                    for line in error.lines { Console.error(line) }
                    anyInvalid = true
                    suites.append(JUnitWriter.Suite(name: argument, file: argument,
                                                    cases: [JUnitWriter.Case(name: "load", error: error.lines.joined(separator: "\n"))]))
                    continue
                }
                // What runs but cannot do what it says: on stderr, without failing the check.
                for warning in scenario.warnings { Console.error(warning.description) }
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
                        } else {
                            // The step number is in the message, where it helps and renames nothing.
                            let message = "step \(outcome.number): " + outcome.failures.map(\.description).joined(separator: "; ")
                            cases.append(JUnitWriter.Case(name: name, failure: message, file: scenario.file, line: line))
                            let location = "\(scenario.file):\(outcome.step.line):\(outcome.step.column)"
                            for failure in outcome.failures {
                                failures.append("\(location): step \(outcome.number)" + (outcome.step.label.map { " (\($0))" } ?? "")
                                                + ": \(failure.key): expected \(failure.expected), got \(failure.actual)")
                            }
                        }
                    }
                } catch let error as RunError {
                    Console.error(error.description)
                    anyInvalid = true
                    ran = false
                    cases.append(JUnitWriter.Case(name: "run", error: error.description))
                }
                // A scenario without expectations runs, but proves nothing: say so, and fail it under --strict.
                let empty = ran && cases.isEmpty
                if empty && strict {
                    cases.append(JUnitWriter.Case(name: "expectations", failure: "the scenario has no expectations (--strict)"))
                }
                suites.append(JUnitWriter.Suite(name: scenario.name, file: scenario.file, cases: cases))
                let shown = TerminalText.escaped(argument)
                if !failures.isEmpty {
                    anyFailed = true
                    try Console.out(verdict.fail + " \(shown): \(failures.count) check\(failures.count == 1 ? "" : "s") failed")
                    for line in failures { try Console.out("  " + TerminalText.escaped(line)) }
                } else if empty {
                    if strict {
                        anyFailed = true
                        try Console.out(verdict.fail + " \(shown): no expectations, so nothing was checked (--strict)")
                    } else {
                        try Console.out(verdict.empty + " \(shown): no expectations, so nothing was checked (--strict fails this)")
                    }
                } else if ran {
                    try Console.out(verdict.pass + " \(shown): \(cases.count) expectation\(cases.count == 1 ? "" : "s") held")
                }
            }
            if let junit {
                // The verdicts first: --junit /dev/stdout writes after them, into the same stream.
                try Console.flush()
                do {
                    try FileSaver.write(JUnitWriter.document(suites), to: junit)
                } catch {
                    Console.error("\(junit): error: cannot write the JUnit report: \(error.reason)")
                    throw ExitCode(ExitStatus.ioError)
                }
            }
            if anyInvalid { throw ExitCode(ExitStatus.invalidInput) }
            if anyFailed { throw ExitCode(ExitStatus.checkFailed) }
        }
    }
}

/// PASS, FAIL and NONE, coloured only when writing to a terminal that wants colour.
struct Verdict {
    let colour: Bool

    var pass: String { paint("PASS", "32") }
    var fail: String { paint("FAIL", "1;31") }
    var empty: String { paint("NONE", "33") }

    func paint(_ word: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(word)\u{1B}[0m" : word
    }
}
