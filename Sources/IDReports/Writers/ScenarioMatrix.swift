import IDScenario
import IDSim
import IDStrategies

/// A matrix column made from a scenario: run it with every app on the strategy under test and
/// follow the scenario's first app through every launch, comparing each with its first launch:
/// a new ID anywhere in the story shows (a reinstall's, even when a restore later brings the old
/// one back), not only what the last launch says.
package enum ScenarioMatrix {
    /// What a scenario column's cell compares, for the matrix's legend.
    package static let legend = "a scenario column follows its first app through every launch: = every launch gave the first "
        + "launch's value · Δ a launch gave another · ∅ a launch gave none · dup a launch gave a value another device held"

    /// The cell for one strategy; nil if the scenario never launches its first app twice.
    /// Worst first: dup, then ∅, then Δ, then =.
    /// - Parameter recipe: the strategy's recipe when it comes from a file the scenario does not name.
    package static func cell(_ scenario: Scenario, strategy: Strategy, recipe: Recipe? = nil) -> MatrixCell? {
        var variant = scenario.withEveryApp(on: strategy)
        if let recipe, !variant.recipes.contains(where: { $0.name == recipe.name }) { variant.recipes.append(recipe) }
        var first: (value: String?, device: DeviceIndex)?
        var launches = 0
        var duplicated = false, empty = false, changed = false
        let followed = strategy.matrixValue ?? "id"
        do {
            try Session.run(variant) { outcome in
                guard case .event(.launch(0, _, _)) = outcome.step.action else { return }
                launches += 1
                if outcome.duplicates.contains(where: { $0.name == followed }) { duplicated = true }
                let value = outcome.world.devices[outcome.step.device].launches[0].flatMap { strategy.followedValue(in: $0.latest.report) }
                guard let head = first else {
                    first = (value, outcome.step.device)
                    return
                }
                if value == nil || value?.isEmpty == true {
                    empty = true
                } else if value != head.value {
                    changed = true
                } else if outcome.step.device != head.device {
                    duplicated = true   // the first device's value, now on another device as well
                }
            }
        } catch {
            return nil
        }
        guard launches >= 2 else { return nil }
        if duplicated { return .duplicate }
        if empty { return .empty }
        return changed ? .changed : .same
    }
}

extension Scenario {
    /// This scenario with every app on one strategy (default options, and the shared access
    /// groups its code needs), without its expectations and configure steps, which are about
    /// the strategies it was written for.
    package func withEveryApp(on strategy: Strategy) -> Scenario {
        var variant = self
        variant.apps = apps.map { app in
            var copy = app
            copy.strategy = strategy.name
            copy.options = [:]
            copy.keychainAccessGroups += strategy.sharedAccessGroups(for: copy)
            return copy
        }
        variant.steps = steps.filter {
            if case .event(.configure) = $0.action { return false }
            if case .expect = $0.action { return false }
            return true
        }
        return variant
    }
}
