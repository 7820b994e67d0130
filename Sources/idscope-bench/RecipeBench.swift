import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// A recipe's launch against the same launch of the Swift strategy it twins: the interpreter's
/// overhead, which the issue bounds at 2×. Each pair launches one app 100,000 times in a world
/// with the app's ID already stored (the common launch: read, compare, no write), alternating
/// Swift and recipe runs five times and quoting medians.
enum RecipeBench {
    /// - Parameter only: one original's name (`--recipes NAME`), for profiling one pair.
    static func run(only: String? = nil) {
        let library = StrategyCatalog.builtIn
        for twin in library.all {
            guard let name = StrategyCatalog.original(ofTwin: twin.name), let original = library.strategy(named: name),
                  only == nil || only == name else { continue }
            var swift: [Double] = [], recipe: [Double] = []
            for _ in 0..<5 {
                swift.append(nanosPerLaunch(original, library))
                recipe.append(nanosPerLaunch(twin, library))
            }
            let (s, r) = (Measure.median(swift), Measure.median(recipe))
            print("recipe_launch_\(name): \(Int(r)) ns/launch as \(twin.name) vs \(Int(s)) ns in Swift (ratio \(Measure.format(r / s, 2)); median of 5)")
        }
    }

    static func nanosPerLaunch(_ strategy: Strategy, _ library: StrategyLibrary) -> Double {
        var app = AppDeclaration(bundleID: "com.acme.app", teamID: "ACME1234", strategy: strategy.name)
        app.keychainAccessGroups = strategy.sharedAccessGroups(for: app)
        guard var world = try? World(seed: 1, accounts: [Account(id: "alice")],
                                     devices: [DeviceSpec(name: "phone", os: OSVersion(17, 5), appleID: "alice")], apps: [app]) else { return 0 }
        // The program resolved once, as a search resolves its apps' (looking it up in the library
        // at every launch cost both sides the same time and made the ratio read smaller).
        let programs = ResolvedPrograms(library: library, apps: world.apps)
        let launch = Step(.launch(0, mode: .foreground), on: 0)
        _ = try? world.apply(Step(.install(0, source: nil), on: 0), programs: programs)
        _ = try? world.apply(launch, programs: programs)
        let n = 100_000
        let start = Measure.now()
        for _ in 0..<n { _ = try? world.apply(launch, programs: programs) }
        return Double(Measure.now() - start) / Double(n)
    }
}

/// Reading recipes: every built-in recipe, written by `RecipeWriter` under a scenario's `recipes:`
/// ten times over (renamed), parsed with the scenario; microseconds per recipe, median of 5.
enum RecipeParseBench {
    static func run() {
        let copies = 10
        var recipes: [Recipe] = []
        for copy in 0..<copies {
            for var recipe in StrategyCatalog.builtInRecipes {
                recipe.name += "-copy\(copy)"
                recipes.append(recipe)
            }
        }
        let text = """
            name: every recipe
            devices:
              - { name: phone, os: "17.5" }
            apps:
              - { bundle: com.acme.app, team: ACME1234, strategy: \(recipes[0].name) }
            steps:
              - install: com.acme.app

            """ + RecipeWriter.section(recipes)
        var runs: [Double] = []
        for _ in 0..<5 {
            let start = Measure.now()
            guard let scenario = try? ScenarioParser.parse(text, file: "bench.yaml"), scenario.recipes.count == recipes.count else {
                print("recipe_parse: failed")
                return
            }
            runs.append(Double(Measure.now() - start) / Double(recipes.count) / 1000)
        }
        print("recipe_parse: \(Measure.format(Measure.median(runs), 1)) µs/recipe (\(recipes.count) recipes, \(text.utf8.count / 1024) KiB "
              + "under a scenario's recipes:, parsed with it; median of 5)")
    }
}
