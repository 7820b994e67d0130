import ArgumentParser
import IDScenario

extension IDScope {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a scenario and print every step: what changed and why.",
            discussion: "Expectations are evaluated and shown; use 'idscope check' for an exit code that reflects them."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, markdown, jsonl
        }

        @Argument(help: "A scenario file or built-in scenario name.", completion: .file(extensions: ["yaml", "yml"]))
        var scenario: String

        @Option(help: "Output format: table (for people), markdown or jsonl (one JSON object per step).")
        var format: Format = .table

        @Option(help: "Seed for every generated UUID, overriding the scenario's.")
        var seed: UInt64?

        @Flag(help: "Print identifiers in full instead of shortened (3F2A…91C0).")
        var full = false

        @Flag(help: "Print without colour (as NO_COLOR does).")
        var noColor = false

        func run() throws {
            let loaded = try ScenarioArgument.loadOrExit(scenario)
            let runner = ScenarioRunner(loaded, seed: seed)
            var expectations = 0, failed = 0
            do {
                switch format {
                case .jsonl:
                    let writer = JSONLWriter(loaded)
                    try runner.run { Console.out(writer.line(for: $0)) }
                case .table, .markdown:
                    let writer = TableWriter(style: format == .table ? .table : .markdown,
                                             colour: format == .table && Console.colourEnabled(noColorFlag: noColor), full: full)
                    Console.out(writer.header(loaded, seed: runner.seed))
                    try runner.run { outcome in
                        if case .expect = outcome.step.action {
                            expectations += 1
                            if !outcome.failures.isEmpty { failed += 1 }
                        }
                        Console.out(writer.row(outcome))
                    }
                    Console.out(writer.footer(steps: loaded.steps.count, expectations: expectations, failed: failed))
                }
            } catch let error as RunError {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidScenario)
            }
        }
    }
}
