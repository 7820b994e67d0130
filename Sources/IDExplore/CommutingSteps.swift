import IDSim

/// Two own steps on different devices (`LaunchView.ownStep`: each reads and writes only its own
/// device) commute: from any state, taking both in either order reaches the same state (up to the
/// renaming of generated values, which the fingerprint already ignores), and one applies after
/// the other exactly when it applies before it. So a breadth-first search that expands a state
/// reached by own step `b` need not try an own step `a` on another device that comes before `b`
/// in the device's list of steps: the state after `a` then `b` is reached one level apart from
/// the same parent, by the sibling reached by `a` (a model checker's sleep set, kept to pairs).
///
/// Why no state is lost. Say a state X at level m is reached by `c` from Y and `s` is left out
/// there (own steps on different devices, `s` earlier in the list). Y's level is fully expanded
/// under this rule too, so by induction on the level Y's step `s` reached some state Z at level
/// m or less (Z is Y then `s`, or its mirror under `DeviceSymmetry`, with `c` mirrored to `c'`).
/// X then `s` is Y then `s` then `c`, which is Z then `c'`. If Z is shallower, induction on the
/// level covers it; if Z is at level m, `c'` stands where `c` stands in its device's list, later
/// than `s`, and induction down the list (later steps first) covers it. Either way X then `s` is
/// visited at level m + 1 or less. Positions in a device's list, not step numbers, decide the
/// order: a mirror moves a step to the other device but keeps its position, and a strict order
/// of positions is what ends the induction. (Two steps at the same position, the same event on
/// two devices, are both tried.)
///
/// The rule is applied only where every state is expanded in full: up to three levels before
/// the last. At the two last levels the launch-view merges (`LaunchView`) expand states in part,
/// so a sibling there may not have tried the step the rule would leave to it.
struct CommutingSteps: Sendable {
    /// By step number: the step's position in its device's list, or nil for a step that is not
    /// an own step (never left out, never leaves another out).
    private let ownPositions: [Int?]
    private let devices: [DeviceIndex]

    init(steps: [Step]) {
        var seen: [DeviceIndex: Int] = [:]
        ownPositions = steps.map { step in
            let position = seen[step.device, default: 0]
            seen[step.device] = position + 1
            return LaunchView.ownStep(step.event) ? position : nil
        }
        devices = steps.map(\.device)
    }

    /// Whether step `number` can be left out of the expansion of a state reached by step
    /// `reachedBy` (nil at the root).
    func sleeps(_ number: Int, after reachedBy: Int?) -> Bool {
        guard let reachedBy, let position = ownPositions[number], let reachedPosition = ownPositions[reachedBy] else { return false }
        return position < reachedPosition && devices[number] != devices[reachedBy]
    }

    /// Whether the rule may be applied when expanding `level` of a search to `depth`.
    static func applies(at level: Int, depth: Int) -> Bool { level + 3 <= depth }
}
