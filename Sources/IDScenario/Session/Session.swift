import IDSim
import IDStrategies

/// A scenario being run: its setup, the steps taken so far, and the world they made.
///
/// The one place a scenario's steps are applied, for `run` and `check` (which stream: each step's
/// outcome is handed on, and nothing of the past is kept), and for the inspector and the server
/// (which keep the history: a timeline of worlds, and a record of each step made when it was
/// applied, so that nothing is computed twice and no view replays the world to draw).
///
/// Expectations take a position like events do (they move the clock without changing anything),
/// so step numbers match the scenario file's everywhere.
package struct Session: Sendable {
    /// The setup, and in `steps` every step taken so far (a branch drops the later ones).
    package private(set) var scenario: Scenario
    package let seed: UInt64
    private var storage: Storage
    /// The strategies its apps run: the built-in ones and the scenario's recipes.
    package let library: StrategyLibrary
    /// What each step did, recorded once when it was applied (history only: index n − 1 for step n).
    package private(set) var records: [StepRecord] = []
    /// Each app's identifiers over the steps, for the history lanes (history only).
    package private(set) var lanes = LaneHistory()
    /// The step before the cursor's world and the cursor step's changes (history only).
    package private(set) var atCursor: CursorFacts
    /// The labelled steps so far, for `sameAs` / `differsFrom`.
    private var labels: [String: LabelledStep] = [:]
    /// The bytes each step takes in the saved file, and the file without steps (history only):
    /// a session never grows past what `w` could save and `idscope run` read back.
    private var stepBytes: [Int] = []
    private var savedBytes = 0
    /// Each app's ID across restores, migrations, reinstalls and updates: what a lost ID is.
    private var continuity: ContinuityTracker

    private enum Storage: Sendable {
        case history(Timeline)
        case stream(World)
    }

    /// What `storage` holds while its timeline or world is out being changed, so that the change
    /// happens in place rather than on a copy.
    private static let placeholder = Storage.stream(World())
    private static let emptyWorld = World()

    /// The world at the cursor, and the changes that brought it there (the cursor's step).
    package struct CursorFacts: Sendable {
        package var before: World
        package var changes: [Change]
    }

    /// A session holding `scenario`'s setup, with none of its steps taken yet.
    /// - Parameter keepingHistory: false for a run that only streams its steps.
    /// - Throws: `RunError` when the setup is not a valid world.
    package init(setup scenario: Scenario, seed: UInt64? = nil, keepingHistory: Bool = true) throws(RunError) {
        var setup = scenario
        setup.steps = []
        self.scenario = setup
        self.seed = seed ?? scenario.seed
        let world: World
        do {
            world = try scenario.initialWorld(seed: self.seed)
        } catch {
            throw RunError(diagnostic: Diagnostic(file: scenario.file, line: 1, column: 1, message: error.description))
        }
        library = scenario.library
        continuity = ContinuityTracker(deviceNames: world.devices.map(\.name))
        storage = keepingHistory ? .history(Timeline(initial: world, programs: library, snapshotInterval: 256)) : .stream(world)
        atCursor = CursorFacts(before: world, changes: [])
        if keepingHistory { savedBytes = ScenarioWriter.yaml(setup).utf8.count }
    }

    /// A session with every step of `scenario` taken, the cursor back at the start.
    /// - Throws: `RunError` at the first step that cannot apply.
    package init(_ scenario: Scenario, seed: UInt64? = nil) throws(RunError) {
        try self.init(setup: scenario, seed: seed)
        for step in scenario.steps { try take(step) }
        jump(to: 0)
    }

    /// Runs every step of a scenario, handing each outcome on as it comes, keeping nothing.
    /// - Returns: the final world.
    /// - Throws: `RunError` at a step that cannot apply (the run stops there), or what `onStep` throws.
    @discardableResult
    package static func run(_ scenario: Scenario, seed: UInt64? = nil, _ onStep: (StepOutcome) throws -> Void = { _ in }) throws -> World {
        var session = try Session(setup: scenario, seed: seed, keepingHistory: false)
        for step in scenario.steps { try onStep(session.take(step)) }
        return session.world
    }

    // MARK: - Where the session is

    package var keepsHistory: Bool {
        if case .history = storage { return true }
        return false
    }

    /// The world at the cursor.
    package var world: World {
        switch storage {
        case .history(let timeline): timeline.current
        case .stream(let world): world
        }
    }

    /// The position shown: 0 is the setup, `count` the latest step.
    package var cursor: Int {
        if case .history(let timeline) = storage { return timeline.cursor }
        return scenario.steps.count
    }

    /// Steps taken.
    package var count: Int { scenario.steps.count }

    /// The step at position n (1-based), if any.
    package func entry(at n: Int) -> ScenarioStep? {
        n >= 1 && n <= count ? scenario.steps[n - 1] : nil
    }

    /// What step n did, as recorded (history only).
    package func record(at n: Int) -> StepRecord? {
        n >= 1 && n <= records.count ? records[n - 1] : nil
    }

    /// The world after step n (history only; the world at the cursor otherwise).
    package func world(at n: Int) -> World {
        if case .history(let timeline) = storage { return timeline.world(at: n) }
        return world
    }

    /// The cursor's step as `run` reports it (history only): its changes, checks and duplicates.
    package var outcomeAtCursor: StepOutcome? {
        guard let step = entry(at: cursor), let record = record(at: cursor) else { return nil }
        return StepOutcome(number: cursor, step: step, changes: atCursor.changes, world: world, checks: record.checks ?? [],
                           duplicates: record.duplicates, lost: record.lost)
    }

    /// Narration of position n: a note event's text, or the step's note.
    package func narration(at n: Int) -> String? {
        guard let step = entry(at: n) else { return nil }
        if case .event(.note(let text)) = step.action { return text }
        return step.note
    }

    /// Backup names made by steps up to the cursor, for commands that refer to them.
    package var backupsSoFar: [String] {
        scenario.steps.prefix(cursor).compactMap { if case .event(.backup(_, let name)) = $0.action { name } else { nil } }
    }

    package var labelsSoFar: [String] {
        scenario.steps.prefix(cursor).compactMap(\.label)
    }

    /// Why the step cannot be taken at the cursor without making an unsavable session, if so.
    package func growthRefusal(for step: ScenarioStep) -> String? {
        if cursor >= ScenarioLimits.maxSteps {
            return "a session holds at most \(ScenarioLimits.maxSteps) steps (what a scenario file may have); save it and open the file to go on from a new one"
        }
        let dropped = stepBytes[min(cursor, stepBytes.count)...].reduce(0, +)
        if savedBytes - dropped + ScenarioWriter.byteCount(of: step, in: scenario) > ScenarioLimits.maxBytes {
            return "the session would no longer fit in a scenario file (\(ScenarioLimits.maxBytes) bytes at most)"
        }
        return nil
    }

    // MARK: - Moving

    /// Moves the cursor (history only), computing once what a view of the cursor needs.
    package mutating func jump(to n: Int) {
        guard case .history(var timeline) = storage else { return }
        storage = Self.placeholder   // not kept: lets the timeline change in place
        let (before, changes) = timeline.move(to: n)
        storage = .history(timeline)
        atCursor = CursorFacts(before: before, changes: changes)
    }

    // MARK: - Taking steps

    /// Applies a step at the cursor; at an earlier step the later ones are dropped (a branch).
    /// - Throws: `RunError` when the step's event cannot apply, located at the step (nothing changes).
    @discardableResult
    package mutating func take(_ step: ScenarioStep) throws(RunError) -> StepOutcome {
        if cursor < count { dropSteps(after: cursor) }
        let number = count + 1
        var changes: [Change] = []
        var checks: [ExpectationCheck] = []
        var duplicates: [Duplicate] = []
        var launched: String?
        let before = keepsHistory ? world : Self.emptyWorld
        switch step.action {
        case .event(let event):
            do {
                changes = try apply(Step(event, on: step.device))
                if let app = event.app, event.reportsIDs(of: app) {
                    duplicates = DuplicateFinder.find(launch: app, on: step.device, in: world)
                    launched = Self.launchedID(app, on: step.device, step: number, in: world)
                }
            } catch {
                throw RunError(diagnostic: Diagnostic(file: scenario.file, line: step.line, column: step.column,
                                                      message: "step \(number) (\(event.key)) cannot apply: \(error.description)"),
                               event: error)
            }
        case .expect(let expectation):
            tick()
            checks = ExpectationEvaluator(world: world, labelled: labels).checks(expectation, device: expectation.device ?? step.device)
        }
        scenario.steps.append(step)
        let lost = continuity.observe(step, number: number, launched: launched)
        let outcome = StepOutcome(number: number, step: step, changes: changes, world: world, checks: checks, duplicates: duplicates,
                                  lost: lost)
        if let label = step.label {
            var launched: AppIndex?
            if case .event(.launch(let app, _, _)) = step.action { launched = app }
            labels[label] = LabelledStep(step: number, world: world, device: step.device, launched: launched)
        }
        if keepsHistory {
            stepBytes.append(ScenarioWriter.byteCount(of: step, in: scenario))
            savedBytes += stepBytes[stepBytes.count - 1]
            records.append(StepRecord(outcome, launched: launched))
            lanes.record(outcome)
            atCursor = CursorFacts(before: before, changes: changes)
        }
        return outcome
    }

    /// The primary ID a launch at step `n` reported (nil: none, or the launch did not run).
    private static func launchedID(_ app: AppIndex, on device: DeviceIndex, step n: Int, in world: World) -> String? {
        guard let latest = world.devices[device].launches[app]?.latest, latest.step == n else { return nil }
        return latest.report.primaryID
    }

    private mutating func apply(_ step: Step) throws(EventError) -> [Change] {
        switch storage {
        case .history(var timeline):
            storage = Self.placeholder
            defer { storage = .history(timeline) }
            return try timeline.apply(step)
        case .stream(var world):
            storage = Self.placeholder
            defer { storage = .stream(world) }
            return try world.apply(step, programs: library)
        }
    }

    private mutating func tick() {
        switch storage {
        case .history(var timeline):
            storage = Self.placeholder
            timeline.tick()
            storage = .history(timeline)
        case .stream(var world):
            storage = Self.placeholder
            world.tick()
            storage = .stream(world)
        }
    }

    /// Labels step n (history only), as if it had been taken with the label: what explore's break
    /// does when the launch it contradicts is one of the steps before the branch.
    package mutating func setLabel(_ label: String, at n: Int) {
        guard keepsHistory, (1...count).contains(n) else { return }
        scenario.steps[n - 1].label = label
        let step = scenario.steps[n - 1]
        var launched: AppIndex?
        if case .event(.launch(let app, _, _)) = step.action { launched = app }
        labels[label] = LabelledStep(step: n, world: world(at: n), device: step.device, launched: launched)
        savedBytes -= stepBytes[n - 1]
        stepBytes[n - 1] = ScenarioWriter.byteCount(of: step, in: scenario)
        savedBytes += stepBytes[n - 1]
    }

    /// Gives the session's scenario another name and description (a branch that became a test of
    /// its own: explore's break).
    package mutating func retitle(name: String, description: String?) {
        var setup = scenario
        setup.steps = []
        let before = ScenarioWriter.yaml(setup).utf8.count
        scenario.name = name
        scenario.description = description
        setup.name = name
        setup.description = description
        if keepsHistory { savedBytes += ScenarioWriter.yaml(setup).utf8.count - before }
    }

    /// Drops every step after position n (history only): the branch point.
    private mutating func dropSteps(after n: Int) {
        guard case .history(var timeline) = storage else { return }
        storage = Self.placeholder
        timeline.truncate(to: n)
        storage = .history(timeline)
        scenario.steps.removeSubrange(n...)
        records.removeSubrange(n...)
        savedBytes -= stepBytes[n...].reduce(0, +)
        stepBytes.removeSubrange(n...)
        lanes.truncate(to: n)
        labels = labels.filter { $0.value.step <= n }
        // What the kept steps followed, taken in again (a branch is a user's action, not a frame's).
        continuity = ContinuityTracker(deviceNames: continuity.deviceNames)
        for (index, step) in scenario.steps.enumerated() {
            _ = continuity.observe(step, number: index + 1, launched: records[index].launched)
        }
    }
}

