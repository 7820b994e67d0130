@testable import IDReports
@testable import IDScenario
import Foundation
import IDExplore
import IDSim
import IDStrategies
import TestSupport
import Testing

/// What to change (issue 43, points 2-5): every fix is proven before it is suggested, and each
/// suggestion is proven again here by computations of the test's own: the saved recipe loaded
/// back and explored again to the same depth with the same events, and the matrix rerun and read
/// cell by cell.
@Suite struct FixSearchTests {
    static let events: Set<String> = ["install", "uninstall", "launch", "reboot", "unlock", "migrate", "backup", "restore", "erase"]

    static func run(_ target: ExploreTarget, goal: ExploreGoal = .device, depth: Int = 5, events: Set<String> = events) throws -> ExploreReport {
        let run = ExploreRun(targets: [target], goal: goal, properties: Array(goal.properties), events: events, depth: depth, workers: 2)
        return try run.run()
    }

    static func builtIn(_ name: String) throws -> ExploreTarget {
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: name))
        return ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5))
    }

    /// The claim of a fix, checked from scratch: the recipe as saved, loaded back, explored again
    /// with the goal, to the depth and with the events it was proven for, breaks none of the
    /// properties it says hold; and no matrix cell the goal wants kept is lost, none gains a dup.
    static func prove(_ fix: FixSearch.Fix, of row: ExploreReport.Row, target: ExploreTarget, goal: ExploreGoal, events: Set<String>,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = TemporaryDirectory.make().appendingPathComponent("fix.yaml")
        try RecipeWriter.file(fix.recipe).write(to: file, atomically: true, encoding: .utf8)
        let saved = try ScenarioLoader.loadRecipe(file.path)
        var again = ExploreTarget.defaultWorld(strategy: saved.strategy, recipe: saved, devices: 2, os: OSVersion(17, 5),
                                               options: target.base.apps[target.app].options)
        if let followed = target.strategy.matrixValue { again.strategy = try #require(saved.strategy.following(followed)) }
        var explorer = Explorer.from(try again.startWorld(), app: 0, strategy: again.strategy, library: again.library, events: events)
        explorer.goal = goal
        explorer.workers = 2
        let outcome = explorer.run(properties: Set(fix.watched), depth: fix.depth)
        #expect(outcome.breaks.isEmpty, "\(row.target) \(row.property): '\(fix.change)' breaks \(outcome.breaks.keys)", sourceLocation: sourceLocation)
        #expect(fix.watched.contains(row.property), sourceLocation: sourceLocation)
        // The matrix, cell by cell: the strategy's own row against the fix's.
        let matrix = LifecycleMatrix()
        let options = target.base.apps[target.app].options
        for lifecycle in LifecycleCase.all {
            let before = matrix.cell(strategy: target.strategy, options: options, case: lifecycle, library: target.library)
            let after = matrix.cell(strategy: again.strategy, options: options, case: lifecycle, library: again.library)
            #expect(!(before != .duplicate && after == .duplicate), "\(row.target): '\(fix.change)' makes \(lifecycle.id) a dup",
                    sourceLocation: sourceLocation)
            let keptWanted = !lifecycle.isCrossDevice && lifecycle.id != "erase" && lifecycle.id != "before-first-unlock"
                && !(goal == .install && ["reinstall", "delete-all-vendor-apps"].contains(lifecycle.id))
            if keptWanted && before == .same {
                #expect(after == .same, "\(row.target): '\(fix.change)' loses \(lifecycle.id) (\(before.rawValue) → \(after.rawValue))",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("adjust: the proven fixes are the class that stays on the phone for its migration duplicate and waiting for the first unlock for its locked launch; syncing the item, which its read query never finds, is not one")
    func adjust() throws {
        let target = try Self.builtIn("adjust")
        let report = try Self.run(target)
        let unique = try #require(report.rows.first { $0.property == .unique })
        let stable = try #require(report.rows.first { $0.property == .stable })
        let uniqueFixes = try #require(unique.fix).suggestions.map(\.change)
        let stableFixes = try #require(stable.fix).suggestions.map(\.change)
        #expect(uniqueFixes.contains("kc: accessible afterFirstUnlockThisDeviceOnly (was afterFirstUnlock)"), "\(uniqueFixes)")
        #expect(stableFixes.contains("beforeFirstUnlock: wait (was run)"), "\(stableFixes)")
        #expect(!(uniqueFixes + stableFixes).contains { $0.contains("synchronizable true") })
        for row in [unique, stable] {
            for fix in row.fix?.suggestions ?? [] { try Self.prove(fix, of: row, target: target, goal: .device, events: Self.events) }
        }
        // The old suggestion, applied, is what users met: every same-device = turns Δ.
        let recipe = try #require(FixSearch.recipe(for: target))
        var synced = recipe
        guard case .keychain(var item) = synced.stores[0].kind else { Issue.record("adjust's first store is its keychain item"); return }
        item.synchronizable = true
        synced.stores[0] = RecipeStore(name: "kc", kind: .keychain(item))
        synced.name = "adjust-synced"
        let matrix = LifecycleMatrix()
        let library = StrategyCatalog.builtIn.adding([synced.strategy])
        let reinstall = try #require(LifecycleCase.named("reinstall"))
        #expect(matrix.cell(strategy: target.strategy, case: reinstall, library: target.library) == .same)
        #expect(matrix.cell(strategy: synced.strategy, case: reinstall, library: library) == .changed)
    }

    static let threeIDs = """
        name: three-ids
        stores:
          kc: { keychain: { account: device-id, accessible: afterFirstUnlockThisDeviceOnly } }
          installKC: { keychain: { account: install-id } }
          userCopy: { defaults: { key: user-id } }
        ids:
          device: { id: [kc, uuid], save: [kc] }
          install: { id: [installKC, uuid], save: [installKC] }
          user: { id: [userCopy, uuid], save: [userCopy] }
        primary: device
        """

    @Test("--id install: the changes tried are the install ID's own and the recipe-wide ones, and each suggestion is proven on that ID")
    func fixesForTheChosenID() throws {
        let recipe = try BreakExplanationTests.recipe(Self.threeIDs)
        let target = BreakExplanationTests.target(recipe, following: "install")
        let recipeWide: Set<String> = ["whenRefused", "whenWriteFails", "beforeFirstUnlock", "cache"]
        func owned(_ keys: [String]) -> Bool { keys.allSatisfy { $0.hasPrefix("install.") || $0.hasPrefix("installKC.") || recipeWide.contains($0) } }
        for candidate in FixCandidates.singles(of: recipe, id: "install", focus: []) {
            #expect(owned(candidate.keys), "\(candidate.change): \(candidate.keys)")
        }
        let events: Set<String> = ["install", "uninstall", "launch", "migrate"]
        let report = try Self.run(target, events: events)
        let unique = try #require(report.rows.first { $0.property == .unique && $0.breaking != nil })
        let fixes = try #require(unique.fix).suggestions
        #expect(fixes.map(\.change).contains("installKC: accessible whenUnlockedThisDeviceOnly (was whenUnlocked)"), "\(fixes.map(\.change))")
        for fix in fixes {
            #expect(owned(fix.keys), "\(fix.change)")
            // The device ID's own store is as it was.
            #expect(fix.recipe.stores.first { $0.name == "kc" } == recipe.stores.first { $0.name == "kc" })
            try Self.prove(fix, of: unique, target: target, goal: .device, events: events)
        }
    }

    @Test("a break through a launch before the first unlock is fixed by waiting for the unlock or stopping on the refused write, both tried")
    func beforeFirstUnlock() throws {
        let recipe = try BreakExplanationTests.recipe("""
            name: afu-keeper
            stores:
              kc: { keychain: { account: device-id, accessible: afterFirstUnlockThisDeviceOnly } }
            id: [kc, uuid]
            save: [kc]
            """)
        let target = BreakExplanationTests.target(recipe)
        let events: Set<String> = ["install", "launch", "reboot", "unlock"]
        let report = try Self.run(target, depth: 4, events: events)
        let stable = try #require(report.rows.first { $0.property == .stable && $0.breaking != nil })
        let fixes = try #require(stable.fix).suggestions
        #expect(fixes.map(\.change).contains("beforeFirstUnlock: wait (was run)"), "\(fixes.map(\.change))")
        for fix in fixes { try Self.prove(fix, of: stable, target: target, goal: .device, events: events) }
    }

    @Test("a restore of a backup taken before the app had its ID is no break: after waiting for the first unlock, adjust's ID is stable")
    func unavoidableRestoresLeftOut() throws {
        let recipe = try #require(StrategyCatalog.builtInRecipes.first { $0.name == "adjust" })
        var waiting = recipe
        waiting.name = "adjust-waiting"
        waiting.beforeFirstUnlock = .wait
        let target = BreakExplanationTests.target(waiting)
        let report = try Self.run(target)
        #expect(report.rows.first { $0.property == .stable }?.breaking == nil, "\(report.rows.map { $0.steps ?? [] })")
        // The sequence left out does lose the ID: the backup holds none to bring back.
        let backup = Step(.backup(.encrypted, name: "b"), on: 0)
        let steps = [BreakExplanationTests.install, backup, BreakExplanationTests.launch, Step(.restore(backup: "b"), on: 0),
                     BreakExplanationTests.launch]
        let values = try BreakExplanationTests.launches(target, steps)
        #expect(values.count == 2 && values[0] != values[1])
    }

    @Test("every fix suggested for a built-in strategy, saved as --save writes it, loads, holds, and makes no matrix cell worse")
    func everyBuiltInFix() throws {
        var proven = 0, withBreaks = 0
        let events: Set<String> = ["install", "uninstall", "launch", "reboot", "unlock", "migrate", "backup", "restore"]
        for strategy in StrategyCatalog.builtIn.all where StrategyCatalog.original(ofTwin: strategy.name) == nil {
            let target = ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5))
            guard FixSearch.recipe(for: target) != nil else { continue }
            let report = try Self.run(target, depth: 4, events: events)
            guard report.broke else { continue }
            withBreaks += 1
            let files = try report.files()
            for file in files {
                guard case .fix(let number) = file.kind else { continue }
                let row = report.rows[file.row]
                let fix = try #require(row.fix?.suggestions[number])
                // The file as saved: its comment names the change and the keys, and it loads as the fix's recipe.
                #expect(file.text.hasPrefix("# idscope explore: \(fix.change)\n# changes \(fix.keys.joined(separator: ", "))"), "\(file.text.prefix(200))")
                let path = TemporaryDirectory.make().appendingPathComponent(file.name)
                try file.text.write(to: path, atomically: true, encoding: .utf8)
                let loaded = try ScenarioLoader.loadRecipe(path.path)
                #expect(loaded == fix.recipe, "\(file.name) reads back as another recipe")
                try Self.prove(fix, of: row, target: target, goal: .device, events: events)
                proven += 1
            }
        }
        #expect(withBreaks >= 10 && proven >= 10, "strategies with breaks: \(withBreaks), fixes proven: \(proven)")
    }

    @Test("a change's shallow search: only two levels short of the full depth or more; never one the earlier rule did not run")
    func shallowDepth() {
        for depth in 1...8 {
            for length in 1...depth {
                let shallow = FixChecker.shallowDepth(depth: depth, breakLength: length)
                // The earlier rule, written out: one step past the break (at least 5), when short of the full depth.
                let earlier = min(depth, max(length + 1, 5))
                if let shallow {
                    #expect(shallow == earlier && shallow <= depth - 2, "depth \(depth), break \(length): \(shallow) against \(earlier)")
                } else {
                    #expect(earlier > depth - 2, "depth \(depth), break \(length): the earlier rule's \(earlier) was dropped")
                }
            }
        }
        // svudid's stable break (6 steps) at depth 8: the depth-7 search is gone; a 4-step break keeps its depth-5 one.
        #expect(FixChecker.shallowDepth(depth: 8, breakLength: 6) == nil)
        #expect(FixChecker.shallowDepth(depth: 8, breakLength: 4) == 5)
    }

    @Test("a Swift strategy without a twin says nothing was searched")
    func notSearched() throws {
        let target = try Self.builtIn("id-kit")
        let question = FixSearch.Question(property: .stable, steps: [Step(.reboot, on: 0)], target: target, goal: .device,
                                          properties: [.stable], heldBefore: [], events: nil, depth: 2, why: nil)
        let fix = FixSearch.search(question, workers: 1)
        #expect(fix.notSearched?.contains("no recipe twin") == true && fix.tried == 0)
    }

    @Test("syncing an item is offered only with a read that finds synced items; classes pair with and without ThisDeviceOnly")
    func candidates() throws {
        let twin = try #require(StrategyCatalog.builtInRecipes.first { $0.name == "keychain-idfv-twin" })
        let changes = FixCandidates.singles(of: twin, id: "id", focus: []).map(\.change)
        #expect(changes.prefix(3) == ["kc: accessible whenUnlockedThisDeviceOnly (was whenUnlocked)", "kc: accessible afterFirstUnlock (was whenUnlocked)",
                                      "kc: synchronizable true with querySynchronizable any"], "\(changes)")
        #expect(changes.contains("beforeFirstUnlock: wait (was run)") && changes.contains("whenWriteFails: stop (was ignore)"))
        let branch = try #require(StrategyCatalog.builtInRecipes.first { $0.name == "branch" })
        let backups = FixCandidates.singles(of: branch, id: branch.ids[branch.primary].name, focus: []).filter { $0.change.hasSuffix(": backup false") }
        #expect(backups.count <= 1)
    }
}

