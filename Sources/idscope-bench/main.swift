// idscope-bench: speed and memory figures for the simulation core, one `NAME: VALUE UNIT` per line.
// Run it in release: `swift run -c release idscope-bench`.
//   --quick          a 100,000-step history instead of 1,000,000
//   --interval N     timeline snapshot interval (default 2048)
//   --breakdown      time per kind of event (add --replay to time them without change lists)
//   --launch-loop    the cost of one launch, one settings change and one unlock, in isolation
//   --events-only    stop after the events-per-second figures (for profiling them)
//   --inspector-only only the inspector's figures (frame, cursor move, start, key press)
//   --explore        explore's successors per second, distinct states and bytes per state (also in a full run);
//                    for profiling one search: --strategies a,b  --workers N  --every-property  --levels  --chunk N
//                    --independent N  also N one-worker searches at once: the host's ceiling for N workers (--on-threads: on threads, not Dispatch)
//   --explore-all    every built-in strategy's default explore search (every action and property, depth 8), timed;
//                    --answers: the device goal's search with each break's why and proven fixes, as `idscope explore` (--strategies a,b)
//   --recipes [NAME] each recipe twin's launch against its Swift original's (also at the end of a full run);
//                    NAME: that original's pair alone, for profiling
//   --serve          `idscope serve`: requests per second and latency at 64 connections (also in a full run);
//                    --serve-threads N  the server's event-loop threads (16 here shows a 16-core machine's lock contention)
//                    --runs N           N servers one after another, then the medians
// The inspector's terminal figures need the release idscope binary beside it: `swift build -c release` first.
import IDPlatform
import IDSim

let quick = CommandLine.arguments.contains("--quick")
if CommandLine.arguments.contains("--inspector-only") {
    InspectorBench.run(quick: quick)
    exit(0)
}
if CommandLine.arguments.contains("--explore-all") {
    if CommandLine.arguments.contains("--answers") {
        let only = CommandLine.arguments.firstIndex(of: "--strategies").flatMap { CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil }
        ExploreBench.runEveryAnswer(quick: quick, only: only.map { $0.split(separator: ",").map(String.init) })
    } else {
        ExploreBench.runEveryStrategy(quick: quick)
    }
    exit(0)
}
if CommandLine.arguments.contains("--explore") {
    ExploreBench.run(quick: quick, options: .parse(CommandLine.arguments))
    exit(0)
}
if let flag = CommandLine.arguments.firstIndex(of: "--recipes") {
    let next = flag + 1 < CommandLine.arguments.count ? CommandLine.arguments[flag + 1] : nil
    RecipeBench.run(only: next.flatMap { $0.hasPrefix("--") ? nil : $0 })
    exit(0)
}
if CommandLine.arguments.contains("--recipe-parse") {
    RecipeParseBench.run()
    exit(0)
}
if CommandLine.arguments.contains("--serve") {
    let arguments = CommandLine.arguments
    func number(after flag: String) -> Int? { arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } }
    ServeBench.run(quick: quick, threads: number(after: "--serve-threads"), runs: number(after: "--runs") ?? 1)
    exit(0)
}
let historySteps = quick ? 100_000 : 1_000_000
let programs = Workload.guidApp

if CommandLine.arguments.contains("--launch-loop") {
    // One app launched again and again: the cost of a launch and its app code alone.
    var world = Workload.world()
    _ = try? world.apply(Step(.install(0, source: nil), on: 1), programs: programs)
    let n = 1_000_000
    for (label, resolver) in [("guid", programs as any AppProgramResolver), ("basic", BasicProgram.resolver)] {
        let start = Measure.now()
        for _ in 0..<n { _ = try? world.apply(Step(.launch(0, mode: .foreground), on: 1), programs: resolver) }
        print("launch_loop_\(label): \(Double(Measure.now() - start) / Double(n)) ns/launch")
    }
    for app in 1..<100 { _ = try? world.apply(Step(.install(app, source: nil), on: 1), programs: programs) }
    let settingStart = Measure.now()
    for i in 0..<100_000 {
        _ = try? world.apply(Step(.setting(SettingsChange(allowTrackingRequests: i % 2 == 0)), on: 1), programs: programs)
    }
    print("setting_loop: \(Double(Measure.now() - settingStart) / 100_000) ns/event (100 apps installed)")
    let start = Measure.now()
    for _ in 0..<n { _ = try? world.apply(Step(.unlock, on: 1), programs: programs) }
    print("unlock_loop: \(Double(Measure.now() - start) / Double(n)) ns/event")
    exit(0)
}

