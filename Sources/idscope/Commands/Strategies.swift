import ArgumentParser
import Foundation
import IDScenario
import IDSim
import IDStrategies

extension IDScope {
    struct Strategies: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the strategies an app can use, or show one: a recipe as YAML to start your own from.",
            discussion: """
            Grouped by kind: the Swift strategies, recipes of ID libraries, recipes of SDKs, and the \
            recipe twins of the Swift strategies (which give the same IDs). Your own recipe files come \
            last when you name them: `idscope strategies FILE…`. Save a recipe's YAML to a file, edit it, \
            and use it with `strategy: FILE` in a scenario or `idscope matrix --strategy FILE`.
            """
        )

        @Argument(help: "A strategy to show, or recipe files to list with the built-in ones.", completion: .custom(ScenarioCompletion.strategies))
        var names: [String] = []

        func run() throws {
            let library = StrategyCatalog.builtIn
            let files = names.filter(ScenarioLoader.isPath)
            guard names.count == 1, files.isEmpty, let name = names.first else {
                if names.count > files.count {
                    throw ExitStatus.namesNothing("strategies", "name one strategy to show it, or recipe files to list them with the built-in ones")
                }
                var groups: [(title: String, rows: [(Strategy, String)])] = StrategyCatalog.Group.allCases.map { group in
                    (group.title, library.all.filter { StrategyCatalog.group(of: $0) == group }.map { ($0, Self.kind($0)) })
                }
                var yours: [(Strategy, String)] = []
                for file in files {
                    let (strategy, _) = try StrategyArgument.resolveOrExit(file)
                    yours.append((strategy, TerminalText.escaped(file)))
                }
                if !yours.isEmpty { groups.append(("Your recipe files", yours)) }
                let all = groups.flatMap(\.rows)
                let width = (all.map(\.0.name.count).max() ?? 0) + 2
                let kindWidth = (all.map(\.1.count).max() ?? 0) + 2
                for (index, group) in groups.enumerated() where !group.rows.isEmpty {
                    if index > 0 { try Console.out("") }
                    try Console.out(group.title)
                    for (strategy, kind) in group.rows {
                        // A recipe file's name and summary are the file's words: shown with their
                        // control characters visible, as everything printed is.
                        try Console.out("  " + strategy.name.padding(toLength: width, withPad: " ", startingAt: 0)
                                        + kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0) + TerminalText.escaped(strategy.summary))
                    }
                }
                return
            }
            guard let strategy = library.strategy(named: name) else {
                Console.error("idscope: " + StrategyProblem.unknownStrategy(name, known: library.names).description)
                throw ExitCode(ExitStatus.invalidInput)
            }
            if strategy.kind == .recipe, let text = StrategyCatalog.recipeText(named: name) {
                try Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
                return
            }
            for line in Self.details(of: strategy) { try Console.out(line) }
        }

        static func kind(_ strategy: Strategy) -> String {
            if let original = StrategyCatalog.original(ofTwin: strategy.name) { return "recipe, twin of \(original)" }
            return strategy.kind.rawValue
        }

        /// A Swift strategy in full: what it reproduces, its options, values and stores.
        static func details(of strategy: Strategy) -> [String] {
            var lines = ["\(strategy.name) (\(kind(strategy))): \(strategy.summary)"]
            if !strategy.options.isEmpty {
                lines.append("options:")
                let width = (strategy.options.map(\.name.count).max() ?? 0) + 2
                for option in strategy.options {
                    let fallback = option.defaultValue.map { "; default \($0)" } ?? ""
                    lines.append("  " + option.name.padding(toLength: width, withPad: " ", startingAt: 0)
                                 + "\(option.help) (\(option.kind.description)\(fallback))")
                }
            }
            lines.append("values: " + strategy.valueNames.joined(separator: ", "))
            lines.append("the matrix follows: " + (strategy.matrixValue ?? "the primary ID"))
            let app = AppDeclaration(bundleID: "com.example.app", teamID: "EXAMPLE12", strategy: strategy.name)
            lines.append("stores, for app com.example.app of team EXAMPLE12 with the default options:")
            lines += strategy.stores(for: app).map { "  " + $0.description }
            if let twin = StrategyCatalog.builtIn.names.first(where: { StrategyCatalog.original(ofTwin: $0) == strategy.name }) {
                lines.append("As a recipe to start your own from: idscope strategies \(twin)")
            }
            return lines
        }
    }
}
