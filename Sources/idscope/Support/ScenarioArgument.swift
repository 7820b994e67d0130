import ArgumentParser
import IDScenario

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
            throw ExitCode(ExitStatus.invalidScenario)
        }
    }
}
