import Foundation
@testable import IDScenario
import IDSim
import Testing

/// Issue 49's points that the scenario format carries: signing out of iCloud with or without a copy
/// of iCloud Keychain on the device (`signOut: { device, keep }`), and a key-value store shared by
/// identifier (`icloud: { key, store }`).
@Suite("Fidelity, round 4: the format")
struct FidelityRoundFourTests {
    static let head = """
        name: t
        accounts: [{ id: alice }]
        devices:
          - { name: phone, os: "17.5", appleID: alice }
          - { name: pad, kind: ipad, os: "17.5", appleID: alice }
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: synced }]
        recipes:
          synced:
            stores: { kc: { keychain: { account: id, synchronizable: true, accessible: afterFirstUnlock } } }
            id: [kc, uuid]
            save: [kc]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop

        """

    static func events(_ scenario: Scenario) -> [Event] {
        var out: [Event] = []
        for step in scenario.steps {
            if case .event(let event) = step.action { out.append(event) }
        }
        return out
    }

    /// Why the text is refused; nil when it is not.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml")
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func run(_ step: String) throws -> (Scenario, World) {
        let scenario = try ScenarioParser.parse(Self.head + "  - " + step + "\n", file: "t.yaml")
        return (scenario, try Session.run(scenario))
    }

    @Test("signOut: bare or keep: true leaves the synced items on the device; keep: false deletes them there, not on the account")
    func signOutKeep() throws {
        for bare in ["signOut", "signOut: { keep: true }", "signOut: {}"] {
            let (_, world) = try Self.run(bare)
            #expect(world.devices[0].appleID == nil && world.devices[0].keychain.values.contains { $0.synchronizable }, "\(bare)")
        }
        let (scenario, world) = try Self.run("signOut: { keep: false }")
        #expect(world.devices[0].appleID == nil && !world.devices[0].keychain.values.contains { $0.synchronizable })
        #expect(!world.accounts[0].cloudKeychain.isEmpty, "the account keeps its copy")
        #expect(world.devices[1].keychain.values.contains { $0.synchronizable }, "and so does the pad")
        // Written back as read, and read again the same.
        let written = ScenarioWriter.yaml(scenario)
        #expect(written.contains("signOut: { keep: false }"), "\(written)")
        let reread = try ScenarioParser.parse(written, file: "w.yaml")
        let before = Self.events(scenario), after = Self.events(reread)
        #expect(after == before && before.last == .signOut(keep: false))
    }

    @Test("signOut names its device in its own fields, or beside them, not both")
    func signOutDevice() throws {
        let (inside, world) = try Self.run("signOut: { device: pad, keep: false }")
        #expect(inside.steps.last?.device == 1)
        #expect(world.devices[1].appleID == nil && world.devices[0].appleID != nil)
        #expect(!world.devices[1].keychain.values.contains { $0.synchronizable } && world.devices[0].keychain.values.contains { $0.synchronizable })
        let beside = try ScenarioParser.parse(Self.head + "  - signOut: { keep: false }\n    device: pad\n", file: "t.yaml")
        #expect(beside.steps.last?.device == 1)
        let twice = Self.head + "  - signOut: { device: pad }\n    device: phone\n"
        let twiceError = Self.refusal(twice)
        #expect(twiceError?.contains("t.yaml:15:24: error: 'signOut' names its device twice") == true, "\(twiceError ?? "accepted")")
        let unknown = Self.refusal(Self.head + "  - signOut: { device: tablet }\n")
        #expect(unknown?.contains("unknown device 'tablet'") == true, "\(unknown ?? "accepted")")
    }

    static let sharedStore = """
        name: t
        accounts: [{ id: alice }]
        devices: [{ name: phone, os: "17.5", appleID: alice }]
        apps:
          - { bundle: com.acme.shop, team: ACME1234, strategy: shared }
          - { bundle: com.acme.news, team: ACME1234, strategy: shared }
          - { bundle: com.acme.mail, team: ACME1234, strategy: own }
        recipes:
          shared:
            stores: { kv: { icloud: { key: device-id, store: com.acme.ids } } }
            id: [kv, uuid]
            save: [kv]
          own:
            stores: { kv: { icloud: { key: device-id } } }
            id: [kv, uuid]
            save: [kv]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop
            label: shop
          - install: com.acme.news
          - launch: com.acme.news
          - expect: { app: com.acme.news, id: { sameAs: shop } }
          - install: com.acme.mail
          - launch: com.acme.mail
          - expect: { app: com.acme.mail, id: { differsFrom: shop } }

        """

    @Test("an icloud store naming one store identifier is shared by the team's apps that name it; written back as read")
    func sharedKeyValueStore() throws {
        let scenario = try ScenarioParser.parse(Self.sharedStore, file: "t.yaml")
        var failed: [String] = []
        let world = try Session.run(scenario) { outcome in failed += outcome.failures.map(\.description) }
        #expect(failed.isEmpty, "\(failed)")
        #expect(world.accounts[0].keyValueStore.keys.sorted() == ["ACME1234.com.acme.ids:device-id", "ACME1234.com.acme.mail:device-id"])
        let written = ScenarioWriter.yaml(scenario)
        #expect(written.contains("store: \"com.acme.ids\"") || written.contains("store: com.acme.ids"), "\(written)")
        let bad = Self.refusal(Self.sharedStore.replacingOccurrences(of: "store: com.acme.ids", with: "store: \"com acme\""))
        #expect(bad?.contains("t.yaml:10:") == true && bad?.contains("is a key-value store identifier") == true, "\(bad ?? "accepted")")
    }
}
