import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// What an explore run starts from and follows, for each app it explores: the world as a
/// scenario (so a counterexample can be written as one), and the strategy.
package struct ExploreTarget: Sendable {
    /// The world: the default one (no steps), or a scenario whose steps lead to the start.
    package var base: Scenario
    package var app: AppIndex
    package var strategy: Strategy
    package var library: StrategyLibrary

    /// The default world for a strategy (a recipe file's recipe comes with it).
    /// - Parameter options: the strategy's options (`--option`), for both apps.
    package static func defaultWorld(strategy: Strategy, recipe: Recipe?, devices: Int, os: OSVersion,
                                    options: [String: OptionValue] = [:]) -> ExploreTarget {
        var base = Scenario(name: "explore \(strategy.name)", accounts: ExploreWorld.accounts(),
                            devices: ExploreWorld.devices(count: devices, os: os), apps: ExploreWorld.apps(strategy: strategy, options: options))
        if let recipe { base.recipes = [recipe] }
        return ExploreTarget(base: base, app: 0, strategy: strategy, library: base.library)
    }

    /// Each app of a scenario (or the one named), from the world at its end.
    package static func from(_ scenario: Scenario, app bundle: String?) -> [ExploreTarget] {
        var base = scenario
        base.steps = scenario.steps.filter { if case .expect = $0.action { return false }; return true }
        let library = scenario.library
        return scenario.apps.indices.compactMap { index in
            let app = scenario.apps[index]
            guard bundle == nil || app.bundleID == bundle, let strategy = library.strategy(named: app.strategy) else { return nil }
            return ExploreTarget(base: base, app: index, strategy: strategy, library: library)
        }
    }

    /// The base scenario's events, as steps: what leads from its initial world to the start.
    var prefix: [Step] {
        base.steps.compactMap { step in
            guard case .event(let event) = step.action else { return nil }
            return Step(event, on: step.device)
        }
    }

    /// The world the search starts from: the base scenario's world after its steps.
    package func startWorld() throws -> World {
        var world = try base.initialWorld()
        for step in prefix { _ = try? world.apply(step, programs: library, recordingChanges: false) }
        return world
    }

    package var label: String {
        base.steps.isEmpty ? strategy.name : "\(strategy.name) (\(base.apps[app].bundleID))"
    }

    /// The counterexample as a scenario: the base scenario's steps, the breaking steps, the
    /// reference launch labelled, and a last `expect` that fails there, its note the break's
    /// meaning and `notes` (the why and the fixes). It has a name and a description of its own:
    /// what breaks, in how many steps, from which scenario.
    package func scenario(for found: [Step], property: ExploreProperty, notes: String? = nil) throws -> Scenario {
        let initial = try base.initialWorld()
        let prefix = self.prefix
        let example = Counterexample(property: property, world: initial, steps: prefix + found, app: app,
                                     value: strategy.matrixValue, programs: library)
        var scenario = base
        scenario.name = "explore: \(strategy.name) breaks \(property.rawValue) in \(found.count) step\(found.count == 1 ? "" : "s")"
            + (base.steps.isEmpty ? "" : " after \(base.name)")
        scenario.description = "Found by idscope explore: \(property.breakMeaning). The last expect fails; idscope check reproduces it."
            + (base.steps.isEmpty ? "" : " It starts from the end of \(base.name) (\(base.steps.count) step\(base.steps.count == 1 ? "" : "s")).")
        scenario.presenterNotes = nil
        scenario.file = "<explore>"
        let used = Set(base.steps.compactMap(\.label))
        var label = "reference"
        var number = 1
        while used.contains(label) {
            number += 1
            label = "reference\(number)"
        }
        var steps = base.steps
        for (offset, step) in found.enumerated() {
            let index = prefix.count + offset
            steps.append(ScenarioStep(.event(step.event), device: step.device, label: index == example.reference ? label : nil))
        }
        if let reference = example.reference, reference < prefix.count {
            // The reference launch is one of the base scenario's own steps: label it there.
            var seen = -1
            for position in steps.indices {
                guard case .event = steps[position].action else { continue }
                seen += 1
                if seen == reference { steps[position].label = label; break }
            }
        }
        var expectation = Expectation(app: app)
        let name = strategy.matrixValue ?? "id"
        switch property {
        case .available: expectation.values = [ValueExpectation(name: name, check: .present)]
        case .stable, .follows: expectation.values = [ValueExpectation(name: name, check: .sameAs(label))]
        case .unique: expectation.values = [ValueExpectation(name: name, check: .differsFrom(label))]
        }
        steps.append(ScenarioStep(.expect(expectation), device: found.last?.device ?? 0,
                                  note: "explore: \(property.breakMeaning)" + (notes.map { "\n" + $0 } ?? "")))
        scenario.steps = steps
        return scenario
    }
}
