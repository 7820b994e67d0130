import Foundation
import IDScenario
import IDStrategies
import Testing
import TestSupport

@Suite("idscope strategies, manifest and matrix --strategy FILE (the built binary)", .serialized)
struct StrategyCommandTests {
    @Test("strategies lists every strategy once, grouped by kind (Swift, ID libraries, SDKs, twins, then your files); twins name their originals")
    func listing() throws {
        let result = try CLI.run(["strategies"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let headings = lines.filter { !$0.hasPrefix("  ") }
        #expect(headings == StrategyCatalog.Group.allCases.filter { group in
            StrategyCatalog.builtIn.all.contains { StrategyCatalog.group(of: $0) == group }
        }.map(\.title))
        let rows = lines.filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
        #expect(rows.map { String($0.split(separator: " ")[0]) } == StrategyCatalog.Group.allCases.flatMap { group in
            StrategyCatalog.builtIn.all.filter { StrategyCatalog.group(of: $0) == group }.map(\.name)
        })
        #expect(Set(rows.map { String($0.split(separator: " ")[0]) }) == Set(StrategyCatalog.builtIn.names))
        #expect(rows.first { $0.hasPrefix("rndi ") }?.contains(" swift ") == true)
        #expect(rows.first { $0.hasPrefix("flutter-udid ") }?.contains(" recipe ") == true)
        #expect(rows.first { $0.hasPrefix("rndi-twin ") }?.contains("recipe, twin of rndi") == true)
        // A recipe file of yours comes last, under its own heading, with its path.
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("ours.yaml")
        try "name: our-id\nid: [idfv]\n".write(to: file, atomically: true, encoding: .utf8)
        let yours = try CLI.run(["strategies", file.path])
        #expect(yours.status == 0)
        let tail = yours.stdout.split(separator: "\n").suffix(2).map(String.init)
        #expect(tail.first == "Your recipe files")
        #expect(tail.last?.hasPrefix("  our-id ") == true && tail.last?.contains(file.path) == true)
    }

    @Test("a recipe prints as YAML that, saved and edited, runs in the matrix with the same row")
    func recipeToStartFrom() throws {
        let shown = try CLI.run(["strategies", "rndi-twin"])
        #expect(shown.status == 0 && shown.stdout.contains("name: rndi-twin"))
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("ours.yaml")
        try shown.stdout.replacingOccurrences(of: "name: rndi-twin", with: "name: ours").write(to: file, atomically: true, encoding: .utf8)
        let ours = try CLI.run(["matrix", "--strategy", file.path, "--format", "jsonl"])
        let original = try CLI.run(["matrix", "--strategy", "rndi", "--format", "jsonl"])
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout.replacingOccurrences(of: "\"ours\"", with: "\"rndi\"") == original.stdout)
        // And in a scenario column, which runs the recipe in the scenario's world.
        let column = try CLI.run(["matrix", "--strategy", file.path, "--scenario", "b01-reinstall-resets-idfv", "--format", "jsonl"])
        #expect(column.stdout == "{\"strategy\": \"ours\", \"cells\": {\"b01-reinstall-resets-idfv\": \"=\"}}\n", "\(column.stderr)")
    }

    @Test("a Swift strategy shows its options, values and stores; an unknown name suggests one")
    func swiftDetails() throws {
        let shown = try CLI.run(["strategies", "rndi"])
        #expect(shown.stdout.contains("values: uniqueId"))
        #expect(shown.stdout.contains("UserDefaults 'deviceUID'"))
        #expect(shown.stdout.contains("idscope strategies rndi-twin"))
        let unknown = try CLI.run(["strategies", "rdni"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'rndi'?"))
    }

    @Test("--option gives a strategy's option to matrix's and explore's worlds; an option it does not take is exit 2, a malformed one 64")
    func optionsReachTheWorlds() throws {
        // mixpanel's useUniqueDistinctId: the IDFV (kept across a reinstall while another app of the
        // vendor stays) instead of a random UUID.
        // Its token is required, as a recipe file's params are: named without it, it is exit 2.
        let missing = try CLI.run(["matrix", "--strategy", "mixpanel", "--scenario", "reinstall"])
        #expect(missing.status == 2 && missing.stderr.contains("mixpanel needs --option token=VALUE"), "\(missing.stderr)")
        let plain = try CLI.run(["matrix", "--strategy", "mixpanel", "--scenario", "reinstall", "--option", "token=T"])
        let unique = try CLI.run(["matrix", "--strategy", "mixpanel", "--scenario", "reinstall", "--option", "token=T", "--option", "useUniqueDistinctId=true"])
        #expect(plain.stdout.contains("mixpanel  Δ") && unique.stdout.contains("mixpanel  ="), "\(plain.stdout)\(unique.stdout)")
        // explore's world takes them too: its saved counterexample gives both apps the option.
        let folder = TemporaryDirectory.make()
        let explore = try CLI.run(["explore", "--strategy", "mixpanel", "--option", "token=T", "--option", "useUniqueDistinctId=true", "--events", "install,uninstall,launch",
                                   "--property", "stable", "--depth", "5", "--devices", "1", "--workers", "1", "--save", folder.path])
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        let saved = try String(contentsOf: folder.appendingPathComponent("mixpanel-stable.yaml"), encoding: .utf8)
        #expect(saved.components(separatedBy: "useUniqueDistinctId: true").count == 3, "\(saved)")
        let unknown = try CLI.run(["matrix", "--strategy", "mixpanel", "--option", "useUniqueDistinctID=true"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option 'useUniqueDistinctID'") && unknown.stderr.contains("useUniqueDistinctId"))
        let malformed = try CLI.run(["explore", "--strategy", "mixpanel", "--option", "useUniqueDistinctId"])
        #expect(malformed.status == 64 && malformed.stderr.contains("expected KEY=VALUE"))
        let fromScenario = try CLI.run(["explore", "--from", "tour", "--option", "a=b"])
        #expect(fromScenario.status == 64 && fromScenario.stderr.contains("--from scenario gives its apps their own"))
    }

    @Test("--option STRATEGY:KEY=VALUE is that strategy's alone, so strategies with their own options share one matrix; on is true")
    func optionsPerStrategy() throws {
        func rows(_ result: CLI.Result) -> [String: String] {
            var out: [String: String] = [:]
            for line in result.stdout.split(separator: "\n") where line.contains("\"strategy\"") {
                guard let range = line.range(of: #""strategy": "[^"]*""#, options: .regularExpression) else { continue }
                out[String(line[range])] = String(line)
            }
            return out
        }
        let alone = try CLI.run(["matrix", "--strategy", "mixpanel", "--option", "token=T", "--option", "useUniqueDistinctId=on", "--format", "jsonl"])
        let segment = try CLI.run(["matrix", "--strategy", "segment", "--option", "writeKey=W", "--format", "jsonl"])
        let spelledTrue = try CLI.run(["matrix", "--strategy", "mixpanel", "--option", "token=T", "--option", "useUniqueDistinctId=true", "--format", "jsonl"])
        #expect(alone.status == 0 && segment.status == 0, "\(alone.stderr)\(segment.stderr)")
        #expect(rows(alone).count == 1 && rows(segment).count == 1, "\(alone.stdout)")
        #expect(rows(alone) == rows(spelledTrue), "on reads as true")
        // Given to every strategy, mixpanel's option is refused by segment.
        let shared = try CLI.run(["matrix", "--strategy", "mixpanel", "--strategy", "segment", "--option", "token=T",
                                  "--option", "useUniqueDistinctId=true", "--option", "writeKey=W"])
        #expect(shared.status == 2 && shared.stderr.contains("unknown option"), "\(shared.stderr)")
        // Each its own: the rows are those each gives alone.
        let together = try CLI.run(["matrix", "--strategy", "mixpanel", "--strategy", "segment", "--option", "mixpanel:token=T",
                                    "--option", "mixpanel:useUniqueDistinctId=on", "--option", "segment:writeKey=W", "--format", "jsonl"])
        #expect(together.status == 0, "\(together.stderr)")
        #expect(rows(together) == rows(alone).merging(rows(segment)) { first, _ in first } && rows(together).count == 2, "\(together.stdout)")
        let stranger = try CLI.run(["matrix", "--strategy", "mixpanel", "--option", "token=T", "--option", "segmnt:writeKey=W"])
        #expect(stranger.status == 2 && stranger.stderr.contains("segmnt is not one of the strategies of this run (mixpanel)"), "\(stranger.stderr)")
        let twice = try CLI.run(["explore", "--strategy", "mixpanel", "--option", "mixpanel:token=T", "--option", "mixpanel:token=U"])
        #expect(twice.status == 64 && twice.stderr.contains("--option mixpanel:token is given twice"), "\(twice.stderr)")
    }

    @Test("--id follows another of a recipe's IDs in matrix and explore; an ID it does not report is exit 2 with the names it does")
    func followAnotherID() throws {
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("two.yaml")
        try """
            name: two-ids
            stores:
              anonFile: { file: { path: Library/anon, backup: false } }
              deviceKey: { defaults: { key: device } }
            ids:
              anonymous: { id: [anonFile, uuid7], save: [anonFile] }
              device: { id: [deviceKey, { from: anonymous }], save: [deviceKey] }
            """.write(to: file, atomically: true, encoding: .utf8)
        let primary = try CLI.run(["matrix", "--strategy", file.path, "--scenario", "restore-new-encrypted"])
        let device = try CLI.run(["matrix", "--strategy", file.path, "--scenario", "restore-new-encrypted", "--id", "device"])
        #expect(primary.status == 0 && device.status == 0)
        // The anonymous ID's file stays out of backups: new on the restored phone; the device ID comes along (dup).
        #expect(primary.stdout.split(separator: "\n").first { $0.hasPrefix("two-ids ") }?.hasSuffix("Δ") == true, "\(primary.stdout)")
        #expect(device.stdout.split(separator: "\n").first { $0.hasPrefix("two-ids ") }?.hasSuffix("dup") == true, "\(device.stdout)")
        let unknown = try CLI.run(["matrix", "--strategy", file.path, "--id", "devise"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "idscope matrix: strategy two-ids reports no value 'devise'; its launches report id, anonymous, device, anonFile, deviceKey, uuid7; did you mean 'device'?\n")
        let explore = try CLI.run(["explore", "--strategy", file.path, "--id", "device", "--property", "stable", "--depth", "4", "--devices", "1"])
        // A launch before the first unlock finds neither copy (UserDefaults read empty, the file is locked).
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("two-ids   stable     breaks in 4:") && explore.stdout.contains("reboot on phone"))
    }

    @Test("a bad recipe file in matrix --strategy is located in the file and exits 2")
    func badRecipeFile() throws {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("bad.yaml")
        try "name: bad\nstores:\n  kc: { keychain: { account: a } }\nid: [kc, idvf]\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["matrix", "--strategy", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(file.path):4:10: error: unknown source 'idvf'"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'idfv'?"))
    }

    @Test("manifest prints a property list with a note per entry; --check exits 1 on an error, 0 when it holds")
    func manifest() throws {
        let printed = try CLI.run(["manifest", "rndi"])
        #expect(printed.status == 0)
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(printed.stdout.utf8), options: [], format: nil) as? [String: Any])
        let entry = try #require((root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])?.first)
        #expect(entry["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"])
        #expect(printed.stderr.contains("note: NSPrivacyAccessedAPICategoryUserDefaults CA92.1: UserDefaults 'deviceUID'"))

        let dir = TemporaryDirectory.make()
        let good = dir.appendingPathComponent("PrivacyInfo.xcprivacy")
        try printed.stdout.write(to: good, atomically: true, encoding: .utf8)
        let ok = try CLI.run(["manifest", "rndi", "--check", good.path])
        #expect(ok.status == 0 && ok.stdout.contains("ok for rndi"), "\(ok.stdout)")
        // The same manifest does not cover a strategy that tracks with the IDFA.
        let tracking = try CLI.run(["manifest", "id-kit", "--check", good.path])
        #expect(tracking.status == 1 && tracking.stdout.contains("error: NSPrivacyTracking must be true"))
        let bad = dir.appendingPathComponent("bad.xcprivacy")
        try printed.stdout.replacingOccurrences(of: "NSPrivacyAccessedAPICategoryUserDefaults", with: "UserDefaults")
            .write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try CLI.run(["manifest", "rndi", "--check", bad.path])
        #expect(rejected.status == 1)
        #expect(rejected.stdout.contains("\(bad.path): error: ITMS-91054"))
        #expect(rejected.stdout.contains("\(bad.path): error: ITMS-91053 missing NSPrivacyAccessedAPICategoryUserDefaults with reason CA92.1"))
        let missing = try CLI.run(["manifest", "rndi", "--check", dir.appendingPathComponent("none").path])
        #expect(missing.status == 2 && missing.stderr.contains("none: error: no such file"))
        // A device that never ends, a huge file or a folder is one line too, not a hang.
        let endless = try CLI.run(["manifest", "rndi", "--check", "/dev/zero"])
        #expect(endless.status == 2 && endless.stderr == "/dev/zero: error: is a device, not a privacy manifest\n")
        let huge = dir.appendingPathComponent("huge.xcprivacy")
        try Data(count: 2 << 20).write(to: huge)
        let tooBig = try CLI.run(["manifest", "rndi", "--check", huge.path])
        #expect(tooBig.status == 2 && tooBig.stderr == "\(huge.path): error: larger than 1 MiB, which no privacy manifest is\n")
        let folder = try CLI.run(["manifest", "rndi", "--check", dir.path])
        #expect(folder.status == 2 && folder.stderr.contains("is a directory, not a privacy manifest"))
    }
}
