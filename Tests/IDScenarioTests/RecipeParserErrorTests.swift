import Foundation
import IDScenario
import Testing
import TestSupport

/// Every recipe error, located, with the nearest valid name where there is one.
@Suite("Recipe errors")
struct RecipeParserErrorTests {
    /// A scenario whose recipe body starts on line 6 (indented four spaces).
    func errors(_ recipe: String, app: String = "{ bundle: com.acme.shop, team: ACME1234, strategy: r }") -> [String] {
        let body = recipe.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n    summary: test\n" + body
            + "\napps:\n  - " + app + "\nsteps: []\n"
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("unknown keys, store kinds, classes and choices get the nearest valid name")
    func unknownNames() {
        #expect(errors("id: [idfv]\nwhenRefsed: stop") == ["t.yaml:7:5: error: unknown key 'whenRefsed' in recipe 'r'; did you mean 'whenRefused'?"])
        #expect(errors("stores:\n  kc: { keychian: { account: a } }\nid: [kc]")
                == ["t.yaml:7:13: error: unknown store kind 'keychian' for store 'kc'; expected one of keychain, defaults, file, icloud, pasteboard; did you mean 'keychain'?"])
        #expect(errors("stores:\n  kc: { keychain: { account: a, accesible: afterFirstUnlock } }\nid: [kc]")
                == ["t.yaml:7:37: error: unknown key 'accesible' in keychain store 'kc'; did you mean 'accessible'?"])
        #expect(errors("stores:\n  kc: { keychain: { account: a, accessible: afterFirstUnlok } }\nid: [kc]")
                == ["t.yaml:7:49: error: invalid accessible 'afterFirstUnlok'; expected one of whenUnlocked, whenUnlockedThisDeviceOnly, afterFirstUnlock, afterFirstUnlockThisDeviceOnly, whenPasscodeSetThisDeviceOnly, always, alwaysThisDeviceOnly; did you mean 'afterFirstUnlock'?"])
        #expect(errors("id: [idfv]\ncache: proces") == ["t.yaml:7:12: error: invalid cache 'proces'; expected one of none, process; did you mean 'process'?"])
    }

    @Test("a comparison's errors: what it may equal, its keys, a store never declared, case and dashes")
    func comparisonErrors() {
        let stores = "stores:\n  anon: { defaults: { key: anon } }\n"
        #expect(errors(stores + "id: [{ store: anon, unless: { store: anon, equals: uuid } }, uuid]")
                == ["t.yaml:8:56: error: equals names 'uuid': a comparison reads a store of the recipe or one of idfv, idfa, apnsToken, appleUserID (a value made anew, like uuid, equals nothing stored)"])
        #expect(errors(stores + "id: [{ store: anon, unless: { store: anon, equal: idfv } }, uuid]")
                == ["t.yaml:8:48: error: unknown key 'equal' in a comparison under unless; did you mean 'equals'?"])
        #expect(errors(stores + "id: [{ store: anon, unless: { store: anon } }, uuid]")
                == ["t.yaml:8:33: error: a comparison under unless names a store and what it must equal, like { store: anon, equals: { from: idfv, case: lower } }"])
        #expect(errors(stores + "id: [{ store: anon, if: { store: anon, equals: anno } }, uuid]")
                == ["t.yaml:8:52: error: equals names 'anno': a comparison reads a store of the recipe or one of idfv, idfa, apnsToken, appleUserID (a value made anew, like uuid, equals nothing stored); did you mean 'anon'?"])
        #expect(errors(stores + "id: [{ store: anon, if: { store: anon, equals: { from: idfv, case: lowr } } }, uuid]")
                == ["t.yaml:8:72: error: invalid case 'lowr'; expected one of lower, upper; did you mean 'lower'?"])
        #expect(errors(stores + "id: [anon, uuid]\nsave: [{ store: anon, when: { source: uid } }]")
                == ["t.yaml:9:43: error: when: { source: uid } names no source of this ID; it saves only at a launch where that source gave the ID: one of anon, uuid; did you mean 'uuid'?"])
        #expect(errors("id: [{ from: idfv, case: upper, dashes: maybe }]") == ["t.yaml:6:45: error: dashes must be true or false, not 'maybe'"])
    }

    @Test("a misspelt key in a store is one error, the store's other typos are reported with it, and what names the store adds none")
    func oneErrorPerTypo() {
        let recipe = "stores:\n  kc: { keychain: { service: svc, acount: id, acessible: afterFirstUnlock } }\n  flag: { defaults: { key: seen } }\n"
            + "id: [{ store: kc, if: flag }, kc, uuid]\nsave: [kc, { store: flag, if: kc }]\nmigrate: [{ from: flag, to: kc }]"
        #expect(errors(recipe) == ["t.yaml:7:39: error: unknown key 'acount' in keychain store 'kc'; did you mean 'account'?",
                                   "t.yaml:7:51: error: unknown key 'acessible' in keychain store 'kc'; did you mean 'accessible'?"])
        // A key missing, with no near miss, is still said as missing; a store never declared is still unknown.
        #expect(errors("stores:\n  kc: { keychain: { service: svc, label: x } }\nid: [kc, other]")
                == ["t.yaml:7:23: error: keychain store 'kc' needs 'account'",
                    "t.yaml:7:39: error: unknown key 'label' in keychain store 'kc'",
                    "t.yaml:8:14: error: unknown source 'other': name a store of the recipe or one of idfv, idfa, uuid, uuid7, fid, apnsToken, appleUserID, server"])
    }

    @Test("an app whose recipe file fails to load is judged by no strategy: its options, expectations and calls add no error")
    func brokenRecipeFileIsNotIDKit() throws {
        let folder = TemporaryDirectory.make()
        try "name: acme\nstores:\n  kc: { keychain: { acount: id } }\nid: [kc, uuid]\nsave: [kc]\n"
            .write(to: folder.appendingPathComponent("acme.yaml"), atomically: true, encoding: .utf8)
        let scenario = folder.appendingPathComponent("s.yaml")
        let text = "name: s\ndevices: [{ name: phone, os: \"17.5\" }]\napps:\n  - { bundle: com.acme.shop, team: ACME1234, strategy: acme.yaml, options: { version: 1 } }\n"
            + "steps:\n  - launch: com.acme.shop\n  - expect: { app: com.acme.shop, values: { kc: present } }\n  - call: { app: com.acme.shop, name: reset }\n"
        var messages: [String] = []
        do {
            _ = try ScenarioParser.parse(text, file: scenario.path)
        } catch {
            messages = error.diagnostics.map(\.description)
        }
        #expect(messages.count == 1 && messages[0].contains("unknown key 'acount'"), "\(messages)")
        #expect(!messages.contains { $0.contains("id-kit") })
    }

    @Test("a recipe read where a scenario is expected is one error that says so and how to try it")
    func recipeWhereAScenarioIs() {
        var messages: [String] = []
        do {
            _ = try ScenarioParser.parse("name: acme\nstores:\n  kc: { keychain: { account: id } }\nid: [kc, uuid]\nsave: [kc]\n", file: "acme.yaml")
        } catch {
            messages = error.diagnostics.map(\.description)
        }
        #expect(messages == ["acme.yaml:1:1: error: acme.yaml is a recipe (it has stores, id, save and no devices, apps or steps), and this command reads "
                             + "scenarios. Try the recipe with 'idscope matrix --strategy acme.yaml' or 'idscope explore --strategy acme.yaml', "
                             + "or give it to a scenario's app as 'strategy: acme.yaml'"])
    }

    @Test("the keys of conditions, checks and templates: each wrong use located, with a way out")
    func conditionErrors() {
        let stores = "stores:\n  a: { defaults: { key: a } }\n  b: { defaults: { key: b } }\n"
        // Line 9 is the id line after these two stores.
        #expect(errors(stores + "id: [{ store: a, template: \"x{value}\" }]")
                == ["t.yaml:9:32: error: template shapes a value a source makes (uuid, idfv, …); a store's value is read as it was written"])
        #expect(errors(stores + "id: [{ uuid: { case: lower }, template: \"$RC:\" }]")
                == ["t.yaml:9:45: error: template '$RC:' must hold {value}, the value the source made, like \"$device:{value}\""])
        #expect(errors(stores + "id: [{ from: idfv, when: { option: useIDFA } }]")
                == ["t.yaml:9:40: error: option 'useIDFA' is not a param of the recipe; declare it under params, like params: [{ useIDFA: false }]"])
        #expect(errors("params: [{ useIDFV: true }]\n" + stores + "id: [{ from: idfv, when: { option: useIDFA } }]")
                == ["t.yaml:10:40: error: option 'useIDFA' is not a param of the recipe; declare it under params, like params: [{ useIDFA: false }]; did you mean 'useIDFV'?"])
        #expect(errors(stores + "id: [{ store: a, if: b, unless: [b] }]")
                == ["t.yaml:9:37: error: 'b' is under both if and unless: the condition could never hold"])
        #expect(errors(stores + "id: [{ store: a, unless: [c] }]")
                == ["t.yaml:9:31: error: unless names 'c', which is not a store of the recipe; unless tests whether stores hold a value; did you mean 'a'?"])
        #expect(errors(stores + "id: [{ store: a, valid: uid }]")
                == ["t.yaml:9:29: error: invalid valid 'uid'; expected one of uuid; did you mean 'uuid'?"])
        #expect(errors(stores + "id: [{ store: a, from: idfv }]")
                == ["t.yaml:9:10: error: a source reads one thing: store and from together"])
        #expect(errors(stores + "id: [{ nonZero: true }]")
                == ["t.yaml:9:10: error: a source mapping says what it reads, like { store: kc, if: seen }, { from: idfv, nonZero: true } or { uuid: { case: lower } }"])
        #expect(errors("params: [{ a: 1, b: 2 }]\nid: [idfv]")
                == ["t.yaml:6:14: error: a param with a default is one name and its value, like { useIDFV: true }"])
        #expect(errors(stores + "id: [a]\nsave: [{ store: a, when: { write: always } }]")
                == ["t.yaml:10:30: error: when names an option of the recipe, like when: { option: useIDFV } or { option: mode, is: debug }"])
    }

    @Test("an app may leave out a param with a default, not one without")
    func paramDefaults() {
        #expect(errors("params: [token, { useIDFV: true }]\nid: [idfv]")
                == ["t.yaml:9:56: error: app 'com.acme.shop' runs recipe r, which needs 'token' in its options, like options: { token: VALUE }"])
        #expect(errors("params: [{ useIDFV: true }]\nid: [idfv]").isEmpty)
    }

    @Test("sources and saves must name the recipe's stores; if must name a store; a store may not take a source's name")
    func storeReferences() {
        #expect(errors("stores:\n  prefs: { defaults: { key: id } }\nid: [pref, idfv]")
                == ["t.yaml:8:10: error: unknown source 'pref': name a store of the recipe or one of idfv, idfa, uuid, uuid7, fid, apnsToken, appleUserID, server; did you mean 'prefs'?"])
        #expect(errors("stores:\n  prefs: { defaults: { key: id } }\nid: [{ store: prefs, if: idfv }]")
                == ["t.yaml:8:30: error: if names 'idfv', which is not a store of the recipe; if tests whether stores hold a value"])
        #expect(errors("stores:\n  idfv: { defaults: { key: id } }\nid: [uuid]")
                == ["t.yaml:7:7: error: a store may not be named 'idfv', a source's name; call it something else"])
        #expect(errors("stores:\n  prefs: { defaults: { key: id } }\nid: [uuid]\nsave: [pref]\nclear: [kc]")
                == ["t.yaml:9:12: error: save names 'pref', which is not a store of the recipe; did you mean 'prefs'?",
                    "t.yaml:10:13: error: clear names 'kc', which is not a store of the recipe"])
    }

    @Test("a recipe needs sources; a store its required field; a placeholder its param")
    func missing() {
        #expect(errors("stores:\n  prefs: { defaults: { key: id } }") == ["t.yaml:5:5: error: recipe 'r' has no sources: add id, the places the ID comes from in order, like id: [idfv]"])
        #expect(errors("id: []") == ["t.yaml:6:9: error: recipe 'r' has no sources: list at least one under id, like [idfv]"])
        #expect(errors("stores:\n  kc: { keychain: { service: s } }\nid: [idfv]") == ["t.yaml:7:23: error: keychain store 'kc' needs 'account'"])
        #expect(errors("stores:\n  kc: { keychain: { account: \"{appId}\" } }\nid: [kc]")
                == ["t.yaml:7:34: error: placeholder {appId} in account is neither a built-in one ({bundle}, {bundleName}, {team}, {appGroup}) nor a param; add it to params"])
        #expect(errors("params: [appID]\nstores:\n  kc: { keychain: { account: \"{appId}\" } }\nid: [kc]")
                == ["t.yaml:8:34: error: placeholder {appId} in account is neither a built-in one ({bundle}, {bundleName}, {team}, {appGroup}) nor a param; add it to params; did you mean 'appID'?",
                    "t.yaml:11:56: error: app 'com.acme.shop' runs recipe r, which needs 'appID' in its options, like options: { appID: VALUE }"])
    }

    @Test("a param is a name a placeholder can hold: not empty, no braces or spaces")
    func paramNames() {
        for bad in ["\"\"", "\"a b\"", "\"{x}\"", "\"1st\""] {
            let found = errors("params: [\(bad)]\nid: [idfv]")
            #expect(found.first?.hasPrefix("t.yaml:6:14: error: param '") == true && found.first?.hasSuffix("must be a name: letters, digits, - and _, beginning with a letter") == true,
                    "\(bad): \(found)")
        }
    }

    @Test("an app on a recipe gives its params and has the App Group it uses")
    func appsOnRecipes() {
        #expect(errors("params: [appID]\nid: [idfv]") == ["t.yaml:9:56: error: app 'com.acme.shop' runs recipe r, which needs 'appID' in its options, like options: { appID: VALUE }"])
        #expect(errors("stores:\n  g: { defaults: { key: id, suite: \"{appGroup}\" } }\nid: [g]")
                == ["t.yaml:10:56: error: app 'com.acme.shop' runs recipe r, which uses {appGroup}, but declares no appGroups"])
        #expect(errors("params: [appID]\nid: [idfv]", app: "{ bundle: com.acme.shop, team: ACME1234, strategy: r, options: { appId: x } }")
                == ["t.yaml:9:56: error: app 'com.acme.shop' runs recipe r, which needs 'appID' in its options, like options: { appID: VALUE }",
                    "t.yaml:9:70: error: unknown option 'appId' for strategy r; did you mean 'appID'?"])
    }

    @Test("a recipe may not take a built-in strategy's name; a synchronizable ThisDeviceOnly item runs, with a located warning")
    func namesAndClasses() {
        let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  rndi: { id: [idfv] }\napps: [{ bundle: com.acme.shop, team: ACME1234 }]\nsteps: []\n"
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(text, file: "t.yaml") }
        #expect((try? ScenarioParser.parse(text, file: "t.yaml")) == nil)
        do { _ = try ScenarioParser.parse(text, file: "t.yaml") } catch {
            #expect(error.diagnostics.map(\.description) == ["t.yaml:4:3: error: a recipe may not take the name of the built-in strategy 'rndi'"])
        }
        // iOS builds and runs it, and every add fails (KC-18): a warning, not an error.
        let synced = "stores:\n  kc: { keychain: { account: a, accessible: afterFirstUnlockThisDeviceOnly, synchronizable: true } }\nid: [kc]"
        #expect(errors(synced) == [])
        let body = synced.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let scenario = try? ScenarioParser.parse("name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n    summary: test\n" + body
                                                 + "\napps:\n  - { bundle: com.acme.shop, team: ACME1234, strategy: r }\nsteps: []\n", file: "t.yaml")
        #expect(scenario?.warnings.map(\.description)
                == ["t.yaml:7:97: warning: a synchronizable item cannot have the ThisDeviceOnly class afterFirstUnlockThisDeviceOnly: every add fails with errSecParam (-50), so nothing is stored or synced and the ID is new at every launch (KC-18)"])
    }

    @Test("a recipe file's errors are located in the file; a missing file is one line at the strategy")
    func recipeFiles() throws {
        let dir = TemporaryDirectory.make()
        try "name: acme\nid: [idvf]\n".write(to: dir.appendingPathComponent("acme.yaml"), atomically: true, encoding: .utf8)
        let scenario = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\napps:\n  - { bundle: com.acme.shop, team: ACME1234, strategy: acme.yaml }\n"
            + "  - { bundle: com.acme.news, team: ACME1234, strategy: gone.yaml }\nsteps: []\n"
        let path = dir.appendingPathComponent("s.yaml").path
        try scenario.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioLoader.loadFile(path)
            Issue.record("loaded a scenario with a broken recipe file")
        } catch {
            let recipe = dir.appendingPathComponent("acme.yaml").path, gone = dir.appendingPathComponent("gone.yaml").path
            #expect(error.lines == [
                "\(recipe):2:6: error: unknown source 'idvf': name a store of the recipe or one of idfv, idfa, uuid, uuid7, fid, apnsToken, appleUserID, server; did you mean 'idfv'?",
                "\(path):5:56: error: recipe file \(gone): no such file",
            ])
        }
    }
}
