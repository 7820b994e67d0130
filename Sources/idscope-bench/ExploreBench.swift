import Dispatch
import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies

/// Explore's speed: successor states evaluated per second (each: a step applied, a fingerprint, a
/// visited-set lookup) on the default world, distinct states beside it, and memory held per state.
enum ExploreBench {
    /// What `--explore` measures, and how (the flags are for profiling one search at a time).
    struct Options {
        /// `--strategies a,b`: the searches measured.
        var strategies = ["keychain-idfv", "rndi", "rndi-twin"]
        /// `--workers N`: 1 gives a single core's figure, steadier on a noisy machine. `--workers
        /// 1,2,4,8,16`: each in turn, then each one's rate over the first's (a scaling table in one
        /// call, for a lent machine whose every start costs minutes).
        var workerCounts = [2]
        /// `--runs N`: with several worker counts, N rounds of them in turns, and medians.
        var runs = 1
        /// `--every-property`: all four properties, as `idscope explore` searches (default: `available` alone).
        var everyProperty = false
        /// `--levels`: successors and seconds of each depth.
        var levels = false
        /// `--chunk N`: frontier states between two merges (nil: the engine's default).
        var chunk: Int?
        /// `--independent N`: also N one-worker searches at once, sharing nothing: the host's own
        /// ceiling for N workers (cores, hyperthreads, clock under load), to read the engine's against.
        var independent: Int?
        /// `--on-threads`: run those N searches on threads of their own, not Dispatch's workers.
        var onThreads = false

        static func parse(_ arguments: [String]) -> Options {
            var options = Options()
            func value(after flag: String) -> String? {
                arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
            }
            if let names = value(after: "--strategies") { options.strategies = names.split(separator: ",").map(String.init) }
            if let counts = value(after: "--workers")?.split(separator: ",").compactMap({ Int($0) }).filter({ $0 > 0 }), !counts.isEmpty {
                options.workerCounts = counts
            }
            if let runs = value(after: "--runs").flatMap(Int.init), runs > 0 { options.runs = runs }
            options.everyProperty = arguments.contains("--every-property")
            options.levels = arguments.contains("--levels")
            options.chunk = value(after: "--chunk").flatMap(Int.init)
            options.independent = value(after: "--independent").flatMap(Int.init).map { max(1, $0) }
            options.onThreads = arguments.contains("--on-threads")
            return options
        }
    }

