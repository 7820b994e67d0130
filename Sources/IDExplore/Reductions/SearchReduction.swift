/// The reductions a search uses: each lets it skip work without changing which properties break
/// or how short the shortest break is. Tests run searches with and without each and compare.
///
/// The engine (`Explorer`) knows them only through the hooks below: a step reduction leaves
/// steps out of a state's successors; the launch views mark nodes at the last depths
/// (`LaunchViewMark`, decided at the merge by `LaunchViewMerge`); device symmetry folds a state
/// and its mirror into one fingerprint (`DeviceSymmetry`).
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
}

/// One reduction's own code, in a file of its own under Reductions: which of the search's
/// reductions it is, so `Explorer.reductions` switches it. Each then meets the engine where it
/// acts: `StepReduction` for the steps tried from a state, `LaunchView` (with `LaunchViewMark`
/// and `LaunchViewMerge`) at the merge of the last depths, `DeviceSymmetry` in the fingerprint.
protocol Reduction: Sendable {
    static var reduction: SearchReduction { get }
}

/// A reduction that leaves steps out of a state's successors, told only the step that reached
/// the state. Called for every successor tried, so its answer is a table lookup.
protocol StepReduction: Reduction {
    /// Whether it acts at this level of a search to `depth`.
    static func applies(at level: Int, depth: Int) -> Bool
    /// Whether the step numbered `step` can be left out of the successors of a state that the
    /// step numbered `reachedBy` led to (nil: the root).
    func leavesOut(_ step: Int, after reachedBy: Int?) -> Bool
}
