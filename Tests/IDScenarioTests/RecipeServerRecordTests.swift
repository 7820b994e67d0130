import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// `{ server: …, reissueOn: [...] }`: a server that recognises the device and answers with the
/// value it assigned before, until a declared event.
@Suite("Recipes: a server that keeps a record")
struct RecipeServerRecordTests {
    /// The ID kept in a file the backup leaves out, so only the server can bring it back.
    static func recipe(_ reissue: String) -> String {
        """
        stores:
          prefs: { file: { path: Library/sdk-id, backup: false } }
        id: [prefs, \(reissue)]
        save: [prefs]
        """
    }

    static let lifecycle = """
          - install: com.acme.shop
          - launch: com.acme.shop
          - uninstall: com.acme.shop
          - install: com.acme.shop
          - launch: com.acme.shop
          - erase
          - install: com.acme.shop
          - launch: com.acme.shop
        """

    @Test("without reissueOn every ask is a new value; [reinstall] ends the record with the app; [erase] keeps it through a reinstall; [] keeps it through both")
    func reissue() throws {
        func ids(_ source: String) throws -> [String?] { try RecipeRun(Self.recipe(source), steps: Self.lifecycle).ids }
        let none = try ids("server")
        #expect(Set(none.compactMap { $0 }).count == 3, "no record: new at every ask")
        let reinstall = try ids("{ server: {}, reissueOn: [reinstall] }")
        #expect(Set(reinstall.compactMap { $0 }).count == 3, "a reinstall ends the record, and so does an erase, which deletes the app")
        let erase = try ids("{ server: {}, reissueOn: erase }")
        #expect(erase[1] == erase[0] && erase[2] != erase[0], "the server matches the reinstall; the erase ends the record")
        let never = try ids("{ server: {}, reissueOn: [] }")
        #expect(never[1] == never[0] && never[2] == never[0], "the server recognises the device through both")
    }

    @Test("the record is the device's: a restore onto another phone gets the server's value for that phone")
    func otherDevice() throws {
        let run = try RecipeRun(Self.recipe("{ server: {}, reissueOn: [] }"), steps: """
              - install: com.acme.shop
              - launch: com.acme.shop
              - backup: { kind: icloud, as: b }
              - { restore: { backup: b }, device: pad }
              - { launch: com.acme.shop, device: pad }
              - { erase: null, device: pad }
              - { restore: { backup: b }, device: pad }
              - { launch: com.acme.shop, device: pad }
            """)
        let ids = run.ids
        #expect(ids.count == 3 && ids[1] != nil && ids[1] != ids[0], "the file stayed behind; the server does not know the pad yet")
        #expect(ids[2] == ids[1], "the pad's own record outlives its erase and restore")
        #expect(run.world.devices[1].serverIDs[ServerIDKey(app: 0, name: "id")]?.value == ids[1])
        #expect(run.world.devices[0].serverIDs[ServerIDKey(app: 0, name: "id")]?.value == ids[0])
    }

    @Test("reissueOn: only with server, and only reinstall or erase; the writer keeps it; stores describe it")
    func formAndErrors() throws {
        func errors(_ source: String) -> [String] { recipeErrors("stores: { a: { defaults: { key: a } } }\nid: [a, \(source)]\nsave: [a]") }
        #expect(errors("{ uuid: {}, reissueOn: [erase] }")
                == ["6:36 reissueOn says when a server assigns a new value: it goes with server, like { server: {}, reissueOn: [reinstall] }"])
        #expect(errors("{ server: {}, reissueOn: [restart] }").first?.hasPrefix("6:39 ") == true)
        #expect(errors("{ server: {}, reissueOn: [reinstall, erase] }").isEmpty)

        var reader = NodeReader(file: "r.yaml")
        let text = "name: s\nstores: { a: { defaults: { key: a } } }\nid: [a, { server: { case: upper }, reissueOn: [erase] }]\nsave: [a]\n"
        let root = try #require(try YAMLComposer.compose(text, file: "r.yaml").get())
        let recipe = try #require(RecipeParser.parseFile(root, &reader))
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        #expect(recipe.ids[0].sources[1].reissueOn == .erase)
        let written = RecipeWriter.file(recipe)
        #expect(written.contains("reissueOn: [erase]"), "\(written)")
        var again = NodeReader(file: "w.yaml")
        let writtenRoot = try #require(try YAMLComposer.compose(written, file: "w.yaml").get())
        let back = try #require(RecipeParser.parseFile(writtenRoot, &again))
        #expect(again.diagnostics.isEmpty && back == recipe, "\(written)")
        let app = AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", strategy: "s")
        #expect(recipe.strategy.stores(for: app).contains {
            $0.description == "the SDK's server: a value assigned at a launch that reaches it, the same one again for the device until an erase"
        })
    }
}
