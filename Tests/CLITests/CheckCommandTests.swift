@testable import IDScenario
import Foundation
import IDReports
import IDSim
import TestSupport
import Testing

@Suite("idscope check, run, scenarios, rules, matrix (the built binary)", .serialized)
struct CheckCommandTests {
    @Test("check on the whole library exits 0")
    func wholeLibraryPasses() throws {
        let result = try CLI.run(["check"] + ScenarioLibrary.names)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == ScenarioLibrary.names.count)
    }

    @Test("check on a copy with one expectation flipped exits 1 and names it; JUnit records it")
    func flippedExpectationFails() throws {
        let dir = TemporaryDirectory.make()
        let text = ScenarioLibrary.text(named: "b01-reinstall-resets-idfv")!
        let flipped = text.replacingOccurrences(of: "idfv: changed", with: "idfv: unchanged")
        #expect(flipped != text)
        let file = dir.appendingPathComponent("flipped.yaml")
        try flipped.write(to: file, atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("report.xml")
        let result = try CLI.run(["check", file.path, "tour", "--junit", junit.path])
        #expect(result.status == 1)
        let line = flipped.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("idfv: unchanged") }! + 1
        #expect(result.stdout.contains("FAIL \(file.path): 1 check failed"))
        #expect(result.stdout.contains("\(file.path):\(line):5: step 7: idfv: expected unchanged, got changed from"), "\(result.stdout)")
        #expect(result.stdout.contains("PASS tour"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"idscope check\" tests=\"9\" failures=\"1\" errors=\"0\">"))
        #expect(xml.contains("<failure message=\"step 7: idfv: expected unchanged, got changed from"))
        // The case is named by what it checks, with its file and line for the CI server's link.
        #expect(xml.contains("name=\"expect com.acme.shop on phone: idfv unchanged, guid sameAs first\" file=\"\(file.path)\" line=\"\(line)\""),
                "\(xml)")
    }

    @Test("JUnit case names survive an inserted step: the same names before and after, none carrying a step number")
    func stableCaseNames() throws {
        let dir = TemporaryDirectory.make()
        let text = ScenarioLibrary.text(named: "tour")!
        let inserted = text.replacingOccurrences(of: "steps:\n", with: "steps:\n  - note: A step inserted at the start.\n")
        #expect(inserted != text)
        let original = dir.appendingPathComponent("tour.yaml"), moved = dir.appendingPathComponent("moved.yaml")
        try text.write(to: original, atomically: true, encoding: .utf8)
        try inserted.write(to: moved, atomically: true, encoding: .utf8)
        func names(_ file: URL) throws -> [String] {
            let junit = dir.appendingPathComponent(file.lastPathComponent + ".xml")
            let result = try CLI.run(["check", file.path, "--junit", junit.path])
            #expect(result.status == 0, "\(result.stdout)")
            let xml = try String(contentsOf: junit, encoding: .utf8)
            return xml.split(separator: "\n").compactMap { line in
                guard let start = line.range(of: "<testcase classname=\""), let name = line.range(of: " name=\"", range: start.upperBound..<line.endIndex),
                      let end = line.range(of: "\"", range: name.upperBound..<line.endIndex) else { return nil }
                return String(line[name.upperBound..<end.lowerBound])
            }
        }
        let before = try names(original), after = try names(moved)
        #expect(before.count == 8 && before == after, "\(before)\n\(after)")
        #expect(Set(before).count == before.count, "names are unique in a suite")
        #expect(!before.contains { $0.range(of: "step [0-9]", options: .regularExpression) != nil })
    }

    @Test("an invalid scenario exits 2 with FILE:LINE:COLUMN lines; a missing file or a directory is one clear line")
    func invalidInput() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("bad.yaml")
        try "name: x\ndevices:\n  - { name: phone, os: \"17.5\" }\napps:\n  - { bundle: com.a.b, team: T1 }\nsteps:\n  - instal: com.a.b\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(file.path):7:5: error: unknown event 'instal'; did you mean 'install'?"))
        let missing = try CLI.run(["run", dir.appendingPathComponent("nope.yaml").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "\(dir.path)/nope.yaml: error: no such file")
        let directory = try CLI.run(["run", dir.path + "/"])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("is a directory"))
        let unknown = try CLI.run(["run", "tuor"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'tour'?"))
    }

    @Test("run prints a table, markdown or jsonl; the same seed gives the same bytes")
    func runFormats() throws {
        let table = try CLI.run(["run", "b01-reinstall-resets-idfv"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("▲ idfv:phone:team:ACME1234"))
        #expect(table.stdout.contains("✔ guid same as 'first': C34D…3CA5"), "an expectation shows what it compared")
        #expect(!table.stdout.contains("\u{1B}["), "no colour when piped or with NO_COLOR")
        let markdown = try CLI.run(["run", "b01-reinstall-resets-idfv", "--format", "markdown"])
        #expect(markdown.stdout.contains("### Steps\n\n**1. install com.acme.shop** on phone\n  - ▲ app:phone:com.acme.shop absent → installed"))
        #expect(!markdown.stdout.contains("<br>"))
        let a = try CLI.run(["run", "tour", "--format", "jsonl", "--seed", "42"])
        let b = try CLI.run(["run", "tour", "--format", "jsonl", "--seed", "42"])
        #expect(a.status == 0 && a.stdout == b.stdout && !a.stdout.isEmpty)
        let c = try CLI.run(["run", "tour", "--format", "jsonl"])
        #expect(c.stdout != a.stdout, "another seed gives other IDs")
        let full = try CLI.run(["run", "b01-reinstall-resets-idfv", "--full"])
        #expect(full.stdout.range(of: "[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}", options: .regularExpression) != nil)
    }

    @Test("run --format markdown is a whole bug report: the name, the seed, the file, each strategy, a recipe file's recipe, the failed step")
    func markdownBugReport() throws {
        let folder = TemporaryDirectory.make()
        let recipe = try String(contentsOf: GeneratedSection.root.appendingPathComponent(BuiltInSource.folder + "/recipes/device-info-plus.yaml"),
                                encoding: .utf8).replacingOccurrences(of: "name: device-info-plus", with: "name: our-idfv")
        try recipe.write(to: folder.appendingPathComponent("our-idfv.yaml"), atomically: true, encoding: .utf8)
        try """
            name: reinstall bug
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: our-idfv.yaml }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
              - expect: { app: com.acme.shop, id: { sameAs: first } }
            """.write(to: folder.appendingPathComponent("bug.yaml"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("bug.yaml").path
        let result = try CLI.run(["run", path, "--format", "markdown", "--seed", "9"])
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.hasPrefix("## reinstall bug\n"))
        #expect(text.contains("**1 of 1 expectation failed.**"))
        // What failed comes first, with the values it compared in full.
        let failed = try #require(text.range(of: "### What failed"))
        let environment = try #require(text.range(of: "### Environment"))
        let steps = try #require(text.range(of: "### Steps"))
        #expect(failed.lowerBound < environment.lowerBound && environment.lowerBound < steps.lowerBound)
        #expect(text.contains("- **Step 6** (line 11): expect com.acme.shop on phone\n  - ✘ id: expected same as 'first', got `"))
        let uuid = "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"
        #expect(text.range(of: "got `" + uuid + ", at first it was " + uuid + "`", options: .regularExpression) != nil, "\(text)")
        // The environment: idscope's version, the seed, the profile, the devices' iOS, the strategies.
        #expect(text.contains("- idscope \(IDScopeVersion.current), seed 9\n- OS profile: default\n- Scenario: `\(path)`\n"))
        #expect(text.contains("- Device phone: iphone, iOS 17.5"))
        #expect(text.contains("- App com.acme.shop (team ACME1234): strategy our-idfv"))
        // A lost ID is said as a finding, beside the failure it explains.
        #expect(text.contains("### IDs duplicated or lost"))
        #expect(!text.contains("<br>") && !text.contains("<"), "no HTML")
        // The scenario in the ticket replays: check it, and the same expectation fails at the same step.
        let block = try #require(text.range(of: "```yaml\n").map { text[$0.upperBound...] })
        let yaml = String(block[..<block.range(of: "\n```")!.lowerBound])
        #expect(yaml.contains("recipes:\n  \"our-idfv\":\n"))
        let replay = folder.appendingPathComponent("replay.yaml")
        try yaml.write(to: replay, atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", replay.path])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("step 6: id: expected sameAs first"), "\(check.stdout)")
    }

    @Test("check warns about what runs but cannot do what it says, and still passes: a synchronizable ThisDeviceOnly item")
    func warnings() throws {
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("sync.yaml")
        try """
            name: sync this-device-only
            accounts: [{ id: alice }]
            devices: [{ name: phone, os: "17.5", appleID: alice }]
            recipes:
              synced:
                stores: { kc: { keychain: { account: id, synchronizable: true, accessible: afterFirstUnlockThisDeviceOnly } } }
                id: [kc, uuid]
                save: [kc]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: synced }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - launch: com.acme.shop
              - expect: { app: com.acme.shop, id: { differsFrom: first }, values: { kc: nil } }
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["check", file.path])
        #expect(result.status == 0 && result.stdout.hasPrefix("PASS "))
        #expect(result.stderr == file.path + ":6:62: warning: a synchronizable item cannot have the ThisDeviceOnly class afterFirstUnlockThisDeviceOnly: "
                + "every add fails with errSecParam (-50), so nothing is stored or synced and the ID is new at every launch (KC-18)\n")
    }

    @Test("scenarios lists the library and prints one; rules lists and explains rules")
    func listings() throws {
        let list = try CLI.run(["scenarios"])
        #expect(list.stdout.hasPrefix("tour"))
        let one = try CLI.run(["scenarios", "tour"])
        #expect(one.stdout == ScenarioLibrary.text(named: "tour"))
        let rules = try CLI.run(["rules"])
        #expect(rules.stdout.split(separator: "\n").count == RuleID.allCases.count)
        let rule = try CLI.run(["rules", "kc-19"])
        #expect(rule.stdout.hasPrefix("KC-19: keychain items outlive the app"))
        #expect(rule.stdout.contains("source: https://developer.apple.com/forums/thread/36442"))
        let wrong = try CLI.run(["rules", "KC-91"])
        #expect(wrong.status == 2 && wrong.stderr.contains("did you mean"))
    }

    @Test("matrix prints the strategies × cases table and accepts scenario columns")
    func matrix() throws {
        let all = try CLI.run(["matrix"])
        #expect(all.status == 0)
        let lines = all.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // The default fits 120 columns, headings at least two spaces apart, abbreviations spelt out.
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.map(\.count).max()!) columns")
        #expect(lines[0].hasPrefix("strategy  ") && lines[0].contains("reinst  del-all  erase"))
        #expect(lines.contains { $0.hasPrefix("keychain-idfv           =       =") }, "\(all.stdout)")
        #expect(lines.contains { $0.hasPrefix("firebase-installations  Δ") }, "built-in recipes are rows too")
        #expect(!all.stdout.contains("-twin"), "twins are left out by default")
        #expect(all.stdout.contains("  del-all  delete-all-vendor-apps: delete all the vendor's apps, reinstall"))
        let markdown = try CLI.run(["matrix", "--format", "markdown", "--strategy", "rndi"])
        #expect(markdown.stdout.hasPrefix("| strategy | reinstall | delete-all-vendor-apps |"))
        let some = try CLI.run(["matrix", "--strategy", "zbuuid", "--scenario", "erase", "--scenario", "b01-reinstall-resets-idfv",
                                "--format", "jsonl"])
        #expect(some.stdout == "{\"strategy\": \"zbuuid\", \"cells\": {\"erase\": \"Δ\", \"b01-reinstall-resets-idfv\": \"Δ\"}}\n")
        let bad = try CLI.run(["matrix", "--strategy", "zbuid"])
        #expect(bad.status == 2 && bad.stderr.contains("did you mean 'zbuuid'?"), "a name that names nothing: \(bad.status)")
    }

    @Test("matrix --scenario: the recipe the scenario's apps use is a row, and the legend says what a scenario cell compares")
    func matrixScenarioRecipe() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("ours.yaml")
        try """
            name: our recipe across a reinstall
            devices: [{ name: phone, os: "17.5" }]
            recipes:
              ours:
                stores: { prefs: { defaults: { key: ourID } } }
                id: [prefs, uuid]
                overwrite: [prefs]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: ours }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
            """.write(to: file, atomically: true, encoding: .utf8)
        let table = try CLI.run(["matrix", "--strategy", "rndi", "--scenario", file.path], environment: ["NO_COLOR": ""])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map(String.init)
        // UserDefaults go with the app (CT-23): our recipe's ID is new after the reinstall; rndi's keychain copy stays.
        #expect(rows.contains { $0.hasPrefix("ours ") && $0.hasSuffix("Δ") }, "\(table.stdout)")
        #expect(rows.contains { $0.hasPrefix("rndi ") && $0.hasSuffix("=") }, "\(table.stdout)")
        #expect(table.stdout.contains("a scenario column follows its first app through every launch"))
    }

    @Test("matrix escapes the names it prints in JSON")
    func matrixJSON() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("we\"ird\\name.yaml")
        try ScenarioLibrary.text(named: "b01-reinstall-resets-idfv")!.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["matrix", "--strategy", "rndi", "--scenario", file.path, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.split(separator: "\n")[0].utf8)) as? [String: Any]
        #expect((object?["cells"] as? [String: String])?[file.path] != nil)
    }

    @Test("check says when a scenario has no expectations; --strict fails it")
    func noExpectations() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("none.yaml")
        try """
            name: nothing to check
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234 }]
            steps:
              - install: com.acme.shop
            """.write(to: file, atomically: true, encoding: .utf8)
        let plain = try CLI.run(["check", file.path])
        #expect(plain.status == 0 && plain.stdout.contains("NONE \(file.path): no expectations, so nothing was checked"))
        let strict = try CLI.run(["check", "--strict", file.path, "b01-reinstall-resets-idfv"])
        #expect(strict.status == 1 && strict.stdout.contains("FAIL \(file.path): no expectations"))
        #expect(strict.stdout.contains("PASS b01-reinstall-resets-idfv"))
    }

    @Test("check and matrix never colour their output in a pipe")
    func noColourInAPipe() throws {
        let piped = try CLI.run(["check", "b01-reinstall-resets-idfv"], environment: ["NO_COLOR": ""])
        #expect(piped.stdout.hasPrefix("PASS ") && !piped.stdout.contains("\u{1B}["))
        let pipedMatrix = try CLI.run(["matrix", "--strategy", "rndi", "--scenario", "erase"], environment: ["NO_COLOR": ""])
        #expect(pipedMatrix.stdout.contains("Δ") && !pipedMatrix.stdout.contains("\u{1B}["))
    }

    @Test("check and matrix colour PASS and FAIL on a terminal", .enabled(if: Host.utilLinuxScript != nil, "util-linux script(1) is not installed"))
    func colourOnATerminal() throws {
        let script = URL(fileURLWithPath: try #require(Host.utilLinuxScript))
        // script(1) runs the command on a pseudo-terminal and copies what it wrote.
        let command = "NO_COLOR= '\(CLI.binary.path)' check b01-reinstall-resets-idfv"
        let onTerminal = try CLI.launch(script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": ""])
        #expect(onTerminal.stdout.contains("\u{1B}[32mPASS\u{1B}[0m"), "\(onTerminal.stdout.debugDescription)")
        let asked = try CLI.launch(script, ["-qec", command + " --no-color", "/dev/null"], environment: ["NO_COLOR": ""])
        #expect(asked.stdout.contains("PASS") && !asked.stdout.contains("\u{1B}["))
        let matrix = "NO_COLOR= '\(CLI.binary.path)' matrix --strategy rndi --scenario erase"
        let colouredMatrix = try CLI.launch(script, ["-qec", matrix, "/dev/null"], environment: ["NO_COLOR": ""])
        #expect(colouredMatrix.stdout.contains("\u{1B}[33mΔ\u{1B}[0m"), "\(colouredMatrix.stdout.debugDescription)")
    }

    @Test("completion scripts come from the argument parser")
    func completions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("idscope"), "\(shell)")
        }
        // The scripts call back into idscope for built-in names, strategies and rule IDs.
        // The call the bash script makes: the argument, the word index, the cursor, then the words.
        func complete(_ command: String, _ argument: String, _ words: [String]) throws -> [String] {
            let index = String(words.count - 1), cursor = String(words.last!.count)
            let result = try CLI.run(["---completion", command, "--", argument, index, cursor] + words)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete("run", "positional@0", ["idscope", "run", "b0"]).contains("b05-icloud-restore-duplicates"))
        #expect(try complete("matrix", "--strategy", ["idscope", "matrix", "--strategy", "key"]) == ["keychain-idfv", "keychain-idfv-twin"])
        #expect(try complete("rules", "positional@0", ["idscope", "rules", "kc-2"]).contains("KC-22a"))
    }
}
