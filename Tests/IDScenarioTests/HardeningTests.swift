@testable import IDScenario
import Foundation
import IDReports
import IDSim
import TestSupport
import Testing

/// Inputs, outputs and files that an adversarial run used against idscope (issue 9): each test
/// here failed (or hung) before the fix it guards.
@Suite("Hardening: hostile input, outputs and files", .serialized)
struct HardeningTests {
    static let setup = """
    name: t
    devices:
      - { name: phone, os: "17.5" }
      - { name: tablet, os: "17.5" }
    apps:
      - { bundle: com.acme.shop, team: ACME1234 }
    steps:

    """

    func errors(_ text: String, file: String = "t.yaml") -> [String] { parseErrors(text, file: file) }

    /// Ten anchors, each ten of the one before: 10^9 nodes once expanded.
    static func bombAnchors() -> String {
        var text = "bomb:\n  a: &a [x,x,x,x,x,x,x,x,x,x]\n"
        let names = Array("abcdefghi")
        for i in 1..<names.count {
            text += "  \(names[i]): &\(names[i]) [" + Array(repeating: "*\(names[i - 1])", count: 10).joined(separator: ",") + "]\n"
        }
        return text
    }

    // MARK: - Hangs
    @Test("an alias bomb used as a mapping key, in each of its forms, is refused before anything expands it",
          .timeLimit(.minutes(1)))
    func aliasBombAsKey() {
        // Only the last anchor is defined by expanding the others, so define it cheaply and use it
        // as a key: this passed the old text pre-check and hung inside Yams' compose.
        let small = "a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
        for use in ["k: {*b}\n", "k: {? *b}\n", "?\n  *b\n: v\n", "[*b, *b]: v\n"] {
            let result = errors(small + use)
            #expect(!result.contains { $0.contains("aliases expand") }, "a small alias is fine: \(use) \(result)")
        }
        for use in ["k: {*i}\n", "k: {? *i}\n", "?\n  *i\n: v\n", "x: {*i : 1}\n"] {
            let result = errors(Self.bombAnchors() + use)
            #expect(result.first?.contains("aliases expand the document by more than 1000000 nodes") == true, "\(use): \(result)")
        }
    }

    @Test("aliases may not nest a document deeper than the limit, however shallow it looks")
    func aliasDepth() {
        var text = "a0: &a0 [x]\n"
        for i in 1...70 { text += "a\(i): &a\(i) [*a\(i - 1)]\n" }
        #expect(errors(text).first?.contains("nests deeper than 64 levels once this alias is expanded") == true)
    }

