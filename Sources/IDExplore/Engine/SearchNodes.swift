/// What the search keeps and passes around: a node of a level list, a successor a worker found,
/// and a run of successors.
extension Explorer {
    struct Node {
        var parent: UInt32
        var step: UInt16
        /// The launch-view reduction's note, at the two depths before the last (`LaunchViewMark`).
        var mark = LaunchViewMark.none
    }

    /// A successor found by a worker: its fingerprint, its parent's index, its step and what it broke.
    struct Successor {
        var fingerprint: Int
        var parent: UInt32
        var step: UInt16
        var broken: PropertyMask
        /// At the depth before the last: the devices its step reached and their launch view. Two
        /// depths before the last: the launch view of all devices together, and where its other
        /// views are in the run's `views` (most successors have none: kept apart, they cost the
        /// others no memory). (See `LaunchViewMerge`.)
        var launchOn: UInt16 = 0
        var launchView = 0
        var views: Int32 = -1
        /// Already in the visited set before this chunk, or made earlier in the same run: either
        /// way the merge would not insert it, so it makes no views and the merge tries no insert.
        var visited = false
    }

    /// What a worker found from one run of states: the successors in order, the views they point
    /// to (`Successor.views` indexes this run's), and whether app code read tracking state on the
    /// way to any of them (see `ExploreState.trackingBlind`: told by the run, not each successor,
    /// so the merging thread need not walk them all once more to find out).
    struct RunResult {
        var successors: [Successor] = []
        var views: [LaunchViews] = []
        var readTracking = false
        /// Whether a server record an erase does not end was made on the way (see `Explorer.run`).
        var keptServerRecord = false
        /// The positions of the successors not known to be visited, in order.
        var fresh: [UInt32] = []
        /// The positions of the successors that broke a property, in order.
        var breaking: [UInt32] = []
        /// `fresh` by visited-set part, in order within each part, and where each part's positions
        /// end (see `Explorer.ChunkInsert`).
        var shardOrder: [UInt32] = []
        var shardEnds: [UInt32] = []
    }
}
