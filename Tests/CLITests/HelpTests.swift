import Foundation
import Testing
import TestSupport

/// Each command's whole `--help`, as users read it: a change to any option, default or sentence
/// shows here (swift-argument-parser's own examples test their help the same way).
@Suite("Help texts (the built binary)")
struct HelpTests {
    @Test("each command's --help is as recorded", arguments: ["", "inspect", "run", "check", "matrix", "explore", "export", "schema", "serve",
                                                             "scenarios", "strategies", "manifest", "rules"])
    func help(_ command: String) throws {
        // At the width a terminal of 80 columns gives, whatever runs the tests.
        let result = try CLI.run((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let difference = try Golden.difference(result.stdout, file: "Tests/CLITests/Help/\(command.isEmpty ? "idscope" : command).txt")
        #expect(difference == nil, "\(difference ?? "")")
    }

    static let groff = Host.tool("groff")

    /// `idscope manual` is the man page `make install` installs: groff renders it without a
    /// warning, with a section per subcommand and its text intact (non-ASCII included).
    @Test("idscope manual renders with groff, warning-free, a section per subcommand",
          .enabled(if: groff != nil, "groff is not installed (.ci/run installs it)"))
    func manualRenders() throws {
        let page = try CLI.run(["manual"])
        #expect(page.status == 0 && page.stderr.isEmpty)
        #expect(page.stdout.hasPrefix(".Dd ") && page.stdout.contains("\n.Dt IDSCOPE 1\n"))
        #expect(page.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "troff reads Latin-1: the page escapes the rest")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("idscope-\(UUID().uuidString).1")
        try page.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let groff = URL(fileURLWithPath: try #require(Self.groff))
        let rendered = try CLI.launch(groff, ["-mdoc", "-Tutf8", "-ww", "-P-cbou", file.path],
                                      environment: ["MANWIDTH": "100"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "groff warned: \(rendered.stderr)")
        let subcommands = ["inspect", "run", "check", "matrix", "explore", "export", "schema", "serve", "scenarios", "strategies",
                           "manifest", "rules", "manual"]
        for name in subcommands {
            #expect(rendered.stdout.contains("\n   idscope \(name)\n"), "no section for \(name)")
        }
        #expect(rendered.stdout.contains("EXIT STATUS") && rendered.stdout.contains("SHELL COMPLETION"))
        // The matrix's legend is in its help, symbols and all: they reach the reader as themselves.
        #expect(rendered.stdout.contains("∅ one gave none"))
    }

    @Test("a golden file nobody committed is a difference, and is not written unless asked",
          .enabled(if: ProcessInfo.processInfo.environment["IDSCOPE_RECORD_SNAPSHOTS"] == nil, "recording golden files"))
    func missingGoldenFails() throws {
        let path = "Tests/CLITests/Help/never-recorded-\(UUID().uuidString).txt"
        let difference = try Golden.difference("text", file: path)
        #expect(difference?.contains("is missing") == true, "\(difference ?? "nil")")
        #expect(!FileManager.default.fileExists(atPath: GeneratedSection.root.appendingPathComponent(path).path))
    }
}
