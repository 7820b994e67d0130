import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// Explore's speed: successor states evaluated per second (each: a step applied, a fingerprint, a
/// visited-set lookup) on the default world, distinct states beside it, and memory held per state.
enum ExploreBench {
    static func run(quick: Bool) {
        let library = StrategyCatalog.builtIn
        let depth = quick ? 5 : 6
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
}
