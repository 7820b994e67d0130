import IDSim

/// An erase, a restore onto a device and a migration onto it set the device up from scratch:
/// they keep its hardware, OS and declared passcode and read nothing else of it (beside the
/// Apple IDs, backups and the other devices, which an own step leaves alone). So after an own
/// step on a device (`LaunchView.ownStep`) that changes none of those, one of these on the same
/// device reaches the state it reaches from the parent, which the search has already visited,
/// one level earlier: it is not tried.
///
/// An upgrade changes the OS, which all three keep and check; a backup writes a backup, which a
/// restore may read; a passcode change touches what the device is set up with. Those are not
/// made moot. The steps left out are never launches, so no break is lost with them, and the
/// state each would reach was visited at a level where every state is expanded, or is counted
/// as visited where it is not (the last two levels): either way the search finds the same.
struct RebuildingSteps: StepReduction {
    static let reduction = SearchReduction.rebuildingSteps

    /// By step number: the device a rebuilding step sets up from scratch (nil for other steps).
    private let rebuilds: [DeviceIndex?]
    /// By step number: the device of an own step that such a step makes moot (nil otherwise).
    private let undone: [DeviceIndex?]

    init(steps: [Step]) {
        rebuilds = steps.map { step in
            switch step.event {
            case .erase, .restore, .migrate: step.device
            default: nil
            }
        }
        undone = steps.map { step in
            switch step.event {
            case .upgrade, .backup, .passcode: nil
            default: LaunchView.ownStep(step.event) ? step.device : nil
            }
        }
    }

    /// At every level: a rebuilding step is moot after an own step on its device, whatever the depth.
    static let sparedLevels = 0
    /// An erase ends what the device held, unless a server keeps a record past it.
    static let assumes = WorldSearchModel.erasesEndServerRecords

    /// Whether step `number`, after the state was reached by step `reachedBy` (nil at the root),
    /// reaches a state the parent's same step reached.

    func leavesOut(_ number: Int, after reachedBy: Int?) -> Bool {
        guard let reachedBy, let device = rebuilds[number] else { return false }
        return undone[reachedBy] == device
    }
}
