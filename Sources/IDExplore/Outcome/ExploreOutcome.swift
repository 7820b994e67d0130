import IDSim

/// What a search found.
public struct ExploreOutcome: Sendable {
    public enum StopReason: Sendable { case cancelled, stateLimit }

    /// The shortest breaking sequence of each property that broke.
    public let breaks: [ExploreProperty: [Step]]
    public let searched: Set<ExploreProperty>
    /// Every sequence up to this length was searched.
    public let completedDepth: Int
    public let depth: Int
    /// Distinct states visited.
    public let states: Int
    /// Successor states evaluated (each: a step applied, a fingerprint, a lookup among the states
    /// visited: in the visited set, or among those its worker's run made before it).
    public let successors: Int
    public let seconds: Double
    public let stopReason: StopReason?
    public let bytesPerState: Double
    /// Whether its states left out the tracking state (see `ExploreState.trackingBlind`).
    public let trackingBlind: Bool
    /// Of `seconds`, the time spent merging the workers' results while no worker expanded states:
    /// what does not shrink with more workers. (With more than one, most chunks are merged while
    /// the next is expanded: see `Explorer.search`.)
    public var mergeSeconds = 0.0
    /// Of `mergeSeconds`, the inserts into the visited set (made on every worker).
    public var insertSeconds = 0.0

    public var broke: Bool { !breaks.isEmpty }

    /// A search that did not run (no strategy to follow).
    public static let nothing = ExploreOutcome(breaks: [:], searched: [], completedDepth: 0, depth: 0, states: 0, successors: 0,
                                               seconds: 0, stopReason: nil, bytesPerState: 0, trackingBlind: false)
}
