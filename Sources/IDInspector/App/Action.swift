import IDReports
import IDScenario

/// Everything the reducer acts on: what the terminal sent, and what came back from the effects
/// it asked for (the search's progress and report, a file written or not).
package enum Action: Sendable {
    case input(InputEvent)
    /// The running search's progress, for the status line.
    case exploreProgressed(seconds: Double, states: Int)
    /// The search ended (found, held, cancelled by its budget): its report.
    case exploreFinished(ExploreReport)
    /// The `write` effect ran: nil when the file was written, else why not.
    case wrote(path: String, failure: String?)

    /// A key, as the terminal sends it.
    package static func key(_ key: Key) -> Action { .input(.key(key)) }
}

/// What the reducer asks the loop to do outside the state: the only work it does not do itself.
/// The loop runs each effect and feeds what it yields back as an `Action`.
package enum Effect: Equatable, Sendable {
    /// Start the explore search the job describes (`Inspector.exploreRun(for:workers:)` builds
    /// it); its progress and its report come back as `exploreProgressed` and `exploreFinished`.
    case startSearch(ExploreJob)
    /// Stop the running search; no report comes back.
    case cancelSearch
    /// Write a file (atomically); the outcome comes back as `wrote`.
    case write(path: String, text: String)
}
