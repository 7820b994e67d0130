import ArgumentParser
import IDInspector
import IDReports
import IDScenario

extension IDScope {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export a scenario's story: a self-contained HTML page, or a recording of the presenter.",
            discussion: """
                html: one page with no external file and no network request (a Content-Security-Policy says so): \
                the devices and apps, each ID's values across the steps as a chart, and every step with its \
                narration, its changes and the rule behind each (linked to its source), duplicates, lost IDs and \
                verdicts marked, then the end. ← and → step through it in a browser; it prints.

                cast: an asciicast v2 recording of presenter mode walking the story, the setup to the end, one \
                screen every --interval seconds at --size (a step longer than the screen a page at a time), with a \
                marker at each step; play it with 'asciinema play FILE'. At most 2000 steps.

                The speaker's notes (speaker: on a step, presenterNotes) stay out unless --speaker-notes.

                Without -o the export goes to standard output.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case html, cast
        }

        @Argument(help: "A scenario file or built-in scenario name.", completion: .custom(ScenarioCompletion.scenarios))
        var scenario: String

        @Option(help: "What to export: html (a page) or cast (an asciicast v2 recording).")
        var format: Format

        @Option(name: [.short, .customLong("output")], help: "The file to write (standard output without it).", completion: .file())
        var output: String?

        @Option(help: "With --format cast: the terminal's size, COLSxROWS, from 80x24 to 500x200.")
        var size: TerminalSize?

        @Option(help: "With --format cast: seconds between steps (0.1 to 600).")
        var interval: Double?

        @Option(help: "Seed for every generated UUID, overriding the scenario's.")
        var seed: UInt64?

        @Flag(help: "Include the speaker's notes (each step's speaker: and the scenario's presenterNotes), which are left out by default.")
        var speakerNotes = false

        func validate() throws {
            if format == .html && (size != nil || interval != nil) {
                throw ValidationError("--size and --interval apply to --format cast only.")
            }
            if let size, !(80...500).contains(size.columns) || !(24...200).contains(size.rows) {
                throw ValidationError("--size \(size.columns)x\(size.rows): the columns must be 80 to 500 and the rows 24 to 200.")
            }
            if let interval, !(interval >= 0.1 && interval <= 600) {
                throw ValidationError("--interval \(interval): give seconds between steps, from 0.1 to 600.")
            }
            if let output, FileSaver.sameFile(scenario, output) {
                throw ValidationError("-o \(output) is the scenario being exported; refusing to overwrite it.")
            }
        }

        func export(_ loaded: Scenario) throws(RunError) -> String {
            switch format {
            case .html:
                return try HTMLPage.document(loaded, seed: seed, speakerNotes: speakerNotes)
            case .cast:
                // Refused before the story is replayed: a 100,000-step scenario would take a while to learn it.
                if loaded.steps.count > PresenterRecording.maxSteps {
                    let error = PresenterRecording.tooManySteps(loaded.steps.count, interval: interval ?? 3)
                    throw RunError(diagnostic: Diagnostic(file: loaded.file, line: 1, column: 1, message: error.description))
                }
                let session = try Session(loaded, seed: seed)
                let size = size ?? TerminalSize(columns: 80, rows: 24)
                do {
                    return try PresenterRecording.cast(session, width: size.columns, height: size.rows, interval: interval ?? 3,
                                                       speakerNotes: speakerNotes)
                } catch {
                    throw RunError(diagnostic: Diagnostic(file: loaded.file, line: 1, column: 1, message: error.description))
                }
            }
        }

        func run() throws {
            let loaded = try ScenarioArgument.loadOrExit(scenario)
            let text: String
            do {
                text = try export(loaded)
            } catch {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidInput)
            }
            guard let output else {
                try Console.write(text)
                return
            }
            do {
                try FileSaver.write(text, to: output)
            } catch {
                Console.error("\(output): error: cannot write the export: \(error.reason)")
                throw ExitCode(ExitStatus.ioError)
            }
        }
    }
}

/// `--size COLSxROWS`: a terminal's size, from the presenter's smallest (80×24) to 500×200.
struct TerminalSize: ExpressibleByArgument {
    var columns: Int
    var rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        // The range is checked by the command, which can say what is wrong.
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
        self.init(columns: columns, rows: rows)
    }

    static var defaultCompletionKind: CompletionKind { .list(["80x24", "100x30", "120x36"]) }
}
