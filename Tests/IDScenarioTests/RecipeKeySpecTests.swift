@testable import IDScenario
import Foundation
import IDSim
import IDStrategies
import TestSupport
import Testing

/// One declaration per recipe key (issue 46, step 1): each key's read and write come from its
/// declaration, so every value a key of one value may take is written and read back to the same
/// recipe; the parser, the schema and the docs name the keys the tables declare, and no other.
@Suite struct RecipeKeySpecTests {
    /// A recipe with a store of every kind, a migration and a hashed, shaped ID: each key is
    /// varied on it in turn.
    static let base: Recipe = {
        var recipe = Recipe(name: "every-key", sources: [.store("kc"), .store("prefs"), RecipeSource(.uuid(.uuidString))])
        recipe.stores = [
            RecipeStore(name: "kc", kind: .keychain(KeychainStore(account: Template("device"), accessible: .afterFirstUnlock))),
            RecipeStore(name: "prefs", kind: .defaults(key: Template("acme.id"), suite: nil, value: nil)),
            RecipeStore(name: "legacy", kind: .file(path: Template("Library/acme-id"), backup: true)),
            RecipeStore(name: "shared", kind: .icloud(key: Template("acme.id"), store: nil)),
            RecipeStore(name: "board", kind: .pasteboard(name: Template("acme"))),
        ]
        recipe.ids[0].save = [RecipeSave(store: "kc")]
        recipe.ids[0].format = IDFormat(case: .lower)
        recipe.ids[0].hash = RecipeHash()
        recipe.migrate = [RecipeMigration(from: "legacy", to: "kc")]
        return recipe
    }()

    /// Every value a key of `kind` may take: each word, both booleans, a text with a placeholder.
    static func values(of kind: RecipeKeyKind) -> [RecipeKeyValue] {
        switch kind {
        case .template: [.template(Template("x-{bundle}"))]
        case .text, .scalar: [.text("flag")]
        case .bool: [.bool(true), .bool(false)]
        case .choice(let words): words.map(RecipeKeyValue.word)
        case .boolOr(let word): [.bool(true), .bool(false), .word(word)]
        case .structure: []
        }
    }

    /// The recipe written as a file and read back, as a user's would be.
    static func reread(_ recipe: Recipe) throws -> Recipe {
        let file = TemporaryDirectory.make().appendingPathComponent("recipe.yaml")
        try RecipeWriter.file(recipe).write(to: file, atomically: true, encoding: .utf8)
        return try ScenarioLoader.loadRecipe(file.path)
    }

    /// Each value of each field of `table`, set on `part` of the base recipe: written, read back the same.
    /// - Returns: how many keys were tried.
    func roundTrips<Target>(_ table: [RecipeField<Target>], _ change: (inout Recipe, (inout Target) -> Void) -> Void) throws -> Int {
        var count = 0
        for field in table {
            guard let set = field.set, let get = field.get else {
                #expect(field.set == nil && field.get == nil, "\(field.name) is read or written, not both")
                continue
            }
            for value in Self.values(of: field.spec.kind) {
                var recipe = Self.base
                var written: RecipeKeyValue?
                change(&recipe) { target in
                    set(&target, value)
                    written = get(target)
                }
                let reread = try Self.reread(recipe)
                #expect(reread == recipe, "\(field.name): \(value) is not read back as written:\n\(RecipeWriter.file(recipe))")
                // What is written is the value set, unless it is the default (left out).
                if let written {
                    #expect(written == value, "\(field.name) writes \(written) for \(value)")
                    #expect(RecipeWriter.file(recipe).contains("\(field.name): \(value.written)"), "\(field.name): \(value) is not in the file")
                }
            }
            #expect(!Self.values(of: field.spec.kind).isEmpty, "\(field.name) has no value to try")
            count += 1
        }
        return count
    }

