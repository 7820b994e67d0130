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
                count += 1
            }
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
        // Four policies, 13 keychain keys, three each of defaults and file … : every one was tried.
        var bound = RecipeKeys.recipe.filter { $0.set != nil }.count + RecipeKeys.keychain.count + RecipeKeys.defaults.count
        bound += RecipeKeys.file.count + RecipeKeys.icloud.count + RecipeKeys.pasteboard.count
        bound += RecipeKeys.format.count + RecipeKeys.hash.count + RecipeKeys.migration.filter { $0.set != nil }.count
        let expected: Int = 4 + 13 + 3 + 5 + 2 + 1 + 2 + 1 + 2
        #expect(bound == expected)
        #expect(count >= bound)
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
                                            ("migration", RecipeKeys.migration.names()), ("call action", RecipeKeys.callAction.names())]
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
