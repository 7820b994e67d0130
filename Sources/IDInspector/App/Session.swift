import IDScenario
import IDSim
import IDStrategies

/// A scenario being explored: its setup, a timeline of worlds, and the step behind each position.
///
/// Expectations take a position on the timeline like events do (they advance the clock without
/// changing anything), so step numbers match the scenario file's and `idscope run`'s.
public struct Session: Sendable {
    public private(set) var scenario: Scenario
    public private(set) var timeline: Timeline
    /// `entries[i]` is the scenario step of timeline position i + 1.
    public private(set) var entries: [ScenarioStep]
    /// The bytes each entry takes in the saved file, and what the file takes without steps: a
    /// session never grows past what `w` could save and `idscope run` read back.
    private var entryBytes: [Int] = []
    private var savedBytes: Int

    public init(_ scenario: Scenario) throws {
        self.scenario = scenario
        self.timeline = Timeline(initial: try scenario.initialWorld(), programs: StrategyLibrary(), snapshotInterval: 256)
        self.entries = []
        var setup = scenario
        setup.steps = []
        self.savedBytes = ScenarioWriter.yaml(setup).utf8.count
        for step in scenario.steps {
            try timeline.apply(Self.timelineStep(step))
            entries.append(step)
            entryBytes.append(ScenarioWriter.byteCount(of: step, in: scenario))
            savedBytes += entryBytes[entryBytes.count - 1]
        }
        timeline.jump(to: 0)
    }

    /// Why the step cannot be added at the cursor without making an unsavable session, if so.
    public func growthRefusal(for step: ScenarioStep) -> String? {
        if cursor >= ScenarioLimits.maxSteps {
            return "a session holds at most \(ScenarioLimits.maxSteps) steps (what a scenario file may have); save it and open the file to go on from a new one"
        }
        let dropped = entryBytes[cursor...].reduce(0, +)
        if savedBytes - dropped + ScenarioWriter.byteCount(of: step, in: scenario) > ScenarioLimits.maxBytes {
            return "the session would no longer fit in a scenario file (\(ScenarioLimits.maxBytes) bytes at most)"
        }
        return nil
    }

    static func timelineStep(_ step: ScenarioStep) -> Step {
        switch step.action {
        case .event(let event): Step(event, on: step.device)
        case .expect: Step(.note(""), on: step.device)
        }
    }

    public var cursor: Int { timeline.cursor }
    public var count: Int { timeline.count }
    public var world: World { timeline.current }

    public mutating func jump(to n: Int) { timeline.jump(to: n) }

    /// Applies a step at the cursor; at an earlier step the later ones are dropped (a branch).
    @discardableResult
    public mutating func act(_ step: ScenarioStep) throws(EventError) -> [Change] {
        let cursor = timeline.cursor
        let changes = try timeline.apply(Self.timelineStep(step))
        entries.removeSubrange(cursor...)
        savedBytes -= entryBytes[cursor...].reduce(0, +)
        entryBytes.removeSubrange(cursor...)
        entries.append(step)
        entryBytes.append(ScenarioWriter.byteCount(of: step, in: scenario))
        savedBytes += entryBytes[entryBytes.count - 1]
        return changes
    }

    /// The step at position n (1-based), if any.
    public func entry(at n: Int) -> ScenarioStep? {
        n >= 1 && n <= entries.count ? entries[n - 1] : nil
    }

    /// Backup names made by steps up to the cursor, for commands that refer to them.
    public var backupsSoFar: [String] {
        entries.prefix(cursor).compactMap { if case .event(.backup(_, let name)) = $0.action { name } else { nil } }
    }

    public var labelsSoFar: [String] {
        entries.prefix(cursor).compactMap(\.label)
    }

    /// Whether the expectation at position n holds (nil if it is not an expectation).
    public func expectationFailures(at n: Int) -> [ExpectationFailure]? {
        guard let step = entry(at: n), case .expect(let expectation) = step.action else { return nil }
        var labelled: [String: (world: World, device: DeviceIndex, launched: AppIndex?)] = [:]
        for (i, entry) in entries.prefix(n).enumerated() {
            guard let label = entry.label else { continue }
            var launched: AppIndex?
            if case .event(.launch(let app, _)) = entry.action { launched = app }
            labelled[label] = (timeline.world(at: i + 1), entry.device, launched)
        }
        return ExpectationCheck.failures(expectation, device: expectation.device ?? step.device,
                                         in: timeline.world(at: n), labelled: labelled)
    }

    /// The session as a scenario file's content: the setup and every step taken.
    public var asScenario: Scenario {
        var copy = scenario
        copy.steps = entries
        return copy
    }

    /// Narration of position n: the step's note, or a note event's text.
    public func narration(at n: Int) -> String? {
        guard let step = entry(at: n) else { return nil }
        if case .event(.note(let text)) = step.action { return text }
        return step.note
    }
}
