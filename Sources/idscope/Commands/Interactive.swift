import ArgumentParser
import IDScenario

extension IDScope {
    /// The interactive inspector (the default command).
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Open the interactive inspector on a scenario (default: the built-in tour)."
        )

        @Argument(help: "A scenario file or built-in scenario name.", completion: .file(extensions: ["yaml", "yml"]))
        var scenario: String?

        @Flag(help: "Draw without colour (as NO_COLOR does).")
        var noColor = false

        @Flag(help: "Ignore the mouse.")
        var noMouse = false

        @Flag(help: "Draw boxes and marks in plain ASCII.")
        var ascii = false

        func run() throws {
            // Validate the scenario first, so a bad file is reported the same way everywhere.
            do {
                _ = try ScenarioLoader.load(scenario ?? "tour")
            } catch {
                for line in error.lines { Console.error(line) }
                throw ExitCode(ExitStatus.invalidScenario)
            }
            Console.error("idscope: the interactive inspector is not built yet; use 'idscope run \(scenario ?? "tour")' to print the scenario step by step")
            throw ExitCode(1)
        }
    }
}
