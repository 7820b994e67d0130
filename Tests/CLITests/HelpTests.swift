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

    @Test("a golden file nobody committed is a difference, and is not written unless asked",
          .enabled(if: ProcessInfo.processInfo.environment["IDSCOPE_RECORD_SNAPSHOTS"] == nil, "recording golden files"))
    func missingGoldenFails() throws {
        let path = "Tests/CLITests/Help/never-recorded-\(UUID().uuidString).txt"
        let difference = try Golden.difference("text", file: path)
        #expect(difference?.contains("is missing") == true, "\(difference ?? "nil")")
        #expect(!FileManager.default.fileExists(atPath: GeneratedSection.root.appendingPathComponent(path).path))
    }
}
