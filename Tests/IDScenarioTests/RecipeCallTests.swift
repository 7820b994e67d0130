import Foundation
@testable import IDScenario
import IDExplore
import IDSim
import IDStrategies
import Testing

/// What an app's calls to its SDK do (issue 48, item 1) and the values it supplies (item 2): each
/// reported ID checked against what the world then holds, read directly rather than through the
/// recipe.
@Suite("Recipes: calls and supplied values")
struct RecipeCallTests {
    /// An SDK with an anonymous ID (a suite copy and a keychain copy) and a user ID set by login.
    static let sdk = """
        stores:
          anon: { defaults: { key: anonId } }
          kc: { keychain: { service: acme, account: anon } }
          userKey: { defaults: { key: userId } }
        ids:
          anonymous:
            id: [anon, kc, uuid]
            save: [anon, kc]
          user:
            id: [userKey]
        calls:
          reset: [{ clear: anon }, { newId: anonymous }]
          login: [{ save: userKey, from: supplied }, { rerun: user }]
          logout: [{ clear: userKey }, { rerun: user }]
        """

    /// The report the step left as the app's latest (a launch's or a call's).
    static func reported(_ run: RecipeRun, step: Int) -> LaunchReport? {
        let outcome = run.outcomes[step]
        return outcome.world.devices[0].launches[0]?.latest.report
    }

    static func defaults(_ world: World, _ key: String) -> String? { world.devices[0].app(0)?.container.defaults[key] }

