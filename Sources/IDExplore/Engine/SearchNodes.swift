/// What the search keeps and passes around: a node of a level list, a successor a worker found,
/// and a run of successors. Not generic: the model's side data travels beside them (a run's
/// `NodeMarking.RunViews`), so these stay plain and the merge's tests build them by hand.
package enum Search {
    /// A state short of the last depth: its parent's index in the level before, the step that
    /// led to it, and the word the node-marking reduction noted (`NodeMarking`; 0 elsewhere).
    struct Node {
        var parent: UInt32
        var step: UInt16
        var mark: UInt16 = 0
    }

    /// A successor found by a worker: its fingerprint, its parent's index, its step and what it broke.
    struct Successor {
        var fingerprint: Int
        var parent: UInt32
        var step: UInt16
        var broken: PropertyMask
        /// Already in the visited set before this chunk, or made earlier in the same run: either
        /// way the merge would not insert it, so it records no views and the merge tries no insert.
        var visited = false
        /// Where its views are in its run's (only for a new successor at a level whose marking
        /// phase records views: the merge reads it only for those).
        var view: UInt32 = 0
    }

    /// What a worker found from one run of states: the successors in order and the assumptions
    /// broken on the way to any of them (told by the run, not each successor, so the merging
    /// thread need not walk them all once more to find out).
    struct RunResult {
        var successors: [Successor] = []
        /// The run's states replayed and tried (those whose word lets no step through are not).
        var expanded = 0
        var brokenAssumptions: Assumptions = []
        /// The positions of the successors not known to be visited, in order.
        var fresh: [UInt32] = []
        /// The positions of the successors that broke a property, in order.
        var breaking: [UInt32] = []
        /// `fresh` by visited-set part, in order within each part, and where each part's positions
        /// end (see `Search.ChunkInsert`).
        var shardOrder: [UInt32] = []
        var shardEnds: [UInt32] = []
    }
}
