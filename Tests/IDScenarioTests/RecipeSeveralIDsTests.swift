import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// Recipes that keep several IDs (`ids:`): each worked out in order, reported by name, the
/// primary under `id`; expectations name them, and the matrix and explore follow any with `--id`.
@Suite("Recipes: several IDs")
struct RecipeSeveralIDsTests {
    /// PostHog's shape: an anonymous ID (a UUIDv7 in a file excluded from backup) and a device ID
    /// in UserDefaults seeded from it.
    static let twoIDs = """
        stores:
          anonFile: { file: { path: Library/Application Support/posthog.anonymousId, backup: false } }
          deviceKey: { defaults: { key: posthog.deviceId } }
        ids:
          anonymous:
            id: [anonFile, { uuid7: { case: lower } }]
            save: [anonFile]
          device:
            id: [deviceKey, { from: anonymous }]
            save: [deviceKey]
        """

    @Test("each ID is worked out in order and reported by name; the first is the primary, reported as id too")
    func reportsEachID() throws {
        let run = try RecipeRun(Self.twoIDs, steps: "  - install: com.acme.shop\n  - launch: com.acme.shop\n  - launch: com.acme.shop")
        let anonymous = try #require(run.value("anonymous", launch: 0))
        #expect(run.ids[0] == anonymous && run.value("device", launch: 0) == anonymous, "the device ID is seeded from the anonymous one")
        #expect(anonymous.split(separator: "-")[2].hasPrefix("7"), "a UUIDv7")
        #expect(run.ids[1] == anonymous && run.value("device", launch: 1) == anonymous)
        let names = try #require(run.scenario.recipes.first).strategy.valueNames
        #expect(names == ["id", "anonymous", "device", "anonFile", "deviceKey", "uuid7"])
        #expect(try #require(run.scenario.recipes.first).idNames == ["anonymous", "device"])
    }

    @Test("a restore onto a new phone brings the device ID back but not the anonymous one (its file is not backed up)")
    func idsPartWays() throws {
        let run = try RecipeRun(Self.twoIDs + "\nprimary: device", steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - backup: { kind: encrypted, as: b }
              - restore: { backup: b }
                device: pad
              - launch: com.acme.shop
                device: pad
              - expect: { app: com.acme.shop, device: pad, ids: { device: { sameAs: first }, anonymous: { differsFrom: first } } }
            """)
        #expect(run.outcomes.last?.failures.isEmpty == true, "\(run.outcomes.last?.failures ?? [])")
        #expect(run.ids[1] == run.value("device", launch: 1), "primary: device is reported as id")
        #expect(run.value("anonymous", launch: 1) != run.value("anonymous", launch: 0))
    }

    @Test("ids errors: one-ID keys beside ids, an ID named id or like a store, a primary or a source naming no earlier ID, an expectation naming no ID")
    func errors() {
        func errors(_ recipe: String, expect: String? = nil) -> [String] {
            let body = recipe.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            let text = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n" + body
                + "\napps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps:\n  - install: com.acme.shop\n"
                + (expect.map { "  - expect: " + $0 + "\n" } ?? "")
            do {
                _ = try ScenarioParser.parse(text, file: "t.yaml")
                return []
            } catch {
                return error.diagnostics.map(\.message)
            }
        }
        #expect(errors("id: [idfv]\nids: { a: { id: [idfv] } }") == ["with ids, each ID has its own id; move it under one of them"])
        #expect(errors("ids: { id: { id: [idfv] } }")
                == ["an ID may not be named 'id': a launch reports the primary ID under id; call it device, install, user, …"])
        #expect(errors("stores: { kc: { keychain: { account: a } } }\nids: { kc: { id: [idfv] } }")
                == ["an ID may not take the name of the store 'kc': sources name both"])
        #expect(errors("ids: { a: { id: [idfv] } }\nprimary: b") == ["primary names 'b', which is not one of the recipe's ids; did you mean 'a'?"])
        #expect(errors("id: [idfv]\nprimary: id") == ["primary chooses among ids; a recipe with one id has nothing to choose"])
        #expect(errors("ids: { a: { id: [b] }, b: { id: [idfv] } }")
                == ["unknown source 'b': name a store of the recipe or one of idfv, idfa, uuid, uuid7, fid, apnsToken, appleUserID, server"])
        #expect(errors("ids: { a: { id: [idfv] }, b: { id: [c] } }")
                == ["unknown source 'c': name a store of the recipe, an ID declared before this one or one of idfv, idfa, uuid, uuid7, fid, apnsToken, appleUserID, server; did you mean 'a'?"])
        #expect(errors("ids: { a: { id: [idfv] } }", expect: "{ app: com.acme.shop, ids: { b: present } }")
                == ["strategy r has no ID 'b'; its IDs are a; did you mean 'a'?"])
        #expect(errors("ids: { a: { id: [idfv] }, b: { id: [a] } }", expect: "{ app: com.acme.shop, ids: { b: nil } }").isEmpty)
    }

    @Test("a recipe of several IDs survives the writer")
    func roundTrip() throws {
        var reader = NodeReader(file: "r.yaml")
        let root = try #require(try YAMLComposer.compose("name: two\n" + Self.twoIDs + "\nprimary: device\ncache: process", file: "r.yaml").get())
        let recipe = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        let written = RecipeWriter.file(recipe)
        var again = NodeReader(file: "w.yaml")
        let writtenRoot = try #require(try YAMLComposer.compose(written, file: "w.yaml").get())
        let back = try #require(RecipeParser.parseFile(writtenRoot, &again))
        #expect(again.diagnostics.isEmpty && back == recipe, "\(written)")
        #expect(written.contains("ids:\n  \"anonymous\":\n    id: [\"anonFile\", { uuid7: { case: lower, dashes: true } }]\n"))
    }

    @Test("cache: process keeps every ID of the process")
    func cacheKeepsEveryID() throws {
        let run = try RecipeRun(Self.twoIDs + "\ncache: process", steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - launch: com.acme.shop
            """)
        #expect(run.launches[1].notes.contains("the ID kept in memory by this process (cache: process)"))
        #expect(run.value("device", launch: 1) == run.value("device", launch: 0) && run.ids[1] == run.ids[0])
    }