/// Issue 50, item 10: the worlds explore and the matrix make give a recipe's apps its App Groups,
/// and every break explore saves loads and fails on its last expect, as `check` runs it.
@Suite struct SavedBreaksTests {
    static let groupRecipes = [
        """
        name: group-suite
        stores:
          shared: { defaults: { suite: "{appGroup}", key: device-id } }
        id: [shared, uuid]
        save: [shared]
        """,
        """
        name: group-file
        stores:
          shared: { file: { path: Library/id, group: "{appGroup}" } }
        id: [shared, uuid]
        save: [shared]
        """,
    ]

    /// Writes each counterexample of a report as --save does, loads it as check does, and runs it:
    /// it loads, and its only failed expectation is its last step.
    static func checkSaved(_ report: ExploreReport, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var checked = 0
        for file in try report.files() where file.kind == .counterexample {
            let path = TemporaryDirectory.make().appendingPathComponent(file.name)
            try file.text.write(to: path, atomically: true, encoding: .utf8)
            let scenario = try ScenarioLoader.loadFile(path.path)
            var failed: [Int] = []
            _ = try Session.run(scenario) { outcome in if !outcome.failures.isEmpty { failed.append(outcome.number) } }
            #expect(failed == [scenario.steps.count], "\(file.name): failed at \(failed) of \(scenario.steps.count)", sourceLocation: sourceLocation)
            checked += 1
        }
        return checked
    }

