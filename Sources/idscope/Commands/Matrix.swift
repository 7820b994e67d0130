import ArgumentParser
import IDScenario
import IDSim
import IDStrategies

extension IDScope {
    struct Matrix: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare ID strategies across lifecycle scenarios: each cell is =, Δ, ∅ or dup for the strategy's ID.",
            discussion: """
            = same value · Δ new value · ∅ nothing · dup the same value on two devices.
            Default columns: \(LifecycleCase.all.map(\.id).joined(separator: ", ")).
            A --scenario that names a scenario file (or built-in) runs it with every app on each strategy and compares
            the first app's first launch with its last.
            """
        )

        @Option(name: .customLong("strategy"), help: "A strategy to include (repeatable; default: all).")
        var strategies: [String] = []

        @Option(name: .customLong("scenario"), help: "A lifecycle case or scenario to use as a column (repeatable; default: all cases).")
        var scenarios: [String] = []

        @Option(help: "Output format: table, markdown or jsonl.")
        var format: Run.Format = .table

        @Option(help: "The iOS version of the matrix's devices.")
        var os: String = "17.5"

        func validate() throws {
            for name in strategies where StrategyLibrary.strategy(named: name) == nil {
                throw ValidationError(StrategyProblem.unknownStrategy(name, known: StrategyLibrary.names).description)
            }
            if OSVersion(parsing: os) == nil { throw ValidationError("Invalid iOS version '\(os)': expected 6.0 to 18.x.") }
        }

        func run() throws {
            let types = strategies.isEmpty ? StrategyLibrary.all : strategies.compactMap { StrategyLibrary.strategy(named: $0) }
            let matrix = LifecycleMatrix(os: OSVersion(parsing: os)!)
            var columns: [(title: String, cell: (any IDStrategy.Type) -> MatrixCell?)] = []
            // Titles are the user's arguments: control characters made visible before a terminal sees them.
            for argument in scenarios.isEmpty ? LifecycleCase.all.map(\.id) : scenarios {
                if let lifecycle = LifecycleCase.named(argument) {
                    columns.append((lifecycle.id, { matrix.cell(strategy: $0, case: lifecycle) }))
                    continue
                }
                do {
                    let scenario = try ScenarioLoader.load(argument)
                    columns.append((TerminalText.escaped(argument), { ScenarioMatrix.cell(scenario, strategy: $0) }))
                } catch {
                    for line in error.lines { Console.error(line) }
                    throw ExitCode(ExitStatus.invalidScenario)
                }
            }
            let rows = types.map { type in (type.name, columns.map { $0.cell(type)?.rawValue ?? "–" }) }
            switch format {
            case .jsonl:
                for (name, cells) in rows {
                    let members = zip(columns, cells).map { "\"\($0.0.title)\": \"\($0.1)\"" }.joined(separator: ", ")
                    try Console.out("{\"strategy\": \"\(name)\", \"cells\": {\(members)}}")
                }
            case .markdown:
                try Console.out("| strategy | " + columns.map(\.title).joined(separator: " | ") + " |")
                try Console.out("|---|" + columns.map { _ in ":-:" }.joined(separator: "|") + "|")
                for (name, cells) in rows { try Console.out("| \(name) | " + cells.joined(separator: " | ") + " |") }
            case .table:
                let width = max(8, (types.map { $0.name.count }.max() ?? 0) + 2)
                let widths = columns.map { max($0.title.count, 3) + 2 }
                try Console.out("strategy".padding(toLength: width, withPad: " ", startingAt: 0)
                      + zip(columns, widths).map { $0.0.title.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined())
                for (name, cells) in rows {
                    try Console.out(name.padding(toLength: width, withPad: " ", startingAt: 0)
                          + zip(cells, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined())
                }
                try Console.out("\n= same value · Δ new value · ∅ nothing · dup the same value on two devices · – no second launch")
            }
        }
    }
}
