import Foundation
@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// A server record an erase does not end carries a device's past through an erase, a restore and
/// a migration, which `RebuildingSteps` takes to set the device up from nothing: the search
/// starts over without that reduction as soon as such a record is made.
@Suite("explore: server records")
struct ServerRecordSearchTests {
    static func explorer(reissueOn: String) throws -> Explorer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID().uuidString).yaml").path
        try """
            name: server-kept
            stores:
              prefs: { file: { path: Library/sdk-id, backup: false } }
            id: [prefs, { server: {}, reissueOn: \(reissueOn) }]
            save: [prefs]
            """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recipe = try ScenarioLoader.loadRecipe(path)
        return try Explorer.forStrategy(recipe.strategy, library: StrategyCatalog.builtIn.adding([recipe.strategy]))
    }

    /// The search with every reduction, and the same search without `RebuildingSteps`.
    static func withAndWithoutRebuilding(reissueOn: String) throws -> (with: ExploreOutcome, without: ExploreOutcome) {
        let explorer = try Self.explorer(reissueOn: reissueOn)
        var without = explorer
        without.reductions.remove(.rebuildingSteps)
        let properties = Set(ExploreProperty.allCases)
        return (explorer.run(properties: properties, depth: 4), without.run(properties: properties, depth: 4))
    }

    @Test("a record that outlives an erase: the same search as without the reduction, state for state")
    func outlivingRecordTurnsTheReductionOff() throws {
        let (a, b) = try Self.withAndWithoutRebuilding(reissueOn: "[]")
        #expect(a.states == b.states && a.successors == b.successors)
        #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count))
    }

    @Test("a record an erase ends: the reduction stays, with the same states and breaks")
    func endingRecordKeepsTheReduction() throws {
        let (a, b) = try Self.withAndWithoutRebuilding(reissueOn: "[erase]")
        #expect(a.states == b.states && a.successors < b.successors, "\(a.successors) vs \(b.successors)")
        #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count))
    }

    @Test("the server's memory is part of the state: after a reinstall the ID comes back or is new, as the record says")
    func memoryIsState() throws {
        let steps = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0), Step(.uninstall(0), on: 0),
                     Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)]
        func ids(_ reissueOn: String) throws -> (String?, String?, Int) {
            let explorer = try Self.explorer(reissueOn: reissueOn)
            let first = explorer.state(after: Array(steps.prefix(2))), last = explorer.state(after: steps)
            func id(_ state: ExploreState) -> String? { state.world.devices[0].launches[0]?.latest.report.primaryID }
            return (id(first), id(last), explorer.fingerprint(of: last))
        }
        let kept = try ids("[]"), ended = try ids("[reinstall]")
        #expect(kept.0 != nil && kept.1 == kept.0, "the server recognises the device")
        #expect(ended.0 != nil && ended.1 != ended.0, "a reinstall gets a new value")
        // Same steps, same stores on the device, different records: different states.
        #expect(Explorer.fingerprint(try Self.explorer(reissueOn: "[]").state(after: Array(steps.prefix(3))))
                != Explorer.fingerprint(try Self.explorer(reissueOn: "[reinstall]").state(after: Array(steps.prefix(3)))))
    }
}
