import Foundation
import IDPlatform
import Testing
import TestSupport

/// Every path a user can give to save to, and every kind of file a user can give to read: each
/// saves or reads, or says why at once (hardening, round 2).
@Suite("Saving and reading any path (the built binary)")
struct SavingAndReadingCLITests {
    @Test("check --junit saves to a one-character name, ./x and a name with a newline, relative to the current folder")
    func relativeSaveNames() throws {
        let folder = TemporaryDirectory.make()
        for name in ["j", "9", "./x", "a\nb"] {
            let result = try CLI.run(["check", "tour", "--junit", name], in: folder)
            #expect(result.status == 0, "\(name.debugDescription): \(result.status) \(result.stderr)")
            let saved = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(saved.contains("<testsuites"), "\(name.debugDescription)")
        }
    }

    @Test("a save path that names no file says why, and writes nothing", arguments: [
        ("x/", "names a folder (it ends in /), not a file"), ("..", "is a directory"), (".", "is a directory"),
        ("", "no file name given"), ("missing/j", "cannot create a temporary file beside it: No such file or directory"),
    ])
    func unsavablePaths(_ path: String, _ reason: String) throws {
        let folder = TemporaryDirectory.make()
        let result = try CLI.run(["check", "tour", "--junit", path], in: folder)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the JUnit report: \(reason)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--junit /dev/stdout writes the report after the verdicts, into the file stdout goes to")
    func junitToStandardOutput() throws {
        let folder = TemporaryDirectory.make()
        let result = try CLI.shell("\"$0\" check tour --junit /dev/stdout > out.txt && cat out.txt", [], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("PASS tour: 8 expectations held\n<?xml"), "\(result.stdout.prefix(200))")
    }

    /// A FIFO in a fresh folder.
    static func fifo(_ name: String = "p.yaml") -> (folder: URL, path: String) {
        let folder = TemporaryDirectory.make()
        let path = folder.appendingPathComponent(name).path
        mkfifo(path, 0o600)
        return (folder, path)
    }

    @Test("a FIFO that no process writes to is refused at once by every reader, with its path", arguments: [
        ["run", "@"], ["check", "@"], ["matrix", "--strategy", "@"], ["manifest", "rndi", "--check", "@"],
        ["serve", "--key", "K1=@"], ["explore", "--strategy", "@", "--depth", "1"],
    ])
    func fifoWithoutWriter(_ arguments: [String]) throws {
        let (_, path) = Self.fifo()
        let result = try CLI.run(arguments.map { $0.replacingOccurrences(of: "@", with: path) }, timeout: 20)
        #expect(!result.timedOut, "\(arguments) waited for a writer")
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("\(path): error: is a FIFO (named pipe) that no process is writing to"), "\(result.stderr)")
    }

    @Test("a recipe file that is a FIFO with no writer is refused where the scenario names it")
    func recipeFifo() throws {
        let (folder, pipe) = Self.fifo("pipe.yaml")
        let scenario = folder.appendingPathComponent("s.yaml")
        try """
            name: pipe recipe
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: pipe.yaml }]
            steps: []
            """.write(to: scenario, atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", scenario.path], timeout: 20)
        #expect(!result.timedOut)
        #expect(result.status == 2 && result.stderr.contains("s.yaml:3:59: error: recipe file \(pipe): "), "\(result.stderr)")
        #expect(result.stderr.contains("is a FIFO (named pipe) that no process is writing to"), "\(result.stderr)")
    }

    @Test("a FIFO that a process writes to is read, as a pipe is")
    func fifoWithWriter() throws {
        let (folder, path) = Self.fifo()
        let tour = folder.appendingPathComponent("tour.yaml")
        try CLI.run(["scenarios", "tour"]).stdout.write(to: tour, atomically: true, encoding: .utf8)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", tour.path, path]
        try writer.run()
        defer { writer.terminate() }
        let result = try CLI.run(["run", path], timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("A tour of iOS identifiers"), "\(result.stdout.prefix(100))")
    }

    @Test("a device, a directory and a socket are refused as scenarios")
    func notFiles() throws {
        let null = try CLI.run(["run", "/dev/null"], timeout: 20)
        #expect(null.status == 2 && null.stderr == "/dev/null: error: is a device, not a scenario file\n", "\(null.stderr)")
        let folder = TemporaryDirectory.make()
        let directory = try CLI.run(["run", folder.path])
        #expect(directory.status == 2 && directory.stderr.contains("is a directory, not a scenario file"))
    }

    @Test("a save target that is a FIFO is refused before anything is opened for writing")
    func saveOntoFifo() throws {
        let (folder, path) = Self.fifo("report.xml")
        let result = try CLI.run(["check", "tour", "--junit", path], in: folder, timeout: 20)
        #expect(!result.timedOut, "opened the FIFO and waited for a reader")
        #expect(result.status == 74 && result.stderr.contains("is a FIFO (named pipe), not a regular file; save to a file"), "\(result.stderr)")
    }
}
