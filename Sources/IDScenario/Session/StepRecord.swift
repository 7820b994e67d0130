import IDSim

/// What a step did, kept for every step of a session's history: what the timeline, the status
/// line and a saved session need, and no more (the full change list of the step at the cursor is
/// recomputed when the cursor gets there).
package struct StepRecord: Sendable, Hashable {
    /// The rules behind the step's changes, in order, each once.
    package var rules: [RuleID]
    /// How many changes `idscope run` lists for the step (`StepSummary.changeCount`).
    package var changeCount: Int
    /// For an expectation: every check, held or not. Nil for an event.
    package var checks: [ExpectationCheck]?
    /// For a launch: the values it gave that another device (or an app of another team) holds.
    package var duplicates: [Duplicate]
    /// For a launch after a continuity step: the ID it did not keep.
    package var lost: LostID?
    /// For a launch: the primary ID it reported (what a branch's continuity is rebuilt from).
    var launched: String?

    /// "3 changes", "0 changes · ⚠ dup": the step's count as the status lines say it.
    package func tally(glyph: String = "⚠") -> String {
        StepSummary.tally(changes: changeCount, duplicates: duplicates.count, lost: lost != nil, glyph: glyph)
    }

    /// For an expectation: the checks that did not hold (empty: it held). Nil for an event.
    package var failures: [ExpectationFailure]? { checks.map(ExpectationFailure.of) }

    init(_ outcome: StepOutcome, launched: String?) {
        rules = outcome.changes.rules
        changeCount = StepSummary.changeCount(outcome)
        duplicates = outcome.duplicates
        lost = outcome.lost
        self.launched = launched
        if case .expect = outcome.step.action { checks = outcome.checks }
    }
}
