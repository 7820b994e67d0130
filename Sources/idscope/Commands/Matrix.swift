import ArgumentParser
import IDReports
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
            A --scenario that names a scenario file (or built-in) runs it with every app on each strategy and follows \
            the first app through every launch (= each launch gave the first's value, Δ one gave another, ∅ one gave \
            none, dup one gave a value another device held); the recipes the scenario's own apps use are rows too.
            """
        )

        @Option(name: .customLong("strategy"), help: "A strategy or recipe file to include (repeatable; default: all built-in ones).",
                completion: .custom(ScenarioCompletion.strategies))
        var strategies: [String] = []

        @Option(name: .customLong("scenario"), help: "A lifecycle case or scenario to use as a column (repeatable; default: all cases).",
                completion: .custom(ScenarioCompletion.matrixColumns))
        var scenarios: [String] = []

        @OptionGroup var output: FormatOption
        var format: OutputFormat { output.format }

        @Option(help: "The iOS version of the matrix's devices.")
        var os: String = "17.5"

        @Option(help: "Follow this ID instead of the primary: one of a recipe's ids, or any value its launches report.")
        var id: String?

        @OptionGroup var strategyOptions: StrategyOptionsOption

        @OptionGroup var colour: ColourOption

        func validate() throws {
            // A recipe file's problems are the scenario kind (exit 2, located); a mistyped name is an argument error.
            for name in strategies { if let problem = StrategyArgument.unknownName(name) { throw ExitStatus.namesNothing("matrix", problem) } }
            if OSVersion(parsing: os) == nil { throw ValidationError("Invalid iOS version '\(os)': expected \(OSVersion.expectedWords), like 17.5.") }
            _ = try strategyOptions.given()
        }

        func run() throws {
            // By default every strategy but the twins, which by design give their originals' rows.
            var types = StrategyCatalog.builtIn.all.filter { StrategyCatalog.original(ofTwin: $0.name) == nil }
            var recipes: [String: Recipe] = [:]
            if !strategies.isEmpty {
                types = []
                for argument in strategies {
                    let (strategy, recipe) = try StrategyArgument.resolveOrExit(argument)
                    types.append(strategy)
                    if let recipe { recipes[strategy.name] = recipe }
                }
            }
            // A scenario column's own strategies are rows too, after the others: its recipes (inline or a
            // recipe file its apps name) always, its built-in ones when no --strategy narrowed the rows.
            var loaded: [String: Scenario] = [:]
            for argument in scenarios where LifecycleCase.named(argument) == nil {
                do {
                    let scenario = try ScenarioLoader.load(argument)
                    loaded[argument] = scenario
                    for app in scenario.apps {
                        guard let strategy = scenario.library.strategy(named: app.strategy),
                              !types.contains(where: { $0.name == strategy.name }),
                              strategies.isEmpty || StrategyCatalog.builtIn.strategy(named: strategy.name) == nil else { continue }
                        types.append(strategy)
                        if let recipe = scenario.recipes.first(where: { $0.name == strategy.name }) { recipes[strategy.name] = recipe }
                    }
                } catch {
                    for line in error.lines { Console.error(line) }
                    throw ExitCode(ExitStatus.invalidInput)
                }
            }
            if let id { types = try types.map { try StrategyArgument.following(id, $0, command: "matrix") } }
            // Recipe files join the built-in library so the worlds can launch them.
            let library = StrategyCatalog.builtIn.adding(recipes.values.map(\.strategy))
            // The lifecycle cases' apps take --option; a scenario column's apps keep their own.
            try strategyOptions.checkStrategiesNamed(among: types, command: "matrix")
            var given: [String: [String: OptionValue]] = [:]
            for type in types where given[type.name] == nil { given[type.name] = try strategyOptions.values(for: type) }
            // Named strategies must be given their required options; over every built-in, those that
            // need one run with an example value (segment's writeKey: example-writeKey).
            if !strategies.isEmpty {
                for type in types { try strategyOptions.check(given[type.name] ?? [:], for: [type], library: library, command: "matrix") }
            }
            let everyBuiltIn = strategies.isEmpty
            func optionsOf(_ strategy: Strategy) -> [String: OptionValue] {
                let options = given[strategy.name] ?? [:]
                return everyBuiltIn ? strategy.withExamples(options) : options
            }
            let matrix = LifecycleMatrix(os: OSVersion(parsing: os)!)
            var columns: [MatrixWriter.Column] = []
            var cellsOf: [(Strategy) -> MatrixCell?] = []
            var scenarioNumber = 0
            for argument in scenarios.isEmpty ? LifecycleCase.all.map(\.id) : scenarios {
                if let lifecycle = LifecycleCase.named(argument) {
                    columns.append(.init(name: lifecycle.id, heading: lifecycle.abbreviation, meaning: lifecycle.title))
                    cellsOf.append { matrix.cell(strategy: $0, options: optionsOf($0), case: lifecycle, library: library) }
                    continue
                }
                guard let scenario = loaded[argument] else { continue }
                scenarioNumber += 1
                columns.append(.init(name: argument, heading: MatrixWriter.heading(forScenario: argument, number: scenarioNumber),
                                     meaning: scenario.name, fromScenario: true))
                cellsOf.append { ScenarioMatrix.cell(scenario, strategy: $0, recipe: recipes[$0.name]) }
            }
            let rows = types.map { type in MatrixWriter.Row(strategy: type.name, cells: cellsOf.map { $0(type)?.rawValue ?? "–" }) }
            let writer = MatrixWriter(columns: columns, rows: rows)
            let lines = switch format {
            case .jsonl: writer.jsonl()
            case .markdown: writer.markdown()
            case .table: writer.table(colour: colour.onStandardOutput)
            }
            for line in lines { try Console.out(line) }
        }
    }
}