    @Test("cache on one ID: that ID is kept for the process and the others worked out at every launch; the file writes it back")
    func cacheOnOneID() throws {
        let recipe = """
            stores:
              anon: { defaults: { key: anon } }
            ids:
              anonymous:
                id: [anon, uuid]
                save: [anon]
              session:
                id: [uuid]
                cache: process
            """
        let run = try RecipeRun(recipe, steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - launch: com.acme.shop
              - terminate: com.acme.shop
              - launch: com.acme.shop
            """)
        // The session ID is the process's: the same on its second launch, new in the next process.
        #expect(run.value("session", launch: 0) != nil && run.value("session", launch: 1) == run.value("session", launch: 0))
        #expect(run.value("session", launch: 2) != run.value("session", launch: 0))
        // The anonymous ID is read from the suite at every launch (it reports the read).
        #expect(run.value("anon", launch: 1) == run.value("anonymous", launch: 0))
        // Written back as it reads.
        let parsed = try #require(run.scenario.recipes.first)
        #expect(parsed.ids.map(\.cache) == [nil, .process])
        #expect(RecipeWriter.file(parsed).contains("    id: [uuid]\n    cache: process\n"))
        // Only under ids: a recipe of one ID has its cache at the top.
        #expect(recipeErrors("stores: { s: { defaults: { key: s } } }\nids:\n  a: { id: [s], cache: forever }")
                == ["7:28 invalid cache 'forever'; expected one of none, process"])
    }

    @Test("following another ID: the strategy the matrix and explore get with --id")
    func following() throws {
        let run = try RecipeRun(Self.twoIDs, steps: "  - install: com.acme.shop")
        let strategy = try #require(run.scenario.recipes.first).strategy
        #expect(strategy.following("device")?.matrixValue == "device")
        #expect(strategy.following("id")?.matrixValue == nil)
        #expect(strategy.following("devise") == nil)
        #expect(strategy.notFollowing("devise") == "strategy r reports no value 'devise'; its launches report id, anonymous, device, anonFile, deviceKey, uuid7; did you mean 'device'?")
        let matrix = LifecycleMatrix()
        let library = run.scenario.library
        let reinstall = try #require(LifecycleCase.named("reinstall"))
        let backupNew = try #require(LifecycleCase.named("restore-new-encrypted"))
        // The anonymous ID (in a file kept out of backups) is new on a restored phone; the device ID in UserDefaults comes with it.
        let device = try #require(strategy.following("device"))
        #expect(matrix.cell(strategy: strategy, case: backupNew, library: library) != matrix.cell(strategy: device, case: backupNew, library: library))
        #expect(matrix.cell(strategy: strategy, case: reinstall, library: library) == .changed)
    }
}
