import Foundation
import IDScenario
import IDSim
import Testing

/// Every kind of scenario error, with its line, column and suggestion.
@Suite("Scenario parser errors")
struct ParserErrorTests {
    static let header = """
    name: t
    accounts:
      - { id: alice }
    devices:
      - { name: phone, os: "17.5", appleID: alice }
      - { name: tablet, kind: ipad, os: "16.4" }
    apps:
      - { bundle: com.acme.shop, team: ACME1234 }
      - { bundle: com.acme.zb, team: ACME1234, strategy: zbuuid }
    steps:

    """
    // The header has 10 lines; steps start on line 11.

    func errors(_ text: String, file: String = "t.yaml") -> [String] { parseErrors(text, file: file) }

    func stepErrors(_ steps: String) -> [String] {
        errors(Self.header + steps)
    }

    @Test("unknown names get the nearest valid one: event, app, device, account, backup, label")
    func unknownNames() {
        #expect(stepErrors("  - instal: com.acme.shop\n") == ["t.yaml:11:5: error: unknown event 'instal'; did you mean 'install'?"])
        #expect(stepErrors("  - install: com.acme.shp\n") == ["t.yaml:11:14: error: unknown app 'com.acme.shp'; did you mean 'com.acme.shop'?"])
        #expect(stepErrors("  - { reboot: , device: tabelt }\n") == ["t.yaml:11:25: error: unknown device 'tabelt'; did you mean 'tablet'?"])
        #expect(stepErrors("  - signIn: alise\n") == ["t.yaml:11:13: error: unknown account 'alise'; did you mean 'alice'?"])
        #expect(stepErrors("  - backup: { kind: encrypted, as: daily }\n  - restore: { backup: dialy }\n")
                == ["t.yaml:12:24: error: unknown backup 'dialy'; did you mean 'daily'?"])
        #expect(stepErrors("  - restore: { backup: b1 }\n") == ["t.yaml:11:24: error: unknown backup 'b1'; no earlier step makes a backup"])
        #expect(stepErrors("  - launch: com.acme.shop\n    label: first\n  - expect: { app: com.acme.shop, idfv: { sameAs: frist } }\n")
                == ["t.yaml:13:51: error: unknown label 'frist'; did you mean 'first'?"])
        #expect(stepErrors("  - reboot\n  - reboto\n") == ["t.yaml:12:5: error: unknown event 'reboto'; did you mean 'reboot'?"])
    }

    @Test("setup errors: strategy, option, option value, profile switch and value, device kind, OS version")
    func setupErrors() {
        let base = "name: t\ndevices:\n  - { name: phone, os: \"17.5\" }\napps:\n"
        #expect(errors(base + "  - { bundle: com.a.b, team: T1, strategy: idkit }\nsteps: []\n")
                == ["t.yaml:5:44: error: unknown strategy 'idkit'; did you mean 'id-kit'?"])
        #expect(errors(base + "  - { bundle: com.a.b, team: T1, options: { polcy: cn } }\nsteps: []\n")
                == ["t.yaml:5:45: error: unknown option 'polcy' for strategy id-kit; did you mean 'policy'?"])
        #expect(errors(base + "  - { bundle: com.a.b, team: T1, options: { strict: maybe } }\nsteps: []\n")
                == ["t.yaml:5:53: error: option 'strict' must be true or false, not a string"])
        #expect(errors("name: t\nprofile: { keychainOnUninstal: persist }\ndevices:\n  - { name: p, os: \"17.5\" }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                == ["t.yaml:2:12: error: unknown profile switch 'keychainOnUninstal'; did you mean 'keychainOnUninstall'?"])
        #expect(errors("name: t\nprofile: { keychainOnUninstall: delete }\ndevices:\n  - { name: p, os: \"17.5\" }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                .first?.hasPrefix("t.yaml:2:33: error: invalid value 'delete' for profile switch 'keychainOnUninstall'") == true)
        #expect(errors("name: t\ndevices:\n  - { name: p, os: \"19.0\" }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                == ["t.yaml:3:20: error: invalid iOS version '19.0' for device 'p'; expected a major from 6 to 18 and a minor, in numbers, like \"17.5\""])
        #expect(errors("name: t\ndevices:\n  - { name: p, os: \"17.5\", kind: iphon }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                == ["t.yaml:3:34: error: invalid device kind 'iphon'; expected one of iphone, ipad, simulator, mac, vision; did you mean 'iphone'?"])
        #expect(errors("name: t\ndevices:\n  - { name: p, os: \"17.5\", passcod: true }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                == ["t.yaml:3:28: error: unknown key 'passcod' in a device; did you mean 'passcode'?"])
    }

    @Test("structure errors: missing keys, wrong types, two events in a step, expect keys the strategy does not report")
    func structure() {
        #expect(errors("devices: []\n").contains("t.yaml:1:1: error: missing key 'name': every scenario needs a name"))
        #expect(errors("devices: []\n").contains("t.yaml:1:1: error: missing key 'apps': a scenario needs at least one app"))
        #expect(stepErrors("  - { install: com.acme.shop, launch: com.acme.shop }\n")
                == ["t.yaml:11:31: error: a step takes exactly one event; found 'install', 'launch'"])
        #expect(stepErrors("  - install: com.acme.zb\n  - expect: { app: com.acme.zb, guid: present }\n")
                == ["t.yaml:12:33: error: strategy zbuuid does not report 'guid'; it reports uuidForDevice, uuidForVendor"])
        #expect(stepErrors("  - expect: { app: com.acme.zb, best: idfv }\n")
                == ["t.yaml:11:33: error: 'best' is id-kit's; strategy zbuuid has no best source"])
        #expect(stepErrors("  - launch: { app: com.acme.shop, mode: backgrond }\n")
                == ["t.yaml:11:41: error: invalid launch mode 'backgrond'; expected one of foreground, background, prewarm; did you mean 'background'?"])
        #expect(stepErrors("  - requestTracking: { app: com.acme.shop }\n")
                == ["t.yaml:11:22: error: requestTracking needs 'answer: allow' or 'answer: deny' (what the user taps if a prompt shows)"])
        #expect(stepErrors("  - reboot: now\n") == ["t.yaml:11:13: error: event 'reboot' takes no argument"])
        #expect(stepErrors("  - upgrade: \"19.1\"\n")
                == ["t.yaml:11:14: error: invalid iOS version '19.1' for upgrade; expected a major from 6 to 18 and a minor, in numbers, like \"18.1\""])
        #expect(stepErrors("  - migrate: { from: phone }\n") == ["t.yaml:11:22: error: cannot migrate 'phone' onto itself; the step's device is the target"])
        #expect(stepErrors("  - expect: { app: com.acme.shop }\n").first?.contains("expect needs something to check") == true)
        #expect(errors("name: [a, b]\ndevices:\n  - { name: p, os: \"17.5\" }\napps:\n  - { bundle: a.b, team: T }\nsteps: []\n")
                == ["t.yaml:1:7: error: name must be a string, not a list"])
    }

    @Test("all problems are reported, not just the first, in file order")
    func allProblems() {
        let found = stepErrors("  - instal: com.acme.shop\n  - launch: com.acme.shp\n  - { reboot: , device: tabelt }\n")
        #expect(found.count == 3)
        #expect(found.map { $0.split(separator: ":")[1] } == ["11", "12", "13"])
    }

    @Test("YAML syntax errors, tabs, duplicate keys and invalid UTF-8 are located")
    func syntax() {
        #expect(errors("name: [a, b\ndevices: x\n").first?.hasPrefix("t.yaml:2:") == true)
        #expect(errors("name: t\n\tdevices: []\n").first?.hasPrefix("t.yaml:2:1: error: invalid YAML: found a tab character") == true)
        #expect(errors("name: t\nname: u\n").contains("t.yaml:2:1: error: duplicate key 'name' in a scenario (first at line 1, column 1)"))
        #expect(errors("").first == "t.yaml:1:1: error: the file is empty; a scenario needs name, devices, apps and steps")
        // A byte-order mark does not shift the columns of line 1.
        #expect(errors("\u{FEFF}name: x: y\n").first?.hasPrefix("t.yaml:1:8: error: invalid YAML: mapping values are not allowed") == true)
    }

    @Test("limits: huge files, too many steps and alias bombs are refused with a clear message")
    func limits() {
        let big = "name: t\n# " + String(repeating: "x", count: 8 << 20) + "\n"
        #expect(errors(big).first == "t.yaml:1:1: error: the file is 8388619 bytes; scenarios are limited to 8388608 bytes (8 MiB)")
        var lots = Self.header
        lots.reserveCapacity(1_600_000)
        for _ in 0...100_000 { lots += "  - reboot\n" }
        // Over 1 MiB as text too; the step limit is checked on a compact form:
        let compact = Self.header.replacingOccurrences(of: "steps:\n", with: "steps: [") + String(repeating: "reboot,", count: 100_001) + "]\n"
        #expect(errors(compact).first?.contains("scenarios are limited to 100000 steps") == true, "\(errors(compact).first ?? "")")
        var bomb = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = name
        }
        let started = ContinuousClock.now
        #expect(errors(bomb).first == "t.yaml:7:8: error: aliases expand the document by more than 1000000 nodes (an alias bomb?)")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(errors("name: t\nkey:\n  *i : 1\n").first
                == "t.yaml:3:3: error: invalid YAML: undefined alias '*i'; an alias must come after its anchor '&i'")
    }
}
