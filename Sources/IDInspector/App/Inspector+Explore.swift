import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies

/// An explore search asked for from the inspector: the app, the ID and goal chosen, and the step
/// it starts from.
package struct ExploreJob: Sendable, Equatable {
    package let app: AppIndex
    package let device: DeviceIndex
    /// The step the search starts from (the cursor when `x` was pressed).
    package let step: Int
    /// At most this long, why and fixes included; the breaks found by then are still the shortest.
    package let budgetSeconds: Double
    /// What the ID is for (`x` asks).
    package var goal: ExploreGoal = .standard
    /// The ID followed, for a recipe with several (nil: the primary).
    package var id: String?

    package init(app: AppIndex, device: DeviceIndex, step: Int, budgetSeconds: Double, goal: ExploreGoal = .standard, id: String? = nil) {
        self.app = app
        self.device = device
        self.step = step
        self.budgetSeconds = budgetSeconds
        self.goal = goal
        self.id = id
    }
}

/// `x`: what can break the selected app's ID from here, for the goal (and the ID) the user
/// chooses, as `idscope explore` answers it (`ExploreRun`): the reducer asks for the search as an
/// effect (`startSearch`), the loop runs it off the main thread, and its progress and report come
/// back as actions.
extension Inspector {
    package static let exploreBudgetSeconds = 10.0
    /// Deep enough for every matrix break; the time budget usually ends the search first.
    package static let exploreDepth = 8

    /// `x`: asks which ID (for a recipe with several), then what it is for.
    mutating func startExplore() {
        guard let app = state.selection.app else {
            state.status = Status("select an app first (↑/↓ in the World pane), then press x", error: true)
            return
        }
        let world = state.session.world
        guard let strategy = state.session.library.strategy(named: world.apps[app].strategy), strategy.hasPrimaryID || !strategy.idNames.isEmpty else {
            state.status = Status("\(world.apps[app].bundleID) keeps no ID explore can follow", error: true)
            return
        }
        if strategy.idNames.count > 1 {
            let options = strategy.idNames.map { PickerOption($0, .explore(app: app, id: $0, goal: nil)) }
            state.overlay = .picker(Picker(title: "explore \(world.apps[app].bundleID): which ID?", options: options))
        } else {
            chooseExplore(app: app, id: nil, goal: nil)
        }
    }

    /// The next question of `x`, or the search once the goal is chosen.
    mutating func chooseExplore(app: AppIndex, id: String?, goal: ExploreGoal?) {
        let bundle = state.session.world.apps[app].bundleID
        guard let goal else {
            let options = ExploreGoal.allCases.map { goal in
                PickerOption("\(goal.rawValue): \(goal.summary)" + (goal == .standard ? " (the default)" : ""), .explore(app: app, id: id, goal: goal))
            }
            state.overlay = .picker(Picker(title: "explore \(bundle)\(id.map { "'s \($0)" } ?? "'s ID"): what is it for?", options: options))
            return
        }
        let job = ExploreJob(app: app, device: state.selection.device, step: state.session.cursor,
                             budgetSeconds: Self.exploreBudgetSeconds, goal: goal, id: id)
        state.exploring = job
        run(.startSearch(job))
        state.status = Status("exploring what breaks \(bundle)'s \(id ?? "ID") (goal \(goal.rawValue)) from step \(state.session.cursor), "
                              + "\(Int(Self.exploreBudgetSeconds)) s at most; Esc stops")
    }

    mutating func cancelExplore() {
        state.exploring = nil
        run(.cancelSearch)
        state.status = Status("explore stopped")
    }

    /// The job's start as explore's target (the scenario up to its step, following the chosen
    /// ID): what the search, the why and the fixes run from. Nil when the app has no strategy.
    package func exploreTarget(for job: ExploreJob) -> ExploreTarget? {
        var base = state.session.scenario
        base.steps = Array(base.steps.prefix(job.step))
        guard var target = ExploreTarget.from(base, app: base.apps[job.app].bundleID).first else { return nil }
        if let id = job.id, id != "id", let followed = target.strategy.following(id) { target.strategy = followed }
        return target
    }

    /// The run `x` starts: one target, the job's goal, the shortest break's why and one proven
    /// fix, all within the job's budget (the caller's stop says when it is spent).
    package func exploreRun(for job: ExploreJob, workers: Int) -> ExploreRun? {
        guard let target = exploreTarget(for: job) else { return nil }
        var run = ExploreRun(targets: [target], goal: job.goal, properties: Array(job.goal.properties), depth: Self.exploreDepth,
                             workers: workers, fixes: FixSearch.Budget(suggestions: 1))
        run.shortestOnly = true
        return run
    }

