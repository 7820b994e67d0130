import ArgumentParser
import IDReports
import IDScenario
import IDSim

extension IDScope {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a scenario and print every step: what changed and why.",
            discussion: "Expectations are evaluated and shown; use 'idscope check' for an exit code that reflects them."
        )

        @Argument(help: "A scenario file or built-in scenario name.", completion: .custom(ScenarioCompletion.scenarios))
        var scenario: String

        @OptionGroup var output: FormatOption
        var format: OutputFormat { output.format }

        @Option(help: "Seed for every generated UUID, overriding the scenario's.")
        var seed: UInt64?

        @Flag(help: "Print identifiers in full instead of shortened (3F2A…91C0).")
        var full = false

        @OptionGroup var colour: ColourOption

        @Flag(help: "With --format jsonl: each line's devices carry only the devices and apps the step changed.")
        var changesOnly = false

        func validate() throws {
            if changesOnly && format != .jsonl { throw ValidationError("--changes-only applies to --format jsonl only.") }
        }

        /// "step 7 (expect com.acme.shop on phone): idfv: expected …, got …".
        static func failure(_ outcome: StepOutcome) -> String {
            guard case .expect(let expectation) = outcome.step.action else { return "step \(outcome.number)" }
            let world = outcome.world
            let device = world.devices[expectation.device ?? outcome.step.device].name
            return "step \(outcome.number)" + (outcome.step.label.map { " '\($0)'" } ?? "") + " (line \(outcome.step.line)): expect "
                + world.apps[expectation.app].bundleID + " on " + device + ": " + outcome.failures.map(\.description).joined(separator: "; ")
        }

        func run() throws {
            let loaded = try ScenarioArgument.loadOrExit(scenario)
            let seed = seed ?? loaded.seed
            var expectations = 0, failed = 0
            var failing: [String] = []
            do {
                switch format {
                case .jsonl:
                    var writer = JSONLWriter(loaded, changesOnly: changesOnly)
                    try Session.run(loaded, seed: seed) { outcome in
                        try writer.write(outcome, to: Console.write)
                        try Console.write("\n")
                    }
                case .markdown:
                    // A ticket: what failed first, so the whole run is taken before anything is written.
                    var ticket = MarkdownTicket(loaded, seed: seed, full: full)
                    try Session.run(loaded, seed: seed) { ticket.add($0) }
                    try Console.write(ticket.document())
                case .table:
                    let writer = TableWriter(style: .table, colour: colour.onStandardOutput, full: full)
                    try Console.out(writer.header(loaded, seed: seed))
                    try Session.run(loaded, seed: seed) { outcome in
                        if case .expect = outcome.step.action {
                            expectations += 1
                            if !outcome.failures.isEmpty {
                                failed += 1
                                failing.append(Self.failure(outcome))
                            }
                        }
                        try Console.out(writer.row(outcome))
                    }
                    try Console.out(writer.footer(steps: loaded.steps.count, expectations: expectations, failed: failed,
                                                             failing: failing))
                }
            } catch let error as RunError {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidInput)
            }
        }
    }
}
