@testable import IDScenario
import Foundation
import IDReports
import TestSupport
import Testing

@Suite("Docs in step with the code")
struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/scenarios.md lists the built-in library as it is")
    func scenarioIndexIsCurrent() throws {
        let url = Self.root.appendingPathComponent("docs/scenarios.md")
        let expected = try ScenarioLibrary.markdownIndex()
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_DOCS"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == expected,
                "docs/scenarios.md is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter scenarioIndexIsCurrent")
    }

    @Test("the README's layout table names every folder of Sources, and nothing that is not one")
    func layoutTableMatchesTheTree() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Layout\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        var named: Set<String> = []
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            for match in cell.matches(of: /`([A-Za-z-]+)`/) { named.insert(String(match.1)) }
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        })
        #expect(folders.count >= 10)
        #expect(named == folders, "in the table, not in Sources: \(named.subtracting(folders).sorted()); in Sources, not in the table: \(folders.subtracting(named).sorted())")
    }

    @Test("docs/scenario-format.md's events table is generated from the event specs")
    func eventTableIsCurrent() throws {
        let section = try #require(try GeneratedSection.compare("docs/scenario-format.md", begin: "swift test --filter eventTableIsCurrent -->\n",
                                                                end: "<!-- end of events -->", content: EventSpec.markdownTable()))
        #expect(section.actual == section.expected,
                "the events table is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter eventTableIsCurrent")
    }

    @Test("docs/recipes.md's key tables (a recipe's, a migration's, the stores', a source's) come from the keys' declarations")
    func recipeKeyTablesAreCurrent() throws {
        let tables = [("recipe keys", RecipeKeys.recipeTable()), ("migration keys", RecipeKeys.migrationTable()),
                      ("stores", RecipeKeys.storesTable()), ("source keys", RecipeKeys.sourceKeysTable())]
        for (name, content) in tables {
            let section = try #require(try GeneratedSection.compare("docs/recipes.md", begin: "swift test --filter recipeKeyTablesAreCurrent -->\n",
                                                                    end: "<!-- end of \(name) -->", content: content, after: "<!-- \(name): "))
            #expect(section.actual == section.expected,
                    "docs/recipes.md's \(name) table is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter recipeKeyTablesAreCurrent")
        }
    }

    @Test("docs/sdk-matrix.md's tables are every built-in strategy's matrix row, as the code computes it")
    func sdkMatrixIsCurrent() throws {
        let section = try #require(try GeneratedSection.compare("docs/sdk-matrix.md", begin: "swift test --filter sdkMatrixIsCurrent -->\n",
                                                                end: "<!-- end of matrix -->", content: StrategyMatrixDoc.markdown()))
        #expect(section.actual == section.expected,
                "docs/sdk-matrix.md is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter sdkMatrixIsCurrent")
        for name in StrategyCatalog.sdkNames where StrategyCatalog.builtIn.strategy(named: name) != nil {
            #expect(section.expected.contains("| `\(name)` |"), "\(name) has a row")
        }
    }

    @Test("docs/scenario-format.md documents every event key, expectation key and profile switch")
    func formatDocCoversEverything() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        for key in IDSimNames.eventKeys + ["expect"] { #expect(text.contains("`\(key)`"), "event \(key) is not documented") }
        for key in ["installed", "att", "idfa", "idfv", "guid", "id", "best", "sameOn", "values", "sameAs", "differsFrom"] {
            #expect(text.contains("`\(key)`"), "expectation key \(key) is not documented")
        }
        for name in IDSimNames.profileSwitches { #expect(text.contains("`\(name)`"), "profile switch \(name) is not documented") }
        for name in IDSimNames.strategies { #expect(text.contains("`\(name)`"), "strategy \(name) is not documented") }
    }

    @Test("every example in docs/scenario-format.md parses")
    func examplesParse() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 1)
        for block in blocks where block.hasPrefix("name:") {
            #expect(throws: Never.self) { _ = try ScenarioParser.parse(block, file: "docs example") }
        }
    }

    @Test("docs/recipes.md's worked example loads, gives the matrix rows it shows, and fails its expectation as it says")
    func recipeExample() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/recipes.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let recipeText = try #require(blocks.first { $0.hasPrefix("name: acme-device-id") })
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("acme-device-id.yaml")
        try recipeText.write(to: file, atomically: true, encoding: .utf8)
        let recipe = try ScenarioLoader.loadRecipe(file.path)
        let library = StrategyCatalog.builtIn.adding([recipe.strategy])
        let matrix = LifecycleMatrix()
        for strategy in [recipe.strategy, try #require(StrategyLibrary.builtIn.strategy(named: "rndi"))] {
            let cells = LifecycleCase.all.map { matrix.cell(strategy: strategy, case: $0, library: library).rawValue }
            let shown = try #require(text.split(separator: "\n").first { $0.hasPrefix(strategy.name + " ") })
            #expect(shown.split(separator: " ").dropFirst().map(String.init) == cells, "\(strategy.name): \(cells)")
        }
        // The scenario beside the recipe: its expectation fails, as the text says.
        let scenarioText = try #require(blocks.first { $0.hasPrefix("name: Acme's ID") })
        let scenarioFile = dir.appendingPathComponent("scenario.yaml")
        try scenarioText.write(to: scenarioFile, atomically: true, encoding: .utf8)
        var failures = 0
        try Session.run(try ScenarioLoader.loadFile(scenarioFile.path)) { failures += $0.failures.count }
        #expect(failures == 1)
    }

    @Test("docs/recipes.md documents every recipe key, store kind, source, `when` and built-in recipe")
    func recipeDocCoversEverything() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/recipes.md"), encoding: .utf8)
        let keys = ["name", "summary", "params", "stores", "id", "save", "overwrite", "clear", "whenRefused", "whenWriteFails", "cache",
                    "format", "hash", "service", "account", "accessible", "accessGroup", "synchronizable", "queryAccessible",
                    "querySynchronizable", "write", "onDuplicate", "updates", "key", "suite", "value", "path", "backup", "from", "option", "is",
                    "ids", "primary", "migrate", "to", "done", "overwrite", "beforeFirstUnlock", "wait"]
        for key in keys + RecipeKeys.storeKindNames + Recipe.sourceNames + RecipeKeys.sourceModifierNames + RecipeSave.When.allCases.map(\.rawValue) {
            #expect(text.contains("`\(key)`"), "\(key) is not documented")
        }
        for recipe in StrategyCatalog.builtInRecipes { #expect(text.contains("`\(recipe.name)`"), "\(recipe.name) is not documented") }
    }
}

import IDSim
import IDStrategies

enum IDSimNames {
    static let eventKeys = Event.keys
    static let profileSwitches = Profile.switches.map(\.name)
    static let strategies = StrategyLibrary.builtIn.names
}
