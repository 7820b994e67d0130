/// What the search engine (`SearchEngine`) searches: states, numbered steps between them and the
/// properties a step can break, as stateright's `Model` gives its checker (stateright ab8c8be,
/// src/lib.rs:158-235). The engine knows nothing else of the model: not what a state holds, not
/// what a step does, not why a reduction is sound. It keeps fingerprints, parent links and step
/// numbers; the model makes states from them.
///
/// Reductions meet the engine in four shapes, none of which it names:
/// - a step reduction is a table, compiled when the search starts (`StepCut`): the steps left out
///   of a state's successors given the step that reached it;
/// - a node-marking reduction (`NodeMarking`) notes a word on the nodes it admits at the merge,
///   and filters the steps tried from them;
/// - a reduction that holds only while the model behaves as it assumed (`Assumptions`) has the
///   model report a successor that broke the assumption, and the engine starts over with the
///   model that no longer assumes it (`relaxing`);
/// - a reduction that knows a successor's fingerprint before its step is taken
///   (`predictedFingerprint`, `learn`) lets the engine pass over one already visited.
///
/// Properties are bits of a `PropertyMask` (up to eight): the model says which a step broke.
package protocol SearchModel: Sendable {
    associatedtype State
    /// What one worker keeps for a whole search (its own copies of what it reads for every
    /// successor, its caches): made once a search for each worker, used by one thread at a time.
    associatedtype Worker: AnyObject
    associatedtype Marking: NodeMarking where Marking.State == State, Marking.Worker == Worker

    /// Where the search starts.
    var root: State { get }
    /// A copy of the root that shares no storage with it (each worker replays from its own).
    func unsharedRoot() -> State
    /// Steps are numbered `0..<stepCount` (at most `UInt16.max`).
    var stepCount: Int { get }
    /// The only steps that can break a property, tried at the last depth (a state there is
    /// counted, never expanded, so any other step would be made for nothing).
    var breakingSteps: [Int] { get }
    /// The step reductions in use.
    var stepCuts: [StepCut] { get }
    /// The node-marking reduction (`NoMarking` for none).
    var marking: Marking { get }
    /// What the model's reductions assume of the states the search meets.
    var assumptions: Assumptions { get }
    /// The same model no longer assuming `broken`: the search starts over with it.
    func relaxing(_ broken: Assumptions) -> Self

    /// A worker's own copies (see `Worker`).
    func makeWorker() -> Worker
    /// Before a worker's part of a chunk: the properties still watched.
    func prepare(_ worker: Worker, watching: PropertyMask)
    /// Applies a step the search took before (replaying a path from the root); it applies.
    func replay(_ step: Int, on state: inout State, worker: Worker)
    /// Whether a step can be passed over without copying the state: it certainly cannot apply,
    /// or certainly leads back to the state.
    func skips(_ step: Int, from state: State, worker: Worker) -> Bool
    /// Applies a step: nil when it cannot apply, else the watched properties it broke and the
    /// assumptions the new state breaks.
    func apply(_ step: Int, to state: inout State, worker: Worker) -> StepResult?
    /// A state's fingerprint: equal for states that break the same watched properties after the
    /// same steps (but for 64-bit collisions).
    func fingerprint(_ state: State, worker: Worker) -> Int
    /// The root's fingerprint, watching `properties` (before any worker is made).
    func rootFingerprint(watching properties: PropertyMask) -> Int
    /// The fingerprint of the state a step leads to, when the worker knows it without applying
    /// the step (a reduction that remembers what steps did); nil when it does not.
    func predictedFingerprint(_ step: Int, from state: State, worker: Worker) -> Int?
    /// Told after a step was applied where `predictedFingerprint` said nil: what it did, for the
    /// predictions to come.
    func learn(_ step: Int, from state: State, to successor: State, result: StepResult, worker: Worker)
}

extension SearchModel {
    /// A model that predicts nothing.
    func predictedFingerprint(_ step: Int, from state: State, worker: Worker) -> Int? { nil }
    func learn(_ step: Int, from state: State, to successor: State, result: StepResult, worker: Worker) {}
}

/// What applying a step gave.
package struct StepResult: Sendable {
    package var broken: PropertyMask
    package var brokenAssumptions: Assumptions

    @inline(__always)
    package init(broken: PropertyMask, brokenAssumptions: Assumptions = []) {
        self.broken = broken
        self.brokenAssumptions = brokenAssumptions
    }
}

/// What a model's reductions assume of its states, as bits the model assigns ("no app code reads
/// tracking state", "no server record outlives an erase"). A successor that breaks one in use
/// makes the engine start over without it (`SearchModel.relaxing`).
package struct Assumptions: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }
}

/// A set of properties as bits (the model says what each bit means): what each successor carries
/// through the search, which a `Set` would allocate for.
package struct PropertyMask: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The property of bit `index`.
    package init(bit index: Int) { rawValue = 1 << UInt8(index) }

    /// The bits set, lowest first.
    package var bits: [Int] { (0..<UInt8.bitWidth).filter { rawValue & (1 << UInt8($0)) != 0 } }
}
