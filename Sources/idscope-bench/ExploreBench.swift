import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// Explore's speed: successor states evaluated per second (each: a step applied, a fingerprint, a
/// visited-set lookup) on the default world, distinct states beside it, and memory held per state.
enum ExploreBench {
    static func run(quick: Bool) {
        let library = StrategyCatalog.builtIn
        let depth = quick ? 6 : 8
        for name in ["keychain-idfv", "rndi", "rndi-twin"] {
            guard let strategy = library.strategy(named: name), let explorer = try? Explorer.forStrategy(strategy, library: library) else { continue }
            // `available` never breaks for these, so the search runs to the full depth.
            let outcome = explorer.run(properties: [.available], depth: depth, clock: { Double(Measure.now()) / 1e9 })
            print("explore_\(name): \(Int(Double(outcome.successors) / outcome.seconds)) successors/s, "
                  + "\(outcome.states) distinct states, depth \(outcome.completedDepth) in \(Measure.format(outcome.seconds, 2)) s, "
                  + "\(Int(outcome.bytesPerState)) bytes/state (\(explorer.steps.count) actions, 2 workers)")
        }
        // The matrix's events only: what a CI check of one property typically searches.
        let events: Set<String> = ["install", "uninstall", "launch", "erase", "backup", "restore", "migrate", "reboot", "unlock"]
        if let strategy = library.strategy(named: "rndi"), let explorer = try? Explorer.forStrategy(strategy, library: library, events: events) {
            let deep = quick ? 6 : 8
            let outcome = explorer.run(properties: [.available], depth: deep, clock: { Double(Measure.now()) / 1e9 })
            print("explore_rndi_matrix_events_depth\(deep): \(Measure.format(outcome.seconds, 2)) s, \(outcome.states) distinct states, "
                  + "\(Int(Double(outcome.successors) / outcome.seconds)) successors/s, \(Int(outcome.bytesPerState)) bytes/state")
        }
    }

    /// What `idscope explore --strategy NAME` searches for each built-in strategy (every action,
    /// every property, depth 8; `--quick`: 6), timed: the goal is each within 10 seconds.
    static func runEveryStrategy(quick: Bool) {
        let library = StrategyCatalog.builtIn
        let depth = quick ? 6 : 8
        var seconds: [Double] = []
        for strategy in library.all {
            guard let explorer = try? Explorer.forStrategy(strategy, library: library) else { continue }
            let outcome = explorer.run(properties: Set(ExploreProperty.allCases), depth: depth, clock: { Double(Measure.now()) / 1e9 })
            seconds.append(outcome.seconds)
            print("explore_all_\(strategy.name): \(Measure.format(outcome.seconds, 2)) s, \(outcome.states) distinct states, "
                  + "\(Int(Double(outcome.successors) / max(outcome.seconds, 1e-9))) successors/s, depth \(outcome.completedDepth), "
                  + "\(outcome.breaks.count) of 4 broken")
        }
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return }
        print("explore_all: \(sorted.filter { $0 <= 10 }.count) of \(sorted.count) strategies within 10 s at depth \(depth), "
              + "median \(Measure.format(sorted[sorted.count / 2], 2)) s, slowest \(Measure.format(sorted[sorted.count - 1], 2)) s")
    }
}
