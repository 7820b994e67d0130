import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import TestSupport
import Testing

/// The located errors of a scenario around one recipe (`body`: the recipe's keys, each line
/// indented under `recipes: { r: … }`), one app on it and no steps: "LINE:COLUMN message" each
/// (`located: false`: the messages alone).
func recipeErrors(_ body: String, located: Bool = true) -> [String] {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n" + indented
        + "\napps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n"
    do {
        _ = try ScenarioParser.parse(text, file: "t.yaml")
        return []
    } catch {
        return error.diagnostics.map { located ? "\($0.line):\($0.column) \($0.message)" : $0.message }
    }
}

/// A scenario around one recipe: `recipe` is the body under `recipes: { r: … }`, and the app
/// com.acme.shop (with com.acme.news of the same team) runs it on a passcode phone signed in to
/// alice, with a second phone on the same account.
struct RecipeRun {
    let scenario: Scenario
    var outcomes: [StepOutcome] = []

    init(_ recipe: String, options: String = "", appExtras: String = "", steps: String, profile: String = "") throws {
        let indented = recipe.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        let text = """
        name: recipe test
        \(profile)
        accounts: [{ id: alice }]
        devices:
          - { name: phone, os: "17.5", passcode: true, appleID: alice }
          - { name: pad, kind: ipad, os: "17.5", passcode: true, appleID: alice }
        recipes:
          r:
        \(indented)
        apps:
          - { bundle: com.acme.shop, team: ACME1234, strategy: r, name: Shop\(options.isEmpty ? "" : ", options: { \(options) }")\(appExtras) }
          - { bundle: com.acme.news, team: ACME1234, strategy: r\(options.isEmpty ? "" : ", options: { \(options) }")\(appExtras) }
        steps:
        \(steps)
        """
        scenario = try ScenarioParser.parse(text, file: "recipe.yaml")
        var collected: [StepOutcome] = []
        try Session.run(scenario) { collected.append($0) }
        outcomes = collected
    }

    /// The reports of the launches, in order.
    var launches: [LaunchReport] {
        outcomes.compactMap { outcome in
            guard case .event(.launch(let app, _, _)) = outcome.step.action else { return nil }
            return outcome.world.devices[outcome.step.device].launches[app]?.latest.report
        }
    }

    var ids: [String?] { launches.map(\.primaryID) }
    var world: World { outcomes.last!.world }

    func value(_ name: String, launch n: Int) -> String? { launches[n].value(name) }

    /// The keychain items of a device whose service is `service`.
    func items(_ service: String, on device: DeviceIndex = 0) -> [KeychainItem] {
        world.devices[device].keychain.values.filter { $0.service == service }
    }
}

@Suite("Recipes: every key does what the contract says")
struct RecipeTests {
    // MARK: - Keychain stores

