import Foundation
import IDPlatform
import IDScenario
import IDSim
import Testing
import TestSupport

/// Hostile input and broken outputs through the built binary.
@Suite("Hardening: the binary's outputs and exit codes", .serialized)
struct HardeningCLITests {
    static let outputCommands = [["run", "tour"], ["run", "tour", "--format", "jsonl"], ["check", "tour"], ["scenarios"], ["scenarios", "tour"],
                                 ["rules"], ["rules", "KC-19"], ["matrix"], ["export", "tour", "--format", "html"], ["export", "tour", "--format", "cast"]]

    @Test("every command reports a full stdout in one line and exits 74", .enabled(if: Host.hasDevFull, "this system has no /dev/full"))
    func fullOutput() throws {
        for arguments in Self.outputCommands {
            let full = try CLI.shell("\"$0\" \"$@\" > /dev/full", arguments)
            #expect(full.status == 74, "\(arguments): \(full.status) \(full.stderr)")
            #expect(full.stderr == "idscope: error: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
        // stdout and stderr both unusable: nothing to say, still the status.
        let neither = try CLI.shell("\"$0\" \"$@\" > /dev/full 2>&-", ["run", "tour"])
        #expect(neither.status == 74)
    }

    @Test("every command reports a closed stdout in one line and exits 74")
    func closedOutput() throws {
        for arguments in Self.outputCommands {
            let closed = try CLI.shell("\"$0\" \"$@\" >&-", arguments)
            #expect(closed.status == 74, "\(arguments): \(closed.status) \(closed.stderr)")
            #expect(closed.stderr == "idscope: error: cannot write to standard output: Bad file descriptor\n", "\(arguments)")
        }
    }

    @Test("control characters in scenario strings never reach the terminal raw: run, markdown and diagnostics")
    func escapeInjection() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("evil.yaml")
        try """
        name: "Evil \\e]0;pwned\\a title"
        description: "clear \\e[2J screen, clipboard \\e]52;c;ZXZpbA==\\a"
        devices:
          - { name: "ph\\eone", os: "17.5" }
        apps:
          - { bundle: com.acme.shop, team: ACME1234 }
        steps:
          - note: "bell \\a and \\x9b[31m C1 CSI"
          - { install: com.acme.shop, label: "l\\rx" }
        """.write(to: file, atomically: true, encoding: .utf8)
        for format in ["table", "markdown"] {
            let result = try CLI.run(["run", file.path, "--format", format])
            #expect(result.status == 0)
            let bytes = Array(result.stdout.utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x0D), "\(format)")
            #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(format)")
            // In markdown the caret form's `[` and `]` are escaped too, and `<`, `>` are entities.
            let title = format == "markdown" ? "Evil ^\\[\\]0;pwned^G title" : "Evil ^[]0;pwned^G title"
            let csi = format == "markdown" ? "&lt;U+009B&gt;\\[31m" : "<U+009B>[31m"
            #expect(result.stdout.contains(title) && result.stdout.contains(csi), "\(format): \(result.stdout)")
        }
        // A CR or LF in an echoed name does not split the error line.
        try """
        name: t
        devices:
          - { name: phone, os: "17.5" }
        apps:
          - { bundle: com.acme.shop, team: ACME1234 }
        steps:
          - install: "com.acme\\r\\nshop\\e[2J"
        """.write(to: file, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["run", file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr == "\(file.path):7:14: error: unknown app 'com.acme^M^Jshop^[[2J'; did you mean 'com.acme.shop'?\n", "\(bad.stderr)")
    }

    // MARK: - Files

