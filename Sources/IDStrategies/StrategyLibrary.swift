import IDSim

/// A set of strategies by scenario name: the resolver a world launches apps with.
///
/// `builtIn` holds the Swift strategies; a scenario's library adds its recipes (and the built-in
/// recipes, which `IDScenario` reads from its resources) with `adding(_:)`.
package struct StrategyLibrary: AppProgramResolver {
    /// In the order they are listed.
    package let all: [Strategy]
    private let byName: [String: Strategy]

    package init(_ strategies: [Strategy]) {
        var all: [Strategy] = []
        var byName: [String: Strategy] = [:]
        for strategy in strategies where byName[strategy.name] == nil {
            all.append(strategy)
            byName[strategy.name] = strategy
        }
        self.all = all
        self.byName = byName
    }

    /// The Swift strategies, in the order of the contract's strategy table.
    package static let builtIn = StrategyLibrary([
        IDKit.strategy, KeychainIDFV.strategy, SvUDID.strategy, ZBUUID.strategy, FCUUID.strategy, RNDI.strategy,
        DeviceCheckStrategy.strategy, OpenUDID.strategy, AppAttestStrategy.strategy,
    ])

    /// This library with more strategies after its own (a name already present keeps its first strategy).
    package func adding(_ more: [Strategy]) -> StrategyLibrary {
        more.isEmpty ? self : StrategyLibrary(all + more)
    }

    package var names: [String] { all.map(\.name) }

    package func strategy(named name: String) -> Strategy? { byName[name] }

    /// Every problem with a strategy name and its options, in the order the options are given.
    package func problems(strategy name: String, options: [String: OptionValue]) -> [StrategyProblem] {
        guard let strategy = byName[name] else { return [.unknownStrategy(name, known: names)] }
        return strategy.problems(options: options)
    }

    /// One option's value as the named strategy reads it (as given, for an unknown strategy).
    package func normalized(strategy name: String, _ value: OptionValue, option key: String) -> OptionValue {
        byName[name]?.normalized(value, option: key) ?? value
    }

    /// The program for an app. An unknown name (which validation reports before anything runs)
    /// falls back to the core's basic app rather than trapping.
    package func program(strategy: String, options: [String: OptionValue]) -> any AppProgram {
        byName[strategy]?.program(options: options) ?? BasicProgram()
    }
}
