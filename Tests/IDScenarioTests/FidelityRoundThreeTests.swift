import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// Issue 35's points that the scenario format carries: on/off values however they are written, an ATT
/// request from an app that is not active, and turning iCloud Keychain off with or without its items.
@Suite("Fidelity, round 3: the format")
struct FidelityRoundThreeTests {
    static let head = """
        name: t
        accounts: [{ id: alice }]
        devices: [{ name: phone, os: "17.5", passcode: "on", appleID: alice }]
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv, trackingUsageDescription: "true" }]
        """

    @Test("every on/off key takes booleans and on, off, true, false, quoted or not; JSON steps too")
    func onOffAnyWay() throws {
        let scenario = try ScenarioParser.parse(Self.head + """

            steps:
              - iCloudKeychain: "on"
              - passcode: 'off'
              - iCloudKeychain: false
              - iCloudKeychain: { to: "true" }
            """, file: "t.yaml")
        #expect(scenario.devices[0].passcode)
        let events = scenario.steps.compactMap { if case .event(let e) = $0.action { e } else { nil } }
        #expect(events == [.iCloudKeychain(true), .passcode(false), .iCloudKeychain(false), .iCloudKeychain(true)])
        let json = try CommandParser.jsonStep("{\"iCloudKeychain\": \"off\"}", file: "request body", scenario: scenario, backups: [], labels: [])
        guard case .event(.iCloudKeychain(let on, let keep)) = json.action else {
            Issue.record("not an iCloudKeychain step")
            return
        }
        #expect(!on && keep)
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Self.head + "\nsteps:\n  - passcode: \"maybe\"\n", file: "t.yaml") }
    }

    @Test("an ATT request while the app is not active shows no prompt: notDetermined, and the step says why")
    func notActive() throws {
        var outcomes: [StepOutcome] = []
        try Session.run(try ScenarioParser.parse(Self.head + """

            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - requestTracking: { app: com.acme.shop, answer: allow, active: false }
              - requestTracking: { app: com.acme.shop, answer: allow }
            """, file: "t.yaml")) { outcomes.append($0) }
        let skipped = outcomes[2]
        #expect(skipped.world.trackingStatus(app: 0, on: 0) == .notDetermined)
        #expect(skipped.changes.contains { $0.to == .text("ATT prompt not shown: the app is not active") && $0.rule == .att13 })
        #expect(outcomes[3].world.trackingStatus(app: 0, on: 0) == .authorized, "asked again while active, the prompt shows")
    }

    @Test("turning iCloud Keychain off keeps the synced items unless keep: false deletes them from the device")
    func keepOrDelete() throws {
        let recipe = """

            recipes:
              synced:
                stores: { kc: { keychain: { account: id, synchronizable: true, accessible: afterFirstUnlock } } }
                id: [kc, uuid]
                save: [kc]
            """
        func run(_ step: String) throws -> World {
            let text = (Self.head + recipe).replacingOccurrences(of: "strategy: keychain-idfv", with: "strategy: synced") + """

                steps:
                  - iCloudKeychain: on
                  - install: com.acme.shop
                  - launch: com.acme.shop
                  - \(step)
                """
            return try Session.run(try ScenarioParser.parse(text, file: "t.yaml"))
        }
        #expect(try run("iCloudKeychain: off").devices[0].keychain.values.contains { $0.synchronizable }, "a bare off keeps them")
        let deleted = try run("iCloudKeychain: { to: off, keep: false }")
        #expect(!deleted.devices[0].keychain.values.contains { $0.synchronizable })
        #expect(!deleted.accounts[0].cloudKeychain.isEmpty, "the account keeps its copy")
    }

    static let accessControlled = """

        recipes:
          bound:
            stores: { kc: { keychain: { account: id, accessControl: biometryCurrentSet } } }
            id: [kc, uuid]
            save: [kc]
        """

    @Test("accessControl on a keychain store is read, written back, and a wrong word is located")
    func accessControlKey() throws {
        let text = (Self.head + Self.accessControlled).replacingOccurrences(of: "strategy: keychain-idfv", with: "strategy: bound")
            + "\nsteps:\n  - install: com.acme.shop\n  - biometryChange:\n"
        let scenario = try ScenarioParser.parse(text, file: "t.yaml")
        guard case .keychain(let item)? = scenario.recipes.first?.stores.first?.kind else {
            Issue.record("no keychain store")
            return
        }
        #expect(item.accessControl == .biometryCurrentSet)
        #expect(RecipeWriter.store(scenario.recipes[0].stores[0]).contains("accessControl: biometryCurrentSet"))
        let events = scenario.steps.compactMap { if case .event(let e) = $0.action { e } else { nil } }
        #expect(events.last == .biometryChange)
        let json = try CommandParser.jsonStep(#"{"biometryChange": null}"#, file: "request body", scenario: scenario, backups: [], labels: [])
        if case .event(let event) = json.action { #expect(event == .biometryChange) } else { Issue.record("not an event") }
        let wrong = text.replacingOccurrences(of: "accessControl: biometryCurrentSet", with: "accessControl: faceID")
        let error = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(wrong, file: "t.yaml") }
        let message = error?.diagnostics.first?.description ?? ""
        #expect(message.hasPrefix("t.yaml:7:61: error:") && message.contains("faceID") && message.contains("biometryCurrentSet"), "\(message)")
    }

    @Test("a synchronizable item with access control runs, and check warns that every add fails")
    func accessControlWithSync() throws {
        let text = (Self.head + Self.accessControlled).replacingOccurrences(of: "strategy: keychain-idfv", with: "strategy: bound")
            .replacingOccurrences(of: "accessControl: biometryCurrentSet", with: "synchronizable: true, accessControl: userPresence")
            + "\nsteps:\n  - install: com.acme.shop\n  - launch: com.acme.shop\n"
        let scenario = try ScenarioParser.parse(text, file: "t.yaml")
        #expect(scenario.warnings.count == 1)
        #expect(scenario.warnings.first?.description.contains("KC-40") == true, "\(scenario.warnings)")
        let world = try Session.run(scenario)
        #expect(world.devices[0].keychain.isEmpty, "the add failed with errSecParam")
    }
}
