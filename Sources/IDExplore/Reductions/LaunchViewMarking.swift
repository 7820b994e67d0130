import IDSim

/// The launch-view reduction (`LaunchView`) as the engine takes it (`NodeMarking`): which phase a
/// level is in, the steps a node's mark lets through, the views the workers record and what the
/// merge admits (`LaunchViewMerge`).
struct LaunchViewMarking: NodeMarking {
    /// Whether the merges at the two depths before the last are made (the reduction is in use
    /// and the world's devices fit its bits). Launches at the last depth go only to the devices
    /// reached either way.
    let merges: Bool
    let deviceCount: Int
    /// Marks the restores of every backup, those certainly refused too, as before the merge knew
    /// them (`LaunchViews.restorable`): for tests, which compare the searches.
    var marksRefusedRestores = false

    enum Phase {
        /// Every step, from every state.
        case none
        /// The last depth: launches only on the devices the state's mark (or its step) reached.
        case last
        /// The depth before the last: the state's mark may leave its own steps to an earlier
        /// state, or have it restore some backups only; the successors' views of the devices
        /// their steps reached go to the merge.
        case beforeLast
        /// Two depths before the last: every step; the successors' views of all their devices
        /// and backups go to the merge.
        case twoBeforeLast
    }

    /// What a node's mark lets through.
    struct Filter {
        var launchOn = UInt16.max
        var mark = LaunchViewMark.none
        /// At the depth before the last: its mark is read.
        var marked = false
    }

    /// The views a run's successors carry to the merge: at one depth, one of the two lists.
    struct RunViews {
        var beforeLast: [(launchOn: UInt16, launchView: Int)] = []
        var twoBeforeLast: [(launchView: Int, views: LaunchViews)] = []
    }

    func phase(level: Int, depth: Int) -> Phase {
        if level + 1 == depth { return level > 0 ? .last : .none }
        if merges && level + 2 == depth { return .beforeLast }
        if merges && level + 3 == depth { return .twoBeforeLast }
        return .none
    }

    func records(_ phase: Phase) -> Bool { phase == .beforeLast || phase == .twoBeforeLast }

    /// Only the last depth works out the devices a state's step reached from its parent.
    func readsParent(_ phase: Phase) -> Bool { phase == .last }

    func filter(_ phase: Phase, mark: UInt16, state: ExploreState, parent: ExploreState?, worker: WorldWorker) -> Filter {
        let mark = LaunchViewMark(raw: mark)
        switch phase {
        case .last:
            // Launches only on the devices the state's last step reached (chosen when the state
            // was found, at the depth before, or worked out here from its parent).
            return Filter(launchOn: mark.launchDevices ?? parent.map { LaunchView.devicesReached(from: $0, to: state) } ?? .max)
        case .beforeLast:
            return Filter(mark: mark, marked: true)
        case .none, .twoBeforeLast:
            return Filter()
        }
    }

    func triesNothing(_ phase: Phase, mark: UInt16) -> Bool {
        phase == .beforeLast && LaunchViewMark(raw: mark) == .restoresNothing
    }

    func candidates(_ filter: Filter, worker: WorldWorker) -> [Int]? {
        filter.marked && filter.mark.isRestoresOnly ? worker.tables.restoreSteps : nil
    }

    @inline(__always)
    func allows(_ filter: Filter, step: Int, state: ExploreState, worker: WorldWorker) -> Bool {
        // (The worker's tables are read in place: a copy of them would retain each array.)
        if filter.launchOn != .max && filter.launchOn & LaunchView.bit(worker.tables.steps[step].device) == 0 { return false }
        guard filter.marked else { return true }
        if filter.mark.isRestoresOnly {
            // Only the backups marked (and any past the eighth).
            guard let b = state.backupForms.firstIndex(where: { $0.name == worker.tables.restoreNames[step] }) else { return false }
            return filter.mark.restores(backup: b)
        }
        // A device's own steps from a state that shares its launch view with an earlier one.
        return !filter.mark.leavesOut(stepOn: worker.tables.steps[step].device, ownStep: worker.tables.ownSteps[step])
    }

    func makeRunViews() -> RunViews { RunViews() }

    func record(_ phase: Phase, successor: ExploreState, from state: ExploreState, worker: WorldWorker, into views: inout RunViews) -> UInt32 {
        let watching = worker.watch.properties
        if phase == .beforeLast {
            views.beforeLast.append(LaunchViewMerge.beforeLastView(of: successor, from: state, watching: watching))
            return UInt32(views.beforeLast.count - 1)
        }
        var seen = LaunchViewMerge.twoBeforeLastViews(of: successor, watching: watching)
        if marksRefusedRestores { seen.views.restorable = .max }
        views.twoBeforeLast.append(seen)
        return UInt32(views.twoBeforeLast.count - 1)
    }

    func makeMerge() -> LaunchViewMerge { LaunchViewMerge() }

    func admit(_ phase: Phase, view: UInt32, in views: RunViews, merge: inout LaunchViewMerge) -> UInt16? {
        if phase == .beforeLast {
            let seen = views.beforeLast[Int(view)]
            return merge.admitBeforeLast(launchOn: seen.launchOn, launchView: seen.launchView)?.raw
        }
        let seen = views.twoBeforeLast[Int(view)]
        return merge.admitTwoBeforeLast(launchView: seen.launchView, views: seen.views, deviceCount: deviceCount)?.raw
    }

    func prefetch(_ phase: Phase, view: UInt32, in views: RunViews, merge: LaunchViewMerge) {
        if phase == .beforeLast {
            let seen = views.beforeLast[Int(view)]
            merge.prefetchBeforeLast(launchOn: seen.launchOn, launchView: seen.launchView)
        } else {
            let seen = views.twoBeforeLast[Int(view)]
            merge.prefetchTwoBeforeLast(launchView: seen.launchView, views: seen.views, deviceCount: deviceCount)
        }
    }

    func capacity(of merge: LaunchViewMerge) -> Int { merge.sets.reduce(0) { $0 + $1.capacity } }
}
