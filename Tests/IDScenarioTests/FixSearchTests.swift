import Foundation
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

/// What to change, checked by search (issue 34, point 2).
@Suite struct FixSearchTests {
    static func target(_ strategy: Strategy, recipe: Recipe? = nil) -> ExploreTarget {
        ExploreTarget.defaultWorld(strategy: strategy, recipe: recipe, devices: 2, os: OSVersion(17, 5))
    }

    @Test("at most twelve one-key variations, each a real change of one key")
    func variations() throws {
        for recipe in StrategyCatalog.builtInRecipes {
            let made = FixSearch.variations(of: recipe)
            #expect(!made.isEmpty && made.count <= FixSearch.limit, "\(recipe.name)")
            for (change, variant) in made { #expect(variant != recipe, "\(recipe.name): \(change) changed nothing") }
        }
        let twin = try #require(StrategyCatalog.builtInRecipes.first { $0.name == "keychain-idfv-twin" })
        #expect(FixSearch.variations(of: twin).map(\.0) == ["kc: accessible whenUnlockedThisDeviceOnly (was whenUnlocked)",
                                                         "kc: accessible afterFirstUnlock (was whenUnlocked)", "kc: synchronizable true",
                                                         "whenRefused: stop (was next)"])
    }

    @Test("the entries of a keyed file change their backup together, offered once")
    func keyedFileBackup() throws {
        let branch = try #require(StrategyCatalog.builtInRecipes.first { $0.name == "branch" })
        let backups = FixSearch.variations(of: branch).filter { $0.0.hasSuffix(": backup false") }
        #expect(backups.map(\.0) == ["prefsDeviceToken, prefsFingerprintId, prefsBundleToken, prefsIdentityId, prefsAnonId: backup false"])
        let variant = try #require(backups.first?.1)
        #expect(variant.stores.allSatisfy { if case .file(_, false, _, _) = $0.kind { true } else { false } })
    }

    @Test("a Swift strategy without a twin says nothing was searched")
    func notSearched() throws {
        let idkit = try #require(StrategyCatalog.builtIn.strategy(named: "id-kit"))
        let fix = FixSearch.search(property: .stable, steps: [Step(.reboot, on: 0)], target: Self.target(idkit), goal: .device, depth: 2, workers: 1)
        #expect(fix.notSearched?.contains("no recipe twin") == true && fix.variations.isEmpty)
    }

    @Test("every suggested variation, saved and explored again at depth 5 with the break's events, holds its property")
    func suggestionsHold() throws {
        let folder = TemporaryDirectory.make()
        var checked = 0
        for strategy in StrategyCatalog.builtIn.all where StrategyCatalog.original(ofTwin: strategy.name) == nil {
            let target = Self.target(strategy)
            guard FixSearch.recipe(for: target) != nil, let world = try? target.startWorld() else { continue }
            var explorer = Explorer.from(world, app: 0, strategy: strategy, library: target.library)
            explorer.workers = 2
            explorer.goal = .device
            let outcome = explorer.run(properties: ExploreGoal.device.properties, depth: 4)
            for (property, steps) in outcome.breaks {
                let fix = FixSearch.search(property: property, steps: steps, target: target, goal: .device, depth: 5, workers: 2)
                for suggestion in fix.suggestions {
                    let file = folder.appendingPathComponent("\(suggestion.recipe.name).yaml")
                    try RecipeWriter.file(suggestion.recipe).write(to: file, atomically: true, encoding: .utf8)
                    let saved = try ScenarioLoader.loadRecipe(file.path)
                    let again = Self.target(saved.strategy, recipe: saved)
                    var check = Explorer.from(try again.startWorld(), app: 0, strategy: saved.strategy, library: again.library,
                                              events: Set(steps.map(\.event.key)))
                    check.workers = 2
                    check.goal = .device
                    let result = check.run(properties: [property], depth: 5)
                    #expect(result.breaks[property] == nil, "\(strategy.name): \(suggestion.change) was suggested for \(property) but breaks it at depth 5")
                    checked += 1
                }
            }
        }
        #expect(checked >= 5, "suggestions checked: \(checked)")
    }
}
