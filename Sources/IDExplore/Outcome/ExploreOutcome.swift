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
    /// Of `seconds`, the time the merging thread spent on the workers' results: what does not
    /// shrink with more workers.
    public var mergeSeconds = 0.0
    /// Of `seconds`, the time the inserts into the visited set took, made on every worker at once
    /// before the merging thread's part.
    public var insertSeconds = 0.0

    public var broke: Bool { !breaks.isEmpty }

    /// A search that did not run (no strategy to follow).
    public static let nothing = ExploreOutcome(breaks: [:], searched: [], completedDepth: 0, depth: 0, states: 0, successors: 0,
                                               seconds: 0, stopReason: nil, bytesPerState: 0, trackingBlind: false)
}
