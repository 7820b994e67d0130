import Foundation
import IDReports
import IDScenario
import IDSim
import IDStrategies
import TestSupport
import Testing

/// Thousands of seeded mutations of valid scenarios: none may crash, and each ends either in a
/// run or in located errors.
@Suite("Scenario fuzzing")
struct FuzzTests {
    @Test("thousands of mutations never crash and always end in a run or located errors")
    func mutations() throws {
        // Every built-in scenario, and a recipe that uses every key (the recipe parser's share).
        let sources = ScenarioLibrary.names.map { ($0, ScenarioLibrary.text(named: $0)!) } + [("recipe", ScenarioMutator.recipeSeed)]
        var rng = SeededGenerator(seed: 2024)
        var ran = 0, rejected = 0, withControls = 0
        for round in 0..<3_000 {
            let (name, text) = sources[round % sources.count]
            var bytes = ScenarioMutator.mutate(text, &rng)
            if rng.next() % 4 == 0 { bytes = Array(String(decoding: ScenarioMutator.mutate(String(decoding: bytes, as: UTF8.self), &rng), as: UTF8.self).utf8) }
            let file = "\(name)#\(round)"
            do {
                let text = try ScenarioLoader.decode(bytes, file: file)
                let scenario = try ScenarioParser.parse(text, file: file)
                // What `run` prints: no control character of the file's reaches it raw.
                let writer = TableWriter(style: .table, colour: false, full: false)
                var printed = writer.header(scenario, seed: scenario.seed)
                try Session.run(scenario) { printed += writer.row($0) }
                let raw = printed.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
                #expect(raw == nil, "round \(round): \(raw.map { String($0.value, radix: 16) } ?? "") printed raw")
                // (A scenario with a control character in a string writes it as a JSON escape.)
                if ScenarioWriter.yaml(scenario).contains("\\u00") { withControls += 1 }
                ran += 1
            } catch let error as ScenarioLoader.LoadError {
                rejected += 1
                #expect(!error.lines.isEmpty)
                for line in error.lines { #expect(line.hasPrefix(file + ":"), "\(line)") }
            } catch let error as ScenarioError {
                rejected += 1
                #expect(!error.diagnostics.isEmpty, "round \(round): an error without a diagnostic")
                for d in error.diagnostics { #expect(d.line >= 1 && d.column >= 1 && !d.message.isEmpty, "round \(round): \(d)") }
            } catch let error as RunError {
                rejected += 1
                #expect(error.diagnostic.line >= 1, "round \(round): \(error)")
            }
        }
        #expect(ran > 300 && rejected > 1_000, "ran \(ran), rejected \(rejected)")
        #expect(withControls >= 5, "runs with control characters in a name: \(withControls)")
    }

    @Test("the recipe seed is valid and runs: the fuzzing starts from every recipe key")
    func recipeSeedRuns() throws {
        let scenario = try ScenarioParser.parse(ScenarioMutator.recipeSeed, file: "seed.yaml")
        var failures = 0
        try Session.run(scenario) { failures += $0.failures.count }
        #expect(failures == 0 && scenario.recipes.first?.stores.count == 6)
        // The second recipe carries the keys issue 32 added: several IDs, a migration, conditions, checks, a server,
        // entries of a keyed file.
        let sdk = try #require(scenario.recipes.last)
        #expect(sdk.ids.map(\.name) == ["anonymous", "user", "assigned", "advertiser"] && sdk.primary == 1 && sdk.migrate.count == 1)
        // And those of issue 48: calls, a store kept per supplied value, an IDFA source keeping zeros, a per-ID cache.
        #expect(sdk.calls.map(\.name) == ["login", "reset"] && sdk.stores.contains { $0.keyedBy == "login" })
        #expect(sdk.ids[3].sources.first?.keepsZeros == true && sdk.ids[3].cache == .process)
        // Two entries of one keyed file.
        #expect(sdk.stores.filter { if case .file(_, _, _, .some, _) = $0.kind { true } else { false } }.count == 2)
        #expect(sdk.ids[2].sources.last?.reissueOn == .reinstall, "a server that keeps a record")
    }

    @Test("mutated recipes never crash and always end in a run or located errors")
    func recipeMutations() throws {
        var rng = SeededGenerator(seed: 77_001)
        var ran = 0, rejected = 0
        for round in 0..<1_500 {
            let bytes = ScenarioMutator.mutate(ScenarioMutator.recipeSeed, &rng)
            let file = "recipe#\(round)"
            do {
                let text = try ScenarioLoader.decode(bytes, file: file)
                try Session.run(try ScenarioParser.parse(text, file: file))
                ran += 1
            } catch let error as ScenarioLoader.LoadError {
                rejected += 1
                for line in error.lines { #expect(line.hasPrefix(file + ":"), "\(line)") }
            } catch let error as ScenarioError {
                rejected += 1
                #expect(!error.diagnostics.isEmpty)
                for d in error.diagnostics { #expect(d.line >= 1 && d.column >= 1 && !d.message.isEmpty, "round \(round): \(d)") }
            } catch let error as RunError {
                rejected += 1
                #expect(error.diagnostic.line >= 1)
            }
        }
        #expect(ran > 100 && rejected > 300, "ran \(ran), rejected \(rejected)")
    }

    @Test("invalid UTF-8 in a file is located at its byte")
    func invalidUTF8() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("bad.yaml")
        try Data(Array("name: ok\ndevices: \u{00E9}".utf8) + [0xFF]).write(to: file)
        do {
            _ = try ScenarioLoader.loadFile(file.path)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.lines == ["\(file.path):2:11: error: invalid UTF-8 (byte 20)"])
        }
    }

    @Test("a file whose reading fails is one clear line (works as root too)", .enabled(if: Host.hasProc, "this system has no /proc"))
    func readFails() {
        // /proc/self/mem opens but reading its first page fails (nothing is mapped at address 0).
        do {
            _ = try ScenarioLoader.loadFile("/proc/self/mem")
            Issue.record("read a file that cannot be read")
        } catch {
            #expect(error.lines.count == 1)
            #expect(error.lines.first?.hasPrefix("/proc/self/mem: error: cannot be read") == true, "\(error.lines)")
        }
    }

    @Test("unreadable files are one clear line", .enabled(if: getuid() != 0, "running as root, who can read any file"))
    func unreadable() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("secret.yaml")
        try "name: x".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0)
        #expect(throws: ScenarioLoader.LoadError.self) { try ScenarioLoader.loadFile(file.path) }
    }
}