    @Test("a recipe that keeps its ID in an App Group runs in the matrix's and explore's worlds: the apps are in the group, a reinstall keeps the ID while the companion keeps the group, and each saved break fails only at its end")
    func appGroupRecipes() throws {
        for text in Self.groupRecipes {
            let recipe = try BreakExplanationTests.recipe(text)
            let library = StrategyCatalog.builtIn.adding([recipe.strategy])
            let reinstall = try #require(LifecycleCase.named("reinstall"))
            #expect(LifecycleMatrix().cell(strategy: recipe.strategy, case: reinstall, library: library) == .same, "\(recipe.name)")
            let target = BreakExplanationTests.target(recipe)
            #expect(target.base.apps.allSatisfy { $0.appGroups == ["group.com.acme"] })
            let report = try ExploreRun(targets: [target], goal: .device, properties: Array(ExploreGoal.device.properties),
                                        events: FixSearchTests.events, depth: 4, workers: 2, fixes: nil).run()
            #expect(report.broke, "\(recipe.name)")
            #expect(try Self.checkSaved(report) >= 1)
        }
    }

    @Test("every built-in's breaks, saved as --save writes them, load and fail only at their last expect")
    func everyBuiltInsBreaksReplay() throws {
        var checked = 0
        for strategy in StrategyCatalog.builtIn.all where StrategyCatalog.original(ofTwin: strategy.name) == nil {
            let target = ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5),
                                                    options: strategy.withExamples([:]))
            let report = try ExploreRun(targets: [target], goal: .device, properties: Array(ExploreGoal.device.properties),
                                        events: FixSearchTests.events, depth: 4, workers: 2, fixes: nil).run()
            checked += try Self.checkSaved(report)
        }
        #expect(checked >= 20, "\(checked) breaks checked")
    }
}
