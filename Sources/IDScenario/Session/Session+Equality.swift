/// Two sessions are equal when they hold the same scenario (setup and steps taken, labels and
/// notes included) with the same seed, keep the same kind of history, and have their cursors at
/// the same step. Everything else a session holds (the timeline of worlds, each step's record,
/// the lanes, the labels so far, the continuity of IDs) is made from those by applying the steps,
/// which is deterministic for a seed: comparing it too would compare a function's result twice.
///
/// This is what lets the inspector's state be compared as a whole after each key (its tests
/// assert "nothing else changed") without walking every world of the timeline.
extension Session: Equatable {
    package static func == (a: Session, b: Session) -> Bool {
        a.seed == b.seed && a.keepsHistory == b.keepsHistory && a.cursor == b.cursor && a.scenario == b.scenario
    }
}
