import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// The keys the SDK recipes needed (issue 32): conditions over several stores and options, checks
/// on what is read, a template around a made value, UUID version 7, conditional saves.
@Suite("Recipes: conditions, checks, templates, options")
struct RecipeConditionTests {
    static let launch = "  - install: com.acme.shop\n  - launch: com.acme.shop"

    @Test("if takes a list (every store must hold a value); unless skips a source while any named store does")
    func ifAndUnless() throws {
        let recipe = """
            stores:
              a: { defaults: { key: a } }
              b: { defaults: { key: b } }
              kc: { keychain: { service: svc, account: id } }
            id: [{ store: kc, if: [a, b] }, { from: idfv, unless: a }, uuid]
            save: [kc]
            """
        // Nothing in a or b: kc is not asked; the IDFV is, as a holds nothing.
        let empty = try RecipeRun(recipe, steps: Self.launch)
        #expect(empty.value("kc", launch: 0) == nil && empty.ids[0] == empty.world.identifierForVendor(app: 0, on: 0)?.uuidString)
        let withA = try RecipeRun("""
            stores:
              a: { defaults: { key: a, value: "yes" } }
              b: { defaults: { key: b, value: "yes" } }
              kc: { keychain: { service: svc, account: id } }
            id: [{ store: kc, if: [a, b] }, { from: idfv, unless: a }, uuid]
            save: [kc, a]
            """, steps: Self.launch + "\n  - launch: com.acme.shop")
        // First launch: a is empty, so the IDFV; the save writes kc and a.
        let idfv = withA.world.identifierForVendor(app: 0, on: 0)?.uuidString
        #expect(withA.ids[0] == idfv)
        // Second launch: a holds "yes", b nothing: kc is not asked, the IDFV is skipped, a new UUID.
        // kc holds the IDFV (the save reads it to decide, and leaves it), but is not a source while b is empty.
        #expect(withA.value("kc", launch: 1) == idfv)
        #expect(withA.ids[1] != idfv && withA.value("uuid", launch: 1) == withA.ids[1])
    }

    @Test("when: { option } asks a source only while the app's option is on; a param's default applies when the app leaves it out")
    func optionChoosesSource() throws {
        let recipe = """
            params: [{ useIDFV: true }, { mode: release }]
            stores:
              id: { defaults: { key: device_id } }
            id: [id, { from: idfv, when: { option: useIDFV } }, { uuid: { case: lower }, when: { option: mode, is: debug } }, uuid]
            save: [id]
            """
        let byDefault = try RecipeRun(recipe, steps: Self.launch)
        #expect(byDefault.ids[0] == byDefault.world.identifierForVendor(app: 0, on: 0)?.uuidString, "useIDFV defaults to true")
        let off = try RecipeRun(recipe, options: "useIDFV: false", steps: Self.launch)
        let id = try #require(off.ids[0])
        #expect(id != off.world.identifierForVendor(app: 0, on: 0)?.uuidString && id == id.uppercased(), "mode is release: the last source")
        let debug = try RecipeRun(recipe, options: "useIDFV: false, mode: debug", steps: Self.launch)
        let lower = try #require(debug.ids[0])
        #expect(lower == lower.lowercased() && lower.contains("-"))
        // The strategy says which options it takes and their defaults.
        let strategy = try #require(off.scenario.recipes.first?.strategy)
        #expect(strategy.options.map(\.name) == ["useIDFV", "mode"])
        #expect(strategy.options.map(\.defaultValue) == [.bool(true), .string("release")])
    }

