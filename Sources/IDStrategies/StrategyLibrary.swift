import IDSim

/// Every strategy idscope knows, by scenario name; also the resolver the simulator launches with.
public struct StrategyLibrary: AppProgramResolver {
    public init() {}

    /// In the order of the contract's strategy table.
    public static let all: [any IDStrategy.Type] = [
        IDKit.self, KeychainIDFV.self, SvUDID.self, ZBUUID.self, FCUUID.self, RNDI.self, DeviceCheckStrategy.self, OpenUDID.self,
        AppAttestStrategy.self,
    ]

    public static let names: [String] = all.map { $0.name }

    public static func strategy(named name: String) -> (any IDStrategy.Type)? {
        all.first { $0.name == name }
    }

    /// Every problem with a strategy name and its options, in the order the options are given.
    public static func problems(strategy name: String, options: [String: OptionValue]) -> [StrategyProblem] {
        guard let type = strategy(named: name) else { return [.unknownStrategy(name, known: names)] }
        let known = type.options.map(\.name)
        var problems: [StrategyProblem] = []
        for key in options.keys.sorted() {
            guard let option = type.options.first(where: { $0.name == key }) else {
                problems.append(.unknownOption(key, strategy: name, known: known))
                continue
            }
            if let message = option.problem(with: options[key]!) { problems.append(.invalidOption(key, message: message)) }
        }
        return problems
    }

    /// The program for an app. An unknown name (which validation reports before anything runs)
    /// falls back to the core's basic app rather than trapping.
    public func program(strategy: String, options: [String: OptionValue]) -> any AppProgram {
        guard let type = Self.strategy(named: strategy) else { return BasicProgram() }
        return type.init(options: options)
    }
}
