import Foundation
import Testing
import TestSupport

/// Bytes from a file reach no terminal raw, through any command, and a saved file still loads
/// (hardening, round 2).
@Suite("Control characters in names (the built binary)")
struct ControlCharactersCLITests {
    /// A recipe whose name would retitle the terminal, ring its bell and clear the screen: refused,
    /// the name shown in caret form.
    static let hostileName = #"""
        name: "a\0\a\e]0;owned\a\e[2J"
        stores:
          kc: { keychain: { service: com.acme.id, account: device, accessible: afterFirstUnlock } }
        id: [kc, uuid]
        save: [kc]
        """#

    /// A recipe whose summary and keychain service would do the same.
    static let hostileRecipe = #"""
        name: evil
        summary: "a\0\a\e]0;owned\a\e[2J"
        stores:
          kc: { keychain: { service: com.acme.id, account: device, accessible: afterFirstUnlock } }
        id: [kc, uuid]
        save: [kc]
        """#

    /// Control characters other than line feeds and tabs (a property list is indented with tabs).
    static func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test("a recipe name with control characters is refused, shown in caret form; explore and strategies show a recipe's other words in caret form; --save writes a file that loads")
    func exploreEscapesAndSavesLoadably() throws {
        let folder = TemporaryDirectory.make()
        let named = folder.appendingPathComponent("named.yaml")
        try Self.hostileName.write(to: named, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["explore", "--strategy", named.path, "--depth", "2"])
        #expect(refused.status == 2 && refused.stderr.contains("invalid recipe name 'a^@^G^[]0;owned^G^[[2J'"), "\(refused.stderr)")
        #expect(Self.rawControls(refused.stdout + refused.stderr).isEmpty)
        let recipe = folder.appendingPathComponent("evil.yaml")
        try Self.hostileRecipe.write(to: recipe, atomically: true, encoding: .utf8)
        let listed = try CLI.run(["strategies", recipe.path])
        #expect(listed.stdout.contains("a^@^G^[]0;owned^G^[[2J") && Self.rawControls(listed.stdout).isEmpty, "\(listed.stdout)")
        let arguments = ["explore", "--strategy", recipe.path, "--depth", "4", "--property", "stable", "--workers", "1"]
        let table = try CLI.run(arguments + ["--save", folder.appendingPathComponent("saved").path])
        #expect(table.status == 1, "stable breaks: \(table.stderr)")
        #expect(Self.rawControls(table.stdout).isEmpty, "\(table.stdout.debugDescription)")
        let markdown = try CLI.run(arguments + ["--format", "markdown"])
        #expect(Self.rawControls(markdown.stdout).isEmpty, "\(markdown.stdout.debugDescription)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("saved").path)
        let file = try #require(saved.first { $0.hasSuffix("-stable.yaml") })
        // The saved counterexample loads, and its last expectation fails as it should (1, not 2).
        let check = try CLI.run(["check", folder.appendingPathComponent("saved/\(file)").path])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(Self.rawControls(check.stdout + check.stderr).isEmpty)
    }

    @Test("manifest prints and checks with a hostile recipe's names, its manifest's keys and parse errors in caret form")
    func manifestEscapes() throws {
        let folder = TemporaryDirectory.make()
        let recipe = folder.appendingPathComponent("evil.yaml")
        try Self.hostileRecipe.write(to: recipe, atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("PrivacyInfo.xcprivacy")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSPrivacyTracking\u{1B}[2J</key><false/></dict></plist>
            """.write(to: manifest, atomically: true, encoding: .utf8)
        let checked = try CLI.run(["manifest", recipe.path, "--check", manifest.path])
        #expect(Self.rawControls(checked.stdout + checked.stderr).isEmpty, "\(checked.stdout.debugDescription)")
        #expect(checked.stdout.contains("NSPrivacyTracking^[[2J"), "\(checked.stdout)")
        let broken = folder.appendingPathComponent("broken.xcprivacy")
        try "<plist><dict><key>\u{1B}]0;x\u{07}".write(to: broken, atomically: true, encoding: .utf8)
        let unreadable = try CLI.run(["manifest", recipe.path, "--check", broken.path])
        #expect(unreadable.status == 1 && Self.rawControls(unreadable.stdout + unreadable.stderr).isEmpty,
                "\(unreadable.stdout.debugDescription)")
        let printed = try CLI.run(["manifest", recipe.path])
        #expect(Self.rawControls(printed.stdout + printed.stderr).isEmpty, "\(printed.stdout.debugDescription)")
    }
}
