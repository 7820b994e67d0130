import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// An explore search asked for from the inspector: the app and the step it starts from.
public struct ExploreJob: Sendable {
    public let app: AppIndex
    public let device: DeviceIndex
    /// The step the search starts from (the cursor when `x` was pressed).
    public let step: Int
    /// At most this long; the breaks found by then are still the shortest.
    public let budgetSeconds: Double
    public var started = false
}

/// `x`: what can break the selected app's ID from here. The search runs off the main thread
/// (`AppLoop`); the reducer only asks for it and takes its result.
extension Inspector {
    public static let exploreBudgetSeconds = 10.0
    /// Deep enough for every matrix break; the time budget usually ends the search first.
    public static let exploreDepth = 8

    mutating func startExplore() {
        guard let app = state.selection.app else {
            state.status = Status("select an app first (↑/↓ in the World pane), then press x", error: true)
            return
        }
        state.exploring = ExploreJob(app: app, device: state.selection.device, step: state.session.cursor,
                                     budgetSeconds: Self.exploreBudgetSeconds)
        let bundle = state.session.world.apps[app].bundleID
        state.status = Status("exploring what breaks \(bundle)'s ID from step \(state.session.cursor), \(Int(Self.exploreBudgetSeconds)) s at most; Esc stops")
    }

    mutating func cancelExplore() {
        state.exploring = nil
        state.status = Status("explore stopped")
    }

    /// The search for a job, from the world at its step (nil when the app has no strategy), for
    /// explore's default goal, as `idscope explore` searches.
    public func explorer(for job: ExploreJob) -> Explorer? {
        let world = state.session.world
        guard let strategy = state.session.library.strategy(named: world.apps[job.app].strategy) else { return nil }
        var explorer = Explorer.from(world, app: job.app, strategy: strategy, library: state.session.library)
        explorer.goal = .standard
        return explorer
    }

    /// The job's start as explore's target (the scenario up to its step): what the why and the
    /// fixes replay from.
    public func exploreTarget(for job: ExploreJob) -> ExploreTarget? {
        var base = state.session.scenario
        base.steps = Array(base.steps.prefix(job.step))
        return ExploreTarget.from(base, app: base.apps[job.app].bundleID).first
    }

    /// The break `x` opens: the shortest, the properties in their usual order breaking ties.
    public static func shortestBreak(_ outcome: ExploreOutcome) -> (ExploreProperty, [Step])? {
        let order = ExploreProperty.allCases
        return outcome.breaks.min { ($0.value.count, order.firstIndex(of: $0.key)!) < ($1.value.count, order.firstIndex(of: $1.key)!) }
            .map { ($0.key, $0.value) }
    }

    /// Marks the job as running (so the loop starts it once).
    public mutating func markExploreStarted() {
        state.exploring?.started = true
    }

    /// Shows progress in the status line.
    public mutating func showExploreProgress(seconds: Double, states: Int) {
        guard let job = state.exploring else { return }
        state.status = Status("exploring \(state.session.world.apps[job.app].bundleID): \(Int(seconds)) of \(Int(job.budgetSeconds)) s, "
                              + "\(states) states; Esc stops")
    }

    /// Takes a search's result: the shortest break opens as a branch at the step the search
    /// started from, its steps narrated (asking first when that drops later steps, as every
    /// other action does); or the status says what held.
    public mutating func finishExplore(_ outcome: ExploreOutcome, findings: ExploreFindings = ExploreFindings()) {
        guard let job = state.exploring else { return }   // stopped with Esc meanwhile
        state.exploring = nil
        let bundle = state.session.world.apps[job.app].bundleID
        guard let (property, steps) = Self.shortestBreak(outcome) else {
            state.status = Status("nothing breaks \(bundle)'s ID within \(outcome.completedDepth) steps from here (\(outcome.states) states)")
            return
        }
        let found = ExploreBreak(property: property, steps: steps, from: job.step, findings: findings)
        let dropped = state.session.count - job.step
        guard dropped == 0 else {
            state.status = Status("explore found a break; y opens it as a branch")
            state.overlay = .confirm("explore: \(property.breakMeaning) in \(steps.count) step\(steps.count == 1 ? "" : "s") (\(property.rawValue)). "
                                     + "Opening it as a branch at step \(job.step) drops the \(dropped) later step\(dropped == 1 ? "" : "s"). Open it?",
                                     .openBreak(found))
            return
        }
        openBreak(found)
    }

    /// Opens a break as a branch at the step its search started from, its steps narrated.
    mutating func openBreak(_ found: ExploreBreak) {
        let (property, steps) = (found.property, found.steps)
        if state.session.cursor != found.from { jump(to: found.from) }
        for (index, step) in steps.enumerated() {
            let note: String? = switch index {
            case 0: "explore: the shortest way to break \(property.rawValue) (\(property.breakMeaning)), \(steps.count) step\(steps.count == 1 ? "" : "s")"
            case steps.count - 1:
                "explore: here \(property.breakMeaning)" + (found.findings.whyText.map { ". " + $0 } ?? "")
                    + (found.findings.fixText.map { ". " + $0 } ?? "")
            default: nil
            }
            apply(ScenarioStep(.event(step.event), device: step.device, note: note))
        }
        state.status = Status("explore: \(property.breakMeaning) in \(steps.count) step\(steps.count == 1 ? "" : "s") (\(property.rawValue)); u undoes each step")
    }
}