    @Test("valid: uuid, not and nonZero make a value count as nothing: the next source is asked")
    func checks() throws {
        let recipe = """
            stores:
              token: { defaults: { key: token } }
            id: [{ store: token, valid: uuid }, uuid]
            save: [{ store: token, when: always }]
            """
        // The first launch stores a UUID; a stored non-UUID would be passed over (checked below).
        let run = try RecipeRun(recipe, steps: Self.launch + "\n  - launch: com.acme.shop")
        #expect(run.ids[1] == run.ids[0], "a stored UUID counts")
        let program = RecipeCheck(uuid: true, not: ["00000000-0000-0000-0000-000000000001"], nonZero: true)
        #expect(program.accepts("9E7EB00E-4C9C-4E35-81DF-DA7A5EB236F8") && program.accepts("9e7eb00e-4c9c-4e35-81df-da7a5eb236f8"))
        #expect(!program.accepts("not-a-uuid") && !program.accepts("9E7EB00E4C9C4E3581DFDA7A5EB236F8"))
        #expect(!program.accepts("00000000-0000-0000-0000-000000000000") && !program.accepts("00000000-0000-0000-0000-000000000001"))
        #expect(RecipeCheck(nonZero: true).accepts("abc") && !RecipeCheck(nonZero: true).accepts("00000000000000000000000000000000"))
        // In a run: a value written by another recipe that is not a UUID is skipped, and replaced.
        let planted = try RecipeRun("""
            stores:
              token: { defaults: { key: token } }
              junk: { defaults: { key: token, value: "not-a-uuid" } }
            id: [{ store: token, valid: uuid, not: ["not-a-uuid"] }, uuid]
            save: [{ store: junk, when: missing }, { store: token, when: different }]
            """, steps: Self.launch + "\n  - launch: com.acme.shop")
        #expect(planted.value("token", launch: 1) != nil)
        #expect(planted.ids[1] != "not-a-uuid")
    }

    @Test("the IDFA's zeros count as nothing, unless the source says nonZero: false (Meta's advertiser_id keeps them)")
    func idfaZeros() throws {
        let steps = Self.launch + "\n  - requestTracking: { app: com.acme.shop, answer: allow }\n  - launch: com.acme.shop"
        let zero = "00000000-0000-0000-0000-000000000000"
        // Before the ATT answer iOS gives the all-zero IDFA: a plain idfa source passes over it.
        let plain = try RecipeRun("id: [idfa, { uuid: { case: lower } }]", steps: steps)
        let first = try #require(plain.ids[0])
        #expect(first != zero && first == first.lowercased(), "the next source gave the ID: \(first)")
        let keeping = try RecipeRun("id: [{ from: idfa, nonZero: false }, { uuid: { case: lower } }]", steps: steps)
        #expect(keeping.ids[0] == zero)
        // Once tracking is allowed, both read the real IDFA: the device's, as the platform reports it.
        let idfa = keeping.world.devices[0].idfa.uuidString
        #expect(idfa != zero && keeping.ids[1] == idfa && plain.ids[1] == idfa)
        // `nonZero: true` on idfa says the default: nothing changes.
        let explicit = try RecipeRun("id: [{ from: idfa, nonZero: true }, { uuid: { case: lower } }]", steps: steps)
        #expect(explicit.ids[0] != zero && explicit.ids[1] == idfa)
    }

    @Test("template shapes a made value: RevenueCat's $RCAnonymousID: and 32 lowercase hex digits")
    func template() throws {
        let run = try RecipeRun("""
            stores:
              user: { defaults: { key: appUserID } }
            id: [user, { uuid: { case: lower, dashes: false }, template: "$RCAnonymousID:{value}" }]
            save: [user]
            """, steps: Self.launch + "\n  - launch: com.acme.shop")
        let id = try #require(run.ids[0])
        #expect(id.hasPrefix("$RCAnonymousID:") && id.count == 15 + 32)
        #expect(id.dropFirst(15).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(run.value("user", launch: 1) == id && run.ids[1] == id, "stored as made, read back as stored")
    }

