import ArgumentParser
import Foundation
import IDInspector
import IDPlatform
import IDScenario
import IDTerminal

extension IDScope {
    /// The interactive inspector (the default command).
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Open the interactive inspector on a scenario (default: the built-in tour)."
        )

        @Argument(help: "A scenario file or built-in scenario name.", completion: .custom(ScenarioCompletion.scenarios))
        var scenario: String?

        @OptionGroup var colour: ColourOption

        @Flag(help: "Ignore the mouse.")
        var noMouse = false

        @Flag(help: "Draw boxes and marks in plain ASCII.")
        var ascii = false

        func run() throws {
            let name = scenario ?? "tour"
            // A unique prefix of a built-in name opens it when no such file exists (`idscope b05`).
            let loaded = try ScenarioArgument.loadOrExit(name, allowingPrefix: true)
            let terminal: TerminalCheck.Choice
            do {
                terminal = try TerminalCheck.choose()
            } catch {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidInput)
            }
            let session: Session
            do {
                session = try Session(loaded)
            } catch {
                Console.error("\(loaded.file): error: \(error.description)")
                throw ExitCode(ExitStatus.invalidInput)
            }
            let colour = self.colour.inInspector
            var state = InspectorState(session: session, theme: Theme(colour: colour, ascii: ascii), mouse: !noMouse,
                                       path: ScenarioLoader.isPath(name) ? name : nil)
            if let note = terminal.note { state.status = Status(note) }
            let backend: CursesBackend
            do {
                backend = try CursesBackend(terminal: terminal, mouse: !noMouse, colour: colour)
            } catch {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidInput)
            }
            let environment = ProcessInfo.processInfo.environment
            // A deliberate crash on F11, only when the end-to-end tests ask for it, to prove a crash
            // leaves the terminal usable.
            let crashKey = environment["IDSCOPE_TEST_CRASH_KEY"] == "1"
            let loop = AppLoop(inspector: Inspector(state: state, files: DiskFiles()),
                               backend: crashKey ? CrashOnF11(backend) : backend,
                               onIdleProbe: environment["IDSCOPE_IDLE_PROBE"] == "1" ? IdleProbe().report : nil)
            loop.run()
            backend.close()
            if let status = CursesBackend.signalExitStatus { throw ExitCode(status) }
        }
    }
}

/// Passes everything through, but crashes on F11 (test hook, see IDSCOPE_TEST_CRASH_KEY).
final class CrashOnF11: TerminalBackend {
    let inner: TerminalBackend

    init(_ inner: TerminalBackend) {
        self.inner = inner
    }

    var size: (width: Int, height: Int) { inner.size }
    func draw(_ canvas: Canvas) { inner.draw(canvas) }

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent {
        let event = inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
        if event == .key(.function(11)) { fatalError("deliberate crash for the end-to-end test") }
        return event
    }
}

/// The end-to-end harness's idle signal (IDSCOPE_IDLE_PROBE=1): each time the inspector has
/// handled the probe key and drawn the frame after it, it sets the terminal's title to
/// `idscope-idle-N`. A terminal (tmux) reads what the program writes in order, so once the title
/// reads N, the frame drawn before it is on the terminal's screen: the harness never waits for
/// text that may already have been there before its keys were handled.
final class IdleProbe {
    var count = 0

    func report() {
        count += 1
        _ = Platform.writeAll(Array("\u{1B}]2;idscope-idle-\(count)\u{07}".utf8), to: STDOUT_FILENO)
    }
}

/// Scenario files on disk, saved the safe way (`FileSaver`).
struct DiskFiles: ScenarioFiles {
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    func read(_ path: String) throws -> String {
        do {
            return try ScenarioLoader.readText(path)
        } catch {
            throw DiskError(description: error.description)
        }
    }

    func write(_ text: String, to path: String) throws {
        guard !FileSaver.isOurTerminal(path) else {
            throw DiskError(description: "it is the terminal the inspector draws on; save to a file")
        }
        do {
            try FileSaver.write(text, to: path)
        } catch {
            throw DiskError(description: error.reason)
        }
    }

    func entries(of directory: String) -> [String] {
        let path = directory.isEmpty ? "." : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.map { name in
            var isDirectory: ObjCBool = false
            let full = (path as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && isDirectory.boolValue ? name + "/" : name
        }
    }

    struct DiskError: Error, CustomStringConvertible {
        var description: String
    }
}