    @Test("keychain: service defaults to the bundle ID; accessible, accessGroup and synchronizable are what an add writes")
    func keychainAttributes() throws {
        let run = try RecipeRun("""
            stores:
              a: { keychain: { account: one } }
              b: { keychain: { service: svc, account: two, accessible: afterFirstUnlock, synchronizable: true,
                               accessGroup: "{team}.shared" } }
            id: [uuid]
            save: [a, b]
            """, appExtras: ", accessGroups: [ACME1234.shared]", steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let a = try #require(run.items("com.acme.shop").first)
        #expect(a.account == "one" && a.accessible == .whenUnlocked && !a.synchronizable && a.group == "ACME1234.shared")
        let b = try #require(run.items("svc").first)
        #expect(b.accessible == .afterFirstUnlock && b.synchronizable && b.group == "ACME1234.shared")
        #expect(run.items("svc", on: 1).first?.value == run.ids[0], "the synchronizable item reached the pad (KC-18)")
    }

    @Test("keychain: generic is set on an add and named by every query: an item without it is not found, and its key makes the add a duplicate")
    func generic() throws {
        let run = try RecipeRun("""
            stores:
              plain: { keychain: { service: svc, account: device } }
              tagged: { keychain: { service: svc, account: device, generic: "{bundle}.deviceID", onDuplicate: fail } }
              own: { keychain: { service: own, account: device, generic: "{bundle}.deviceID" } }
            id: [tagged, uuid]
            save: [plain, tagged, own]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: com.acme.shop")
        // plain's add made the item without the attribute; tagged's add of the same key is a duplicate.
        let item = try #require(run.items("svc").first)
        #expect(run.items("svc").count == 1 && item.generic == nil)
        #expect(run.launches[0].notes.contains("keychain write (tagged): errSecDuplicateItem (-25299)"))
        #expect(run.items("own").first?.generic == "com.acme.shop.deviceID")
        // tagged's read names the attribute, so it never finds plain's item: a new ID at every launch.
        #expect(run.value("tagged", launch: 1) == nil && run.ids[1] != run.ids[0])
    }

    @Test("keychain: upgradeAccessible updates an item found with another class to the store's, keeping its data")
    func upgradeAccessible() throws {
        func run(upgrade: Bool) throws -> RecipeRun {
            try RecipeRun("""
                stores:
                  old: { keychain: { service: svc, account: device, accessible: always } }
                  kc: { keychain: { service: svc, account: device, accessible: afterFirstUnlockThisDeviceOnly, upgradeAccessible: \(upgrade) } }
                id: [kc, uuid]
                save: [old]
                """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: com.acme.shop")
        }
        let upgraded = try run(upgrade: true)
        let item = try #require(upgraded.items("svc").first)
        #expect(item.accessible == .afterFirstUnlockThisDeviceOnly && item.value == upgraded.ids[0])
        #expect(upgraded.ids[1] == upgraded.ids[0])
        #expect(upgraded.launches[1].notes.contains("keychain update (kc): class always → afterFirstUnlockThisDeviceOnly: errSecSuccess (0)"))
        let kept = try run(upgrade: false)
        #expect(kept.items("svc").first?.accessible == .always)
        #expect(recipeErrors("stores: { kc: { keychain: { account: a, upgradeAccessible: true } } }\nid: [kc]", located: false)
                == ["upgradeAccessible updates an item found with another class to the store's; name that class with accessible, like accessible: afterFirstUnlockThisDeviceOnly"])
    }

    @Test("keychain: queryAccessible names the class in the read, so an item of another class is not found, and the add is a duplicate")
    func queryAccessible() throws {
        // Version 1 of the app wrote the item WhenUnlocked; version 2 asks for AfterFirstUnlock.
        func run(_ named: Bool) throws -> [String?] {
            let text = """
                name: versions
                devices: [{ name: phone, os: "17.5" }]
                recipes:
                  v1: { stores: { kc: { keychain: { service: svc, account: id, accessGroup: ACME1234.shared } } }, id: [uuid], save: [kc] }
                  v2:
                    stores:
                      kc: { keychain: { service: svc, account: id, accessGroup: ACME1234.shared, accessible: afterFirstUnlock,
                                        queryAccessible: \(named), onDuplicate: fail } }
                    id: [kc, uuid]
                    save: [kc]
                apps:
                  - { bundle: com.acme.old, team: ACME1234, strategy: v1, accessGroups: [ACME1234.shared] }
                  - { bundle: com.acme.new, team: ACME1234, strategy: v2, accessGroups: [ACME1234.shared] }
                steps:
                  - install: com.acme.old
                  - install: com.acme.new
                  - launch: com.acme.old
                  - launch: com.acme.new
                """
            var reports: [LaunchReport] = []
            try Session.run(try ScenarioParser.parse(text, file: "v.yaml")) { outcome in
                if case .event(.launch(let app, _, _)) = outcome.step.action {
                    reports.append(outcome.world.devices[0].launches[app]!.latest.report)
                }
            }
            return [reports[0].primaryID, reports[1].primaryID] + reports[1].notes
        }
        let unnamed = try run(false)
        #expect(unnamed[1] == unnamed[0], "a query without the class finds the WhenUnlocked item")
        let named = try run(true)
        #expect(named[1] != named[0])
        #expect(named.contains("keychain read (kc): errSecItemNotFound (-25300)"))
        #expect(named.contains("keychain write (kc): errSecDuplicateItem (-25299)"), "the class is not part of the primary key (KC-37)")
    }

    @Test("keychain: querySynchronizable any finds a synchronizable item; false does not")
    func querySynchronizable() throws {
        for (match, found) in [("any", true), ("false", false)] {
            let run = try RecipeRun("""
                stores:
                  sync: { keychain: { service: svc, account: id, accessible: afterFirstUnlock, synchronizable: true } }
                  kc: { keychain: { service: svc, account: id, querySynchronizable: \(match) } }
                id: [kc, uuid]
                save: [{ store: sync, when: always }]
                """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: com.acme.shop")
            #expect((run.value("kc", launch: 1) != nil) == found, "querySynchronizable: \(match)")
        }
    }

    @Test("keychain: write add with onDuplicate fail, update and deleteAndAdd")
    func onDuplicate() throws {
        let recipe = { (mode: String) in """
            stores:
              kc: { keychain: { service: svc, account: id, onDuplicate: \(mode) } }
            id: [uuid]
            save: [{ store: kc, when: always }]
            """ }
        let steps = "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - uninstall: com.acme.shop\n  - install: com.acme.shop\n  - launch: com.acme.shop"
        let fail = try RecipeRun(recipe("fail"), steps: steps)
        #expect(fail.items("svc").first?.value == fail.ids[0], "the first value stays")
        #expect(fail.launches[1].notes.contains("keychain write (kc): errSecDuplicateItem (-25299)"))
        let update = try RecipeRun(recipe("update"), steps: steps)
        #expect(update.items("svc").first?.value == update.ids[1])
        let replace = try RecipeRun(recipe("deleteAndAdd"), steps: steps)
        #expect(replace.items("svc").first?.value == replace.ids[1])
        let deleted = replace.outcomes[4].changes.filter { $0.subject.kind == "keychain" }
        #expect(deleted.contains { $0.to == nil } && deleted.contains { $0.from == nil }, "deleted, then added")
    }

    @Test("keychain: write upsert updates what it finds (and an item locked away, -25308), else adds; updates all sets class and sync")
    func upsert() throws {
        let run = try RecipeRun("""
            stores:
              old: { keychain: { service: svc, account: id } }
              kc: { keychain: { service: svc, account: id, accessible: afterFirstUnlockThisDeviceOnly, write: upsert, updates: all } }
            id: [uuid]
            save: [{ store: old, when: always }, { store: kc, when: always }]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let items = run.items("svc")
        #expect(items.count == 1 && items.first?.accessible == .afterFirstUnlockThisDeviceOnly, "the WhenUnlocked item was updated to the new class")
        let dataOnly = try RecipeRun("""
            stores:
              old: { keychain: { service: svc, account: id } }
              kc: { keychain: { service: svc, account: id, accessible: afterFirstUnlockThisDeviceOnly, write: upsert } }
            id: [uuid]
            save: [{ store: old, when: always }, { store: kc, when: always }]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        #expect(dataOnly.items("svc").first?.accessible == .whenUnlocked, "updates: data leaves the class as it was")
    }

    // MARK: - Other stores

    @Test("defaults: the standard suite, a private suite, an App Group's suite shared by its apps, and a fixed value")
    func defaults() throws {
        let run = try RecipeRun("""
            stores:
              std: { defaults: { key: id } }
              mine: { defaults: { key: id, suite: com.acme.private } }
              shared: { defaults: { key: id, suite: "{appGroup}" } }
              flag: { defaults: { key: seen, value: "yes" } }
            id: [shared, uuid]
            save: [std, mine, shared, flag]
            """, appExtras: ", appGroups: [group.com.acme]",
            steps: "  - install: com.acme.shop\n  - install: com.acme.news\n  - launch: com.acme.shop\n  - launch: com.acme.news")
        let id = run.ids[0]
        #expect(run.ids[1] == id, "the news app read the group's suite")
        let shop = try #require(run.world.devices[0].apps[0]?.container)
        #expect(shop.defaults["id"] == id && shop.defaults["seen"] == "yes" && shop.suites["com.acme.private"]?["id"] == id)
        #expect(run.world.devices[0].appGroupDefaults["group.com.acme"]?["id"] == id)
    }

    @Test("file: a container file, backed up or excluded from backups")
    func files() throws {
        let run = try RecipeRun("""
            stores:
              kept: { file: { path: Library/kept } }
              gone: { file: { path: Library/gone, backup: false } }
            id: [uuid]
            save: [kept, gone]
            """, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - backup: { kind: encrypted, as: b }
              - restore: b
                device: pad
            """)
        let files = try #require(run.world.devices[1].apps[0]?.container.files)
        #expect(files["Library/kept"]?.contents == run.ids[0] && files["Library/gone"] == nil)
    }

    @Test("icloud and pasteboard: the key-value store follows the account; a named pasteboard lives with the process from iOS 10")
    func icloudAndPasteboard() throws {
        let run = try RecipeRun("""
            stores:
              kvs: { icloud: { key: id } }
              pb: { pasteboard: { name: com.acme.id } }
            id: [kvs, pb, uuid]
            save: [kvs, pb]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - install: com.acme.shop\n    device: pad\n  - launch: com.acme.shop\n    device: pad")
        #expect(run.ids[1] == run.ids[0] && run.value("kvs", launch: 1) == run.ids[0])
        #expect(run.value("pb", launch: 1) == nil)
    }

    // MARK: - Sources

    @Test("sources: store, if, idfv, idfa (zeros are no value), uuid in a format, fid, apnsToken")
    func sources() throws {
        let run = try RecipeRun("""
            stores:
              flag: { defaults: { key: flag } }
              kc: { keychain: { service: svc, account: id } }
            id: [{ store: kc, if: flag }, idfa, apnsToken]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        #expect(run.value("kc", launch: 0) == nil, "not read: the flag holds nothing")
        #expect(run.value("idfa", launch: 0) == nil, "the all-zero IDFA is no value")
        #expect(run.ids[0] == run.world.devices[0].apps[0]?.apnsToken?.hex)
        let shapes = try RecipeRun("id: [{ uuid: { case: lower, dashes: false } }]", steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let uuid = try #require(shapes.ids[0])
        #expect(uuid.count == 32 && uuid == uuid.lowercased() && !uuid.contains("-"))
        let fid = try #require(try RecipeRun("id: [fid]", steps: "  - install: com.acme.shop\n  - launch: com.acme.shop").ids[0])
        #expect(fid.count == 22 && fid.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect("cdef".contains(fid.first!), "the first four bits are 0111")
        let idfv = try RecipeRun("id: [idfv, uuid]", steps: "  - install: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }")
        #expect(idfv.value("idfv", launch: 0) == nil && idfv.value("uuid", launch: 0) == idfv.ids[0], "no IDFV before the first unlock")
    }

    // MARK: - Saving

    @Test("save when: missing, missingOrRefused, different, always; overwrite; clear after a successful save")
    func saving() throws {
        let run = try RecipeRun("""
            stores:
              a: { defaults: { key: a } }
              b: { defaults: { key: b } }
              old: { defaults: { key: old } }
            id: [old, uuid]
            save: [a, { store: b, when: different }]
            clear: [old]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let defaults = try #require(run.world.devices[0].apps[0]?.container.defaults)
        #expect(defaults["a"] == run.ids[0] && defaults["b"] == run.ids[0])

        let refused = try RecipeRun("""
            stores:
              kc: { keychain: { service: svc, account: id, accessible: afterFirstUnlock } }
              prefs: { defaults: { key: id } }
            id: [kc, prefs, uuid]
            save: [{ store: kc, when: missingOrRefused }, prefs]
            """, steps: "  - install: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }")
        #expect(refused.launches[0].notes.contains("keychain write (kc): errSecInteractionNotAllowed (-25308)"),
                "missingOrRefused writes after a refused read (and is refused again)")

        let migrated = try RecipeRun("""
            stores:
              legacy: { defaults: { key: legacy } }
              kc: { keychain: { service: svc, account: id } }
            id: [kc, legacy, uuid]
            save: [kc, { store: legacy, when: always }]
            clear: [legacy]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: { app: com.acme.shop, mode: background }")
        #expect(migrated.world.devices[0].apps[0]?.container.defaults["legacy"] == nil, "cleared after the save")
        #expect(migrated.items("svc").first?.value == migrated.ids[0])

        let overwrite = try RecipeRun("""
            stores:
              prefs: { defaults: { key: id } }
            id: [idfv]
            overwrite: [prefs]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        #expect(overwrite.world.devices[0].apps[0]?.container.defaults["id"] == overwrite.ids[0])
    }

    // MARK: - Failures, cache, format, hash

    @Test("whenRefused: next goes on; stop gives no ID and writes nothing")
    func whenRefused() throws {
        let recipe = { (policy: String) in """
            stores:
              kc: { keychain: { service: svc, account: id, accessible: afterFirstUnlock } }
              prefs: { defaults: { key: id } }
            id: [kc, uuid]
            save: [kc, { store: prefs, when: always }]
            whenRefused: \(policy)
            """ }
        let steps = "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }"
        let next = try RecipeRun(recipe("next"), steps: steps)
        #expect(next.ids[1] != nil && next.ids[1] != next.ids[0], "the locked item is passed over for a new UUID")
        let stop = try RecipeRun(recipe("stop"), steps: steps)
        #expect(stop.ids[1] == nil && stop.launches[1].notes.contains("a refused read stops the launch: no ID (whenRefused: stop)"))
        #expect(stop.outcomes[3].changes.allSatisfy { $0.subject.kind != "defaults" }, "and nothing is written")
    }

    @Test("under whenRefused: stop, a refused read in a save's condition that does not hold stops nothing: the next ID is worked out")
    func refusedReadInAFailingSaveCondition() throws {
        let run = try RecipeRun("""
            stores:
              flag: { keychain: { service: svc, account: flag, accessible: whenUnlocked } }
              a: { defaults: { key: a } }
              b: { defaults: { key: b } }
            ids:
              first: { id: [a, uuid], save: [a, { store: a, if: flag, when: always }, { store: flag, when: always }] }
              second: { id: [b, uuid], save: [b] }
            whenRefused: stop
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - lock\n  - launch: { app: com.acme.shop, mode: background }")
        // The second launch's first read of flag (kept since the first, WhenUnlocked) is refused.
        #expect(run.items("svc").count == 1)
        let second = try #require(run.value("second", launch: 0))
        #expect(run.value("first", launch: 1) == run.value("first", launch: 0))
        #expect(run.value("second", launch: 1) == second, "\(run.launches[1].notes)")
        #expect(run.world.devices[0].apps[0]?.container.defaults["b"] == second)
    }

    @Test("whenWriteFails: ignore keeps the ID; stop gives none")
    func whenWriteFails() throws {
        let recipe = { (policy: String) in """
            stores:
              kc: { keychain: { service: svc, account: id, accessible: afterFirstUnlock } }
            id: [uuid]
            save: [kc]
            whenWriteFails: \(policy)
            """ }
        let steps = "  - install: com.acme.shop\n  - reboot\n  - launch: { app: com.acme.shop, mode: background }"
        #expect(try RecipeRun(recipe("ignore"), steps: steps).ids[0] != nil)
        #expect(try RecipeRun(recipe("stop"), steps: steps).ids[0] == nil)
    }

    @Test("cache: process keeps the ID while the process lives; none reads again")
    func cache() throws {
        let recipe = { (cache: String) in "id: [uuid]\ncache: \(cache)" }
        let steps = "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: com.acme.shop\n  - reboot\n  - unlock\n  - launch: com.acme.shop"
        let kept = try RecipeRun(recipe("process"), steps: steps)
        #expect(kept.ids[1] == kept.ids[0] && kept.ids[2] != kept.ids[0], "the same process, then a new one")
        let none = try RecipeRun(recipe("none"), steps: steps)
        #expect(none.ids[1] != none.ids[0])
    }

    @Test("format shapes the returned ID only; hash with a salt, and without")
    func formatAndHash() throws {
        let run = try RecipeRun("""
            stores:
              prefs: { defaults: { key: id } }
            id: [prefs, uuid]
            save: [prefs]
            format: { case: lower, dashes: false }
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let stored = try #require(run.world.devices[0].apps[0]?.container.defaults["id"])
        #expect(run.ids[0] == stored.lowercased().replacingOccurrences(of: "-", with: ""), "stored as written, returned shaped")
        let salted = try RecipeRun("stores:\n  prefs: { defaults: { key: id } }\nid: [prefs, uuid]\nsave: [prefs]\nhash: { salt: \"{team}\" }",
                                   steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        let raw = try #require(salted.world.devices[0].apps[0]?.container.defaults["id"])
        #expect(salted.ids[0] == sha256Hex("ACME1234:" + raw))
        let plain = try RecipeRun("stores:\n  prefs: { defaults: { key: id } }\nid: [prefs, uuid]\nsave: [prefs]\nhash: {}",
                                  steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        #expect(plain.ids[0] == sha256Hex(plain.world.devices[0].apps[0]!.container.defaults["id"]!))
    }

    @Test("params and placeholders: {bundle}, {bundleName}, {team}, {appGroup} and a param from options")
    func placeholders() throws {
        let run = try RecipeRun("""
            params: [appID]
            stores:
              kc: { keychain: { service: "{bundleName}.{team}", account: "{appID}-{bundle}" } }
              g: { defaults: { key: x, suite: "{appGroup}" } }
            id: [uuid]
            save: [kc, g]
            """, options: "appID: A1", appExtras: ", appGroups: [group.com.acme]",
            steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - install: com.acme.news\n  - launch: com.acme.news")
        #expect(run.items("Shop.ACME1234").first?.account == "A1-com.acme.shop")
        #expect(run.items("news.ACME1234").first?.account == "A1-com.acme.news", "{bundleName} without a name: the bundle's last word")
    }

    @Test("a launch reports id, every store and every platform source, and the keychain notes")
    func reportedValues() throws {
        let run = try RecipeRun("""
            stores:
              kc: { keychain: { service: svc, account: id } }
              prefs: { defaults: { key: id } }
            id: [kc, prefs, idfv, uuid]
            save: [kc]
            """, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop")
        #expect(run.launches[0].values.map(\.name) == ["id", "kc", "prefs", "idfv", "uuid"])
        #expect(run.value("idfv", launch: 0) == run.ids[0] && run.value("uuid", launch: 0) == nil)
        #expect(run.launches[0].notes == ["keychain read (kc): errSecItemNotFound (-25300)"])
    }

    @Test("writing inlines every recipe, file ones included; the written scenario reads back and replays the same")
    func writtenScenarioStandsAlone() throws {
        let dir = TemporaryDirectory.make()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        try """
            name: acme-id
            summary: Keychain, then a UserDefaults copy, then the IDFV
            stores:
              kc: { keychain: { account: device, accessible: afterFirstUnlockThisDeviceOnly, write: upsert, updates: all } }
              copy: { defaults: { key: acme.id, suite: com.acme.ids } }
            id: [kc, copy, idfv, { uuid: { case: lower } }]
            save: [kc, { store: copy, when: different }]
            whenRefused: stop
            format: { case: upper }
            hash: { salt: pepper }
            """.write(to: dir.appendingPathComponent("recipes/acme.yaml"), atomically: true, encoding: .utf8)
        let text = """
            name: uses a file
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: recipes/acme.yaml }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """
        let path = dir.appendingPathComponent("s.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.loadFile(path)
        #expect(scenario.apps[0].strategy == "acme-id" && scenario.recipes.map(\.name) == ["acme-id"])
        let written = ScenarioWriter.yaml(scenario)
        #expect(written.contains("recipes:\n  \"acme-id\":"))
        let again = try ScenarioParser.parse(written, file: "written.yaml")
        #expect(again.recipes == scenario.recipes)
        var first: [String?] = [], second: [String?] = []
        try Session.run(scenario) { if case .event(.launch) = $0.step.action { first.append($0.world.devices[0].launches[0]?.latest.report.primaryID) } }
        try Session.run(again) { if case .event(.launch) = $0.step.action { second.append($0.world.devices[0].launches[0]?.latest.report.primaryID) } }
        #expect(first == second && first.first! != nil)
    }

    @Test("every built-in recipe parses, writes back to itself, and names its source")
    func builtInRecipes() throws {
        let names = StrategyCatalog.recipeNames
        #expect(names.count == StrategyCatalog.builtInRecipes.count, "a built-in recipe failed to parse")
        for name in ["expo-application", "device-info-plus", "flutter-udid", "cordova-device", "firebase-installations",
                     "expo-secure-store-id", "keychain-idfv-twin", "zbuuid-twin", "rndi-twin", "svudid-twin"] {
            #expect(names.contains(name), "\(name)")
        }
        for recipe in StrategyCatalog.builtInRecipes {
            let text = RecipeWriter.file(recipe)
            let root = try YAMLGuard.compose(text, file: "written.yaml")
            var reader = NodeReader(file: "written.yaml")
            let again = try #require(RecipeParser.parseFile(root, reserved: [], &reader))
            #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
            #expect(again == recipe, "\(recipe.name) writes back to itself")
            if StrategyCatalog.original(ofTwin: recipe.name) == nil {
                #expect(StrategyCatalog.recipeText(named: recipe.name)?.contains("commit") == true, "\(recipe.name) cites the commit it was read at")
            }
        }
    }
}