    @Test("case and dashes shape any source's value, a template takes the shaped value as it is, and not: [\"\"] passes over a blank one")
    func shapingAnySource() throws {
        // CleverTap's ID from the IDFV: -v and the IDFV lowercased without its dashes (CTDeviceInfo.m, clevertap.md).
        let run = try RecipeRun("""
            stores:
              copy: { defaults: { key: copy } }
            id: [{ store: copy, case: upper, not: [""] }, { from: idfv, case: lower, dashes: false, template: "-v{value}" }]
            save: [copy]
            """, steps: Self.launch + "\n  - launch: com.acme.shop")
        let idfv = try #require(run.world.identifierForVendor(app: 0, on: 0)?.uuidString)
        let expected = "-v" + String(idfv.lowercased().filter { $0 != "-" })
        #expect(run.ids[0] == expected, "the template keeps what the shape gave it: \(run.ids[0] ?? "nil")")
        #expect(run.value("copy", launch: 1) == expected, "stored as made")
        // Read back from the store, the store source's own shape applies: uppercase, so `-V…`.
        #expect(run.ids[1] == expected.uppercased())
        // A value of spaces counts as nothing under not: [""], as an empty one does.
        #expect(!RecipeCheck(not: [""]).accepts("   ") && !RecipeCheck(not: [""]).accepts("\t\n") && !RecipeCheck(not: [""]).accepts(""))
        #expect(RecipeCheck(not: [""]).accepts(" x ") && RecipeCheck(not: ["x"]).accepts("   "))
    }

    @Test("a comparison under unless: RudderStack's anonymousId dropped while it equals the lowercased IDFV (clearAnonymousIdIfRequired)")
    func comparisons() throws {
        // The first launch stores the lowercased IDFV, as RudderStack up to 1.18 did; from the
        // second on, a stored ID equal to it is passed over and a new UUID is made and kept.
        let run = try RecipeRun("""
            stores:
              anon: { defaults: { key: rl_anonymous_id } }
              seeded: { defaults: { key: seeded, value: "1" } }
            id: [{ store: anon, unless: { store: anon, equals: { from: idfv, case: lower } } }, { from: idfv, case: lower, unless: seeded }, { uuid: { case: lower } }]
            save: [{ store: anon, when: always }, seeded]
            """, steps: Self.launch + "\n  - launch: com.acme.shop\n  - launch: com.acme.shop")
        let idfv = try #require(run.world.identifierForVendor(app: 0, on: 0)?.uuidString)
        #expect(run.ids[0] == idfv.lowercased(), "the IDFV, lowercased")
        let second = try #require(run.ids[1])
        #expect(second != idfv.lowercased() && second == second.lowercased() && second.count == 36, "equal to the IDFV: replaced by a UUID")
        #expect(run.ids[2] == second, "a UUID equals no IDFV: kept")
        // Under if: asked only while two stores agree; a missing value equals nothing.
        let agreeing = try RecipeRun("""
            stores:
              a: { defaults: { key: a } }
              b: { defaults: { key: b } }
            id: [{ store: a, if: { store: a, equals: b } }, uuid]
            save: [{ store: a, when: missing }, { store: b, when: missing }]
            """, steps: Self.launch + "\n  - launch: com.acme.shop")
        #expect(agreeing.ids[1] == agreeing.ids[0], "both stores hold the first ID: equal, so a is read")
        let empty = try RecipeRun("""
            stores:
              a: { defaults: { key: a } }
              b: { defaults: { key: b } }
            id: [{ uuid: {}, if: { store: a, equals: b } }, { from: idfv }]
            """, steps: Self.launch)
        #expect(empty.ids[0] == empty.world.identifierForVendor(app: 0, on: 0)?.uuidString, "two empty stores are not equal")
    }

