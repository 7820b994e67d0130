import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// One explore, as `idscope explore` and the inspector's `x` run it: for each target the search,
/// then for each break its why (`BreakExplanation`) and its proven fixes (`FixSearch`), under one
/// stop request, into an `ExploreReport` that they only render.
package struct ExploreRun: Sendable {
    package var targets: [ExploreTarget]
    /// The goal searched (nil with properties named alone).
    package var goal: ExploreGoal?
    /// The properties checked, in their usual order.
    package var properties: [ExploreProperty]
    /// The actions by event key (nil: every one).
    package var events: Set<String>?
    package var depth: Int
    package var workers: Int
    /// How much the fix search of each break may try (nil: no fixes searched).
    package var fixes: FixSearch.Budget?
    /// Only the shortest break gets a why and fixes (the inspector opens that one alone).
    package var shortestOnly = false
    /// Devices in the default world, for the conflict's sequence.
    package var devices = 2

    package init(targets: [ExploreTarget], goal: ExploreGoal?, properties: [ExploreProperty], events: Set<String>? = nil, depth: Int,
                workers: Int, fixes: FixSearch.Budget? = .standard) {
        self.targets = targets
        self.goal = goal
        self.properties = ExploreProperty.allCases.filter(properties.contains)
        self.events = events
        self.depth = depth
        self.workers = workers
        self.fixes = fixes
    }

    /// A search's progress, with the target it is about.
    package struct Progress: Sendable {
        package var target: String
        package var search: Explorer.Progress
    }

    /// What went wrong before a search could start.
    package struct SetupFailure: Error, Sendable {
        package var target: String
        package var message: String
    }

    /// Runs every target in turn.
    /// - Parameters:
    ///   - clock: seconds, for progress and the fix budget's time limit.
    ///   - shouldStop: a stop request (Ctrl-C, Esc, the inspector's budget), checked throughout.
    package func run(clock: @escaping @Sendable () -> Double = { 0 }, shouldStop: @escaping @Sendable () -> Bool = { false },
                    progress: (Progress) -> Void = { _ in }) throws(SetupFailure) -> ExploreReport {
        var report = ExploreReport(goal: goal, targets: targets)
        let wanted = Set(properties)
        for (index, target) in targets.enumerated() {
            if shouldStop() {
                report.cut.notReached = targets[index...].map(\.label)
                break
            }
            let world: World
            do {
                world = try target.startWorld()
            } catch {
                throw SetupFailure(target: target.label, message: "\(error)")
            }
            var explorer = Explorer.from(world, app: target.app, strategy: target.strategy, library: target.library, events: events)
            explorer.workers = workers
            explorer.goal = goal
            let outcome = explorer.run(properties: wanted, depth: depth, clock: clock, shouldStop: shouldStop,
                                       progress: { progress(Progress(target: target.label, search: $0)) })
            if outcome.stopReason == .stateLimit {
                report.limits.append("\(target.label): stopped at \(outcome.states) states (the memory limit); depth \(outcome.completedDepth) was searched in full")
            }
            if outcome.stopReason == .cancelled { report.cut.searches.append("\(target.label) (depth \(outcome.completedDepth) in full)") }
            let first = report.rows.count
            let words = try? target.base.initialWorld()
            for property in properties {
                let steps = outcome.breaks[property]
                report.rows.append(ExploreReport.Row(targetIndex: index, target: target.label, property: property, breaking: steps,
                                                     steps: steps.map { $0.map { ExploreWriter.describe($0, words) } }, depth: outcome.completedDepth,
                                                     states: outcome.states, stopped: outcome.stopReason))
            }
            // Why each break happened and what to change, worked out after the search, for
            // breaks only: the search's own speed is untouched.
            let shortest = shortestOnly ? ExploreReport(targets: [], rows: Array(report.rows[first...])).shortest?.property : nil
            let held = wanted.subtracting(outcome.breaks.keys)
            for position in first..<report.rows.count {
                let row = report.rows[position]
                guard let steps = row.breaking, shortest == nil || row.property == shortest else { continue }
                report.rows[position].why = BreakExplanation.explain(steps, property: row.property, target: target)
                guard let budget = fixes else { continue }
                let question = FixSearch.Question(property: row.property, steps: steps, target: target, goal: goal, properties: wanted,
                                                  heldBefore: held, events: events, depth: depth, why: report.rows[position].why)
                // A fix search cut short would say that no change holds when some were never tried.
                let fix = shouldStop() ? nil : FixSearch.search(question, workers: workers, budget: budget, clock: clock, shouldStop: shouldStop)
                if let fix, !shouldStop() {
                    report.rows[position].fix = fix
                } else {
                    report.rows[position].fix = .interrupted(row.property)
                    report.cut.fixes.append("\(target.label) \(row.property.rawValue)")
                }
            }
        }
        report.conflict = conflict()
        return report
    }

    /// Properties that exclude each other, said once with the sequence that shows it.
    func conflict() -> ExploreReport.Conflict? {
        guard let sequence = PropertyConflict.sequence(properties: Set(properties), events: events, devices: devices),
              sequence.count <= depth else { return nil }
        let world = try? targets.first?.base.initialWorld()
        let words = sequence.map { step in
            world.map { StepSummary.describe(step.event, in: $0) + " on " + $0.devices[step.device].name } ?? step.event.key
        }
        let sentence = "unique and follows cannot both hold: after " + words.joined(separator: " → ")
            + ", the last launch either reads the first device's ID (unique breaks) or another (follows breaks)"
        return ExploreReport.Conflict(steps: words, sentence: sentence)
    }
}