    @Test("every value of every key of one value is written and read back to the same recipe, from its declaration alone")
    func everyKeyRoundTrips() throws {
        func store<Fields>(_ name: String, _ fields: @escaping (RecipeStore.Kind) -> Fields?, _ kind: @escaping (Fields) -> RecipeStore.Kind)
            -> (inout Recipe, (inout Fields) -> Void) -> Void {
            { recipe, change in
                let index = recipe.stores.firstIndex { $0.name == name }!
                var value = fields(recipe.stores[index].kind)!
                change(&value)
                recipe.stores[index] = RecipeStore(name: name, kind: kind(value))
            }
        }
        var count = try roundTrips(RecipeKeys.recipe) { recipe, change in change(&recipe) }
        count += try roundTrips(RecipeKeys.keychain, store("kc", { if case .keychain(let item) = $0 { item } else { nil } }, { .keychain($0) }))
        count += try roundTrips(RecipeKeys.defaults, store("prefs", DefaultsStoreFields.init, \.kind))
        count += try roundTrips(RecipeKeys.file, store("legacy", FileStoreFields.init, \.kind))
        count += try roundTrips(RecipeKeys.icloud, store("shared", ICloudStoreFields.init, \.kind))
        count += try roundTrips(RecipeKeys.pasteboard, store("board", PasteboardStoreFields.init, \.kind))
        count += try roundTrips(RecipeKeys.format) { recipe, change in change(&recipe.ids[0].format!) }
        count += try roundTrips(RecipeKeys.hash) { recipe, change in change(&recipe.ids[0].hash!) }
        count += try roundTrips(RecipeKeys.migration) { recipe, change in change(&recipe.migrate[0]) }
        // Every key declared with its field was tried.
        var bound = RecipeKeys.recipe.filter { $0.set != nil }.count + RecipeKeys.keychain.count + RecipeKeys.defaults.count
        bound += RecipeKeys.file.count + RecipeKeys.icloud.count + RecipeKeys.pasteboard.count
        bound += RecipeKeys.format.count + RecipeKeys.hash.count + RecipeKeys.migration.filter { $0.set != nil }.count
        #expect(count == bound)
    }

    /// A recipe written by hand with every key of one value away from its default: each lands in
    /// the field its name says (a declaration with the wrong key path would round-trip, but not this).
    @Test("each key of one value, written by hand, sets the field its name says")
    func eachKeySetsItsField() throws {
        let recipe = try BreakExplanationLike.recipe("""
            name: by-hand
            stores:
              kc: { keychain: { service: svc, account: acct, accessible: afterFirstUnlock, accessGroup: grp, synchronizable: true, queryAccessible: true, querySynchronizable: any, write: add, onDuplicate: deleteAndAdd, updates: all, generic: gen, upgradeAccessible: true } }
              prefs: { defaults: { key: k, suite: group.acme, value: "yes" } }
              legacy: { file: { path: Library/id, key: anon, backup: false, group: "{appGroup}", protection: complete } }
              shared: { icloud: { key: ik, store: com.acme.shared } }
              board: { pasteboard: { name: pb } }
            id: [kc]
            format: { case: upper, dashes: false }
            hash: { salt: pepper }
            migrate: [{ from: legacy, to: kc, clear: true, overwrite: true }]
            whenRefused: stop
            whenWriteFails: stop
            cache: process
            beforeFirstUnlock: wait
            """)
        guard case .keychain(let kc) = recipe.stores[0].kind else { Issue.record("kc is a keychain store"); return }
        #expect(kc.service.raw == "svc" && kc.account.raw == "acct" && kc.accessible == .afterFirstUnlock && kc.accessGroup?.raw == "grp")
        #expect(kc.synchronizable && kc.queryAccessible && kc.querySynchronizable == .any && kc.write == .add)
        #expect(kc.onDuplicate == .deleteAndAdd && kc.updates == .all && kc.generic?.raw == "gen" && kc.upgradeAccessible && kc.accessControl == nil)
        guard case .defaults(let key, let suite, let value) = recipe.stores[1].kind else { Issue.record("prefs is a defaults store"); return }
        #expect(key.raw == "k" && suite?.raw == "group.acme" && value == "yes")
        guard case .file(let path, let backup, let group, let entry, let protection) = recipe.stores[2].kind else { Issue.record("legacy is a file"); return }
        #expect(path.raw == "Library/id" && !backup && group?.raw == "{appGroup}" && entry?.raw == "anon" && protection == .complete)
        guard case .icloud(let icloudKey, let store) = recipe.stores[3].kind else { Issue.record("shared is iCloud"); return }
        #expect(icloudKey.raw == "ik" && store?.raw == "com.acme.shared")
        guard case .pasteboard(let board) = recipe.stores[4].kind else { Issue.record("board is a pasteboard"); return }
        #expect(board.raw == "pb")
        #expect(recipe.ids[0].format == IDFormat(case: .upper, dashes: false) && recipe.ids[0].hash?.salt?.raw == "pepper")
        #expect(recipe.migrate[0].clear && recipe.migrate[0].overwrite)
        #expect(recipe.whenRefused == .stop && recipe.whenWriteFails == .stop && recipe.cache == .process && recipe.beforeFirstUnlock == .wait)
    }