    @Test("a save only at a launch where a given source gave the ID: LaunchDarkly 7.x stored the UUID it made, never the IDFV")
    func saveBySource() throws {
        // The IDFV while there is one (after the first unlock); before it, the stored key, else a
        // new UUID, which alone is stored (LDUtil / ios-client-sdk 7.1.0, docs/research/sdk/launchdarkly.md).
        let recipe = """
            stores:
              key: { defaults: { key: ldDeviceIdentifier } }
            id: [idfv, key, uuid]
            save: [{ store: key, when: { source: uuid } }]
            """
        let unlocked = try RecipeRun(recipe, steps: Self.launch + "\n  - launch: com.acme.shop")
        let idfv = try #require(unlocked.world.identifierForVendor(app: 0, on: 0)?.uuidString)
        #expect(unlocked.ids == [idfv, idfv] && unlocked.value("key", launch: 1) == nil, "the IDFV gave the ID: nothing stored")
        // Before the first unlock the IDFV is nil (IDFV-3): a new UUID is made, and it alone is
        // stored; unlocked, the IDFV is the key again and the stored UUID stays as it was.
        let locked = try RecipeRun(recipe, steps: Self.launch + "\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }\n  - unlock\n  - launch: com.acme.shop")
        #expect(locked.ids.count == 3)
        let made = try #require(locked.ids[1])
        #expect(made != idfv && made.count == 36, "no IDFV before the first unlock: a new UUID")
        #expect(locked.world.devices[0].apps[0]?.container.defaults["ldDeviceIdentifier"] == made, "the UUID was stored")
        #expect(locked.ids[2] == locked.world.identifierForVendor(app: 0, on: 0)?.uuidString, "unlocked: the IDFV again")
        #expect(unlocked.world.devices[0].apps[0]?.container.defaults["ldDeviceIdentifier"] == nil)
    }

    @Test("uuid7: version 7, the RFC's variant, and later steps give larger time prefixes")
    func uuid7() throws {
        let run = try RecipeRun("id: [uuid7]", steps: Self.launch + "\n  - reboot\n  - unlock\n  - launch: com.acme.shop")
        let first = try #require(run.ids[0]), second = try #require(run.ids[1])
        for id in [first, second] {
            let hex = Array(id.replacingOccurrences(of: "-", with: ""))
            #expect(hex.count == 32 && hex[12] == "7", "version 7: \(id)")
            #expect("89AB".contains(hex[16]), "variant 10: \(id)")
        }
        #expect(first.prefix(13) < second.prefix(13), "time-ordered: \(first) then \(second)")
        // The first 48 bits are the simulated clock: 2025-01-01 plus a day per step.
        let millis = UInt64(first.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16)!
        #expect(millis >= 1_735_689_600_000 && millis < 1_735_689_600_000 + 10 * 86_400_000)
    }

    @Test("a save may be conditional: unless another store holds the ID, and only while an option is on")
    func conditionalSaves() throws {
        let run = try RecipeRun("""
            params: [{ mirror: false }]
            stores:
              standard: { defaults: { key: appUserID.new } }
              suite: { defaults: { suite: com.revenuecat.user_defaults, key: appUserID.new } }
              copy: { defaults: { key: copy } }
            id: [standard, suite, uuid]
            save: [{ store: suite, unless: standard, when: always }, { store: copy, when: { option: mirror, write: always } }]
            """, steps: Self.launch)
        #expect(run.world.devices[0].apps[0]?.container.suites["com.revenuecat.user_defaults"]?["appUserID.new"] == run.ids[0])
        #expect(run.world.devices[0].apps[0]?.container.defaults["copy"] == nil, "mirror is off by default")
        let mirrored = try RecipeRun("""
            params: [{ mirror: false }]
            stores:
              copy: { defaults: { key: copy } }
            id: [uuid]
            save: [{ store: copy, when: { option: mirror, write: always } }]
            """, options: "mirror: true", steps: Self.launch)
        #expect(mirrored.world.devices[0].apps[0]?.container.defaults["copy"] == mirrored.ids[0])
    }

