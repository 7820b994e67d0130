import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies
import TestSupport
import Testing

/// The why of a break (issue 43, point 1): worked out from what a traced replay of the recipe did,
/// on recipes of our own with conditions and several IDs. Each claim a why makes is checked by a
/// computation of its own: the cause it names is removed and the break replayed again, or the
/// world is read where the why says something was or was not.
@Suite struct BreakExplanationTests {
    /// A recipe file written and read as a user's would be.
    static func recipe(_ text: String) throws -> Recipe {
        let file = TemporaryDirectory.make().appendingPathComponent("recipe.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try ScenarioLoader.loadRecipe(file.path)
    }

    static func target(_ recipe: Recipe, following id: String? = nil) -> ExploreTarget {
        var target = ExploreTarget.defaultWorld(strategy: recipe.strategy, recipe: recipe, devices: 2, os: OSVersion(17, 5))
        if let id, let followed = recipe.strategy.following(id) { target.strategy = followed }
        return target
    }

    static func builtIn(_ name: String) throws -> ExploreTarget {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: name))
        return ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5))
    }

    /// The followed value of each of the app's launches when `steps` are replayed from the
    /// target's start with its own library: the independent replay the whys are checked against.
    static func launches(_ target: ExploreTarget, _ steps: [Step]) throws -> [String?] {
        var world = try target.startWorld()
        var values: [String?] = []
        for step in steps {
            try world.apply(step, programs: target.library)
            if case .launch(target.app, _, _) = step.event {
                values.append(world.devices[step.device].launches[target.app].flatMap { target.strategy.followedValue(in: $0.latest.report) })
            }
        }
        return values
    }

    static let install = Step(.install(0, source: nil), on: 0), uninstall = Step(.uninstall(0), on: 0)
    static let launch = Step(.launch(0, mode: .foreground), on: 0), background = Step(.launch(0, mode: .background), on: 0)
    static let reboot = Step(.reboot, on: 0)

    static let flagGated = """
        name: flag-gated
        summary: trusts its keychain copy only while a UserDefaults flag exists
        stores:
          kc: { keychain: { account: device-id, accessible: afterFirstUnlock } }
          seen: { defaults: { key: seen, value: "1" } }
          cache: { defaults: { key: cached-id } }
        id: [{ store: kc, if: seen }, cache, uuid]
        save: [kc, seen, cache]
        """

    @Test("a store the app's own call deleted: the why names the call and its line, no iOS rule; without the call the ID stays")
    func callDeletedTheStore() throws {
        let recipe = try Self.recipe("""
            name: clears
            stores:
              anon: { defaults: { key: anon } }
            id: [anon, uuid]
            save: [anon]
            cache: process
            calls:
              clearAll: [{ clear: anon }]
            """)
        let target = Self.target(recipe)
        let call = Step(.call(0, name: "clearAll", value: nil), on: 0), terminate = Step(.terminate(0), on: 0)
        let steps = [Self.install, Self.launch, call, terminate, Self.launch]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(why.byApp && why.decisiveStep == 5 && why.causeSteps == [3] && why.rules.isEmpty, "\(why)")
        #expect(why.sentence.contains("had been deleted by the app's own call: call com.acme.app clearAll on phone (step 3) clears it (calls: clearAll ("),
                "\(why.sentence)")
        #expect(why.sentence.contains("recipe.yaml:8)); so it made a new ID from uuid") && why.code.first?.hasPrefix("calls: clearAll (") == true)
        // The proof, replayed: the store held the ID until the call and nothing after it; without
        // the call the next process reads the same ID.
        var world = try target.startWorld()
        for (index, step) in steps.enumerated() {
            try world.apply(step, programs: target.library)
            let held = world.devices[0].app(0)?.container.defaults["anon"]
            if index == 1 { #expect(held != nil) }
            if index == 2 { #expect(held == nil) }
        }
        let withoutCall = try Self.launches(target, [Self.install, Self.launch, terminate, Self.launch])
        #expect(withoutCall.count == 2 && withoutCall[0] == withoutCall[1])
    }

    @Test("a condition of the app's own decided: the why names it and its line before any rule, the store it tested, and the step that emptied it")
    func appConditionFirst() throws {
        let recipe = try Self.recipe(Self.flagGated)
        let target = Self.target(recipe)
        let steps = [Self.install, Self.launch, Self.uninstall, Self.install, Self.launch]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(why.byApp && why.decisiveStep == 5 && why.causeSteps == [3])
        #expect(why.sentence.hasPrefix("The app's own condition: the recipe reads kc only if seen holds a value (if: seen, "), "\(why.sentence)")
        #expect(why.sentence.contains("recipe.yaml:7") && why.sentence.contains("uninstall com.acme.app on phone (step 3) deleted it with the app's container (CT-23)"))
        #expect(why.sentence.contains("It passed over kc (keychain item com.acme.app/device-id, afterFirstUnlock), which still held the ID"))
        #expect(why.rules == [.ct23], "only the rule on the path, no IDFV rule: \(why.rules)")
        #expect(why.code.first?.hasPrefix("if: seen") == true)
        // The proof: the same steps with the condition dropped keep the ID, so the condition is
        // what broke it; and kc did still hold the ID, as the why says.
        let values = try Self.launches(target, steps)
        #expect(values.count == 2 && values[0] != values[1])
        var unconditional = recipe
        unconditional.ids[0].sources[0].condition = RecipeCondition()
        unconditional.name = "flag-free"
        #expect(try Self.launches(Self.target(unconditional), steps).count == 2)
        let kept = try Self.launches(Self.target(unconditional), steps)
        #expect(kept[0] == kept[1], "without its condition the recipe keeps the ID: \(kept)")
    }

    @Test("a condition that passed over a store already emptied is not the cause: the why says what emptied the store, and without the condition the ID breaks alike")
    func conditionOverAnEmptiedStoreIsNotTheCause() throws {
        // CleverTap's shape: a source asked only while another store holds a value (its login
        // re-run), then the same store read plainly at launch.
        let recipe = try Self.recipe("""
            name: login-gated
            stores:
              ctid: { defaults: { key: ctid } }
              login: { defaults: { key: login } }
            id: [{ store: ctid, if: login }, ctid, uuid]
            save: [ctid]
            """)
        let target = Self.target(recipe)
        let steps = [Self.install, Self.launch, Self.uninstall, Self.install, Self.launch]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(!why.byApp && !why.sentence.contains("condition") && !why.code.contains { $0.hasPrefix("if:") }, "\(why)")
        #expect(why.sentence.hasPrefix("The launch on phone found nothing in ctid (UserDefaults ctid): it had been deleted: "
                                       + "uninstall com.acme.app on phone (step 3) deleted it with the app's container (CT-23)"), "\(why.sentence)")
        #expect(why.causeSteps == [3] && why.rules == [.ct23])
        // The proof: the store was empty at the decisive launch, and the recipe without the
        // conditional source breaks the same way, so the condition decided nothing.
        var world = try target.startWorld()
        for step in steps.dropLast() { try world.apply(step, programs: target.library) }
        #expect(world.devices[0].app(0)?.container.defaults["ctid"] == nil)
        var plain = recipe
        plain.ids[0].sources.removeFirst()
        plain.name = "login-free"
        let values = try Self.launches(Self.target(plain), steps)
        #expect(values.count == 2 && values[0] != values[1])
    }

    /// A UserDefaults copy of the ID, else the IDFV.
    static let idfvCopy = """
        name: idfv-copy
        stores:
          copy: { defaults: { key: copy } }
        id: [copy, idfv]
        save: [copy]
        """

    @Test("a store emptied and the IDFV taken again: the why says what changed the IDFV too, checked against the world's IDFV")
    func idfvTakenAgainSaysWhatChangedIt() throws {
        let recipe = try Self.recipe(Self.idfvCopy)
        let target = Self.target(recipe)
        let steps = [Self.install, Self.launch, Self.uninstall, Self.install, Self.launch]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(why.sentence.contains("recipe.yaml:4), which had changed since: uninstall com.acme.app on phone (step 3) erased it (IDFV-5), "
                                      + "install com.acme.app on phone (step 4) gave a new one (IDFV-2)."), "\(why.sentence)")
        #expect(why.causeSteps == [3, 4] && Set(why.rules) == [.ct23, .idfv5, .idfv2], "\(why)")
        // The proof: the IDFV the app reads differs before and after the uninstall.
        var world = try target.startWorld()
        var idfvs: [String?] = []
        for step in steps {
            try world.apply(step, programs: target.library)
            if case .launch = step.event { idfvs.append(world.identifierForVendor(app: 0, on: 0)?.uuidString) }
        }
        #expect(idfvs.count == 2 && idfvs[0] != nil && idfvs[0] != idfvs[1])
    }

    @Test("only the IDFV the app reads is named: another team's app installed between the launches is no cause")
    func anotherTeamsIDFVIsNoCause() throws {
        let recipe = try Self.recipe(Self.idfvCopy)
        var target = Self.target(recipe)
        target.base.apps.append(AppDeclaration(bundleID: "org.other.game", teamID: "OTHR5678", strategy: "id-kit"))
        let other = target.base.apps.count - 1
        let steps = [Self.install, Self.launch, Step(.install(other, source: nil), on: 0), Self.uninstall, Self.install, Self.launch]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(why.sentence.hasSuffix("which had changed since: uninstall com.acme.app on phone (step 4) erased it (IDFV-5), "
                                       + "install com.acme.app on phone (step 5) gave a new one (IDFV-2)."), "\(why.sentence)")
        #expect(why.causeSteps == [4, 5] && !why.sentence.contains("org.other.game"), "\(why)")
        // The proof: the other team's install gave its own IDFV and left the app's as it was.
        var world = try target.startWorld()
        var ours: [String?] = [], theirs: [String?] = []
        for step in steps {
            try world.apply(step, programs: target.library)
            ours.append(world.identifierForVendor(app: 0, on: 0)?.uuidString)
            theirs.append(world.identifierForVendor(app: other, on: 0)?.uuidString)
        }
        #expect(ours[1] != nil && ours[2] == ours[1] && theirs[2] != nil && theirs[2] != ours[2] && ours[5] != ours[1])
    }

    @Test("a launch before the first unlock whose write was refused: the app never kept the ID, said as a refused write, not a failed read")
    func refusedWriteIsNotARead() throws {
        let recipe = try Self.recipe("""
            name: locked-keeper
            stores:
              kc: { keychain: { account: device-id, accessible: afterFirstUnlockThisDeviceOnly } }
            id: [kc, uuid]
            save: [kc]
            """)
        let target = Self.target(recipe)
        let steps = [Self.install, Self.reboot, Self.background, Self.background]
        let why = try #require(BreakExplanation.explain(steps, property: .stable, target: target))
        #expect(why.sentence.hasPrefix("The app never kept the ID it made at launch com.acme.app (background) on phone (step 3): its write of kc"),
                "\(why.sentence)")
        #expect(why.sentence.contains("was refused with errSecInteractionNotAllowed (-25308)"))
        #expect(why.rules.first == .kc17 && why.causeSteps.contains(3) && why.causeSteps.contains(2), "\(why.rules) \(why.causeSteps)")
        // The proof: after the first locked launch the device holds no item of the app's.
        var world = try target.startWorld()
        for step in steps.prefix(3) { try world.apply(step, programs: target.library) }
        #expect(world.devices[0].keychain.keys.allSatisfy { $0.account != "device-id" }, "the write was refused: no item")
    }

    @Test("Segment's why fills its placeholders and cites no keychain rule for its UserDefaults copy")
    func segmentPlaceholdersAndRules() throws {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: "segment"))
        let target = ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5),
                                                options: ["writeKey": .string("KEY123")])
        let steps = [Self.install, Self.launch, Step(.migrate(from: 0), on: 1), Step(.launch(0, mode: .foreground), on: 1)]
        let why = try #require(BreakExplanation.explain(steps, property: .unique, target: target))
        #expect(!why.sentence.contains("{") && !why.stores.joined().contains("{"), "\(why.sentence) \(why.stores)")
        #expect(why.sentence.contains("KEY123"), "\(why.sentence)")
        #expect(why.rules == [.ct24], "the container's rule for a UserDefaults copy: \(why.rules)")
    }

    static let threeIDs = """
        name: three-ids
        stores:
          kc: { keychain: { account: device-id, accessible: afterFirstUnlockThisDeviceOnly } }
          installFile: { file: { path: Library/install-id } }
          userCopy: { defaults: { key: user-id } }
        ids:
          device: { id: [kc, uuid], save: [kc] }
          install: { id: [installFile, uuid], save: [installFile] }
          user: { id: [userCopy, { server: { case: lower }, reissueOn: [erase] }], save: [userCopy] }
        primary: device
        """

    @Test("--goal user --id user on a recipe of three IDs: the why is about that ID's own store (a UserDefaults copy read before the first unlock), and cites no IDFA or ATT rule")
    func whyOfAnotherID() throws {
        let recipe = try Self.recipe(Self.threeIDs)
        let target = Self.target(recipe, following: "user")
        #expect(target.strategy.matrixValue == "user")
        let onPhone2 = [Step(.migrate(from: 0), on: 1), Step(.reboot, on: 1), Step(.launch(0, mode: .background), on: 1)]
        let steps = [Self.install, Self.launch] + onPhone2
        let why = try #require(BreakExplanation.explain(steps, property: .follows, target: target))
        #expect(why.sentence.contains("found nothing in userCopy (UserDefaults user-id): it could not be read: a container cannot be read before the first unlock, and reboot on phone2 (step 4) locked the device (CT-25)"),
                "\(why.sentence)")
        #expect(why.sentence.hasSuffix("so it got a new ID from the server (\(try #require(recipe.origin.file)):9)."), "\(why.sentence)")
        #expect(why.rules == [.ct25, .kc22], "\(why.rules)")
        #expect(!why.rules.contains { $0.rawValue.hasPrefix("IDFA") || $0.rawValue.hasPrefix("ATT") })
        // The proof: the migration did carry the copy (phone2 holds it), and the launch got another value.
        var world = try target.startWorld()
        for step in steps.prefix(3) { try world.apply(step, programs: target.library) }
        let values = try Self.launches(target, steps)
        #expect(values.count == 2 && values[0] != values[1], "\(values)")
        #expect(world.devices[1].app(0)?.container.defaults["user-id"] == values[0], "the migration brought the copy")
    }

    @Test("a break from a scenario's end (two phones, an iCloud restore) says how the ID reached the second phone, with its rules")
    func fromAScenario() throws {
        let folder = TemporaryDirectory.make()
        let recipeFile = folder.appendingPathComponent("synced.yaml")
        try """
            name: synced
            stores:
              kc: { keychain: { account: device-id, accessible: afterFirstUnlock } }
            id: [kc, uuid]
            save: [kc]
            """.write(to: recipeFile, atomically: true, encoding: .utf8)
        let scenarioFile = folder.appendingPathComponent("two-phones.yaml")
        try """
            name: two phones
            accounts: [{ id: alice }]
            devices:
              - { name: old, os: "17.5", passcode: true, appleID: alice }
              - { name: new, os: "17.5", passcode: true }
            apps: [{ bundle: com.acme.app, team: ACME1234, strategy: synced.yaml }]
            steps:
              - install: com.acme.app
              - launch: com.acme.app
              - backup: { kind: encrypted, as: b }
            """.write(to: scenarioFile, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.loadFile(scenarioFile.path)
        let target = try #require(ExploreTarget.from(scenario, app: nil).first)
        let steps = [Step(.restore(backup: "b"), on: 1), Step(.launch(0, mode: .foreground), on: 1)]
        let why = try #require(BreakExplanation.explain(steps, property: .unique, target: target))
        #expect(why.sentence.hasPrefix("Restore b on new (step 1) brought kc (keychain item com.acme.app/device-id, afterFirstUnlock) with the ID to new"),
                "\(why.sentence)")
        #expect(why.rules == [.kc21], "\(why.rules)")
        #expect(why.causeSteps == [1])
    }
}