    @Test("a store refused by one key says it once: a required key it cannot read, a defaults value that is not one value, an invalid onDuplicate beside an upsert")
    func oneErrorPerRefusedStore() throws {
        let cases = [
            "kc: { keychain: { account: [a], accessible: never } }",
            "prefs: { defaults: { key: k, value: [a, b] } }",
            "kc: { keychain: { account: a, write: upsert, onDuplicate: never } }",
        ]
        for store in cases {
            let name = store.prefix { $0 != ":" }
            let error = try #require(Self.refusal("name: one\nstores:\n  \(store)\nid: [\(name)]\nsave: [\(name)]\n"))
            #expect(error.components(separatedBy: ": error: ").count == 2, "\(store):\n\(error)")
        }
    }

    @Test("every head a table declares (a source's, a call's action's) and every store kind is read")
    func everyHeadIsRead() throws {
        let sources: [String: String] = ["store": "{ store: kc }", "from": "{ from: idfv }", "uuid": "{ uuid: { case: lower } }",
                                         "uuid7": "{ uuid7: {} }", "server": "{ server: {} }", "supplied": "{ supplied: login }"]
        #expect(Set(sources.keys) == Set(RecipeKeys.sourceHeads))
        let actions: [String: String] = ["clear": "{ clear: kc }", "save": "{ save: kc, from: supplied }", "newId": "{ newId: id }",
                                         "rerun": "{ rerun: id }"]
        #expect(Set(actions.keys) == Set(RecipeKeys.callActionHeads))
        for head in RecipeKeys.sourceHeads {
            let text = "name: heads\nstores:\n  kc: { keychain: { account: a } }\nid: [\(sources[head]!), uuid]\nsave: [kc]\ncalls:\n  login: []\n"
            #expect(Self.refusal(text) == nil, "source head \(head): \(Self.refusal(text) ?? "")")
        }
        for head in RecipeKeys.callActionHeads {
            let text = "name: heads\nstores:\n  kc: { keychain: { account: a } }\nid: [kc, uuid]\nsave: [kc]\ncalls:\n  reset: [\(actions[head]!)]\n"
            #expect(Self.refusal(text) == nil, "call action \(head): \(Self.refusal(text) ?? "")")
        }
        #expect(Set(Self.base.stores.map { store in
            switch store.kind {
            case .keychain: "keychain"
            case .defaults: "defaults"
            case .file: "file"
            case .icloud: "icloud"
            case .pasteboard: "pasteboard"
            }
        }) == Set(RecipeKeys.storeKindNames))
    }

    @Test("the parser takes each table's keys and no other: an unknown key is refused with the table's nearest name")
    func parserTakesTheTablesKeys() throws {
        let cases: [(String, String, String)] = [
            ("{ keychain: { account: a, acessible: afterFirstUnlock } }", "acessible", "accessible"),
            ("{ defaults: { key: k, suit: group.acme } }", "suit", "suite"),
            ("{ file: { path: Library/x, bakup: false } }", "bakup", "backup"),
            ("{ icloud: { key: k, stor: s } }", "stor", "store"),
            ("{ pasteboard: { name: n, nam: m } }", "nam", "name"),
        ]
        for (store, wrong, right) in cases {
            let text = "name: keys\nstores:\n  s: \(store)\nid: [s]\n"
            let error = Self.refusal(text)
            #expect(error?.contains("unknown key '\(wrong)'") == true && error?.contains("did you mean '\(right)'") == true, "\(error ?? "accepted")")
        }
        for (key, table) in [("whenRefused", RecipeKeys.recipe.map(\.spec)), ("write", RecipeKeys.keychain.map(\.spec))] {
            guard case .choice(let words) = table.first(where: { $0.name == key })?.kind else { Issue.record("\(key) is a choice"); continue }
            let text = key == "write" ? "name: keys\nstores:\n  s: { keychain: { account: a, write: never } }\nid: [s]\n"
                : "name: keys\nid: [idfv]\nwhenRefused: never\n"
            #expect(Self.refusal(text)?.contains("expected one of \(words.joined(separator: ", "))") == true)
        }
    }

    @Test("the tables name each key once where it stands, the schema lists exactly them, and the ids key's docs name the ID's keys")
    func tablesAreWhole() throws {
        let tables: [(String, [String])] = [("recipe", RecipeKeys.recipe.names()), ("keychain", RecipeKeys.keychain.names()),
                                            ("defaults", RecipeKeys.defaults.names()), ("file", RecipeKeys.file.names()),
                                            ("source", RecipeKeys.source.names()), ("save", RecipeKeys.save.names()),
                                            ("migration", RecipeKeys.migration.names()), ("call action", RecipeKeys.callAction.names()),
                                            ("icloud", RecipeKeys.icloud.names()), ("pasteboard", RecipeKeys.pasteboard.names()),
                                            ("format", RecipeKeys.format.names()), ("hash", RecipeKeys.hash.names()),
                                            ("comparison", RecipeKeys.comparison.names()), ("shaped", RecipeKeys.shaped.names()),
                                            ("option test", RecipeKeys.optionTest.names()), ("save's when", RecipeKeys.saveWhen.names())]
        for (place, names) in tables { #expect(Set(names).count == names.count, "\(place) names a key twice") }
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(FormatSchema.recipe().utf8)) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        func properties(_ def: String) -> Set<String> { Set(((defs[def] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? []) }
        #expect(properties("recipe") == Set(RecipeKeys.recipe.names()))
        #expect(properties("migration") == Set(RecipeKeys.migration.names()))
        #expect(properties("callAction") == Set(RecipeKeys.callAction.names()))
        for kind in RecipeKeys.storeKinds {
            let store = try #require((defs["store"] as? [String: Any])?["properties"] as? [String: Any])
            #expect(Set(((store[kind.name] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? []) == Set(kind.keys.map(\.name)))
            // Each of the kind's keys is in one docs row.
            #expect(kind.docsRows.flatMap(\.keys).sorted() == kind.keys.map(\.name).sorted(), "\(kind.name)'s docs rows")
        }
        let idsDocs = try #require(RecipeKeys.recipe.first { $0.name == "ids" }?.spec.docs)
        for key in RecipeKeys.oneIDKeys { #expect(idsDocs.contains("`\(key)`"), "ids' docs do not name \(key)") }
    }

    /// A recipe file as a user's would be read.
    enum BreakExplanationLike {
        static func recipe(_ text: String) throws -> Recipe {
            let file = TemporaryDirectory.make().appendingPathComponent("recipe.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            return try ScenarioLoader.loadRecipe(file.path)
        }
    }

    static func refusal(_ text: String) -> String? {
        let file = TemporaryDirectory.make().appendingPathComponent("recipe.yaml")
        do {
            try text.write(to: file, atomically: true, encoding: .utf8)
            _ = try ScenarioLoader.loadRecipe(file.path)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
