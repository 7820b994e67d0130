import IDSim

/// Pairs of steps that commute: from any state, taking both in either order reaches the same
/// state (up to the renaming of generated values, which the fingerprint already ignores), and one
/// applies after the other exactly when it applies before it. So a breadth-first search that
/// expands a state reached by step `b` need not try a step `a` that commutes with it and comes
/// before it in the device's list of steps: the state after `a` then `b` is reached at the same
/// level from the same parent, by the sibling reached by `a` (a model checker's sleep set, kept
/// to pairs). The pairs:
/// - Two local steps on different devices. A local step is an own step (`LaunchView.ownStep`:
///   it reads and writes only its own device) or an erase, which also writes only its device and
///   the record of what was launched there.
/// - A backup and a reboot, lock, unlock or another kind of backup of the same device. A backup
///   reads the device's apps, data, keychain, settings and Apple ID, none of which those change,
///   and writes only its backup.
///
/// Why no state is lost. Say a state X at level m is reached by `c` from Y and `s` is left out
/// there (`s` commutes with `c` and is earlier in the list). Y's level is fully expanded under
/// this rule too, so by induction on the level Y's step `s` reached some state Z at level m or
/// less (Z is Y then `s`, or its mirror under `DeviceSymmetry`, with `c` mirrored to `c'`; or a
/// state visited earlier that `RebuildingSteps` says `s` reaches, which serves the same). X then
/// `s` is Y then `s` then `c`, which is Z then `c'`. If Z is shallower, induction on the level
/// covers it; if Z is at level m, `c'` stands where `c` stands in its device's list, later than
/// `s`, and induction down the list (later steps first) covers it. Either way X then `s` is
/// visited at level m + 1 or less. Positions in a device's list, not step numbers, decide the
/// order: a mirror moves a step to the other device but keeps its position (every step that
/// leaves others out names no other device), and a strict order of positions is what ends the
/// induction. (Two steps at the same position, the same event on two devices, are both tried.)
///
/// The rule is applied only where every state is expanded in full: up to three levels before
/// the last. At the two last levels the launch-view merges (`LaunchView`) expand states in part,
/// so a sibling there may not have tried the step the rule would leave to it.
struct CommutingSteps: StepReduction {
    static let reduction = SearchReduction.commutingSteps

    /// By step number: the step's position in its device's list.
    private let positions: [Int]
    private let devices: [DeviceIndex]
    private let kinds: [Kind]

    /// What decides which steps a step commutes with.
    enum Kind: Equatable {
        /// Not a local step: commutes with nothing here.
        case other
        /// An own step or an erase.
        case local
        /// A local step that leaves a backup's content alone (reboot, lock, unlock).
        case localBackupBlind
        /// A backup (a local step too), of its kind.
        case backup(BackupKind)
    }

    init(steps: [Step]) {
        var seen: [DeviceIndex: Int] = [:]
        positions = steps.map { step in
            let position = seen[step.device, default: 0]
            seen[step.device] = position + 1
            return position
        }
        devices = steps.map(\.device)
        kinds = steps.map { step in
            switch step.event {
            case .backup(let kind, _): .backup(kind)
            case .reboot, .lock, .unlock: .localBackupBlind
            case .erase: .local
            default: LaunchView.ownStep(step.event) ? .local : .other
            }
        }
    }

    /// Whether two steps commute (see the pairs above).
    func commute(_ a: Int, _ b: Int) -> Bool {
        if kinds[a] == .other || kinds[b] == .other { return false }
        if devices[a] != devices[b] { return true }
        switch (kinds[a], kinds[b]) {
        case (.backup(let one), .backup(let other)): return one != other
        case (.backup, .localBackupBlind), (.localBackupBlind, .backup): return true
        default: return false
        }
    }

    /// Whether step `number` can be left out of the expansion of a state reached by step
    /// `reachedBy` (nil at the root).
    func leavesOut(_ number: Int, after reachedBy: Int?) -> Bool {
        guard let reachedBy else { return false }
        return positions[number] < positions[reachedBy] && commute(number, reachedBy)
    }

    /// Applied only up to three levels before the last (see above).
    static let sparedLevels = 3
    static let assumes: Assumptions = []
}
