/// A reduction that decides, at the merge, whether a new state is expanded at all and notes a
/// word on the node for its expansion, which then tries only the steps the word lets through.
/// It owns what it keeps: the side data a run's successors carry to the merge (`RunViews`), what
/// the merge remembers over a level (`Merge`), and what a node's word means, level by level
/// (`Phase`). The engine stores the word and hands it back; it never reads it.
///
/// Hooks, in the order a search meets them:
/// - `phase(level:depth:)`, once a level: what the reduction does there.
/// - `filter(…)`, once for each state expanded: the steps its word and its step let through,
///   asked of each step tried (`candidates`, `allows`).
/// - `record(…)`, in the workers, for each new successor at a level whose phase `records`: the
///   views it carries to the merge.
/// - `admit(…)`, at the merge, in the states' order: the new node's word, or nil when it is not
///   expanded at all.
package protocol NodeMarking: Sendable {
    associatedtype State
    associatedtype Worker
    associatedtype Phase: Sendable
    associatedtype Filter
    associatedtype RunViews
    associatedtype Merge

    /// What the reduction does while expanding `level` of a search to `depth`.
    func phase(level: Int, depth: Int) -> Phase
    /// Whether the successors made at a level of this phase carry views to the merge, which
    /// admits them (a successor that is not admitted is counted, not expanded).
    func records(_ phase: Phase) -> Bool

    /// Whether `filter` reads the node's parent at this phase (the engine hands it over only then:
    /// it is a copy of a state).
    func readsParent(_ phase: Phase) -> Bool
    /// The steps a node lets through: its word, its state and, where `readsParent` (past the
    /// root), its parent's.
    func filter(_ phase: Phase, mark: UInt16, state: State, parent: State?, worker: Worker) -> Filter
    /// Whether a node with this word lets no step through, whatever its state: it is then not
    /// replayed. (Admitting it with such a word, not leaving it out, keeps the level's list as it
    /// would be, and with it the chunks of the search.)
    func triesNothing(_ phase: Phase, mark: UInt16) -> Bool
    /// The steps to try from such a node, when not all the level's (nil: all).
    func candidates(_ filter: Filter, worker: Worker) -> [Int]?
    /// Whether the node tries the step.
    func allows(_ filter: Filter, step: Int, state: State, worker: Worker) -> Bool

    /// A run's views, empty.
    func makeRunViews() -> RunViews
    /// In the workers: the views a new successor carries to the merge, kept in the run's
    /// `views`; returns where (handed back to `admit`).
    func record(_ phase: Phase, successor: State, from state: State, worker: Worker, into views: inout RunViews) -> UInt32

    /// What the merge keeps, before the search.
    func makeMerge() -> Merge
    /// At the merge: the word of a new node whose views are at `view` of its run's, or nil when it
    /// need not be expanded.
    func admit(_ phase: Phase, view: UInt32, in views: RunViews, merge: inout Merge) -> UInt16?
    /// Asks for the memory `admit` will read, a few successors before it does.
    func prefetch(_ phase: Phase, view: UInt32, in views: RunViews, merge: Merge)
    /// Slots the merge's sets hold (for the memory a search reports).
    func capacity(of merge: Merge) -> Int
}

/// No node-marking reduction: every state is expanded by every step.
package struct NoMarking<State, Worker>: NodeMarking {
    package init() {}

    package func phase(level: Int, depth: Int) {}
    package func records(_ phase: Void) -> Bool { false }
    package func readsParent(_ phase: Void) -> Bool { false }
    package func filter(_ phase: Void, mark: UInt16, state: State, parent: State?, worker: Worker) {}
    package func triesNothing(_ phase: Void, mark: UInt16) -> Bool { false }
    package func candidates(_ filter: Void, worker: Worker) -> [Int]? { nil }
    package func allows(_ filter: Void, step: Int, state: State, worker: Worker) -> Bool { true }
    package func makeRunViews() {}
    package func record(_ phase: Void, successor: State, from state: State, worker: Worker, into views: inout Void) -> UInt32 { 0 }
    package func makeMerge() {}
    package func admit(_ phase: Void, view: UInt32, in views: Void, merge: inout Void) -> UInt16? { 0 }
    package func prefetch(_ phase: Void, view: UInt32, in views: Void, merge: Void) {}
    package func capacity(of merge: Void) -> Int { 0 }
}
