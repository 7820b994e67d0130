import IDSim
import IDStrategies

/// A matrix column made from a scenario: run it with every app on the strategy under test and
/// compare what the scenario's first app reported at its first launch with its last launch; `dup`
/// when a launch of it gave a value another of the scenario's devices held.
public enum ScenarioMatrix {
    /// The cell for one strategy; nil if the scenario never launches its first app twice.
    /// - Parameter recipe: the strategy's recipe when it comes from a file the scenario does not name.
    public static func cell(_ scenario: Scenario, strategy: Strategy, recipe: Recipe? = nil) -> MatrixCell? {
        var variant = scenario.withEveryApp(on: strategy)
        if let recipe, !variant.recipes.contains(where: { $0.name == recipe.name }) { variant.recipes.append(recipe) }
        var first: (value: String?, device: DeviceIndex)?
        var last: (value: String?, device: DeviceIndex)?
        var duplicated = false
        let followed = strategy.matrixValue ?? "id"
        do {
            try Session.run(variant) { outcome in
                guard case .event(.launch(0, _, _)) = outcome.step.action else { return }
                if outcome.duplicates.contains(where: { $0.name == followed }) { duplicated = true }
                let value = outcome.world.devices[outcome.step.device].launches[0].flatMap { strategy.followedValue(in: $0.latest.report) }
                if first == nil { first = (value, outcome.step.device) } else { last = (value, outcome.step.device) }
            }
        } catch {
            return nil
        }
        guard let first, let last else { return nil }
        if duplicated { return .duplicate }
        guard let after = last.value, !after.isEmpty else { return .empty }
        if after == first.value { return last.device == first.device ? .same : .duplicate }
        return .changed
    }
}

extension Scenario {
    /// This scenario with every app on one strategy (default options, and the shared access
    /// groups its code needs), without its expectations and configure steps, which are about
    /// the strategies it was written for.
    public func withEveryApp(on strategy: Strategy) -> Scenario {
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
