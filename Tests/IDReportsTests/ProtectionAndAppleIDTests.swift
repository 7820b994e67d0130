@testable import IDScenario
import Foundation
import IDExplore
import IDReports
import IDSim
import IDStrategies
import TestSupport
import Testing

/// Issue 49 points 9 and 10 as users write them: a file store's `protection:` (CT-42), the
/// `{ from: appleUserID }` source and the `revokeAppleID` step (SIWA-43). The explore answers
/// about them are checked by replaying the break and proving the fix with FixSearchTests' own
/// computation.
@Suite("Fidelity, round 4: file protection and Sign in with Apple in the format")
struct ProtectionAndAppleIDTests {
    /// The scenario's events in order, the other steps left out.
    static func events(_ scenario: Scenario) -> [Event] {
        scenario.steps.compactMap { step in
            if case .event(let event) = step.action { event } else { nil }
        }
    }

    static func recipe(_ protection: String) -> String {
        """
        name: locked-file
        stores:
          f: { file: { path: Library/acme-id, protection: \(protection) } }
        id: [f, uuid]
        save: [f]
        """
    }

    /// Why the text is refused as a recipe file; nil when it loads.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try BreakExplanationTests.recipe(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("protection takes the four classes, is written back only when not the default, and an unknown one is refused at its place")
    func protectionParses() throws {
        for protection in FileProtection.allCases {
            let recipe = try BreakExplanationTests.recipe(Self.recipe(protection.rawValue))
            guard case .file(_, _, _, _, let parsed) = recipe.stores[0].kind else { Issue.record("not a file store"); continue }
            #expect(parsed == protection)
            let written = RecipeWriter.file(recipe)
            #expect(written.contains("protection: \(protection.rawValue)") == (protection != .default), "\(written)")
            let reread = try BreakExplanationTests.recipe(written)
            #expect(reread.stores == recipe.stores)
        }
        let error = Self.refusal(Self.recipe("always"))
        #expect(error?.contains("recipe.yaml:3:51: error: invalid protection 'always'; expected one of complete, completeUnlessOpen, "
                                + "completeUntilFirstUserAuthentication, none") == true, "\(error ?? "accepted")")
        let mixed = """
            name: keyed
            stores:
              a: { file: { path: Library/prefs, key: a, protection: complete } }
              b: { file: { path: Library/prefs, key: b } }
            id: [a, b, uuid]
            save: [a, b]
            """
        #expect(Self.refusal(mixed)?.contains("which has one protection class: give both the same protection") == true)
    }

    @Test("CT-42: explore's why for a complete file names the lock and CT-42; replayed, the file still holds the ID, closed, and the launch made another")
    func lockedFileWhyIsReplayed() throws {
        let recipe = try BreakExplanationTests.recipe(Self.recipe("complete"))
        let target = BreakExplanationTests.target(recipe)
        let events: Set<String> = ["install", "launch", "lock", "unlock"]
        let report = try FixSearchTests.run(target, depth: 4, events: events)
        let stable = try #require(report.rows.first { $0.property == .stable && $0.breaking != nil })
        let steps = try #require(stable.breaking), why = try #require(stable.why)
        #expect(why.rules.first == .ct42 && why.sentence.contains("keeps the file closed while the device is locked"), "\(why.sentence)")
        // The replay: the cause step is a lock, and at the decisive launch the file holds the
        // earlier launch's ID with the complete class while the launch reported another.
        let cause = try #require(why.causeSteps.first)
        #expect(steps[cause - 1].event == .lock)
        var world = try target.startWorld()
        var ids: [String?] = []
        for step in steps {
            try world.apply(step, programs: target.library)
            if case .launch = step.event { ids.append(world.devices[step.device].launches[0]?.latest.report.primaryID) }
        }
        let d = steps[why.decisiveStep - 1].device
        let file = try #require(world.devices[d].apps[0]?.container.files["Library/acme-id"])
        #expect(file.protection == .complete && file.contents == ids.first ?? nil && ids.last != ids.first)
        #expect(world.devices[d].afterFirstUnlockAvailable && !world.devices[d].protectedDataAvailable)
        // The fix: the class that opens after the first unlock, proven from scratch.
        let fixes = try #require(stable.fix).suggestions
        #expect(fixes.map(\.change).contains("f: protection completeUntilFirstUserAuthentication (was complete)"), "\(fixes.map(\.change))")
        for fix in fixes { try FixSearchTests.prove(fix, of: stable, target: target, goal: .device, events: events) }
    }

    /// A recipe of two IDs: the device ID in a file that closes whenever the device locks, marked
    /// seen in UserDefaults; the user ID in the keychain, trusted only while that mark exists.
    static let twoIDs = """
        name: two-ids-locked
        stores:
          vault: { file: { path: Library/device-id, protection: complete } }
          seen: { defaults: { key: seen, value: true } }
          userKC: { keychain: { account: user-id, accessible: afterFirstUnlock } }
        ids:
          device: { id: [vault, uuid], save: [vault, seen] }
          user: { id: [{ store: userKC, if: seen }, uuid], save: [userKC] }
        primary: device
        """

    @Test("CT-42 in a recipe of two IDs with a condition: following the device ID, the why names its file's class and the lock, the user ID's keychain item is untouched, and the fix is proven")
    func lockedFileAmongSeveralIDs() throws {
        let recipe = try BreakExplanationTests.recipe(Self.twoIDs)
        let target = BreakExplanationTests.target(recipe, following: "device")
        let events: Set<String> = ["install", "launch", "lock", "unlock"]
        let report = try FixSearchTests.run(target, depth: 4, events: events)
        let stable = try #require(report.rows.first { $0.property == .stable && $0.breaking != nil })
        let steps = try #require(stable.breaking), why = try #require(stable.why)
        #expect(why.rules.first == .ct42 && why.stores.contains { $0.hasPrefix("vault") }, "\(why.rules) \(why.stores)")
        #expect(why.sentence.contains("protection class (complete)"), "\(why.sentence)")
        // The replay: the device ID changed at the decisive launch while the user ID did not, and
        // the file still holds the first device ID.
        var world = try target.startWorld()
        var device: [String?] = [], user: [String?] = []
        for step in steps {
            try world.apply(step, programs: target.library)
            if case .launch = step.event {
                let report = world.devices[step.device].launches[0]?.latest.report
                device.append(report?.value("device"))
                user.append(report?.value("user"))
            }
        }
        #expect(device.count >= 2 && device.first != device.last && user.first == user.last && user.first != nil, "\(device) \(user)")
        let d = steps[why.decisiveStep - 1].device
        #expect(world.devices[d].apps[0]?.container.files["Library/device-id"]?.contents == device.first ?? nil)
        let fixes = try #require(stable.fix).suggestions
        #expect(fixes.map(\.change).contains("vault: protection completeUntilFirstUserAuthentication (was complete)"), "\(fixes.map(\.change))")
        for fix in fixes { try FixSearchTests.prove(fix, of: stable, target: target, goal: .device, events: events) }
    }

    static let siwa = """
        name: t
        accounts: [{ id: alice }]
        devices:
          - { name: phone, os: "17.5", appleID: alice }
          - { name: pad, kind: ipad, os: "17.5", appleID: alice }
        apps:
          - { bundle: com.acme.shop, team: ACME1234, strategy: apple-user }
          - { bundle: com.acme.news, team: ACME1234, strategy: apple-user }
        recipes:
          apple-user:
            stores: { copy: { defaults: { key: user-id } } }
            id: [{ from: appleUserID }, copy, uuid]
            save: [copy]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop
            label: first
          - install: com.acme.news
            device: pad
          - launch: com.acme.news
            device: pad
          - expect: { app: com.acme.news, device: pad, id: { sameAs: first } }
          - uninstall: com.acme.shop
          - install: com.acme.shop
          - launch: com.acme.shop
          - expect: { app: com.acme.shop, id: { sameAs: first } }
          - revokeAppleID: { app: com.acme.shop }
          - launch: com.acme.news
            device: pad
          - expect: { app: com.acme.news, device: pad, id: { sameAs: first } }

        """

    @Test("SIWA-43: { from: appleUserID } is one ID for the team across devices and reinstalls; revokeAppleID is read, written back and applied")
    func appleUserIDInAScenario() throws {
        let scenario = try ScenarioParser.parse(Self.siwa, file: "t.yaml")
        let world = try Session.run(scenario)
        // After the revoke the pad's news app fell back to its UserDefaults copy: still the ID,
        // though the account's credential for the team is revoked.
        #expect(world.accounts[0].revokedAppleIDTeams == ["ACME1234"])
        let identifier = try #require(world.accounts[0].appleUserIDs["ACME1234"])
        #expect(world.devices[1].launches[1]?.latest.report.primaryID == identifier)
        #expect(world.devices[1].launches[1]?.latest.report.value("appleUserID") == nil, "the source gave nothing after the revoke")
        let written = ScenarioWriter.yaml(scenario)
        #expect(written.contains("- { revokeAppleID: { app: \"com.acme.shop\" } }"), "\(written)")
        let reread = try ScenarioParser.parse(written, file: "w.yaml")
        #expect(Self.events(reread) == Self.events(scenario))
        #expect(Self.events(scenario).contains(.revokeAppleID(0)))
        // The source is written back in its short form, and read again the same.
        let recipe = try #require(scenario.recipes.first)
        let recipeText = RecipeWriter.file(recipe)
        #expect(recipeText.contains("id: [appleUserID, \"copy\", uuid]"), "\(recipeText)")
        #expect(try BreakExplanationTests.recipe(recipeText).ids == recipe.ids)
    }

    @Test("explore offers revokeAppleID only for a strategy that reads the Apple user ID, so every other search keeps its size")
    func revokeOfferedOnlyWhenRead() throws {
        let reads = try BreakExplanationTests.recipe("""
            name: apple-user
            stores: { copy: { defaults: { key: user-id } } }
            id: [{ from: appleUserID }, copy, uuid]
            save: [copy]
            """)
        let plain = try BreakExplanationTests.recipe(Self.recipe("none"))
        #expect(reads.strategy.readsAppleUserID && !plain.strategy.readsAppleUserID)
        let world = try ExploreWorld.make(strategy: plain.strategy, devices: 2, os: OSVersion(17, 5))
        let with = ActionAlphabet.steps(for: world, app: 0, appleUserID: true)
        let without = ActionAlphabet.steps(for: world, app: 0, appleUserID: false)
        #expect(with.filter { $0.event == .revokeAppleID(0) }.count == 2 && with.count == without.count + 2)
        #expect(!without.contains { if case .revokeAppleID = $0.event { true } else { false } })
    }
}
