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
            Kinds: swift (app code written in Swift), recipe (a library's ID code as data), and \
            recipe twins of Swift strategies, which give the same IDs. Save a recipe's YAML to a file, \
            edit it, and use it with `strategy: FILE` in a scenario or `idscope matrix --strategy FILE`.
            """
        )

        @Argument(help: "A strategy to show.", completion: .custom(ScenarioCompletion.strategies))
        var name: String?

        func run() throws {
            let library = StrategyCatalog.builtIn
            guard let name else {
                let width = (library.names.map(\.count).max() ?? 0) + 2
                let kinds = library.all.map(Self.kind)
                let kindWidth = (kinds.map(\.count).max() ?? 0) + 2
                for (strategy, kind) in zip(library.all, kinds) {
                    try Console.out(strategy.name.padding(toLength: width, withPad: " ", startingAt: 0)
                                    + kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0) + strategy.summary)
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