    @Test("--junit refuses the scenario being checked, writes into a device, and names a directory as one")
    func junitTargets() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("s.yaml")
        try ScenarioLibrary.text(named: "b01-reinstall-resets-idfv")!.write(to: file, atomically: true, encoding: .utf8)
        let same = try CLI.run(["check", file.path, "--junit", file.path])
        #expect(same.status == 64 && same.stderr.contains("is the scenario \(file.path) being checked"))
        #expect(try String(contentsOf: file, encoding: .utf8) == ScenarioLibrary.text(named: "b01-reinstall-resets-idfv"))
        let device = try CLI.run(["check", "tour", "--junit", "/dev/stdout"])
        #expect(device.status == 0 && device.stdout.contains("<testsuites name=\"idscope check\""))
        let directory = try CLI.run(["check", "tour", "--junit", dir.path])
        #expect(directory.status == 74)
        #expect(directory.stderr == "\(dir.path): error: cannot write the JUnit report: is a directory\n")
    }

    // MARK: - Input accepted without a word

    @Test("--seed takes the file's range, up to 2^64−1")
    func seedRange() throws {
        let cli = try CLI.run(["run", "b01-reinstall-resets-idfv", "--seed", "18446744073709551615"])
        #expect(cli.status == 0)
    }

    @Test("the size-limit error is located like every other error")
    func sizeLimitLocated() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("huge.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: ScenarioLimits.maxBytes + 10).write(to: file)
        let result = try CLI.run(["run", file.path])
        #expect(result.status == 2)
        #expect(result.stderr == "\(file.path):1:1: error: the file is 8388618 bytes; scenarios are limited to 8388608 bytes (8 MiB)\n")
    }
}

