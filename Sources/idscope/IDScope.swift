import ArgumentParser
import IDPlatform
import IDReports
import IDScenario

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
        The man page: 'idscope manual'. Shell completions: 'idscope --generate-completion-script bash|zsh|fish'.

        \(ExitStatus.summary)
        """,
        version: IDScopeVersion.current,
        subcommands: [Interactive.self, Run.self, Check.self, Matrix.self, Explore.self, Export.self, Serve.self, Scenarios.self, Strategies.self, Manifest.self, Rules.self, Schema.self, Manual.self],
        defaultSubcommand: Interactive.self
    )

    /// Runs the command, then flushes its output: a write that fails, then or on the way, is
    /// one line on stderr and exit status 74.
    static func main() {
        // A reader that went away is a write error to report, not a silent death by SIGPIPE.
        // (The inspector installs its own handler, which restores the terminal first.)
        Platform.Signals.ignore(SIGPIPE)
        do {
            var command = try parseAsRoot()
            try command.run()
            try Console.flush()
        } catch {
            finish(after: error)
        }
    }

    /// Ends the process after what the command threw: help, the version and a completion script
    /// go to stdout through Console (so a full disk or a closed pipe is 74 there too); an error's
    /// message goes to stderr with the arguments it quotes made visible (`--format $'\e[31m'`).
    static func finish(after error: Error) -> Never {
        do { try Console.flush() } catch { Platform.exitProcess(ExitStatus.ioError) }
        let code = exitCode(for: error).rawValue
        let message = fullMessage(for: error)
        if code == 0 {
            do {
                if !message.isEmpty { try Console.out(message) }
                try Console.flush()
            } catch {
                Platform.exitProcess(ExitStatus.ioError)
            }
        } else if !message.isEmpty {
            Console.error(message, keepingNewlines: true)
        }
        Platform.exitProcess(code)
    }
}
