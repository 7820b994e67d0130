// idscope-bench: speed and memory figures for the simulation core, one `NAME: VALUE UNIT` per line.
// Run it in release: `swift run -c release idscope-bench` (add `--quick` for a smaller history).
import IDSim

let quick = CommandLine.arguments.contains("--quick")
let historySteps = quick ? 100_000 : 1_000_000
let programs = Workload.guidApp

print("world: 10 devices, 200 apps, 40 teams; app code keeps a keychain GUID")

// 1. Events applied per second: the same recorded stream applied to a fresh world, 5 times.
let streamLength = quick ? 100_000 : 500_000
let (initial, stream) = Workload.steps(count: streamLength, seed: 99, programs: programs)
var rates: [Double] = []
for _ in 0..<5 {
    var world = initial
    let start = Measure.now()
    for step in stream { _ = try? world.apply(step, programs: programs) }
    let seconds = Double(Measure.now() - start) / 1e9
    rates.append(Double(stream.count) / seconds)
}
print("events_per_second: \(Int(Measure.median(rates))) events/s (median of 5 runs of \(stream.count) events)")

// 2. History: build a long timeline, then jump to random steps.
let heapBefore = Measure.residentBytes()
let buildStart = Measure.now()
var timeline = Timeline(initial: initial, programs: programs, snapshotInterval: 1024)
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
for _ in 0..<2_000 {
    let target = Int(rng.next() % UInt64(historySteps))
    let start = Measure.now()
    timeline.jump(to: target)
    jumps.append(Double(Measure.now() - start) / 1e6)
}
print("jump_median: \(Measure.format(Measure.median(jumps))) ms (2000 random jumps in a \(historySteps)-step history)")
print("jump_p99: \(Measure.format(Measure.percentile(jumps, 0.99))) ms")
print("step_size: \(MemoryLayout<Step>.stride) bytes (one stored step)")
