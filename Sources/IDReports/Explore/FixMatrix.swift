import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// A strategy's lifecycle-matrix row (the cells `idscope matrix` prints, by the same code), and
/// whether a fix's row is worse than the strategy's own as a goal counts it: a cell the goal
/// wants kept that was `=` stays `=`, no cell gains a `dup` the goal does not want, a cell that
/// followed (a user goal's cross-device `dup`) still does, and a value does not go missing.
struct FixMatrix: Sendable {
    /// Each case's cell, by the case's id, in the matrix's order.
    let cells: [(id: String, cell: MatrixCell)]

    init(strategy: Strategy, options: [String: OptionValue], library: StrategyLibrary) {
        let matrix = LifecycleMatrix()
        cells = LifecycleCase.all.map { ($0.id, matrix.cell(strategy: strategy, options: options, case: $0, library: library)) }
    }

    /// What a goal (or a set of properties) asks of a case's cell.
    enum Want {
        /// The same value after as before (`=`).
        case kept
        /// `=` or nothing (a launch before the first unlock may yield no ID under the device goal).
        case keptOrEmpty
        /// Not the same value on the other device (`dup`).
        case notDuplicated
        /// The same value on the new device (`dup` is the ID following the person).
        case followed
        /// Anything: the goal allows a new ID here.
        case any
    }

    static func want(_ lifecycle: LifecycleCase, goal: ExploreGoal?, properties: Set<ExploreProperty>) -> Want {
        let id = lifecycle.id
        if lifecycle.isCrossDevice {
            if properties.contains(.follows) && (id.hasPrefix("restore-new-") || id == "migration") { return .followed }
            // No cell may gain a dup unless the ID is meant to follow the person there.
            return properties.contains(.follows) ? .any : .notDuplicated
        }
        guard properties.contains(.stable) else { return .any }
        if id == "erase" { return .any }
        if goal == .install && (id == "reinstall" || id == "delete-all-vendor-apps") { return .any }
        if id == "before-first-unlock" && goal == .device { return .keptOrEmpty }
        return .kept
    }

    /// Whether a cell is worse after than before for what is wanted of it (or, with `available`
    /// watched, whether a value went missing where the goal does not allow it).
    static func worse(_ before: MatrixCell, _ after: MatrixCell, want: Want, available: Bool) -> Bool {
        switch want {
        case .kept: if before == .same && after != .same { return true }
        case .keptOrEmpty: if (before == .same || before == .empty) && after == .changed { return true }
        case .notDuplicated: if before != .duplicate && after == .duplicate { return true }
        case .followed: if before == .duplicate && after != .duplicate { return true }
        case .any: break
        }
        return available && want != .keptOrEmpty && before != .empty && after == .empty
    }

    /// What a fix does to the row, each cell as `id before → after`: the cells it makes worse
    /// (then it is no fix), better (what the goal asks there), and the other cells it changes
    /// (what it costs, though the goal allows it).
    func compare(with fixed: FixMatrix, goal: ExploreGoal?, properties: Set<ExploreProperty>) -> (worse: [String], better: [String], costs: [String]) {
        var worse: [String] = [], better: [String] = [], costs: [String] = []
        let available = properties.contains(.available)
        for ((id, before), (_, after)) in zip(cells, fixed.cells) where before != after {
            guard let lifecycle = LifecycleCase.named(id) else { continue }
            let want = Self.want(lifecycle, goal: goal, properties: properties)
            let text = "\(id) \(before.rawValue) → \(after.rawValue)"
            if Self.worse(before, after, want: want, available: available) {
                worse.append(text)
            } else if Self.worse(after, before, want: want, available: available) {
                better.append(text)
            } else {
                costs.append(text)
            }
        }
        return (worse, better, costs)
    }
}
