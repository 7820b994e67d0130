import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// `file: { path, key }`: several values as entries of one file, as an SDK's preferences file
/// keeps them (Branch's BNCPreferences).
@Suite("Recipes: entries of one keyed file")
struct RecipeKeyedFileTests {
    static let prefs = "Library/Application Support/io.branch/BNCPreferences"

    @Test("entries share one file; a write changes its own entry, a clear removes it and leaves the others")
    func entriesShareOneFile() throws {
        let run = try RecipeRun("""
            stores:
              device: { file: { path: "\(Self.prefs)", key: bnc_device_token } }
              anon: { file: { path: "\(Self.prefs)", key: bnc_anon_id } }
              stale: { file: { path: "\(Self.prefs)", key: bnc_stale } }
            ids:
              token:
                id: [device, uuid]
                save: [device, stale]
              anonId:
                id: [anon, uuid]
                save: [anon]
                clear: [stale]
            """, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - launch: com.acme.shop
            """)
        // After the first launch (step 1): the token's saves wrote two entries, the anon ID's one,
        // and its clear then removed bnc_stale alone. (The second launch writes bnc_stale again.)
        let afterFirst = run.outcomes[1].world
        let file = try #require(afterFirst.devices[0].apps[0]?.container.files[Self.prefs])
        let token = try #require(run.value("token", launch: 0)), anon = try #require(run.value("anonId", launch: 0))
        #expect(KeyedFile.entries(file.contents) == ["bnc_device_token": token, "bnc_anon_id": anon])
        #expect(file.contents == "bnc_anon_id=\(anon)\nbnc_device_token=\(token)", "one line an entry, in key order")
        #expect(run.value("token", launch: 1) == token && run.value("anonId", launch: 1) == anon, "each entry read back")
        #expect(afterFirst.devices[0].apps[0]?.container.files.count == 1, "one file, not one per entry")
    }

    @Test("a value with a line break is kept whole: it cannot write another entry, and the next launch reads the same ID")
    func lineBreakInAValue() throws {
        let run = try RecipeRun("""
            stores:
              device: { file: { path: "\(Self.prefs)", key: a } }
              other: { file: { path: "\(Self.prefs)", key: b } }
            ids:
              token:
                id: [device, { uuid: {}, template: "{value}\\nb=X\\r\\\\" }]
                save: [device]
              second:
                id: [other, uuid]
                save: [other]
            """, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - launch: com.acme.shop
            """)
        let token = try #require(run.value("token", launch: 0))
        #expect(token.hasSuffix("\nb=X\r\\"), "the template made a line break: \(token)")
        #expect(run.value("token", launch: 1) == token, "read back whole, so the ID is stable")
        let second = try #require(run.value("second", launch: 0))
        #expect(second != "X" && run.value("second", launch: 1) == second, "entry b is its own")
        let file = try #require(run.outcomes[1].world.devices[0].apps[0]?.container.files[Self.prefs])
        #expect(file.contents.split(separator: "\n").count == 2, "one line an entry: \(file.contents)")
        #expect(KeyedFile.entries(file.contents) == ["a": token, "b": second])
    }

    @Test("the codec: entries in key order, a line without '=' is nothing, the file goes with its last entry")
    func codec() {
        #expect(KeyedFile.setting("b", to: "2", in: KeyedFile.setting("a", to: "1", in: nil)) == "a=1\nb=2")
        #expect(KeyedFile.setting("a", to: "3", in: "a=1\nb=2") == "a=3\nb=2")
        #expect(KeyedFile.value("b", in: "garbage\nb=x=y") == "x=y", "a value may hold '='; a key may not")
        #expect(KeyedFile.value("a", in: "garbage") == nil && KeyedFile.value("a", in: nil) == nil)
        #expect(KeyedFile.setting("a", to: nil, in: "a=1") == nil)
        #expect(KeyedFile.setting("a", to: nil, in: "a=1\nb=2") == "b=2")
    }

