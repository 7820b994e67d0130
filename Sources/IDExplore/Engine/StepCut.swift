/// A step reduction compiled to a table when a search starts: for each step that can reach a
/// state, the steps left out of that state's successors (a bit each), and the levels where the
/// reduction holds. The engine ORs the cuts in use at a level (`LevelCuts`) and asks one bit for
/// each successor it would try, as cheap as the reduction's own lookup was.
package struct StepCut: Sendable {
    /// By the step that reached the state: the steps left out (bit `s` of word `s / 64`).
    let leftOut: [[UInt64]]
    /// The cut holds while expanding a level at least this far from the last:
    /// `level + sparedLevels <= depth` (0: at every level).
    let sparedLevels: Int
    /// What the reduction assumes of the states (see `Assumptions`).
    package let assumes: Assumptions

    /// A cut of `stepCount` steps: `leavesOut(step, reachedBy)` is asked once for each pair.
    package init(stepCount: Int, sparedLevels: Int = 0, assumes: Assumptions = [], leavesOut: (_ step: Int, _ reachedBy: Int) -> Bool) {
        let words = (stepCount + 63) / 64
        leftOut = (0..<stepCount).map { reachedBy in
            var bits = [UInt64](repeating: 0, count: words)
            for step in 0..<stepCount where leavesOut(step, reachedBy) { bits[step >> 6] |= 1 << UInt64(step & 63) }
            return bits
        }
        self.sparedLevels = sparedLevels
        self.assumes = assumes
    }

    /// Whether the cut holds while expanding `level` of a search to `depth`.
    func holds(at level: Int, depth: Int) -> Bool { level + sparedLevels <= depth }
}

/// The cuts in use at one level, ORed into one table, in storage of a worker's own (see
/// `WorkerContext`): asked for every successor tried.
struct LevelCuts {
    private let words: Int
    /// `stepCount` rows of `words` words: row `reachedBy`'s bits are the steps left out.
    private let bits: [UInt64]
    /// Whether any cut holds (none: every step is tried).
    let isEmpty: Bool

    init(_ cuts: [StepCut], stepCount: Int, level: Int, depth: Int) {
        words = (stepCount + 63) / 64
        let holding = cuts.filter { $0.holds(at: level, depth: depth) }
        isEmpty = holding.isEmpty
        var bits = [UInt64](repeating: 0, count: max(1, stepCount * words))
        for cut in holding {
            for reachedBy in 0..<stepCount {
                for word in 0..<words { bits[reachedBy * words + word] |= cut.leftOut[reachedBy][word] }
            }
        }
        self.bits = bits
    }

    /// Whether `step` is left out of the successors of a state reached by `reachedBy` (nil: the root).
    @inline(__always)
    func leavesOut(_ step: Int, after reachedBy: Int?) -> Bool {
        guard let reachedBy, !isEmpty else { return false }
        return bits[reachedBy * words + step >> 6] & (1 << UInt64(step & 63)) != 0
    }
}
