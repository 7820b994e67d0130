import IDSim

/// The launch-view reduction at the merge: the views of the states kept so far at the two depths
/// before the last, and for each new state whether it is expanded and with what mark (see
/// `LaunchView` for why each is sound). It sees the states in the search's fixed order, so a
/// search gives the same result every time.
struct LaunchViewMerge {
    /// The launch views of the states at the depth before the last.
    private(set) var launchViews = FingerprintSet()
    /// Two depths before the last: each state's view of all its devices, of each device, and of
    /// each restore it could make.
    private(set) var wholeViews = FingerprintSet()
    private(set) var deviceViews = FingerprintSet()
    private(set) var restoreViews = FingerprintSet()

    /// The sets, for the memory a search reports.
    var sets: [FingerprintSet] { [launchViews, wholeViews, deviceViews, restoreViews] }

    /// A new state at the depth before the last: its mark, or nil when it is counted, not
    /// expanded (its step reached no device, or an earlier state had its launch view).
    mutating func admitBeforeLast(launchOn: UInt16, launchView: Int) -> LaunchViewMark? {
        guard launchOn != 0, launchViews.insert(launchView) else { return nil }
        return .launch(on: launchOn)
    }

    /// A new state two depths before the last: its mark, or nil when it need not be expanded at
    /// all (it shares every view with earlier states).
    mutating func admitTwoBeforeLast(launchView: Int, views: LaunchViews, deviceCount: Int) -> LaunchViewMark? {
        let kept = min(Int(views.backupCount), LaunchViews.viewedBackups)
        var mark = LaunchViewMark.none
        if !wholeViews.insert(launchView) {
            // Only the restores of backups no earlier state had with these views.
            mark = .restoresOnly
            var refusedOnly = false
            for b in 0..<kept where restoreViews.insert(views.backups[b]) {
                // A backup no restore is taken from is noted, not marked (see `LaunchViews.restorable`).
                if views.canRestore(b) { mark.restore(backup: b) } else { refusedOnly = true }
            }
            if mark.restoresNone && Int(views.backupCount) <= kept { return refusedOnly ? .restoresNothing : nil }
        } else {
            for b in 0..<kept { restoreViews.insert(views.backups[b]) }
            if deviceCount <= LaunchView.ownStepsDevices {
                for d in 0..<deviceCount where !deviceViews.insert(views.devices[d]) { mark.leaveOwnSteps(of: d) }
            }
        }
        return mark
    }

    /// Asks for the slots `admitBeforeLast` will look at, a few states before it does (see
    /// `FingerprintSet.prefetch`): the view sets hold a view for each state kept, megabytes, and
    /// the merge's walk spent most of its time waiting on them.
    func prefetchBeforeLast(launchOn: UInt16, launchView: Int) {
        if launchOn != 0 { launchViews.prefetch(launchView) }
    }

    /// Asks for the slots `admitTwoBeforeLast` will look at (see `prefetchBeforeLast`).
    func prefetchTwoBeforeLast(launchView: Int, views: LaunchViews, deviceCount: Int) {
        wholeViews.prefetch(launchView)
        for b in 0..<min(Int(views.backupCount), LaunchViews.viewedBackups) { restoreViews.prefetch(views.backups[b]) }
        if deviceCount <= LaunchView.ownStepsDevices {
            for d in 0..<deviceCount { deviceViews.prefetch(views.devices[d]) }
        }
    }

    // MARK: - In the workers

    /// At the depth before the last: the devices a successor's step reached and their launch view.
    static func beforeLastView(of successor: ExploreState, from state: ExploreState, watching: PropertyMask) -> (launchOn: UInt16, launchView: Int) {
        let launchOn = LaunchView.devicesReached(from: state, to: successor)
        return (launchOn, launchOn == 0 ? 0 : LaunchView.hash(of: successor, on: launchOn, watching: watching))
    }

    /// Two depths before the last: a successor's launch view of all its devices, and its other views.
    static func twoBeforeLastViews(of successor: ExploreState, watching: PropertyMask) -> (launchView: Int, views: LaunchViews) {
        var views = LaunchViews()
        let launchView = LaunchView.restoreViews(of: successor, watching: watching, backups: &views.backups)
        views.backupCount = UInt8(min(successor.backupForms.count, Int(UInt8.max)))
        for b in 0..<min(successor.backupForms.count, LaunchViews.viewedBackups) where !successor.refusesRestore(ofBackup: b) {
            views.restorable |= 1 << UInt8(b)
        }
        if successor.world.deviceCount <= LaunchView.ownStepsDevices {
            for d in 0..<successor.world.deviceCount {
                views.devices[d] = LaunchView.hash(of: successor, on: LaunchView.bit(d), watching: watching)
            }
        }
        return (launchView, views)
    }
}
