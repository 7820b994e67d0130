/// The reductions a search uses: each lets it skip work without changing which properties break
/// or how short the shortest break is. Tests run searches with and without each and compare.
///
/// The engine (`SearchEngine`) names none of them: `WorldSearchModel` hands it a step reduction
/// as a table, the launch views as a node-marking reduction (`LaunchViewMarking`), folds a
/// state with its mirror in the fingerprint it gives (`DeviceSymmetry`), and tells fingerprints
/// before steps are taken (`StepOutcomes`).
package enum SearchReduction: String, CaseIterable, Sendable {
    /// At the two depths before the last, a state is expanded only where its launches can still
    /// find something no earlier state's could (`LaunchView`).
    case launchViews
    /// Of two steps that commute, the search tries one order only (`CommutingSteps`).
    case commutingSteps
    /// A step that sets a device up from scratch is left out right after an own step on that
    /// device: it reaches what it reached from the parent (`RebuildingSteps`).
    case rebuildingSteps
    /// Interchangeable devices: a state or its mirror is visited, not both (`DeviceSymmetry`).
    case deviceSymmetry
    /// A step's successor is known from what the same step did from a state with the same view,
    /// and passed over when visited (`StepOutcomes`).
    case stepOutcomes
}

/// One reduction's own code, in a file of its own under Reductions: which of the search's
/// reductions it is, so `Explorer.reductions` switches it. Each then meets the engine in one of
/// its shapes (`SearchModel`): a step reduction as a table (`StepCut`), the launch views as a
/// node-marking reduction (`LaunchViewMarking`), device symmetry in the model's fingerprint, the
/// kept step outcomes as predicted fingerprints.
protocol Reduction: Sendable {
    static var reduction: SearchReduction { get }
}

/// A reduction that leaves steps out of a state's successors, told only the step that reached
/// the state: compiled to a table when a search starts (`cut`).
protocol StepReduction: Reduction {
    /// It acts while expanding a level at least this far from the last (0: at every level).
    static var sparedLevels: Int { get }
    /// What it assumes of the states the search meets (see `WorldSearchModel`'s assumptions).
    static var assumes: Assumptions { get }
    /// Whether the step numbered `step` can be left out of the successors of a state that the
    /// step numbered `reachedBy` led to (nil: the root).
    func leavesOut(_ step: Int, after reachedBy: Int?) -> Bool
}

extension StepReduction {
    /// Whether it acts at this level of a search to `depth`.
    static func applies(at level: Int, depth: Int) -> Bool { level + sparedLevels <= depth }

    /// The reduction as the engine takes it, for steps numbered `0..<stepCount`.
    func cut(stepCount: Int) -> StepCut {
        StepCut(stepCount: stepCount, sparedLevels: Self.sparedLevels, assumes: Self.assumes) { step, reachedBy in
            leavesOut(step, after: reachedBy)
        }
    }
}
