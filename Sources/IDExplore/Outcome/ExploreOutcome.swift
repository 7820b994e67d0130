import IDSim

/// What a search found.
package struct ExploreOutcome: Sendable {
    /// Why a search stopped short: the engine's reasons, as they are.
    package typealias StopReason = SearchResult.StopReason

    /// The shortest breaking sequence of each property that broke.
    package let breaks: [ExploreProperty: [Step]]
    package let searched: Set<ExploreProperty>
    /// Every sequence up to this length was searched.
    package let completedDepth: Int
    package let depth: Int
    /// Distinct states visited.
    package let states: Int
    /// Successor states evaluated (each: a step applied, a fingerprint, a lookup among the states
    /// visited: in the visited set, or among those its worker's run made before it).
    package let successors: Int
    package let seconds: Double
    package let stopReason: StopReason?
    package let bytesPerState: Double
    /// Whether its states left out the tracking state (see `ExploreState.trackingBlind`).
    package let trackingBlind: Bool
    /// States expanded, the root among them: replayed and tried by their steps (the launch-view
    /// merges leave some states counted only, and mark some that try nothing).
    package var expanded = 0
    /// Of `seconds`, the time spent merging the workers' results while no worker expanded states:
    /// what does not shrink with more workers. (With more than one, most chunks are merged while
    /// the next is expanded: see `SearchEngine.search`.)
    package var mergeSeconds = 0.0
    /// Of `mergeSeconds`, the inserts into the visited set (made on every worker).
    package var insertSeconds = 0.0

    package var broke: Bool { !breaks.isEmpty }

    /// A search that did not run (no strategy to follow).
    package static let nothing = ExploreOutcome(breaks: [:], searched: [], completedDepth: 0, depth: 0, states: 0, successors: 0,
                                               seconds: 0, stopReason: nil, bytesPerState: 0, trackingBlind: false)
}
