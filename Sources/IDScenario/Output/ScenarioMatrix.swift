import IDSim
import IDStrategies

/// A matrix column made from a scenario: run it with every app on the strategy under test and
/// compare what the scenario's first app reported at its first launch with its last launch.
public enum ScenarioMatrix {
    /// The cell for one strategy; nil if the scenario never launches its first app twice.
    /// - Parameter recipe: the strategy's recipe when it comes from a file the scenario does not name.
    public static func cell(_ scenario: Scenario, strategy: Strategy, recipe: Recipe? = nil) -> MatrixCell? {
        var variant = scenario
        if let recipe, !variant.recipes.contains(where: { $0.name == recipe.name }) { variant.recipes.append(recipe) }
        variant.apps = scenario.apps.map { app in
            var copy = app
            copy.strategy = strategy.name
            copy.options = [:]
            copy.keychainAccessGroups += strategy.sharedAccessGroups(for: copy)
            return copy
        }
        // Expectations and configure steps are about the original strategies; leave them out.
        variant.steps = scenario.steps.filter {
            if case .event(let event) = $0.action, case .configure = event { return false }
            if case .expect = $0.action { return false }
            return true
        }
        var first: (value: String?, device: DeviceIndex)?
        var last: (value: String?, device: DeviceIndex)?
        do {
            try Session.run(variant) { outcome in
                guard case .event(.launch(0, _)) = outcome.step.action else { return }
                let report = outcome.world.devices[outcome.step.device].launches[0]?.latest.report
                let value = strategy.matrixValue.flatMap { report?.value($0) } ?? report?.primaryID
                if first == nil { first = (value, outcome.step.device) } else { last = (value, outcome.step.device) }
            }
        } catch {
            return nil
        }
        guard let first, let last else { return nil }
        guard let after = last.value, !after.isEmpty else { return .empty }
        if after == first.value { return last.device == first.device ? .same : .duplicate }
        return .changed
    }
}
