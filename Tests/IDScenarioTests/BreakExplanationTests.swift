import Foundation
@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// The why of a break (issue 34, point 1), worked out by replaying it with changes recorded.
@Suite struct BreakExplanationTests {
    static func target(_ name: String) throws -> ExploreTarget {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: name))
        return ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5))
    }

    @Test("a stable break after a reboot names the reboot, the refused keychain read and the rules behind it")
    func stableAfterReboot() throws {
        let steps = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0), Step(.reboot, on: 0),
                     Step(.launch(0, mode: .background), on: 0)]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: try Self.target("rndi")))
        #expect(why.decisiveStep == 4)
        #expect(why.causeSteps == [3])
        #expect(why.rules.prefix(2) == [.kc17, .kc22], "\(why.rules)")
        #expect(why.stores.contains { $0.hasPrefix("keychain read") && $0.contains("errSecInteractionNotAllowed") })
        #expect(why.sentence.hasPrefix("After reboot on phone, the launch on phone could not read the ID it kept"), "\(why.sentence)")
    }

    @Test("a unique break after a migration names the store that carried the ID to the new phone")
    func uniqueAfterMigration() throws {
        let steps = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0), Step(.migrate(from: 0), on: 1),
                     Step(.launch(0, mode: .foreground), on: 1)]
        let rndi = try #require(BreakExplanation.explain(steps, property: .unique, target: try Self.target("rndi")))
        #expect(rndi.rules == [.kc22a])
        #expect(rndi.stores == ["keychain read: errSecItemNotFound (-25300)", "UserDefaults deviceUID (KC-22a)"])
        #expect(rndi.sentence == "migrate from phone on phone2 carried the ID to phone2 in UserDefaults deviceUID (KC-22a); both devices now read it")
        let keychain = try #require(BreakExplanation.explain(steps, property: .unique, target: try Self.target("keychain-idfv")))
        #expect(keychain.stores == ["the keychain item com.acme.app/DEVICE_UUID (WhenUnlocked) (KC-22a)"], "\(keychain.stores)")
    }

    @Test("explore's table, markdown and jsonl carry the why of each break, and nothing for a hold")
    func writersCarryIt() throws {
        let target = try Self.target("rndi")
        let steps = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0), Step(.reboot, on: 0),
                     Step(.launch(0, mode: .background), on: 0)]
        let outcome = ExploreOutcome(breaks: [.stable: steps], searched: [.stable, .available], completedDepth: 4, depth: 4, states: 10,
                                     successors: 20, seconds: 0, stopReason: nil, bytesPerState: 0, trackingBlind: true)
        var writer = ExploreWriter(goal: .device)
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        writer.add(outcome, target: target, properties: [.stable, .available], whys: [.stable: why])
        let table = writer.table()
        #expect(table.first?.hasPrefix("goal device:") == true)
        #expect(table.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("why: step 4: After reboot on phone") })
        #expect(table.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("rules: KC-17 accessibility classes gate reads") })
        #expect(writer.markdown().contains { $0.contains("<br>why: step 4:") })
        let lines = writer.jsonl()
        #expect(lines[0].contains(#""why": {"step": 4, "causes": [3], "rules": ["KC-17", "KC-22""#), "\(lines[0])")
        #expect(!lines[1].contains("why"))
    }
}
