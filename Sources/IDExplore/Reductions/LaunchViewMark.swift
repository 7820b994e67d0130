import IDSim

/// What the launch-view reduction (`LaunchView`, `LaunchViewMarking`) notes on a node of the two depths before the
/// last, and reads back when the node is expanded. One 16-bit word: a node is 8 bytes, and a
/// search keeps millions.
///
/// - On a node of the depth before the last: the devices a launch is tried on from it at the last
///   depth (bit `d` for device `d`); none noted means every device its step reached, worked out
///   when it is expanded.
/// - On a node two depths before the last: either the devices whose own steps it leaves to an
///   earlier state with the same view of them, or that it is expanded only by restores, and of
///   which backups (bit `b` for its `backupForms[b]`; those past the eighth always).
/// Elsewhere nothing is noted.
struct LaunchViewMark: Equatable, Sendable {
    private(set) var raw: UInt16

    /// The word as a node keeps it (the engine stores it, `LaunchViewMarking` reads it back).
    init(raw: UInt16 = 0) { self.raw = raw }

    /// The sixteenth bit: expanded only by restores (devices use the fifteen below it).
    private static let restoresOnlyBit: UInt16 = 1 << 15

    static let none = LaunchViewMark()

    // MARK: The depth before the last

    /// Launch on these devices only.
    static func launch(on devices: UInt16) -> LaunchViewMark { LaunchViewMark(raw: devices) }

    /// The devices to launch on, or nil when none were noted.
    var launchDevices: UInt16? { raw == 0 ? nil : raw }

    // MARK: Two depths before the last

    /// Expanded only by the restores of the backups added with `restore(backup:)`.
    static let restoresOnly = LaunchViewMark(raw: restoresOnlyBit)

    var isRestoresOnly: Bool { raw & Self.restoresOnlyBit != 0 }

    mutating func restore(backup: Int) { raw |= 1 << UInt16(backup) }

    /// Whether a restores-only node restores its `backupForms[backup]`.
    func restores(backup: Int) -> Bool { backup >= LaunchViews.viewedBackups || raw & (1 << UInt16(backup)) != 0 }

    /// Whether a restores-only node restores no backup it has views of (then, with no backups past
    /// those, it need not be expanded at all).
    var restoresNone: Bool { raw == Self.restoresOnlyBit }

    /// Expanded only by restores, and every one certainly refused (of backups that hold no ID of
    /// the followed app): the node tries nothing (`LaunchViews.restorable`). A bit of its own (the
    /// fifteenth, which no backup uses) tells it from `restoresOnly` with no backup marked, the
    /// word of a node that restores only the backups past the eighth.
    static let restoresNothing = LaunchViewMark(raw: restoresOnlyBit | 1 << 14)

    /// Leave the device's own steps to an earlier state.
    mutating func leaveOwnSteps(of device: DeviceIndex) { raw |= LaunchView.bit(device) }

    /// Whether the step, on `device` and an own step of it or not, is left out of the node's
    /// successors: a device's own steps from a node that shares its view of the device with an
    /// earlier one.
    func leavesOut(stepOn device: DeviceIndex, ownStep: Bool) -> Bool {
        ownStep && !isRestoresOnly && raw & LaunchView.bit(device) != 0
    }
}

/// Two depths before the last, a successor's launch view of each device (in a world of up to
/// four) and the restore view of each backup (of up to `viewedBackups`; `backupCount` counts
/// them all: those past it are always restored). Made by the workers, read at the merge.
struct LaunchViews: Sendable {
    var devices = SIMD4<Int>()
    var backups = SIMD8<Int>()
    var backupCount: UInt8 = 0
    /// Bit `b`: a restore of the viewed backup `b` may be taken. A backup that holds no ID of the
    /// followed app is never restored (`ExploreState.refusesRestore`), so a node expanded only by
    /// restores marks only the others; one left with none makes no successor, and is not
    /// replayed (`LaunchViewMark.restoresNothing`). Most nodes of the depth before the last were
    /// such (four in five of adjust's), each replayed only to try nothing.
    var restorable: UInt8 = 0

    static let viewedBackups = SIMD8<Int>.scalarCount

    /// Whether a restore of the viewed backup `b` may be taken.
    func canRestore(_ b: Int) -> Bool { restorable & (1 << UInt8(b)) != 0 }
}