    @Test("a scenario's options take a number for a text param, filled in as written, and on or off for a boolean")
    func optionSpellings() throws {
        let numbered = try RecipeRun("""
            params: [version]
            stores:
              kept: { defaults: { key: "id-v{version}" } }
            id: [kept, uuid]
            save: [kept]
            """, options: "version: 2", steps: Self.launch)
        #expect(numbered.scenario.apps[0].options["version"] == .string("2"))
        #expect(numbered.world.devices[0].apps[0]?.container.defaults["id-v2"] == numbered.ids[0])
        let mirror = """
            params: [{ mirror: false }]
            stores:
              copy: { defaults: { key: copy } }
            id: [uuid]
            save: [{ store: copy, when: { option: mirror, write: always } }]
            """
        let on = try RecipeRun(mirror, options: "mirror: on", steps: Self.launch)
        #expect(on.scenario.apps[0].options["mirror"] == .bool(true))
        #expect(on.world.devices[0].apps[0]?.container.defaults["copy"] == on.ids[0])
        let off = try RecipeRun(mirror, options: "mirror: off", steps: Self.launch)
        #expect(off.world.devices[0].apps[0]?.container.defaults["copy"] == nil)
        let quoted = try RecipeRun(mirror, options: "mirror: \"true\"", steps: Self.launch)
        #expect(quoted.world.devices[0].apps[0]?.container.defaults["copy"] == quoted.ids[0])
        // A word that is neither is still refused, at its place.
        #expect(throws: (any Error).self) { try RecipeRun(mirror, options: "mirror: maybe", steps: Self.launch) }
    }

    @Test("every new key survives the writer: a recipe written out reads back the same")
    func roundTrip() throws {
        let text = """
            name: everything
            params: [token, { useIDFV: true }, { mode: "release" }]
            stores:
              kc: { keychain: { service: svc, account: "{token}" } }
              flag: { defaults: { key: flag, value: "true" } }
              legacy: { defaults: { key: legacy } }
            id: [{ store: kc, if: [flag, legacy], valid: uuid }, { from: idfv, unless: legacy, when: { option: useIDFV }, nonZero: true, case: lower, dashes: false, template: "-v{value}" }, { store: legacy, case: upper, not: [""], unless: [{ store: legacy, equals: { from: idfv, case: lower, dashes: false } }, { store: legacy, equals: kc }] }, { from: idfa, if: { store: flag, equals: appleUserID } }, { from: idfa, nonZero: false }, { uuid7: { case: lower }, not: ["x"] }, { uuid: { case: lower, dashes: false }, template: "$RC:{value}", when: { option: mode, is: debug } }, uuid]
            save: [{ store: kc, unless: legacy, when: { option: useIDFV, write: always } }, { store: flag, if: kc }, legacy, { store: legacy, when: { source: uuid7, write: different } }, { store: flag, when: { option: useIDFV, source: idfv } }]
            """
        var reader = NodeReader(file: "r.yaml")
        let root = try #require(try YAMLComposer.compose(text, file: "r.yaml").get())
        let recipe = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        let written = RecipeWriter.file(recipe)
        var again = NodeReader(file: "w.yaml")
        let writtenRoot = try #require(try YAMLComposer.compose(written, file: "w.yaml").get())
        let back = try #require(RecipeParser.parseFile(writtenRoot, &again))
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)\n\(written)")
        #expect(back == recipe, "\(written)")
    }
}

/// `server`: an ID the SDK's server assigns at a launch that reaches the network.
@Suite("Recipes: server-assigned IDs")
struct RecipeServerTests {
    static let oneSignalLike = """
        stores:
          cached: { defaults: { suite: group.com.acme.shop.onesignal, key: onesignal_id } }
        id: [cached, server]
        save: [cached]
        """

