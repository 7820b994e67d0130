import ArgumentParser

/// idscope: an interactive inspector of how iOS identifiers live and die, and the headless
/// commands that run, check and compare scenarios.
@main
struct IDScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idscope",
        abstract: "Simulate how iOS identifiers (IDFV, IDFA, keychain GUIDs) live and die across app lifecycle events.",
        discussion: """
        Without a subcommand, opens the interactive inspector on a scenario (the built-in tour by default).
        A SCENARIO is a path to a .yaml/.yml file or the name of a built-in scenario (see 'idscope scenarios').
        """,
        version: "0.1.0",
        subcommands: [Interactive.self, Run.self, Check.self, Matrix.self, Scenarios.self, Rules.self],
        defaultSubcommand: Interactive.self
    )
}
