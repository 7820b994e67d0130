@testable import IDExplore
import Synchronization

/// A model of twenty-odd lines for the engine's tests: two counters. Steps: 0 adds one to `a`,
/// 1 adds one to `b` (each refused at `limit`), 2 empties `a`, 3 checks. Only the check can
/// break a property: bit 0 when it sees `a - b == 2`, bit 1 when it sees `b - a == 3`, bit 2 when
/// it sees `a + b == 7`. Shortest breaks: 3 steps (a a check), 4 (b b b check), 8 (seven adds and a check).
struct Counters: SearchModel {
    struct State: Hashable, Sendable { var a = 0, b = 0 }
    final class Worker { var watching = PropertyMask() }

    var limit = 6
    var stepCuts: [StepCut] = []
    var marking = CheckViews()
    var assumptions: Assumptions = []
    /// A state with `b` at or past this breaks `fewBsAssumed` (reported whether or not assumed).
    var fewBs = Int.max
    static let fewBsAssumed = Assumptions(rawValue: 1)

    let root = State()
    var stepCount: Int { 4 }
    var breakingSteps: [Int] { [3] }
    func unsharedRoot() -> State { root }
    func relaxing(_ broken: Assumptions) -> Counters {
        var relaxed = self
        relaxed.assumptions.subtract(broken)
        relaxed.stepCuts.removeAll { !$0.assumes.intersection(broken).isEmpty }
        return relaxed
    }
    func makeWorker() -> Worker { Worker() }
    func prepare(_ worker: Worker, watching: PropertyMask) { worker.watching = watching }
    func replay(_ step: Int, on state: inout State, worker: Worker) { _ = apply(step, to: &state, worker: worker) }
    func skips(_ step: Int, from state: State, worker: Worker) -> Bool { step == 2 && state.a == 0 }
    func apply(_ step: Int, to state: inout State, worker: Worker) -> StepResult? {
        Self.apply(step, to: &state, limit: limit).map { broken in
            StepResult(broken: broken.intersection(worker.watching), brokenAssumptions: state.b >= fewBs ? Self.fewBsAssumed : [])
        }
    }
    func fingerprint(_ state: State, worker: Worker) -> Int { Self.mix(state.a &* 1_000_003 &+ state.b) }
    func rootFingerprint(watching properties: PropertyMask) -> Int { Self.mix(0) }

    /// The step's effect on its own (what `apply` does, and what the oracle replays).
    static func apply(_ step: Int, to state: inout State, limit: Int) -> PropertyMask? {
        switch step {
        case 0 where state.a < limit: state.a += 1
        case 1 where state.b < limit: state.b += 1
        case 2: state.a = 0
        case 3:
            var broken = PropertyMask()
            if state.a - state.b == 2 { broken.insert(PropertyMask(bit: 0)) }
            if state.b - state.a == 3 { broken.insert(PropertyMask(bit: 1)) }
            if state.a + state.b == 7 { broken.insert(PropertyMask(bit: 2)) }
            return broken
        default: return nil
        }
        return []
    }

    /// A well-mixed 64-bit hash (SplitMix64's finalizer), as the visited set expects.
    static func mix(_ value: Int) -> Int {
        var z = UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(z ^ (z >> 31)))
    }
}

/// A node-marking reduction for the toy: at the depth before the last only the check follows, and
/// it breaks what the state's three conditions say, so a state whose conditions an earlier state
/// of that depth had is not expanded. Its word is the conditions' bits with the top bit set;
/// `filter` recomputes it from the state and counts any mismatch (the engine must hand each node
/// its own word back).
struct CheckViews: NodeMarking {
    var enabled = false

    final class Mismatches: Sendable {
        let count = Atomic(0), checked = Atomic(0)
    }
    let mismatches = Mismatches()

    enum Phase: Sendable { case none, records, reads }

    func phase(level: Int, depth: Int) -> Phase {
        guard enabled else { return .none }
        return level + 2 == depth ? .records : level + 1 == depth ? .reads : .none
    }
    func records(_ phase: Phase) -> Bool { phase == .records }
    func readsParent(_ phase: Phase) -> Bool { false }
    static func word(_ state: Counters.State) -> UInt16 { 0x8000 | UInt16(view(state)) }
    /// What the check reads: its three conditions, a bit each.
    static func view(_ state: Counters.State) -> Int {
        (state.a - state.b == 2 ? 1 : 0) | (state.b - state.a == 3 ? 2 : 0) | (state.a + state.b == 7 ? 4 : 0)
    }
    func filter(_ phase: Phase, mark: UInt16, state: Counters.State, parent: Counters.State?, worker: Counters.Worker) {
        guard phase == .reads else { return }
        mismatches.checked.add(1, ordering: .relaxed)
        if mark != Self.word(state) { mismatches.count.add(1, ordering: .relaxed) }
    }
    func triesNothing(_ phase: Phase, mark: UInt16) -> Bool { false }
    func candidates(_ filter: Void, worker: Counters.Worker) -> [Int]? { nil }
    func allows(_ filter: Void, step: Int, state: Counters.State, worker: Counters.Worker) -> Bool { true }
    func makeRunViews() -> [Counters.State] { [] }
    func record(_ phase: Phase, successor: Counters.State, from state: Counters.State, worker: Counters.Worker,
                into views: inout [Counters.State]) -> UInt32 {
        views.append(successor)
        return UInt32(views.count - 1)
    }
    func makeMerge() -> Set<Int> { [] }
    func admit(_ phase: Phase, view: UInt32, in views: [Counters.State], merge: inout Set<Int>) -> UInt16? {
        let state = views[Int(view)]
        return merge.insert(Self.view(state)).inserted ? Self.word(state) : nil
    }
    func prefetch(_ phase: Phase, view: UInt32, in views: [Counters.State], merge: Set<Int>) {}
    func capacity(of merge: Set<Int>) -> Int { merge.capacity }
}
