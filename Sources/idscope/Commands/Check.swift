import ArgumentParser
import Foundation
import IDReports
import IDScenario

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
            let checking = CheckRun(strict: strict)
            var report = CheckReport()
            // One scenario at a time: a long list shows each verdict as it comes.
            for argument in scenarios {
                let checked = checking.check(argument)
                report.scenarios.append(checked)
                for line in checked.diagnostics { Console.error(line) }
                for line in checked.lines(paint: verdict.paint) { try Console.out(line) }
            }
            if let junit {
                // The verdicts first: --junit /dev/stdout writes after them, into the same stream.
                try Console.flush()
                do {
                    try FileSaver.write(report.junit, to: junit)
                } catch {
                    Console.error("\(junit): error: cannot write the JUnit report: \(error.reason)")
                    throw ExitCode(ExitStatus.ioError)
                }
            }
            if report.anyInvalid { throw ExitCode(ExitStatus.invalidInput) }
            if report.anyFailed { throw ExitCode(ExitStatus.checkFailed) }
        }
    }
}

/// PASS, FAIL and NONE, coloured only when writing to a terminal that wants colour.
struct Verdict {
    let colour: Bool

    func paint(_ word: ScenarioCheck.Word) -> String {
        guard colour else { return word.rawValue }
        let code = switch word {
        case .pass: "32"
        case .fail: "1;31"
        case .empty: "33"
        }
        return "\u{1B}[\(code)m\(word.rawValue)\u{1B}[0m"
    }
}
