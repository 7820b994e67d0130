import IDSim

/// What a launch of the followed app reads and is judged against, the only step tried at the
/// last depth: its own device, the Apple IDs, DeviceCheck's bits (the step clock and random draws
/// aside, as in the fingerprint) and what the properties remember of every device's launches.
///
/// Three uses, all at the end of a search:
/// - At the last depth, a launch on a device the state's last step did not reach reads and is
///   judged as the same launch from the parent, one step shorter, which the search has already
///   tried: only the devices reached are launched on.
/// - At the depth before the last, a state is expanded only by those launches, so what matters
///   of it is the launch view of the devices its step reached. A state whose view an earlier state
///   of that depth already had would break what that one breaks: it is counted, not expanded.
///   (Backups and the other devices are what such states differ in; most of that depth's do.)
/// - Two depths before the last, a state is followed by one step and a launch. Only a restore
///   reads backups, so a state whose launch view of every device (everything but its backups) an
///   earlier state of that depth already had is expanded only by restores: any other step from it
///   reaches a launch view the earlier one's same step reached. Nor are all restores needed: a
///   restore reads the state's launch views and one backup, so one of a backup whose restore view
///   (the views and that backup) an earlier state of that depth had is left to that state; one of
///   a backup that holds no ID of the followed app is never taken (`ExploreState.refuses`), so a
///   state left with no restore to try is not even replayed (`LaunchViews.restorable`). And a
///   step that reads and writes only its own device (`ownStep`) changes at most that device,
///   whose launch view after it depends only on its launch view before: from a state whose view
///   of the device an earlier state of that depth already had, the earlier one's same step
///   reached that view, and the other devices' launches read what they read before the step.
enum LaunchView: Reduction {
    static let reduction = SearchReduction.launchViews

    /// Devices are told apart by a bit each (the sixteenth bit marks a state expanded only by
    /// restores); a larger world launches on every device.
    static let maximumDevices = 15
    /// Own steps are left to an earlier state only in a world of up to this many devices (each
    /// successor carries its devices' views).
    static let ownStepsDevices = 4

    /// Whether a search from `root` can keep its devices as bits.
    static func applies(to root: ExploreState) -> Bool { root.world.deviceCount <= maximumDevices }

    /// A device's bit (in a larger world every launch mask is `.max`, so any bit will do).
    static func bit(_ device: DeviceIndex) -> UInt16 { 1 << UInt16(min(device, maximumDevices - 1)) }

    /// Every device of the state's world.
    static func allDevices(of state: ExploreState) -> UInt16 {
        let count = state.world.deviceCount
        return count > maximumDevices ? .max : (1 << UInt16(count)) - 1
    }

    /// Whether an event reads and writes only the device it happens on (beside the world's fixed
    /// app declarations, its random draws and its clock): it runs no app code (only a launch
    /// does, and app code may write iCloud), does not touch the Apple IDs (signing in and out,
    /// iCloud Keychain on or off), DeviceCheck's bits, the launch record (an erase ends the
    /// device's hold on its value), backups (a restore reads one; a backup writes one and no
    /// device, which is its own here) or another device (a migration). An update that moves the
    /// app to a new team changes its declaration, which every device reads: not its own step.
    static func ownStep(_ event: Event) -> Bool {
        switch event {
        case .install, .uninstall, .offload, .requestTracking, .trackingToggle, .setting, .resetAdvertisingID,
             .resetLocationAndPrivacy, .consent, .terminate, .reboot, .unlock, .lock, .passcode, .upgrade, .backup, .purgeCaches,
             .biometryChange:
            return true
        case .update(_, let newTeam):
            return newTeam == nil
        case .launch, .call, .configure, .deviceCheck, .revokeAppleID, .erase, .signIn, .signOut, .iCloudKeychain, .restore, .migrate, .note:
            return false
        }
    }

    /// The devices where a launch after a step (from `parent` to `state`) may break something
    /// the same launch from the parent did not: those whose form it changed, and every device
    /// when it changed the Apple IDs, DeviceCheck's bits or the launch record. (None for a step
    /// that changed only backups, or nothing a fingerprint reads.)
    static func devicesReached(from parent: ExploreState, to state: ExploreState) -> UInt16 {
        let count = state.world.deviceCount
        guard count <= maximumDevices else { return .max }
        guard state.accountsForm == parent.accountsForm, state.follow == parent.follow,
              state.world.deviceCheck == parent.world.deviceCheck else { return allDevices(of: state) }
        var reached: UInt16 = 0
        for d in 0..<count where state.deviceForms[d] != parent.deviceForms[d] { reached |= bit(d) }
        return reached
    }

    /// The launch view of `devices` (a mask from `devicesReached`): equal for two states whose
    /// launches on those devices break the same properties (but for 64-bit collisions).
    static func hash(of state: ExploreState, on devices: UInt16, watching: PropertyMask) -> Int {
        Fingerprinter.launchView(state, devices: devices, watching: watching)
    }

    /// The launch view of every device, with each backup's restore view (see `Fingerprinter.restoreViews`).
    static func restoreViews(of state: ExploreState, watching: PropertyMask, backups: inout SIMD8<Int>) -> Int {
        Fingerprinter.restoreViews(state, watching: watching, backups: &backups)
    }
}
