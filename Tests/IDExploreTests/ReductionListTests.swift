@testable import IDExplore
import IDSim
import Testing

/// The reductions are a list the search is given: each can be taken out, and all of them at once.
@Suite struct ReductionListTests {
    @Test("with no reduction at all a search finds every break at the same length, with more successors")
    func noReductions() throws {
        let explorer = try Explorer.named("keychain-idfv")
        #expect(explorer.reductions == Set(SearchReduction.allCases), "all by default")
        var plain = explorer
        plain.reductions = []
        let all = Set(ExploreProperty.allCases)
        let reduced = explorer.run(properties: all, depth: 4), full = plain.run(properties: all, depth: 4)
        #expect(reduced.breaks.mapValues(\.count) == full.breaks.mapValues(\.count))
        #expect(!reduced.breaks.isEmpty, "not vacuous")
        #expect(reduced.successors < full.successors, "\(reduced.successors) vs \(full.successors)")
    }

    @Test("device symmetry is used only while the list has it")
    func symmetrySwitch() throws {
        let explorer = try Explorer.named("keychain-idfv")
        try #require(explorer.symmetry != nil)
        var without = explorer
        without.reductions.remove(.deviceSymmetry)
        let all = Set(ExploreProperty.allCases)
        let folded = explorer.run(properties: all, depth: 3), unfolded = without.run(properties: all, depth: 3)
        #expect(folded.breaks.mapValues(\.count) == unfolded.breaks.mapValues(\.count))
        #expect(folded.states < unfolded.states, "mirrors are visited once: \(folded.states) vs \(unfolded.states)")
    }

    @Test("each reduction of the list is one type's, behind the Reduction protocol")
    func oneTypeEach() {
        let types: [any Reduction.Type] = [LaunchView.self, CommutingSteps.self, RebuildingSteps.self, DeviceSymmetry.self, StepOutcomes.self]
        #expect(types.map { $0.reduction.rawValue }.sorted() == SearchReduction.allCases.map(\.rawValue).sorted())
    }
}