    @Test("reset clears the suite copy and makes a new anonymous ID, saved where the ID saves; the keychain copy it never cleared stays")
    func resetMakesANewID() throws {
        let run = try RecipeRun(Self.sdk, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: reset }
            """)
        let first = try #require(Self.reported(run, step: 1)?.primaryID)
        let after = try #require(Self.reported(run, step: 2))
        let world = run.outcomes[2].world
        let made = try #require(after.value("anonymous"))
        #expect(made != first)
        // Independently: the suite holds the new value, the keychain the first (saved only when missing).
        #expect(Self.defaults(world, "anonId") == made)
        #expect(world.devices[0].keychain.values.first { $0.service == "acme" }?.value == first)
        #expect(after.value("user") == nil, "the user ID is as the launch left it")
    }

    @Test("a reset that leaves the keychain copy: the next process reads the old ID back (the bug the keychain-first order makes)")
    func resetUndoneByTheKeychain() throws {
        let recipe = Self.sdk.replacingOccurrences(of: "id: [anon, kc, uuid]", with: "id: [kc, anon, uuid]")
        let run = try RecipeRun(recipe, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: reset }
              - terminate: com.acme.shop
              - launch: com.acme.shop
            """)
        let first = try #require(Self.reported(run, step: 1)?.primaryID)
        let reset = try #require(Self.reported(run, step: 2)?.primaryID)
        let relaunched = try #require(Self.reported(run, step: 4)?.primaryID)
        #expect(reset != first)
        #expect(relaunched == first, "the keychain still held the first ID, and it is read first")
        #expect(Self.defaults(run.world, "anonId") == reset, "the suite holds the reset's ID, never read again")
    }

    @Test("login saves the value the app passed and reruns the user ID; logout clears it; the anonymous ID is untouched")
    func loginAndLogout() throws {
        let run = try RecipeRun(Self.sdk, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: login, value: alice }
              - call: { app: com.acme.shop, name: logout }
              - call: { app: com.acme.shop, name: login }
            """)
        let anonymous = try #require(Self.reported(run, step: 1)?.value("anonymous"))
        let login = try #require(Self.reported(run, step: 2))
        #expect(login.value("user") == "alice" && login.value("anonymous") == anonymous)
        #expect(Self.defaults(run.outcomes[2].world, "userId") == "alice")
        #expect(run.outcomes[2].world.devices[0].app(0)?.container.supplied["login"] == "alice")
        let logout = try #require(Self.reported(run, step: 3))
        #expect(logout.value("user") == nil && Self.defaults(run.outcomes[3].world, "userId") == nil)
        #expect(logout.value("anonymous") == anonymous)
        // A login without a value saves nothing, and the note says so.
        let bare = try #require(Self.reported(run, step: 4))
        #expect(bare.value("user") == nil)
        #expect(bare.notes.contains("login was passed no value: nothing saved to userKey"))
    }

    @Test("the change rows: the supplied value, then what the call wrote; the table shows the ID's change as a launch's")
    func rows() throws {
        let run = try RecipeRun(Self.sdk, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: login, value: alice }
              - call: { app: com.acme.shop, name: reset }
            """)
        let login = run.outcomes[2].changes.map { $0.text(in: run.world) }
        #expect(login == ["supplied:phone:com.acme.shop:login: ∅ → alice", "defaults:phone:com.acme.shop:userId: ∅ → alice"])
        let summary = StepSummary(run.outcomes[3], full: true)
        let idLine = try #require(summary.lines.first)
        let before = try #require(Self.reported(run, step: 1)?.primaryID)
        let after = try #require(Self.reported(run, step: 3)?.primaryID)
        #expect(idLine.text == "id \(after) was \(before)")
    }

    @Test("a supplied source reads the value passed with its call, else the app's option; the app's data keeps it: an uninstall loses it, a restore brings it back")
    func suppliedSource() throws {
        let recipe = """
            params: [{ customId: "" }]
            stores:
              kept: { defaults: { key: kept } }
            id: [{ supplied: setCustomId, not: [""] }, { supplied: customId, not: [""] }, kept, uuid]
            save: [kept]
            calls:
              setCustomId: [{ rerun: id }]
            """
        let run = try RecipeRun(recipe, options: "customId: from-options", steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: setCustomId, value: custom-1 }
              - backup: { kind: encrypted, as: nightly }
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
              - restore: nightly
              - launch: com.acme.shop
            """)
        #expect(Self.reported(run, step: 1)?.primaryID == "from-options", "no call yet: the option")
        #expect(Self.reported(run, step: 2)?.primaryID == "custom-1")
        #expect(Self.reported(run, step: 6)?.primaryID == "from-options", "the reinstall lost what the app had passed")
        #expect(run.outcomes[6].world.devices[0].app(0)?.container.supplied.isEmpty == true)
        #expect(Self.reported(run, step: 8)?.primaryID == "custom-1", "the restore brought the app's data back")
    }

    @Test("a store whose texts name {supplied:NAME} is kept once per value passed with NAME; before any value it names no entry")
    func storeKeyedBySuppliedValue() throws {
        // CleverTap's map of identities to GUIDs, one entry per identity (CTLoginInfoProvider.m).
        let recipe = """
            stores:
              perUser: { defaults: { key: "guid[{supplied:login}]" } }
            ids:
              user:
                id: [perUser, { uuid: { case: lower } }]
                save: [perUser]
            calls:
              login: [{ rerun: user }]
              forget: [{ clear: perUser }]
            """
        let run = try RecipeRun(recipe, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: login, value: alice }
              - call: { app: com.acme.shop, name: login, value: bob }
              - call: { app: com.acme.shop, name: login, value: alice }
              - call: { app: com.acme.shop, name: forget }
              - call: { app: com.acme.shop, name: login, value: bob }
            """)
        // No login yet: nothing to read, nothing written (no entry named by an unfilled placeholder).
        let first = try #require(Self.reported(run, step: 1))
        #expect(first.value("user") != nil && first.value("perUser") == nil)
        #expect(first.notes.contains("perUser is kept per value of login, and none was supplied: nothing written"))
        #expect(run.outcomes[1].world.devices[0].app(0)?.container.defaults.keys.contains { $0.hasPrefix("guid") } == false)
        // Each user's value is kept under their own entry, and found again at their next login.
        let alice = try #require(Self.reported(run, step: 2)?.value("user"))
        let bob = try #require(Self.reported(run, step: 3)?.value("user"))
        #expect(alice != bob && alice != first.value("user"))
        #expect(Self.defaults(run.outcomes[3].world, "guid[alice]") == alice && Self.defaults(run.outcomes[3].world, "guid[bob]") == bob)
        #expect(Self.reported(run, step: 4)?.value("user") == alice)
        // A clear takes the entry of the value last supplied (alice's), and leaves bob's.
        #expect(Self.defaults(run.outcomes[5].world, "guid[alice]") == nil && Self.defaults(run.outcomes[5].world, "guid[bob]") == bob)
        #expect(Self.reported(run, step: 6)?.value("user") == bob)
        // Where it may be named, and what it names, are checked before anything runs.
        #expect(IDScenarioTests.recipeErrors("stores: { s: { defaults: { key: \"s.{supplied:logn}\" } } }\nid: [s, uuid]\nsave: [s]\ncalls: { login: [] }")
                == ["5:37 placeholder {supplied:logn} in key names 'logn', which is neither a call of the recipe nor a param; did you mean 'login'?"])
        #expect(IDScenarioTests.recipeErrors("stores: { s: { defaults: { key: s } } }\nid: [s, { uuid: {}, template: \"u{value}{supplied:login}\" }]\ncalls: { login: [] }")
                == ["6:35 placeholder {supplied:login} in template: only a store's texts name a supplied value, and only of a call the recipe declares or a param"])
    }

    @Test("launch: the call the system makes at every launch, before the sources (Datadog deletes its ID unless it tracks anonymous users)")
    func launchCall() throws {
        let recipe = """
            params: [{ trackAnonymousUser: true }]
            stores:
              file: { file: { path: Library/Caches/anon } }
            id: [file, uuid]
            save: [file]
            calls:
              launch: [{ clear: file, when: { option: trackAnonymousUser, is: false } }]
            """
        let steps = """
              - install: com.acme.shop
              - launch: com.acme.shop
              - terminate: com.acme.shop
              - launch: com.acme.shop
            """
        let tracking = try RecipeRun(recipe, steps: steps)
        #expect(tracking.ids[0] != nil && tracking.ids[0] == tracking.ids[1])
        let off = try RecipeRun(recipe, options: "trackAnonymousUser: false", steps: steps)
        #expect(off.ids[0] != nil && off.ids[1] != nil && off.ids[0] != off.ids[1], "each launch cleared the file first")
        #expect(off.world.devices[0].app(0)?.container.files["Library/Caches/anon"]?.contents == off.ids[1])
        #expect(off.launches[1].notes.first == "launch: cleared file")
        // The strategy offers no `launch` call to scenarios.
        #expect(try Self.strategy(recipe).calls.isEmpty)
        // With cache: process, a launch of the running app is answered from memory: the code does
        // not start again, and the file it would have cleared stays.
        let cached = try RecipeRun(recipe + "\ncache: process", options: "trackAnonymousUser: false", steps: """
              - install: com.acme.shop
              - launch: { app: com.acme.shop, mode: background }
              - launch: com.acme.shop
            """)
        #expect(cached.ids[0] != nil && cached.ids[1] == cached.ids[0])
        #expect(cached.world.devices[0].app(0)?.container.files["Library/Caches/anon"]?.contents == cached.ids[0])
    }

    @Test("an action is done only when its if, unless and when hold; the launch call runs after the migrations, before the sources")
    func actionConditions() throws {
        // The first launch keeps the lowercase IDFV in legacy; the next migrates it into anon, and a
        // strict start then drops it, for a new UUID. Had the call run before the migration, anon
        // would have been empty for it, and the migrated IDFV the ID.
        let recipe = """
            params: [{ strict: false }]
            stores:
              legacy: { defaults: { key: legacy } }
              anon: { defaults: { key: anon } }
              optOut: { defaults: { key: optOut } }
            migrate: [{ from: legacy, to: anon }]
            id: [anon, { from: idfv, case: lower, unless: legacy }, uuid]
            save: [{ store: legacy, when: { source: idfv } }, { store: anon, when: { source: uuid } }]
            calls:
              launch: [{ clear: anon, if: { store: anon, equals: { from: idfv, case: lower } }, when: { option: strict } }]
              reset: [{ clear: anon, unless: optOut }, { newId: id, unless: optOut }]
              optOut: [{ save: optOut, from: supplied }]
            """
        func run(strict: Bool) throws -> RecipeRun {
            try RecipeRun(recipe, steps: """
                  - install: com.acme.shop
                  - launch: com.acme.shop
                  - configure: { app: com.acme.shop, strict: \(strict) }
                  - terminate: com.acme.shop
                  - launch: com.acme.shop
                  - call: { app: com.acme.shop, name: reset }
                  - call: { app: com.acme.shop, name: optOut, value: "yes" }
                  - call: { app: com.acme.shop, name: reset }
                """)
        }
        let lenient = try run(strict: false)
        let idfv = try #require(lenient.world.identifierForVendor(app: 0, on: 0)?.uuidString.lowercased())
        #expect(lenient.ids == [idfv, idfv], "not strict: the migrated copy is the ID")
        #expect(lenient.launches[1].notes.contains("migrated legacy to anon"))
        let strict = try run(strict: true)
        #expect(strict.ids[0] == idfv && strict.ids[1] != idfv && strict.ids[1] != nil, "strict: the start dropped the migrated copy")
        #expect(strict.launches[1].notes.contains("launch: cleared anon"))
        // reset made a new ID until the app opted out; then it did nothing.
        let launched = try #require(Self.reported(strict, step: 4)?.primaryID)
        let reset = try #require(Self.reported(strict, step: 5)?.primaryID)
        #expect(reset != launched && Self.defaults(strict.outcomes[5].world, "anon") == reset)
        #expect(Self.reported(strict, step: 7)?.primaryID == reset && Self.defaults(strict.world, "anon") == reset)
        #expect(IDScenarioTests.recipeErrors("stores: { s: { defaults: { key: s } } }\nid: [s, uuid]\ncalls: { reset: [{ clear: s, if: t }] }")
                == ["7:38 if names 't', which is not a store of the recipe; if tests whether stores hold a value; did you mean 's'?"])
    }

    static func strategy(_ recipe: String) throws -> Strategy {
        let run = try RecipeRun(recipe, steps: "  - install: com.acme.shop")
        return try #require(run.scenario.library.strategy(named: "r"))
    }

    @Test("a call is refused where no process runs, and a call the recipe does not declare is a located error")
    func refused() throws {
        #expect(throws: (any Error).self) {
            _ = try RecipeRun(Self.sdk, steps: "  - install: com.acme.shop\n  - call: { app: com.acme.shop, name: reset }")
        }
        do {
            _ = try RecipeRun(Self.sdk, steps: "  - install: com.acme.shop\n  - call: { app: com.acme.shop, name: reset }")
        } catch let error as RunError {
            #expect(error.diagnostic.message.contains("com.acme.shop is not running on phone, and its code calls 'reset' only while it runs; launch it first"))
        }
        let text = """
            name: t
            devices: [{ name: phone, os: "17.5" }]
            recipes:
              r:
            \(Self.sdk.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            apps:
              - { bundle: com.acme.shop, team: ACME1234, strategy: r }
              - { bundle: com.acme.kit, team: ACME1234 }
            steps:
              - call: { app: com.acme.shop, name: rset }
              - call: { app: com.acme.kit, name: reset }
              - call: { app: com.acme.shop, name: launch }
              - call: { app: com.acme.shop }
            """
        let messages: [String]
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml")
            messages = []
        } catch {
            messages = error.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        }
        #expect(messages == [
            "23:39 r has no call 'rset'; its calls: reset, login, logout; did you mean 'reset'?",
            "24:38 com.acme.kit runs id-kit, whose code declares no calls; a recipe declares what its calls do under calls:, like calls: { reset: [{ newId: id }] }",
            "25:39 'launch' is the call r runs by itself at every launch; a scenario launches the app instead",
            "26:11 call needs 'name: NAME', the call the app's code makes, like reset",
        ])
    }

    @Test("recipe errors: each action located, one error each")
    func recipeErrors() {
        let base = """
            stores:
              s: { defaults: { key: s } }
            ids:
              made:
                id: [s, uuid]
                save: [s]
              platform:
                id: [idfv]
            """
        func errors(_ calls: String) -> [String] { IDScenarioTests.recipeErrors(base + "\ncalls:\n" + calls) }
        #expect(errors("  reset: [{ newId: platform }]")
                == ["14:24 newId asks 'platform' for a new value, but none of its sources makes one (uuid, uuid7, fid or server); rerun it to read its sources again"])
        #expect(errors("  login: [{ save: s }]") == ["14:15 a call's save writes the value the app passed with it: { save: s, from: supplied }"])
        #expect(errors("  login: [{ save: s, from: idfv }]") == ["14:32 invalid from 'idfv'; expected one of supplied"])
        #expect(errors("  launch: [{ save: s, from: supplied }]")
                == ["14:18 the launch call is made by the system, with no value to save; save from supplied in a call the app makes"])
        #expect(errors("  launch: [{ rerun: made }]")
                == ["14:18 the launch call runs before the sources, which then run anyway; rerun 'made' in a call the app makes"])
        #expect(errors("  reset: [{ clear: t }]") == ["14:24 clear names 't', which is not a store of the recipe; did you mean 's'?"])
        #expect(errors("  reset: [{ rerun: mad }]") == ["14:24 rerun names 'mad', which is not an ID of the recipe; did you mean 'made'?"])
        #expect(errors("  reset: [{ clear: s, newId: made }]") == ["14:15 an action does one thing: clear and newId together"])
        #expect(errors("  reset: [{ clr: s }]") == ["14:17 unknown key 'clr' in an action of call 'reset'; did you mean 'clear'?"])
        #expect(errors("  reset: [clear]") == ["14:15 an action of call 'reset' is a mapping, like { clear: kc }, { save: kc, from: supplied }, { newId: id } or { rerun: id }"])
        #expect(errors("  \"re set\": []") == ["14:7 call 're set' must be a name: letters, digits, - and _, beginning with a letter, like reset"])
        #expect(IDScenarioTests.recipeErrors("stores: { s: { defaults: { key: s } } }\nid: [{ supplied: login }, s]\ncalls: { logn: [] }")
                == ["6:22 supplied names 'login', which is neither a call of the recipe nor a param: declare the call the app passes it with under calls, like calls: { login: [] }; did you mean 'logn'?"])
    }

    @Test("a recipe with calls and supplied sources is written as it reads")
    func roundTrip() throws {
        let run = try RecipeRun(Self.sdk + "\n" + """
            params: [{ custom: "x" }]
            """.replacingOccurrences(of: "\n", with: ""), steps: "  - install: com.acme.shop")
        var recipe = try #require(run.scenario.recipes.first)
        recipe.ids[1].sources.append(RecipeSource(.supplied("login")))
        var condition = RecipeCondition()
        condition.option = RecipeCondition.OptionTest(name: "custom", value: .string("y"))
        condition.ifHeld = ["kc"]
        condition.unlessEqual = [RecipeComparison(store: "anon", equals: RecipeSource(.idfv))]
        recipe.calls.append(RecipeCall(name: "launch", actions: [RecipeCallAction(.clear(store: "anon"), condition: condition)]))
        let text = RecipeWriter.file(recipe)
        #expect(text.contains("calls:\n  \"reset\": [{ clear: \"anon\" }, { newId: \"anonymous\" }]\n"))
        #expect(text.contains("{ supplied: \"login\" }"))
        var reader = NodeReader(file: "r.yaml")
        let root = try YAMLGuard.compose(text, file: "r.yaml", what: "recipes")
        let back = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        #expect(back.calls == recipe.calls && back.ids == recipe.ids)
    }

    @Test("explore takes a call only through --events, as call:NAME; a reset breaks the device ID at depth 3 and its sequence replays")
    func explore() throws {
        let run = try RecipeRun(Self.sdk + "\nprimary: anonymous", steps: "  - install: com.acme.shop")
        let strategy = try #require(run.scenario.library.strategy(named: "r"))
        let library = StrategyCatalog.builtIn.adding([strategy])
        let without = try Explorer.forStrategy(strategy, library: library, events: ["install", "launch"])
        #expect(!without.steps.contains { if case .call = $0.event { true } else { false } })
        let explorer = try Explorer.forStrategy(strategy, library: library, events: ["install", "launch", "call:reset"])
        #expect(explorer.steps.contains { $0.event == .call(0, name: "reset", value: "reset-1") })
        let outcome = explorer.run(properties: [.stable], depth: 3)
        let steps = try #require(outcome.breaks[.stable])
        #expect(steps.map(\.event.key) == ["install", "launch", "call"])
        // Replayed by hand: the call's report differs from the launch's.
        var world = explorer.root.world
        var reports: [String?] = []
        for step in steps {
            try world.apply(step, programs: library)
            if step.event.reportsIDs(of: 0) { reports.append(world.devices[step.device].launches[0]?.latest.report.primaryID) }
        }
        #expect(reports.count == 2 && reports[0] != nil && reports[1] != nil && reports[0] != reports[1])
    }

    @Test("a launch call's new ID under cache: process is the ID the launch returns, for one ID as for several (one launch path)")
    func launchCallUnderProcessCache() throws {
        let steps = """
              - install: com.acme.shop
              - launch: com.acme.shop
            """
        // The first UUID the app draws, with nothing else drawn before it: the reference.
        let plain = try #require(try RecipeRun("id: [uuid]", steps: steps).launches.first?.primaryID)
        let one = try RecipeRun("""
            cache: process
            id: [uuid]
            calls:
              launch: [{ newId: id }]
            """, steps: steps)
        let several = try RecipeRun("""
            cache: process
            ids:
              device: { id: [uuid] }
              other: { id: [uuid] }
            calls:
              launch: [{ newId: device }]
            """, steps: steps)
        // The call made the ID (the first draw) and the process keeps it: the sources do not make
        // another. Before one path, a recipe of one ID drew again and returned the second UUID.
        #expect(one.launches.first?.primaryID == plain)
        #expect(several.launches.first?.primaryID == plain)
        #expect(several.launches.first?.value("device") == plain)
    }
}
