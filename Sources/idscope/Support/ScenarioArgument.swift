import ArgumentParser
import IDScenario
import IDStrategies

/// Loading the one scenario a command works on: a file path or a built-in name.
enum ScenarioArgument {
    /// The scenario, or its located errors on stderr and the contract's exit status 2.
    /// - Parameter allowingPrefix: a unique prefix of a built-in name opens it (the inspector only;
    ///   `run`, `check` and `matrix` keep exact names so scripts stay stable, and suggest the full one).
    static func loadOrExit(_ argument: String, allowingPrefix: Bool = false) throws -> Scenario {
        do {
            return try ScenarioLoader.load(argument, allowingPrefix: allowingPrefix)
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(ExitStatus.invalidInput)
        }
    }
}

/// Resolving a `--strategy` or `STRATEGY` argument: a built-in name or a recipe file.
enum StrategyArgument {
    /// A name that is neither a built-in strategy nor a path: the argument error to give, else nil.
    /// (A recipe file's own problems are reported when it is read, located in the file.)
    static func unknownName(_ argument: String) -> String? {
        guard StrategyCatalog.builtIn.strategy(named: argument) == nil, !ScenarioLoader.isPath(argument) else { return nil }
        return StrategyProblem.unknownStrategy(argument, known: StrategyCatalog.builtIn.names).description
    }

    /// The strategy following `--id NAME`, or the reason it cannot (exit status 2: the name names nothing).
    static func following(_ name: String, _ strategy: Strategy, command: String) throws -> Strategy {
        guard let followed = strategy.following(name) else { throw ExitStatus.namesNothing(command, strategy.notFollowing(name)) }
        return followed
    }

    /// The strategy (and a recipe file's recipe), or the file's located errors on stderr and exit status 2.
    static func resolveOrExit(_ argument: String) throws -> (strategy: Strategy, recipe: Recipe?) {
        do {
            return try StrategyCatalog.resolve(argument)
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(ExitStatus.invalidInput)
        }
    }
}