/// What one step did: its changes, the world after it, for an expectation what it checked, and
/// for a launch the IDs it gave that another device already held.
package struct StepOutcome: Sendable {
    /// 1-based.
    package var number: Int
    package var step: ScenarioStep
    package var changes: [Change]
    package var world: World
    /// For `expect` steps: every check, held or not, with the value it looked at.
    package var checks: [ExpectationCheck]
    /// For a launch: the values it gave that another device (or an app of another team) holds.
    package var duplicates: [Duplicate]
    /// For a launch after a restore, a migration, a reinstall or an update: the ID it did not keep.
    package var lost: LostID?

    package init(number: Int, step: ScenarioStep, changes: [Change], world: World, checks: [ExpectationCheck] = [],
                duplicates: [Duplicate] = [], lost: LostID? = nil) {
        self.number = number
        self.step = step
        self.changes = changes
        self.world = world
        self.checks = checks
        self.duplicates = duplicates
        self.lost = lost
    }

    /// For `expect` steps: the checks that did not hold (empty: it held).
    package var failures: [ExpectationFailure] { ExpectationFailure.of(checks) }
}

/// One check of an expectation: what it expected, the value it looked at, and whether it held.
package struct ExpectationCheck: Sendable, Hashable, CustomStringConvertible {
    /// What was checked, like "idfv" or "guid".
    package var key: String
    /// The check as the scenario wrote it: "sameAs first", "changed", "authorized".
    package var expected: String
    /// The value looked at, shortened ("C34D…3CA5"), or the state ("installed", "no launch yet").
    package var value: String
    package var held: Bool
    /// What a failure says was found (the value, and what it was compared with).
    package var actual: String
    /// The same, with values in full (for a ticket); equal to `actual` where nothing was shortened.
    package var actualFull: String

    package init(key: String, expected: String, value: String, held: Bool, actual: String, actualFull: String? = nil) {
        self.key = key
        self.expected = expected
        self.value = value
        self.held = held
        self.actual = actual
        self.actualFull = actualFull ?? actual
    }

    /// "guid same as 'first': C34D…3CA5"; "att is authorized" when the value is what was expected.
    package var description: String { value == expected ? "\(key) \(expectedInWords)" : "\(key) \(expectedInWords): \(value)" }

    /// The check in words: "same as 'first'", "differs from 'first'", "equals 'X'", else as written.
    package var expectedInWords: String {
        for (prefix, words) in [("sameAs ", "same as"), ("differsFrom ", "differs from"), ("equals ", "equals")] where expected.hasPrefix(prefix) {
            return "\(words) '\(expected.dropFirst(prefix.count))'"
        }
        if expected == "changed" || expected == "unchanged" || expected.contains(" ") { return expected }
        return "is " + expected
    }
}

/// A check of an expectation that did not hold.
package struct ExpectationFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was checked, like "idfv" or "att".
    package var key: String
    package var expected: String
    package var actual: String

    package var description: String { "\(key): expected \(expected), got \(actual)" }

    /// The checks of a list that did not hold.
    static func of(_ checks: [ExpectationCheck]) -> [ExpectationFailure] {
        checks.filter { !$0.held }.map { ExpectationFailure(key: $0.key, expected: $0.expected, actual: $0.actual) }
    }
}

/// A step whose event could not apply, located in its file.
package struct RunError: Error, Sendable, CustomStringConvertible {
    package var diagnostic: Diagnostic
    /// The core's reason, when the step's event was refused.
    package var event: EventError?

    package init(diagnostic: Diagnostic, event: EventError? = nil) {
        self.diagnostic = diagnostic
        self.event = event
    }

    package var description: String { diagnostic.description }
}

/// The world at a labelled step, and the device the step was on: `sameAs: LABEL` compares with
/// what the app reported there.
struct LabelledStep: Sendable {
    var step: Int
    var world: World
    var device: DeviceIndex
    /// When the labelled step is a launch: the app it launched, whose report is the reference.
    var launched: AppIndex?
}

