import ArgumentParser
import IDScenario

/// Loading the one scenario a command works on: a file path or a built-in name.
enum ScenarioArgument {
    /// The scenario, or its located errors on stderr and the contract's exit status 2.
    static func loadOrExit(_ argument: String) throws -> Scenario {
        do {
            return try ScenarioLoader.load(argument)
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(ExitStatus.invalidScenario)
        }
    }
}