print("world: 10 devices, 200 apps, 40 teams; app code keeps a keychain GUID")

// 1. Events applied per second: the same recorded stream applied to a fresh world, 5 times.
let streamLength = quick ? 100_000 : 500_000
let (initial, stream) = Workload.steps(count: streamLength, seed: 99, programs: programs)
let recordedRate = Workload.eventRate(initial, stream, programs: programs, recordingChanges: true)
print("events_per_second: \(Int(recordedRate)) events/s (median of 5 runs of \(stream.count) events, changes recorded)")
let replayRate = Workload.eventRate(initial, stream, programs: programs, recordingChanges: false)
print("replay_events_per_second: \(Int(replayRate)) events/s (the same, as a timeline replays them: no change list)")

if CommandLine.arguments.contains("--breakdown") {
    // Time each kind of event on its own (includes ~20 ns of clock overhead per event).
    var totals: [String: (count: Int, nanos: UInt64, changes: Int)] = [:]
    var world = initial
    let recording = !CommandLine.arguments.contains("--replay")
    for step in stream {
        let start = Measure.now()
        let changes = (try? world.apply(step, programs: programs, recordingChanges: recording))?.count ?? 0
        let spent = Measure.now() - start
        totals[step.event.key, default: (0, 0, 0)].count += 1
        totals[step.event.key, default: (0, 0, 0)].nanos += spent
        totals[step.event.key, default: (0, 0, 0)].changes += changes
    }
    let allNanos = totals.values.reduce(0) { $0 + $1.nanos }
    for (key, total) in totals.sorted(by: { $0.value.nanos > $1.value.nanos }) {
        let share = Double(total.nanos) / Double(allNanos) * 100
        let perEvent = Double(total.changes) / Double(total.count)
        print("breakdown_\(key): \(total.nanos / UInt64(total.count)) ns/event (\(total.count) events, "
              + "\(Int(share))% of time, \(Measure.format(perEvent, 1)) changes/event)")
    }
}

if CommandLine.arguments.contains("--events-only") { exit(0) }

// 2. History: build a long timeline, then jump to random steps.
let heapBefore = Measure.residentBytes()
let buildStart = Measure.now()
let interval = CommandLine.arguments.firstIndex(of: "--interval").map { Int(CommandLine.arguments[$0 + 1])! } ?? 2048
var timeline = Timeline(initial: initial, programs: programs, snapshotInterval: interval)
var rng = SeededGenerator(seed: 5)
while timeline.count < historySteps {
    let step = Workload.randomStep(&rng, timeline.head)
    _ = try? timeline.apply(step)
}
let buildSeconds = Double(Measure.now() - buildStart) / 1e9
let heapAfter = Measure.residentBytes()
print("history_build: \(Measure.format(buildSeconds, 2)) s (\(historySteps) steps)")
print("memory_per_step: \(Int(Double(heapAfter - heapBefore) / Double(historySteps))) bytes (resident memory growth / steps held, snapshot every \(timeline.snapshotInterval))")

var jumps: [Double] = []
for _ in 0..<(interval > historySteps ? 0 : 2_000) {
    let target = Int(rng.next() % UInt64(historySteps))
    let start = Measure.now()
    timeline.jump(to: target)
    jumps.append(Double(Measure.now() - start) / 1e6)
}
print("jump_median: \(Measure.format(Measure.median(jumps))) ms (2000 random jumps in a \(historySteps)-step history)")
print("jump_p99: \(Measure.format(Measure.percentile(jumps, 0.99))) ms")
print("step_size: \(MemoryLayout<Step>.stride) bytes (one stored step)")

InspectorBench.run(quick: quick)
RecipeBench.run()
ExploreBench.run(quick: quick)
ServeBench.run(quick: quick, threads: nil, runs: 1)
