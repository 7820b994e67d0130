import ArgumentParser
import Foundation
import IDScenario

extension IDScope {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenarios and check their expectations.",
            discussion: "Exit status: 0 when every expectation held, 1 when one failed, 2 when a scenario is invalid or unreadable."
        )

        @Argument(help: "Scenario files or built-in scenario names.", completion: .file(extensions: ["yaml", "yml"]))
        var scenarios: [String]

        @Option(help: "Also write the results as JUnit XML to this file.", completion: .file())
        var junit: String?

        func validate() throws {
            if scenarios.isEmpty { throw ValidationError("Name at least one scenario to check.") }
            if let junit, let scenario = scenarios.first(where: { FileSaver.sameFile($0, junit) }) {
                throw ValidationError("--junit \(junit) is the scenario \(scenario) being checked; refusing to overwrite it.")
            }
        }

        func run() throws {
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
                var cases: [JUnitWriter.Case] = []
                var failures: [String] = []
                do {
                    try ScenarioRunner(scenario).run { outcome in
                        guard case .expect(let expectation) = outcome.step.action else { return }
                        let name = "step \(outcome.number)" + (outcome.step.label.map { " (\($0))" } ?? "")
                            + ": expect \(outcome.world.apps[expectation.app].bundleID)"
                        if outcome.failures.isEmpty {
                            cases.append(JUnitWriter.Case(name: name))
                        } else {
                            let message = outcome.failures.map(\.description).joined(separator: "; ")
                            cases.append(JUnitWriter.Case(name: name, failure: message))
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
                    cases.append(JUnitWriter.Case(name: "run", error: error.description))
                }
                suites.append(JUnitWriter.Suite(name: scenario.name, file: scenario.file, cases: cases))
                if failures.isEmpty {
                    try Console.out(TerminalText.escaped("PASS \(argument): \(cases.count) expectation\(cases.count == 1 ? "" : "s") held"))
                } else {
                    anyFailed = true
                    try Console.out(TerminalText.escaped("FAIL \(argument): \(failures.count) check\(failures.count == 1 ? "" : "s") failed"))
                    for line in failures { try Console.out("  " + TerminalText.escaped(line)) }
                }
            }
            if let junit {
                do {
                    try FileSaver.write(JUnitWriter.document(suites), to: junit)
                } catch {
                    Console.error("\(junit): error: cannot write the JUnit report: \(error.reason)")
                    throw ExitCode(ExitStatus.ioError)
                }
            }
            if anyInvalid { throw ExitCode(ExitStatus.invalidScenario) }
            if anyFailed { throw ExitCode(ExitStatus.expectationFailed) }
        }
    }
}
