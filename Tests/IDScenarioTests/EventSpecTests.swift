import Foundation
@testable import IDScenario
import IDSim
import Testing

/// The event vocabulary: one spec per event, each of which writes what it reads.
@Suite("Event specs")
struct EventSpecTests {
    static let setup = """
    name: t
    accounts:
      - { id: alice }
      - { id: "bob \\"the\\" builder" }
    devices:
      - { name: phone, os: "17.5", appleID: alice }
      - { name: "tab let", os: "17.5" }
    apps:
      - { bundle: com.acme.shop, team: ACME1234 }
      - { bundle: com.acme.zb, team: ACME1234, strategy: zbuuid }
      - { bundle: io.acme.sdk, team: ACME1234, strategy: sdk }
    recipes:
      sdk: { stores: { s: { defaults: { key: k } } }, id: [s, uuid], save: [s], calls: { T2: [{ clear: s }] } }
    steps:
      - backup: { kind: encrypted, as: "b 1" }

    """

    static func scenario() throws -> Scenario { try ScenarioParser.parse(setup, file: "t.yaml") }

    /// The values a field may take in the test scenario.
    static func samples(_ field: EventField) -> [EventArguments.Value] {
        switch field.kind {
        case .app: [.app(0), .app(1)]
        case .device: [.device(0)]
        case .account: [.account(0), .account(1)]
        case .newBackup: [.backup("b 2"), .backup("quote \" colon: # hash")]
        case .backup: [.backup("b 1")]
        case .choice(let words): words.map { .word($0) }
        case .bool, .onOff: [.bool(true), .bool(false)]
        case .string: [.string("T2"), .string("a: b # c \"d\" \n e\t新")]
        case .version: [.version(OSVersion(18, 1)), .version(OSVersion(17, 5, 1))]
        }
    }

    /// Every combination of field values a spec can build (optional fields absent too).
    static func events(_ spec: EventSpec) -> [Event] {
        var combinations = [EventArguments()]
        let fields: [EventField]
        var options = false
        switch spec.shape {
        case .none: fields = []
        case .value(let field): fields = [field]
        case .fields(let list, _, let takesOptions, _): fields = list; options = takesOptions
        }
        for field in fields {
            let values: [EventArguments.Value?] = samples(field) + (field.required == nil && !isValueShape(spec) ? [nil] : [])
            combinations = combinations.flatMap { base in
                values.map { value in
                    var next = base
                    next[field.name] = value
                    return next
                }
            }
        }
        if options {
            combinations = combinations.flatMap { base in
                [["policy": OptionValue.string("cn")], ["strict": .bool(true), "salt": .string("pep per")]].map { o in
                    var next = base
                    next["options"] = .options(o)
                    return next
                }
            }
        }
        if options {   // id-kit's options: only the first app runs id-kit
            combinations = combinations.filter { $0["app"] == .app(0) }
        }
        if spec.kind == .call {   // only the recipe's app has a call, named T2
            combinations = combinations.filter { $0["name"] == .string("T2") && $0["app"] == .app(0) }.map { c in
                var next = c
                next["app"] = .app(2)
                return next
            }
        }
        if case .fields(_, _, _, let atLeastOne?) = spec.shape {
            combinations = combinations.filter { c in atLeastOne.names.contains { c[$0] != nil } }
        }
        return combinations.map(spec.build)
    }

    static func isValueShape(_ spec: EventSpec) -> Bool {
        if case .value = spec.shape { return true }
        return false
    }

    @Test("one spec per event kind, keys unique and in the contract's order")
    func oneSpecPerEvent() {
        #expect(EventSpec.all.map(\.kind) == Event.Kind.allCases)
        #expect(Set(EventSpec.keys).count == EventSpec.keys.count)
        #expect(EventSpec.keys == Event.keys)
    }

    @Test("every event, written and read back, is the same event", arguments: EventSpec.all.map(\.key))
    func writeThenRead(_ key: String) throws {
        let spec = try #require(EventSpec.named(key))
        var scenario = try Self.scenario()
        let events = Self.events(spec)
        #expect(!events.isEmpty)
        for event in events {
            #expect(event.kind == spec.kind)
            #expect(spec.build(spec.arguments(event)) == event, "arguments(\(event)) do not build it back")
            // On the second device, so that a migration from the first is valid.
            scenario.steps = [scenario.steps[0], ScenarioStep(.event(event), device: 1)]
            let text = ScenarioWriter.yaml(scenario)
            let read: Scenario
            do {
                read = try ScenarioParser.parse(text, file: "written.yaml")
            } catch {
                Issue.record("\(event) was written as\n\(text)\nwhich reads with \(error)")
                continue
            }
            guard case .event(let back) = read.steps.last?.action else {
                Issue.record("\(event) did not read back as an event")
                continue
            }
            #expect(back == event, "\(ScenarioWriter.stepLine(scenario.steps[1], scenario: scenario))")
            #expect(read.steps.last?.device == 1)
        }
    }

    @Test("every docs example reads as its event", arguments: EventSpec.all.map(\.key))
    func examplesRead(_ key: String) throws {
        let spec = try #require(EventSpec.named(key))
        let example = spec.example.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        let text = """
        name: t
        accounts:
          - { id: alice }
        devices:
          - { name: phone, os: "17.5" }
          - { name: tablet, os: "17.0" }
        apps:
          - { bundle: com.acme.shop, team: ACME1234\(key == "call" ? ", strategy: sdk" : "") }
        recipes:
          sdk: { stores: { s: { defaults: { key: k } } }, id: [s, uuid], save: [s], calls: { login: [{ save: s, from: supplied }] } }
        steps:
          - backup: { kind: encrypted, as: nightly }
          \(example)\(example.contains(":") ? "\n    device: tablet" : "")

        """
        let scenario = try ScenarioParser.parse(text, file: "example.yaml")
        guard case .event(let event) = scenario.steps.last?.action else {
            Issue.record("\(example) is not an event")
            return
        }
        #expect(event.kind == spec.kind)
    }

    @Test("the command line completes what each argument takes")
    func completions() throws {
        let scenario = try Self.scenario()
        #expect(CommandParser.completions(for: "res", scenario: scenario, backups: []) == ["resetAdvertisingId", "resetLocationAndPrivacy", "restore"])
        #expect(CommandParser.completions(for: "launch com.acme.s", scenario: scenario, backups: []) == ["com.acme.shop"])
        #expect(CommandParser.completions(for: "restore ", scenario: scenario, backups: ["b 1", "nightly"]) == ["b 1", "nightly"])
        #expect(CommandParser.completions(for: "signIn ", scenario: scenario, backups: []) == ["alice", "bob \"the\" builder"])
        #expect(CommandParser.completions(for: "passcode o", scenario: scenario, backups: []) == ["on", "off"])
        #expect(CommandParser.completions(for: "reboot ", scenario: scenario, backups: []) == [])
        #expect(CommandParser.completions(for: "reboot on ", scenario: scenario, backups: []) == ["phone", "tab let"])
        #expect(EventSpec.named("launch")?.usage == "launch BUNDLE")
        #expect(EventSpec.named("passcode")?.usage == "passcode on|off")
        #expect(EventSpec.named("reboot")?.usage == "reboot")
    }
}
