import Foundation
@testable import IDScenario
import IDSim
import IDStrategies
import Testing

/// A recipe's cost grows with its size and no faster (hardening, round 2: 2,000 stores took 0.29 s
/// to run, 20,000 took 20 s). Counted, not timed: the names looked up while it is read and while
/// its program is made, and the stores each launch reads and writes.
@Suite("Recipe cost")
struct RecipeCostTests {
    /// A recipe of `count` UserDefaults stores, every one a source and a save.
    static func recipeText(stores count: Int) -> String {
        var text = "name: big\nstores:\n"
        for i in 0..<count { text += "  s\(i): { defaults: { key: k\(i) } }\n" }
        let names = (0..<count).map { "s\($0)" }.joined(separator: ", ")
        return text + "id: [\(names), uuid]\nsave: [\(names)]\n"
    }

    struct Work: Equatable {
        var parsing: Int
        var resolving: Int
        var reads: Int
        var writes: Int
    }

    /// Reads the recipe, then launches its app twice (the first launch writes every store).
    static func work(stores count: Int) throws -> Work {
        let text = recipeText(stores: count)
        var reader = NodeReader(file: "big.yaml")
        let recipe = try #require(RecipeParser.parseFile(try YAMLGuard.compose(text, file: "big.yaml"), &reader))
        #expect(reader.diagnostics.isEmpty)
        let counted = RecipeWork()
        let library = StrategyLibrary([recipe.strategy(counting: counted)])
        var world = try World(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 5))],
                              apps: [AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", strategy: "big")])
        for event in [Event.install(0, source: nil), .launch(0, mode: .foreground), .launch(0, mode: .foreground)] {
            try world.apply(Step(event, on: 0), programs: library)
        }
        #expect(world.devices[0].launches[0]?.latest.report.primaryID != nil)
        return Work(parsing: reader.storeLookups, resolving: counted.lookups, reads: counted.reads, writes: counted.writes)
    }

    @Test("reading, resolving and launching a recipe of 2,000 and of 20,000 stores costs the same per store")
    func linearInStores() throws {
        let small = try Self.work(stores: 2_000), large = try Self.work(stores: 20_000)
        // One lookup per name a source or a save gives; each launch reads every store once (the
        // second finds the first one's value) and the first writes every store.
        #expect(small == Work(parsing: 4_000, resolving: 4_000, reads: 4_000, writes: 2_000))
        #expect(large == Work(parsing: 40_000, resolving: 40_000, reads: 40_000, writes: 20_000))
    }
}