    @Test("value and setting answer as the entries' dictionary does, on random text: plain lines, repeated keys, '=' in values, and the text the byte path leaves to the dictionary")
    func byteLevelPathAgreesWithTheDictionary() {
        var random = SystemRandomNumberGenerator()
        // No decomposed letters: Swift 6.3 orders "e\u{301}" and "é " neither way (each `<` the other
        // is false), so the dictionary's own key order, the oracle here, would depend on its hashing.
        let pieces = ["a", "b", "ab", "c", "=", "=", "\n", "\n", "1", "x", "", "\r\n", "\r", "é", "=\u{301}", " "]
        let keys = ["a", "b", "ab", "c", "", "é", "a\r"]
        let values: [String?] = [nil, "1", "", "x=y", "\u{1F600}", "\r", "a\nb=2", "c\\n"]
        for round in 0..<4000 {
            // Mostly plain text (the byte path); every fourth round may hold what sends it to the dictionary.
            let usable = round % 4 == 0 ? pieces : pieces.filter { $0.allSatisfy(\.isASCII) && !$0.contains("\r") }
            let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in usable.randomElement(using: &random)! }.joined()
            let contents: String? = round % 50 == 0 ? nil : text
            for key in keys {
                #expect(KeyedFile.value(key, in: contents) == KeyedFile.entries(contents)[key], "\(key) in \(String(reflecting: contents))")
                for value in values {
                    // The oracle: the other entries as written, the new value escaped (a line break,
                    // a carriage return or a backslash in it cannot start a line of its own).
                    var entries = Self.written(contents)
                    entries[key] = value.map { $0.replacing("\\", with: "\\\\").replacing("\n", with: "\\n").replacing("\r", with: "\\r") }
                    let expected = entries.isEmpty ? nil : entries.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
                    #expect(KeyedFile.setting(key, to: value, in: contents) == expected,
                            "\(key) = \(String(reflecting: value)) in \(String(reflecting: contents))")
                }
            }
        }
    }

    /// A file's entries as written, each key's last line: what a rewrite keeps as it found it.
    static func written(_ contents: String?) -> [String: String] {
        var entries: [String: String] = [:]
        for line in (contents ?? "").split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }

    @Test("stores on one file are all entries or all plain, backed up alike, each its own key; a key has no '='")
    func errors() {
        func errors(_ stores: String) -> [String] { recipeErrors("stores:\n" + stores + "id: [a, uuid]\nsave: [a]") }
        #expect(errors("  a: { file: { path: p, key: x } }\n  b: { file: { path: p } }\n")
                == ["7:10 store 'b' shares the file p with 'a': either both name a key (entries of one keyed file) or neither does"])
        #expect(errors("  a: { file: { path: p, key: x } }\n  b: { file: { path: p, key: x } }\n")
                == ["7:10 store 'b' is the entry 'x' of the file p, as 'a' is: use 'a'"])
        #expect(errors("  a: { file: { path: p, key: x } }\n  b: { file: { path: p, key: y, backup: false } }\n")
                == ["7:10 store 'b' and 'a' are entries of the file p, which is backed up or not as a whole: give both the same backup"])
        #expect(errors("  a: { file: { path: p, key: \"x=1\" } }\n")
                == ["6:34 key of file store 'a' names one entry of the file: not empty, without '=' or a line break, like bnc_anon_id"])
        #expect(errors("  a: { file: { path: p, key: x } }\n  b: { file: { path: q, key: x } }\n").isEmpty, "another file, the same key")
        #expect(errors("  a: { file: { path: p, key: x } }\n  b: { file: { path: p, key: y } }\n  c: { file: { path: p, key: y } }\n")
                == ["8:10 store 'c' is the entry 'y' of the file p, as 'b' is: use 'b'"], "any earlier entry, not only the first")
        let many = (0...KeyedFile.maxEntries).map { "  s\($0): { file: { path: p, key: k\($0) } }\n" }.joined().replacingOccurrences(of: "  s0:", with: "  a:")
        #expect(errors(many) == ["\(6 + KeyedFile.maxEntries):12 store 's\(KeyedFile.maxEntries)' would be entry \(KeyedFile.maxEntries + 1) of the file p: "
                                 + "a keyed file holds at most \(KeyedFile.maxEntries) entries, as each write rewrites it whole; keep the others in another file"])
        #expect(errors(String(many.split(separator: "\n").dropLast().joined(separator: "\n")) + "\n").isEmpty, "64 entries are fine")
        #expect(errors(many + "  s99: { file: { path: p, key: k99 } }\n").count == 1, "said once, at the first store over")
    }

    @Test("a recipe with keyed entries survives the writer, and says the key where it shows its stores")
    func roundTripAndDescription() throws {
        var reader = NodeReader(file: "r.yaml")
        let text = "name: k\nstores:\n  a: { file: { path: p, key: \"{bundle}.id\", backup: false } }\nid: [a, uuid]\nsave: [a]\n"
        let root = try #require(try YAMLComposer.compose(text, file: "r.yaml").get())
        let recipe = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        let written = RecipeWriter.file(recipe)
        #expect(written.contains(#"{ file: { path: "p", key: "{bundle}.id", backup: false } }"#), "\(written)")
        var again = NodeReader(file: "w.yaml")
        let writtenRoot = try #require(try YAMLComposer.compose(written, file: "w.yaml").get())
        let back = try #require(RecipeParser.parseFile(writtenRoot, &again))
        #expect(again.diagnostics.isEmpty && back == recipe, "\(written)")
        let app = AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", strategy: "k")
        #expect(recipe.strategy.stores(for: app).first?.description
                == "a: file 'p' key 'com.acme.shop.id' in the app's container, excluded from backups")
    }
}