/// One exit-code vocabulary, and argument errors that say why with the arguments made visible.
@Suite("Exit codes and argument errors (the built binary)")
struct ExitCodeCLITests {
    @Test("an argument that names nothing exits 2 in every command", arguments: [
        ["run", "nope"], ["check", "nope"], ["matrix", "--strategy", "nope"], ["matrix", "--scenario", "nope"],
        ["explore", "--strategy", "nope"], ["manifest", "nope"], ["strategies", "nope"], ["scenarios", "nope"], ["rules", "NOPE-1"],
    ])
    func namesNothing(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("nope") || result.stderr.contains("NOPE"))
    }

    @Test("a malformed argument keeps the parser's 64, with its control characters made visible")
    func malformedArgument() throws {
        let result = try CLI.run(["run", "tour", "--format", "\u{1B}[31m\u{07}"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("The value '^[[31m^G' is invalid for '--format <format>'"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
    }

    @Test("help, the version and completion scripts report a full stdout with 74", .enabled(if: Host.hasDevFull, "this system has no /dev/full"),
          arguments: [["--help"], ["--version"], ["help", "run"], ["run", "--help"], ["--generate-completion-script", "bash"]])
    func helpOnAFullDisk(_ arguments: [String]) throws {
        let full = try CLI.shell("\"$0\" \"$@\" > /dev/full", arguments)
        #expect(full.status == 74, "\(arguments): \(full.status) \(full.stderr)")
        #expect(full.stderr == "idscope: error: cannot write to standard output: No space left on device\n")
        let closed = try CLI.shell("\"$0\" \"$@\" >&-", arguments)
        #expect(closed.status == 74, "\(arguments): \(closed.status) \(closed.stderr)")
    }

    @Test("serve that cannot listen exits 69, which its help names")
    func cannotServe() throws {
        // A port this test holds.
        let (listener, port) = try loopbackListener()
        defer { close(listener) }
        let result = try CLI.run(["serve", "--no-auth", "--port", "\(port)"], timeout: 60)
        #expect(result.status == 69, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("cannot serve on 127.0.0.1:\(port)"))
        #expect(try CLI.run(["serve", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ").contains("Exit status 69 when it cannot listen"))
        #expect(try CLI.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ").contains("69 serve cannot listen"))
    }
}

/// Issue 50 items 7 and 12: what a scenario says reaches a Markdown ticket as text, never as HTML
/// or Markdown; a search that can reach no state is an argument that names nothing.
@Suite("Hardening, round 3 (the built binary)")
struct HardeningRound3CLITests {
    @Test("run --format markdown: no raw HTML, no forged Markdown, code spans fenced longer than any backquote run")
    func markdownTicketIsText() throws {
        let file = TemporaryDirectory.make().appendingPathComponent("ticket.yaml")
        try """
        name: "pixel <img src=http://x/t.png> `code` here"
        description: |
          **Failed:** none
          <!-- the rest is hidden
          # not a heading
        devices:
          - { name: "<b>phone</b>", os: "17.5" }
        apps:
          - { bundle: com.acme.shop, team: ACME1234 }
        steps:
          - note: "a ``` fence and a [link](http://x) & more"
          - install: com.acme.shop
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", file.path, "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        // The scenario itself closes the ticket in a fenced block, as written (a fence shows its
        // text raw): the rest is text with nothing raw in it.
        let parts = result.stdout.components(separatedBy: "### The scenario, to replay")
        try #require(parts.count == 2, "\(result.stdout)")
        let out = parts[0]
        #expect(!out.contains("<img") && !out.contains("<b>") && !out.contains("<!--"), "\(out)")
        let fenceLines = parts[1].split(separator: "\n").filter { $0.hasPrefix("```") }
        try #require(fenceLines.count == 2, "\(parts[1])")
        let fence = fenceLines[1]
        #expect(fenceLines[0] == fence + "yaml", "\(fenceLines)")
        let longestRun = parts[1].components(separatedBy: fence).dropFirst().first.map { body in
            body.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0 } ?? .max
        #expect(fence.count > longestRun, "the fence \(fence) is longer than any backquote run in the scenario")
        #expect(parts[1].contains("name: \"pixel <img src=http://x/t.png> `code` here\""), "the scenario replays as written")
        #expect(out.contains("&lt;img src=http://x/t.png&gt;") && out.contains("&lt;!--") && out.contains("&lt;b&gt;phone&lt;/b&gt;"), "\(out)")
        #expect(out.contains("\\*\\*Failed:\\*\\* none") && !out.contains("\n**Failed:** none"), "\(out)")
        #expect(out.contains("\n\\# not a heading"), "\(out)")
        #expect(out.contains("\\`\\`\\` fence") && out.contains("\\[link\\](http://x) &amp; more"), "\(out)")
    }

    @Test("explore --events with no event, or events that lead nowhere from the start, is exit 2 with the reason")
    func vacuousSearchIsInvalid() throws {
        for events in ["", ",,,"] {
            let run = try CLI.run(["explore", "--strategy", "rndi", "--events", events, "--depth", "3"])
            #expect(run.status == 2 && run.stderr.contains("--events names no event"), "\(events): \(run.stderr)")
        }
        let launchOnly = try CLI.run(["explore", "--strategy", "rndi", "--events", "launch", "--depth", "3"])
        #expect(launchOnly.status == 2 && launchOnly.stderr.contains("no action applies from the start with --events launch"), "\(launchOnly.stderr)")
        #expect(launchOnly.stdout.isEmpty)
    }

    @Test("explore --save into a dangling link, or where a break's file name is a folder: a sentence on stderr each, the table printed, exit 74")
    func saveFailuresKeepTheTable() throws {
        let folder = TemporaryDirectory.make()
        let link = folder.appendingPathComponent("dangling").path
        symlink(folder.appendingPathComponent("nowhere/deeper").path, link)
        let dangling = try CLI.run(["explore", "--strategy", "rndi", "--events", "install,launch,reboot", "--depth", "4", "--property", "stable",
                                    "--workers", "1", "--save", link])
        #expect(dangling.status == 74 && dangling.stderr.contains("is a symbolic link to") && !dangling.stderr.contains("NSCocoaErrorDomain"),
                "\(dangling.stderr)")
        let saves = folder.appendingPathComponent("saves")
        try FileManager.default.createDirectory(at: saves.appendingPathComponent("rndi-stable.yaml"), withIntermediateDirectories: true)
        let blocked = try CLI.run(["explore", "--strategy", "rndi", "--events", "install,launch,reboot", "--depth", "4", "--property", "stable",
                                   "--workers", "1", "--save", saves.path])
        #expect(blocked.status == 74, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("cannot save \(saves.appendingPathComponent("rndi-stable.yaml").path): is a directory"), "\(blocked.stderr)")
        #expect(blocked.stdout.contains("rndi      stable     breaks in 4"), "the table is printed: \(blocked.stdout)")
        #expect(FileManager.default.fileExists(atPath: saves.appendingPathComponent("rndi-stable-fix1.yaml").path), "the other files are saved")
    }
}