    @Test("no ID until a launch reaches the network; then the server's value, kept; a reinstall asks again and gets a new one")
    func assignedOnline() throws {
        let run = try RecipeRun(Self.oneSignalLike, steps: """
              - install: com.acme.shop
              - launch: { app: com.acme.shop, network: false }
              - launch: com.acme.shop
              - launch: { app: com.acme.shop, network: false }
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        #expect(run.ids[0] == nil, "offline: the server assigned nothing")
        #expect(run.launches[0].notes.contains("no network at this launch: the server assigned nothing"))
        let assigned = try #require(run.ids[1])
        #expect(assigned == assigned.lowercased() && assigned.count == 36)
        #expect(run.ids[2] == assigned, "kept: read back offline")
        #expect(run.ids[3] != nil && run.ids[3] != assigned, "a reinstall loses the cached ID: the server makes a new user (OneSignal-iOS-SDK issue 77)")
    }

    @Test("a launch says network: false in the file, the run output and the writer")
    func offlineLaunchInFiles() throws {
        let text = """
            name: offline
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]
            steps:
              - install: com.acme.shop
              - launch: { app: com.acme.shop, mode: background, network: false }
            """
        let scenario = try ScenarioParser.parse(text, file: "offline.yaml")
        guard case .event(.launch(_, let mode, let network)) = scenario.steps[1].action else {
            Issue.record("not a launch")
            return
        }
        #expect(mode == .background && !network)
        let world = try scenario.initialWorld()
        #expect(StepSummary.describe(.launch(0, mode: .background, network: false), in: world) == "launch com.acme.shop (background, offline)")
        let written = ScenarioWriter.yaml(scenario)
        #expect(written.contains("network: false"))
        let back = try ScenarioParser.parse(written, file: "back.yaml")
        guard case .event(.launch(_, _, let again)) = back.steps[1].action else { return }
        #expect(!again)
    }

    @Test("a server-assigned ID saved nowhere is an error at its sources")
    func savedNowhere() {
        let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n    id: [server]\n"
            + "apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n"
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["t.yaml:5:9: error: the server assigns this ID, but recipe 'r' saves it nowhere: the SDK would ask for a new one at every launch; save it, like save: [STORE]"])
        }
    }
}

/// `migrate`: one-time moves from legacy stores, run before any ID is worked out.
@Suite("Recipes: migrations")
struct RecipeMigrationTests {
    /// The app first runs as the old SDK (legacy: true writes the legacy key), then is configured
    /// as the new one, whose migration copies the legacy value once, guarded by a version.
    static let amplitudeLike = """
        params: [{ legacy: false }]
        stores:
          old: { defaults: { key: device_id } }
          new: { defaults: { suite: com.amplitude.storage, key: device_id } }
          version: { defaults: { suite: com.amplitude.storage, key: storage_version } }
        migrate: [{ from: old, to: new, done: version, value: "2", when: { option: legacy, is: false } }]
        id: [{ store: old, when: { option: legacy } }, new, uuid]
        save: [{ store: old, when: { option: legacy } }, { store: new, when: { option: legacy, is: false } }]
        """

    @Test("a guarded migration copies the legacy value once; the version it records stops it running again")
    func guardedOnce() throws {
        let run = try RecipeRun(Self.amplitudeLike, steps: """
              - install: com.acme.shop
              - configure: { app: com.acme.shop, legacy: true }
              - launch: com.acme.shop
              - configure: { app: com.acme.shop, legacy: false }
              - launch: com.acme.shop
              - launch: com.acme.shop
            """)
        let legacy = try #require(run.ids[0])
        #expect(run.ids[1] == legacy, "the new SDK finds the ID the old one kept")
        #expect(run.launches[1].notes.contains("migrated old to new"))
        #expect(run.ids[2] == legacy && !run.launches[2].notes.contains("migrated old to new"), "done: not again")
        let container = try #require(run.world.devices[0].apps[0]?.container)
        #expect(container.suites["com.amplitude.storage"]?["storage_version"] == "2")
        #expect(container.defaults["device_id"] == legacy, "without clear the legacy copy stays")
    }

    @Test("without done, a migration runs while the legacy store holds a value; clear deletes it (Mixpanel's archive files)")
    func whileLegacyExists() throws {
        let run = try RecipeRun("""
            params: [{ legacy: false }]
            stores:
              archive: { file: { path: Library/mixpanel-token-properties } }
              distinct: { defaults: { suite: Mixpanel, key: MPDistinctID } }
            migrate: [{ from: archive, to: distinct, clear: true, when: { option: legacy, is: false } }]
            id: [{ store: archive, when: { option: legacy } }, distinct, uuid]
            save: [{ store: archive, when: { option: legacy } }, { store: distinct, when: { option: legacy, is: false } }]
            """, steps: """
              - install: com.acme.shop
              - configure: { app: com.acme.shop, legacy: true }
              - launch: com.acme.shop
              - configure: { app: com.acme.shop, legacy: false }
              - launch: com.acme.shop
            """)
        #expect(run.ids[1] == run.ids[0])
        #expect(run.world.devices[0].apps[0]?.container.files["Library/mixpanel-token-properties"] == nil, "cleared")
    }

    @Test("migration errors: a store moved to itself, a done store it moves, a value with no done, an unknown store")
    func errors() {
        func errors(_ recipe: String) -> [String] { recipeErrors(recipe, located: false) }
        let stores = "stores: { a: { defaults: { key: a } }, b: { defaults: { key: b } } }\nid: [a]\n"
        #expect(errors(stores + "migrate: [{ from: a, to: a }]") == ["a migration reads the store it writes ('a'): move from a legacy store to another"])
        #expect(errors(stores + "migrate: [{ from: a, to: b, done: b }]") == ["done records that the migration ran: a store of its own, not 'b', which it moves"])
        #expect(errors(stores + "migrate: [{ from: a, to: b, value: \"2\" }]") == ["value is what done records; name the done store too, like done: storageVersion"])
        #expect(errors(stores + "migrate: [{ from: c, to: b }]") == ["from names 'c', which is not a store of the recipe; did you mean 'a'?"])
        #expect(errors(stores + "migrate: [{ to: b }]")
                == ["a migration names the store it moves from and the one it moves to, like { from: legacy, to: kc, done: migrated }"])
    }

    @Test("a recipe with migrations survives the writer")
    func roundTrip() throws {
        var reader = NodeReader(file: "r.yaml")
        let root = try #require(try YAMLComposer.compose("name: m\n" + Self.amplitudeLike, file: "r.yaml").get())
        let recipe = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        let written = RecipeWriter.file(recipe)
        var again = NodeReader(file: "w.yaml")
        let writtenRoot = try #require(try YAMLComposer.compose(written, file: "w.yaml").get())
        let back = try #require(RecipeParser.parseFile(writtenRoot, &again))
        #expect(again.diagnostics.isEmpty && back == recipe, "\(written)")
    }
}

/// `beforeFirstUnlock: wait` and `cache: process` with several IDs.
@Suite("Recipes: waiting for the first unlock, caching each ID")
struct RecipeLockTests {
    @Test("beforeFirstUnlock: wait does nothing before the first unlock: no ID, no read, no write; the next launch after it runs")
    func waitsForUnlock() throws {
        let run = try RecipeRun("""
            stores:
              cached: { defaults: { key: user } }
            id: [cached, uuid]
            save: [cached]
            beforeFirstUnlock: wait
            """, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - reboot
              - launch: { app: com.acme.shop, mode: background }
              - unlock
              - launch: com.acme.shop
            """)
        let first = try #require(run.ids[0])
        #expect(run.ids[1] == nil && run.value("cached", launch: 1) == nil)
        #expect(run.launches[1].notes == ["protected data is not available before the first unlock: the SDK waits (beforeFirstUnlock: wait)"])
        #expect(run.ids[2] == first, "nothing was written over the stored ID: the same process reads it once unlocked")
        let without = try RecipeRun("""
            stores:
              cached: { defaults: { key: user } }
            id: [cached, uuid]
            save: [cached]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }\n  - unlock\n  - launch: com.acme.shop")
        #expect(without.ids[1] != without.ids[0] && without.ids[2] == without.ids[1], "by default the launch runs and its write lands at the unlock (CT-25)")
    }

    @Test("terminate ends the app's process: the ID it cached goes with it, and the next launch reads the stores again")
    func terminateEndsTheCache() throws {
        // A launch before the first unlock reads UserDefaults empty and, with emptyCached, its
        // write is lost with the process (CT-25): the ID in memory is not the one stored.
        let recipe = """
            stores:
              cached: { defaults: { key: user } }
            id: [cached, uuid]
            save: [cached]
            cache: process
            """
        let before = "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }\n  - unlock\n"
        let profile = "profile: { defaultsBeforeFirstUnlock: emptyCached }"
        let kept = try RecipeRun(recipe, steps: before + "  - launch: com.acme.shop", profile: profile)
        let stored = try #require(kept.ids[0])
        #expect(kept.ids[1] != stored && kept.ids[2] == kept.ids[1], "the running process keeps what it cached")
        let ended = try RecipeRun(recipe, steps: before + "  - terminate: com.acme.shop\n  - launch: com.acme.shop", profile: profile)
        #expect(ended.ids[0] == stored && ended.ids[1] != stored)
        #expect(ended.ids[2] == ended.ids[0], "a fresh process reads the stored ID")
        #expect(ended.world.devices[0].apps[0]?.container.defaults["user"] == stored, "its files stay")
        // Nothing running: nothing to end, said in the step's words.
        #expect(throws: (any Error).self) {
            try RecipeRun(recipe, steps: "  - install: com.acme.shop\n  - terminate: com.acme.shop")
        }
    }

    @Test("with several IDs, cache: process keeps each ID that had a value; one still missing is worked out again")
    func cachesEachID() throws {
        let run = try RecipeRun("""
            stores:
              remote: { defaults: { key: remote } }
            ids:
              local: { id: [uuid] }
              assigned: { id: [remote, server], save: [remote] }
            cache: process
            """, steps: """
              - install: com.acme.shop
              - launch: { app: com.acme.shop, network: false }
              - launch: com.acme.shop
              - launch: com.acme.shop
            """)
        #expect(run.value("assigned", launch: 0) == nil)
        #expect(run.ids[1] == run.ids[0], "the local ID is kept in memory")
        let assigned = try #require(run.value("assigned", launch: 1), "asked again online, the server assigns it")
        #expect(run.value("assigned", launch: 2) == assigned && run.ids[2] == run.ids[0])
        #expect(run.launches[2].notes.contains("the ID kept in memory by this process (cache: process)"))
    }
}

/// `file: { path, group }`: a file in an App Group's shared container (PostHog's appGroupIdentifier).
@Suite("Recipes: files in an App Group")
struct RecipeGroupFileTests {
    @Test("a file kept in the App Group's container is one ID for the group's apps, and outlives one of them")
    func sharedByTheGroup() throws {
        let run = try RecipeRun("""
            stores:
              anon: { file: { path: "Library/Application Support/posthog.anonymousId", group: "{appGroup}" } }
            id: [anon, { uuid7: { case: lower } }]
            save: [anon]
            """, appExtras: ", appGroups: [group.com.acme.shared]", steps: """
              - install: com.acme.shop
              - install: com.acme.news
              - launch: com.acme.shop
              - launch: com.acme.news
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        let id = try #require(run.ids[0])
        #expect(run.ids[1] == id && run.ids[2] == id)
        let strategy = try #require(run.scenario.recipes.first?.strategy)
        let app = run.scenario.apps[0]
        #expect(strategy.stores(for: app).first?.description
                == "anon: file 'Library/Application Support/posthog.anonymousId' in the App Group group.com.acme.shared's container")
    }

    @Test("an app outside the group named by a file store is an error, located at the app")
    func appMustBeInTheGroup() {
        let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n    stores: { f: { file: { path: id, group: group.com.acme } } }\n"
            + "    id: [f, uuid]\napps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n"
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.map(\.message)
                    == ["app 'com.acme.shop' runs recipe r, whose store f keeps a file in the App Group group.com.acme; add it to the app's appGroups"])
        }
    }
}