    /// Shows progress in the status line.
    mutating func showExploreProgress(seconds: Double, states: Int) {
        guard let job = state.exploring else { return }
        state.status = Status("exploring \(state.session.world.apps[job.app].bundleID): \(Int(seconds)) of \(Int(job.budgetSeconds)) s, "
                              + "\(states) states; Esc stops")
    }

    /// Takes a run's report: the shortest break opens as a branch at the step the search
    /// started from, its steps narrated and ending with the expectation that fails (asking first
    /// when that drops later steps, as every other action does); or the status says what held.
    mutating func finishExplore(_ report: ExploreReport) {
        guard let job = state.exploring else { return }   // stopped with Esc meanwhile
        state.exploring = nil
        let bundle = state.session.world.apps[job.app].bundleID
        guard let row = report.shortest, let steps = row.breaking else {
            let depth = report.rows.map(\.depth).min() ?? 0, states = report.rows.first?.states ?? 0
            state.status = Status("nothing breaks \(bundle)'s \(job.id ?? "ID") (goal \(job.goal.rawValue)) within \(depth) steps from here (\(states) states)")
            return
        }
        let findings = ExploreFindings(why: row.why, fixes: row.fix)
        let scenario = report.targets.first.flatMap { try? $0.scenario(for: steps, property: row.property, notes: ExploreReport.notes(row)) }
        let found = ExploreBreak(property: row.property, steps: steps, from: job.step, findings: findings, scenario: scenario)
        let property = row.property
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

    /// The label an explore expectation compares with (`sameAs`, `differsFrom`).
    static func referenceLabel(of step: ScenarioStep?) -> String? {
        guard case .expect(let expectation)? = step?.action else { return nil }
        for value in expectation.values {
            switch value.check {
            case .sameAs(let label), .differsFrom(let label): return label
            default: continue
            }
        }
        return nil
    }

    /// The expectation step comparing with another label.
    static func relabelled(_ step: ScenarioStep, to label: String) -> ScenarioStep {
        guard case .expect(var expectation) = step.action else { return step }
        for index in expectation.values.indices {
            switch expectation.values[index].check {
            case .sameAs: expectation.values[index].check = .sameAs(label)
            case .differsFrom: expectation.values[index].check = .differsFrom(label)
            default: continue
            }
        }
        var changed = step
        changed.action = .expect(expectation)
        return changed
    }

    /// Opens a break as a branch at the step its search started from: its steps narrated, the
    /// launch it contradicts labelled, and the expectation that fails last, so that `w` saves a
    /// test `idscope check` fails on; the session takes the break's name and description.
    mutating func openBreak(_ found: ExploreBreak) {
        let (property, steps) = (found.property, found.steps)
        if state.session.cursor != found.from { jump(to: found.from) }
        guard let scenario = found.scenario, scenario.steps.count >= steps.count + 1 else {
            // No scenario could be made (it always can): the steps alone, narrated.
            for (index, step) in steps.enumerated() {
                apply(ScenarioStep(.event(step.event), device: step.device,
                                   note: index == steps.count - 1 ? "explore: here \(property.breakMeaning)" : nil))
            }
            return
        }
        // The scenario holds the events before the branch (its expectations left out), the break
        // and the expectation. The launch it contradicts may be one of the events before the
        // branch: labelled in place, found by its position among the session's events.
        var tail = Array(scenario.steps.suffix(steps.count + 1))
        let before = scenario.steps.dropLast(tail.count)
        if let wanted = Self.referenceLabel(of: tail.last), let position = before.firstIndex(where: { $0.label == wanted }) {
            let events = (0...found.from).filter { n in
                if n > 0, case .event? = state.session.entry(at: n)?.action { return true }
                return false
            }
            if events.indices.contains(position) {
                let n = events[position]
                if let existing = state.session.entry(at: n)?.label {
                    // The step has a label of its own already: the expectation names that one.
                    tail[tail.count - 1] = Self.relabelled(tail[tail.count - 1], to: existing)
                } else {
                    state.session.setLabel(wanted, at: n)
                }
            }
        }
        state.session.retitle(name: scenario.name, description: scenario.description)
        for (index, step) in tail.enumerated() {
            var narrated = step
            if index == 0 {
                narrated.note = "explore: the shortest way to break \(property.rawValue) (\(property.breakMeaning)), \(steps.count) step\(steps.count == 1 ? "" : "s")"
            }
            apply(narrated)
        }
        state.status = Status("explore: \(property.breakMeaning) in \(steps.count) step\(steps.count == 1 ? "" : "s") (\(property.rawValue)); "
                              + "the last expect fails; w saves it as a test; u undoes each step")
    }
}