    @Test("the inspector's command line goes through the same guard as files")
    func commandLineGuard() throws {
        let scenario = try ScenarioParser.parse(Self.setup + "  - reboot\n", file: "t.yaml")
        let bomb = "launch {a: &a [x,x,x,x,x,x,x,x,x,x], b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a], c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b], "
            + "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c], e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d], f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e], "
            + "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f], k: {*g}}"
        #expect(throws: ScenarioError.self) {
            _ = try CommandParser.step(bomb, scenario: scenario, device: 0, backups: [], labels: [])
        }
        do {
            _ = try CommandParser.step(bomb, scenario: scenario, device: 0, backups: [], labels: [])
        } catch {
            #expect(error.diagnostics.first?.message.contains("aliases expand") == true, "\(error)")
        }
    }

    @Test("\"did you mean\" is bounded: long names get no suggestion and cost nothing", .timeLimit(.minutes(1)))
    func longNames() {
        var budget = 1_000
        let long = String(repeating: "x", count: 20_000)
        #expect(NameSuggester.nearest(to: long, among: [long + "y"], budget: &budget) == nil)
        #expect(budget == 1_000, "nothing compared")
        #expect(NameSuggester.nearest(to: "instal", among: ["install", "uninstall"]) == "install")
        #expect(NameSuggester.distance("kitten", "sitting") == 3)
        // A whole file of 20,000-character near misses.
        let text = "name: t\ndevices:\n  - { name: phone, os: \"17.5\" }\napps:\n  - { bundle: a.\(String(repeating: "x", count: 20_000)), team: T }\n"
            + "steps:\n  - install: a.\(String(repeating: "y", count: 20_000))\n"
        let result = errors(text)
        #expect(result.count == 1 && result[0].contains("unknown app") && !result[0].contains("did you mean"))
    }

    @Test("the suggestion budget is shared by a file: many unknown names among many apps stay cheap", .timeLimit(.minutes(1)))
    func suggestionBudget() {
        var budget = 10_000
        let names = (0..<10_000).map { "com.acme.app\($0)" }
        _ = NameSuggester.nearest(to: "com.acme.ap", among: names, budget: &budget)
        _ = NameSuggester.nearest(to: "com.acme.zzz", among: names, budget: &budget)
        #expect(budget <= 0)
        let spent = budget
        #expect(NameSuggester.nearest(to: "com.acme.app1x", among: names, budget: &budget) == nil, "no budget left")
        #expect(budget == spent)
    }

    @Test("parsing is linear in devices and apps (names found by dictionary)", .timeLimit(.minutes(1)))
    func manyAppsAndDevices() throws {
        var text = "name: t\ndevices:\n"
        for d in 0..<200 { text += "  - { name: d\(d), os: \"17.5\" }\n" }
        text += "apps:\n"
        for a in 0..<5_000 { text += "  - { bundle: com.a.b\(a), team: T }\n" }
        text += "steps:\n"
        for a in 0..<5_000 { text += "  - { install: com.a.b\(a), device: d\(a % 200) }\n" }
        let scenario = try ScenarioParser.parse(text, file: "big.yaml")
        #expect(scenario.apps.count == 5_000 && scenario.steps.count == 5_000)
        #expect(scenario.steps.last?.device == 199)
    }

    @Test("a world with more device × app slots than the limit is refused, located")
    func worldSizeLimit() {
        var text = "name: t\ndevices:\n"
        for d in 0..<1_001 { text += "  - { name: d\(d), os: \"17.5\" }\n" }
        text += "apps:\n"
        for a in 0..<1_000 { text += "  - {bundle: a.b\(a), team: T}\n" }
        text += "steps: []\n"
        #expect(errors(text) == ["t.yaml:1005:3: error: 1001 devices × 1000 apps is more than a world holds: devices × apps is limited to 1000000"])
    }

    // MARK: - jsonl

    static func installs(_ count: Int) -> Scenario {
        var text = "name: t\ndevices:\n  - { name: phone, os: \"17.5\" }\napps:\n"
        for a in 0..<count { text += "  - { bundle: com.a.b\(a), team: T\(a) }\n" }
        text += "steps:\n"
        for a in 0..<count { text += "  - install: com.a.b\(a)\n" }
        return try! ScenarioParser.parse(text, file: "installs.yaml")
    }

    @Test("--changes-only lines have the contract's keys, with only what the step changed under devices")
    func changesOnlyShape() throws {
        let scenario = Self.installs(50)
        var full = JSONLWriter(scenario), changed = JSONLWriter(scenario, changesOnly: true)
        var lines: [(String, String)] = []
        try Session.run(scenario) { lines.append((full.line(for: $0), changed.line(for: $0))) }
        let (fullLine, changedLine) = lines[9]
        let a = try JSONSerialization.jsonObject(with: Data(fullLine.utf8)) as! [String: Any]
        let b = try JSONSerialization.jsonObject(with: Data(changedLine.utf8)) as! [String: Any]
        #expect(Set(a.keys) == Set(b.keys))
        let apps = ((b["devices"] as! [String: Any])["phone"] as! [String: Any])["apps"] as! [String: Any]
        #expect(Array(apps.keys) == ["com.a.b9"], "only the installed app")
        #expect(fullLine.utf8.count > 5 * changedLine.utf8.count)
    }

    @Test("--changes-only names every device and app whose full jsonl entry changed (every built-in scenario)")
    func changesOnlyAgreesWithFullLines() throws {
        for name in ScenarioLibrary.names {
            let scenario = try ScenarioLoader.load(name)
            var full = JSONLWriter(scenario), changed = JSONLWriter(scenario, changesOnly: true)
            var previous: [String: [String: Any]]?
            try Session.run(scenario) { outcome in
                let whole = try JSONSerialization.jsonObject(with: Data(full.line(for: outcome).utf8)) as! [String: Any]
                let part = try JSONSerialization.jsonObject(with: Data(changed.line(for: outcome).utf8)) as! [String: Any]
                let devices = whole["devices"] as! [String: [String: Any]]
                let reported = part["devices"] as! [String: [String: Any]]
                if let previous {
                    for (device, entry) in devices {
                        let apps = entry["apps"] as! [String: Any], before = previous[device]!["apps"] as! [String: Any]
                        let shown = (reported[device]?["apps"] as? [String: Any]) ?? [:]
                        for (bundle, value) in apps where !NSDictionary(dictionary: ["v": value]).isEqual(to: ["v": before[bundle]!]) {
                            #expect(shown[bundle] != nil, "\(name) step \(outcome.number): \(device)/\(bundle) changed but is not listed")
                        }
                        for key in ["os", "locked", "firstUnlockDone"] where "\(entry[key]!)" != "\(previous[device]![key]!)" {
                            #expect(reported[device] != nil, "\(name) step \(outcome.number): \(device).\(key) changed but the device is not listed")
                        }
                    }
                }
                // What is listed is listed whole and true.
                for (device, entry) in reported {
                    let shown = entry["apps"] as! [String: Any], all = devices[device]!["apps"] as! [String: Any]
                    for (bundle, value) in shown {
                        #expect(NSDictionary(dictionary: ["v": value]).isEqual(to: ["v": all[bundle]!]))
                    }
                }
                previous = devices
            }
        }
    }

    // MARK: - Output, escaping

    @Test("saving: a planted symlink cannot redirect the save; permissions and symlinks are kept")
    func safeSave() throws {
        let dir = TemporaryDirectory.make()
        let victim = dir.appendingPathComponent("victim.txt").path
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let target = dir.appendingPathComponent("session.yaml").path
        // The old temporary name, `.NAME.PID.tmp`, planted for every pid nearby and the exact one.
        for pid in [getpid()] + Array(1...64).map({ Int32($0) }) {
            symlink(victim, dir.appendingPathComponent(".session.yaml.\(pid).tmp").path)
        }
        try FileSaver.write("name: saved\n", to: target)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "name: saved\n")

        // A private file stays private.
        chmod(target, 0o600)
        try FileSaver.write("name: again\n", to: target)
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o600)

        // A symlink stays a symlink, and the file it points at is what gets saved.
        let link = dir.appendingPathComponent("link.yaml").path
        symlink("session.yaml", link)
        try FileSaver.write("name: through the link\n", to: link)
        lstat(link, &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "name: through the link\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") && !$0.contains(".session.yaml.") }.isEmpty)

        #expect(throws: FileSaver.Failure.self) { try FileSaver.write("x", to: dir.path) }
        do { try FileSaver.write("x", to: dir.path) } catch { #expect(error.reason == "is a directory") }
    }

    @Test("what the writer writes, the reader reads: control and non-characters, and the largest session the limits allow",
          .timeLimit(.minutes(3)))
    func writeReadRoundTrip() throws {
        var scenario = try ScenarioParser.parse(Self.setup + "  - reboot\n", file: "t.yaml")
        scenario.name = "del \u{7F} nonchar \u{FFFE}\u{FFFF} c1 \u{85}\u{9B} ls \u{2028} bom \u{FEFF} nul-free"
        scenario.devices[1].name = "tab\u{7F}let"
        let again = try ScenarioParser.parse(ScenarioWriter.yaml(scenario), file: "w.yaml")
        #expect(again.name == scenario.name && again.devices[1].name == scenario.devices[1].name)

        // 100,000 steps, every one naming the app and a device: under 8 MiB and read back whole.
        let step = ScenarioStep(.event(.launch(0, mode: .background)), device: 1, label: nil, note: nil)
        scenario.steps = Array(repeating: step, count: ScenarioLimits.maxSteps)
        let text = ScenarioWriter.yaml(scenario)
        #expect(text.utf8.count <= ScenarioLimits.maxBytes, "\(text.utf8.count) bytes")
        let read = try ScenarioParser.parse(text, file: "big.yaml")
        #expect(read.steps.count == ScenarioLimits.maxSteps)
        #expect(ScenarioWriter.yaml(read) == text)
    }

    @Test("keys made distinct only by a core tag or by quoting are duplicates, located at the second; another tag is refused")
    func duplicateKeys() {
        #expect(errors(Self.setup + "  - reboot\n!!str steps: []\n").contains("t.yaml:9:1: error: duplicate key 'steps' in a scenario (first at line 7, column 1)"))
        #expect(errors(Self.setup + "  - reboot\n!x steps: []\n").first?.hasPrefix("t.yaml:9:1: error: the YAML tag '!x' is not allowed") == true)
        #expect(errors(Self.setup + "  - trackingToggle: { app: com.acme.shop, on: false, \"on\": true }\n")
                == ["t.yaml:8:54: error: duplicate key 'on' in trackingToggle (first at line 8, column 43)"])
    }

    @Test("an empty backup name is an error")
    func emptyBackupName() {
        #expect(errors(Self.setup + "  - backup: { kind: encrypted, as: \"\" }\n    label: b\n")
                == ["t.yaml:8:36: error: a backup's name ('as') must not be empty"])
    }

    @Test("expectations that always hold are errors")
    func vacuousExpectations() {
        #expect(errors(Self.setup + "  - expect: { app: com.acme.shop, values: {} }\n")
                == ["t.yaml:8:43: error: values needs at least one value to check, like values: {KEY: present}"])
        #expect(errors(Self.setup + "  - expect: { app: com.acme.shop, sameOn: [phone, phone] }\n")
                == ["t.yaml:8:43: error: sameOn needs at least two different devices"])
    }

    @Test("seeds take one range, 0 to 2^64−1, in the file as on the command line")
    func seedRange() throws {
        let base = "name: t\ndevices:\n  - { name: phone, os: \"17.5\" }\napps:\n  - { bundle: com.a.b, team: T }\nsteps: []\n"
        #expect(try ScenarioParser.parse(base + "seed: 9223372036854775808\n", file: "t.yaml").seed == 1 << 63)
        #expect(try ScenarioParser.parse(base + "seed: 18446744073709551615\n", file: "t.yaml").seed == .max)
        #expect(errors(base + "seed: 18446744073709551616\n") == ["t.yaml:7:7: error: seed must be between 0 and 18446744073709551615, not 18446744073709551616"])
        #expect(errors(base + "seed: -1\n") == ["t.yaml:7:7: error: seed must be between 0 and 18446744073709551615, not -1"])
    }
}
