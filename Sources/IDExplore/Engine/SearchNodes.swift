/// What the search keeps and passes around: a node of a level list, a successor a worker found,
/// a run of successors, and the views the launch-view reduction reads at the merge.
extension Explorer {
    /// Two depths before the last, a successor's launch view of each device (in a world of up to
    /// four) and the restore view of each backup (of up to `viewedBackups`; `backupCount` counts
    /// them all: those past it are always restored).
    struct Views {
        var devices = SIMD4<Int>()
        var backups = SIMD8<Int>()
        var backupCount: UInt8 = 0

        static let viewedBackups = SIMD8<Int>.scalarCount
    }

    struct Node {
        var parent: UInt32
        var step: UInt16
        /// At the depth before the last: the devices a launch is tried on (bit `d` for device `d`).
        /// Two depths before the last: the devices whose own steps are left to an earlier state
        /// (`LaunchView.ownStep`); or `restoresOnly` and the backups to restore (bit `b` for
        /// the state's `backupForms[b]`; those past the eighth always). Unused elsewhere. (See `LaunchView`.)
        var mark: UInt16 = 0

        static let restoresOnly: UInt16 = 1 << 15
    }

    /// A successor found by a worker: its fingerprint, its parent's index, its step and what it broke.
    struct Successor {
        var fingerprint: Int
        var parent: UInt32
        var step: UInt16
        var broken: PropertyMask
        /// At the depth before the last: the devices its step reached and their launch view. Two
        /// depths before the last: the launch view of all devices together, and where its other
        /// views are in the chunk's `Views` (most successors have none: kept apart, they cost the
        /// others no memory).
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
        var views: [Views] = []
        var readTracking = false
    }
}