    static func run(quick: Bool, options: Options = Options()) {
        let library = StrategyCatalog.builtIn
        let depth = quick ? 6 : 8
        // The goal (1 M successors/s) was set where the core replays 2 M events/s on one core:
        // half that rate. The ratio says where a search stands on a host of any speed.
        let (initial, stream) = Workload.steps(count: quick ? 50_000 : 200_000, seed: 99, programs: Workload.guidApp)
        // Measured before and after the searches: the host's speed drifts over a run.
        let replayBefore = Workload.eventRate(initial, stream, programs: Workload.guidApp, recordingChanges: false)
        var rates: [Double] = []
        for name in options.strategies {
            guard let strategy = library.strategy(named: name), let explorer = try? Explorer.forStrategy(strategy, library: library) else {
                print("explore_\(name): no such strategy")
                continue
            }
            var rateByWorkers: [Int: [Double]] = [:]
            for _ in 0..<(options.workerCounts.count > 1 ? options.runs : 1) {
                for workers in options.workerCounts {
                    let rate = search(name, explorer: explorer, workers: workers, depth: depth, options: options)
                    rateByWorkers[workers, default: []].append(rate)
                    if workers == options.workerCounts[0] { rates.append(rate) }
                }
            }
            if options.workerCounts.count > 1, let one = rateByWorkers[options.workerCounts[0]].map(Measure.median) {
                let ratios = options.workerCounts.dropFirst().map { workers in
                    "\(Measure.format(Measure.median(rateByWorkers[workers]!) / one, 2))× at \(workers)"
                }
                let rounds = options.runs > 1 ? "medians of \(options.runs) rounds in turns" : "one round"
                print("explore_scaling_\(name): rate over \(options.workerCounts[0]) worker(s)' (\(Int(one)) successors/s), \(rounds): "
                      + ratios.map { "\($0) workers" }.joined(separator: ", "))
            }
        }
        if !rates.isEmpty {
            let replayRate = (replayBefore + Workload.eventRate(initial, stream, programs: Workload.guidApp, recordingChanges: false)) / 2
            print("explore_per_replay: median \(Measure.format(Measure.median(rates) / replayRate, 2)) (successors/s over one core's "
                  + "replay rate, \(Int(replayRate)) events/s here; the goal is 0.5: 1 M successors/s where the core replays 2 M events/s)")
        }
        if let count = options.independent, let name = options.strategies.first {
            runIndependent(name, count: count, depth: depth, library: library, onThreads: options.onThreads)
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

    /// One search, its line printed; its rate.
    static func search(_ name: String, explorer: Explorer, workers: Int, depth: Int, options: Options) -> Double {
        var explorer = explorer
        explorer.workers = workers
        if let chunk = options.chunk { explorer.chunkStates = chunk }
        // `available` never breaks for these, so the search runs to the full depth.
        var before = (successors: 0, seconds: 0.0)
        let properties: Set<ExploreProperty> = options.everyProperty ? Set(ExploreProperty.allCases) : [.available]
        let outcome = explorer.run(properties: properties, depth: depth, clock: { Double(Measure.now()) / 1e9 },
                                   progress: { progress in
            guard options.levels && progress.depthDone else { return }
            let successors = progress.successors - before.successors, seconds = progress.seconds - before.seconds
            print("explore_\(name)_depth\(progress.depth): \(successors) successors in \(Measure.format(seconds, 2)) s, "
                  + "\(progress.states) distinct states so far")
            before = (progress.successors, progress.seconds)
        })
        let count = workers == 1 ? "1 worker" : "\(workers) workers"
        let rate = Int(Double(outcome.successors) / outcome.seconds)
        let time = Measure.format(outcome.seconds, 2)
        print("explore_\(name): \(rate) successors/s, \(outcome.states) distinct states, depth \(outcome.completedDepth) in \(time) s, "
              + "\(Int(outcome.bytesPerState)) bytes/state (\(explorer.steps.count) actions, \(count); "
              + "merge while no worker expands \(Measure.format(outcome.mergeSeconds / outcome.seconds * 100, 1))% of the time, "
              + "of which inserts \(Measure.format(outcome.insertSeconds / outcome.seconds * 100, 1))%)")
        return Double(outcome.successors) / outcome.seconds
    }

    /// One one-worker search alone, then `count` of them at once, each on a thread of its own with
    /// its own explorer: nothing is shared but the machine, so the ratio of the rates is what the
    /// host gives `count` workers with no merge, no chunk and no wait. The engine's own ratio at
    /// `count` workers reads against it.
    static func runIndependent(_ name: String, count: Int, depth: Int, library: StrategyLibrary, onThreads: Bool) {
        @Sendable func search() -> (successors: Int, seconds: Double) {
            guard let strategy = library.strategy(named: name), var explorer = try? Explorer.forStrategy(strategy, library: library) else { return (0, 1) }
            explorer.workers = 1
            let outcome = explorer.run(properties: [.available], depth: depth, clock: { Double(Measure.now()) / 1e9 })
            return (outcome.successors, outcome.seconds)
        }
        let alone = search()
        let results = ResultBox(count: count)
        let start = Measure.now()
        if onThreads {
            let done = DispatchSemaphore(value: 0)
            for index in 0..<count {
                let thread = Thread {
                    results.set(index, search().successors)
                    done.signal()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
            for _ in 0..<count { done.wait() }
        } else {
            DispatchQueue.concurrentPerform(iterations: count) { results.set($0, search().successors) }
        }
        let seconds = Double(Measure.now() - start) / 1e9
        let aloneRate = Double(alone.successors) / alone.seconds, together = Double(results.total) / seconds
        print("explore_independent_\(name): \(count) one-worker searches at once (\(onThreads ? "threads" : "Dispatch")), \(Int(together)) successors/s in all, "
              + "\(Measure.format(together / aloneRate, 2))× one alone (\(Int(aloneRate)) successors/s): the host's ceiling at \(count) workers")
    }

    /// Each thread's count, written once by that thread.
    final class ResultBox: @unchecked Sendable {
        private var counts: [Int]
        private let lock = NSLock()
        init(count: Int) { counts = Array(repeating: 0, count: count) }
        func set(_ index: Int, _ value: Int) { lock.lock(); counts[index] = value; lock.unlock() }
        var total: Int { lock.lock(); defer { lock.unlock() }; return counts.reduce(0, +) }
    }

    /// What `idscope explore --strategy NAME` searches for each built-in strategy (every action,
    /// every property, depth 8; `--quick`: 6), timed: the goal is each within 10 seconds.
    /// `--explore-all --answers [--strategies a,b]`: what `idscope explore --strategy NAME` does for
    /// each built-in, timed: the default goal's search at depth 8 with every action, then each
    /// break's why and proven fixes (the issue's 10-second goal counts all three).
    static func runEveryAnswer(quick: Bool, only: [String]?) {
        let library = StrategyCatalog.builtIn
        let depth = quick ? 6 : 8
        var totals: [(name: String, seconds: Double)] = []
        for strategy in library.all where only.map({ $0.contains(strategy.name) }) ?? true {
            let target = ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5))
            let search = ExploreRun(targets: [target], goal: .device, properties: Array(ExploreGoal.device.properties), depth: depth,
                                    workers: ProcessInfo.processInfo.activeProcessorCount, fixes: nil)
            var withFixes = search
            withFixes.fixes = .standard
            let clock: @Sendable () -> Double = { Double(Measure.now()) / 1e9 }
            let start = clock()
            guard let searched = try? search.run(clock: clock) else { continue }
            let searchSeconds = clock() - start
            let second = clock()
            guard let answered = try? withFixes.run(clock: clock) else { continue }
            let total = clock() - second
            totals.append((strategy.name, total))
            let breaks = answered.rows.filter { $0.breaking != nil }
            let fixes = breaks.map { $0.fix?.suggestions.count ?? 0 }.reduce(0, +)
            let tried = breaks.map { $0.fix?.tried ?? 0 }.reduce(0, +), proofs = breaks.map { $0.fix?.searched ?? 0 }.reduce(0, +)
            print("explore_answers_\(strategy.name): \(Measure.format(total, 2)) s with why and fixes (search alone \(Measure.format(searchSeconds, 2)) s, "
                  + "\(searched.rows.first?.states ?? 0) states), \(breaks.count) of 3 broken, \(fixes) fixes proven, \(tried) changes tried, \(proofs) searched in full")
        }
        let sorted = totals.map(\.seconds).sorted()
        guard !sorted.isEmpty else { return }
        print("explore_answers: \(sorted.filter { $0 <= 10 }.count) of \(sorted.count) strategies within 10 s at depth \(depth) with why and fixes, "
              + "median \(Measure.format(sorted[sorted.count / 2], 2)) s, slowest \(totals.max { $0.seconds < $1.seconds }!.name) "
              + "\(Measure.format(sorted[sorted.count - 1], 2)) s")
    }

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
