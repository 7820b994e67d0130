import Dispatch
import Synchronization
import IDSim
import IDStrategies

/// Breadth-first search over the steps of `ActionAlphabet` for the shortest sequence that breaks
/// each property.
///
/// Visited states are kept as fingerprints (`Fingerprinter`), and each new state short of the
/// last depth as a link to its parent and the step that led to it: 8 bytes a state in the level
/// lists, 8 in the visited set. A frontier state's world is rebuilt by replaying its path from
/// the root, from where it parts from the previous state's (`PathReplay`), so no world is kept.
/// Successors are evaluated on every core; the visited set is updated in one place in a fixed
/// order, so a search gives the same result every time. Besides the fingerprint, four
/// reductions keep the search smaller without changing what it finds: launch views at the last
/// depths (`LaunchView`), mirrored devices (`DeviceSymmetry`), commuting steps (`CommutingSteps`)
/// and steps made moot by a device set up again (`RebuildingSteps`).
public struct Explorer: Sendable {
    public let root: ExploreState
    public let steps: [Step]
    public let programs: StrategyLibrary
    /// The root's apps' programs, resolved once (see `ResolvedPrograms`).
    private let resolved: ResolvedPrograms
    /// The followed app and the launch value followed (nil: the primary ID).
    public let app: AppIndex
    public let value: String?

    /// Stop (saying so) before the visited set holds more states than this.
    public var stateLimit = 50_000_000
    /// Worker threads (fewer than one counts as one). The command and the inspector set it to the
    /// machine's active processor count; IDExplore, pure, does not ask the system.
    public var workers = 2
    /// When the world's devices are interchangeable: visit a state or its mirror, not both.
    public var symmetry: DeviceSymmetry?
    /// Expand a state at the depth before the last only when its launch view is new (see
    /// `LaunchView`; off only in tests that compare).
    var mergesLaunchViews = true
    /// Leave a step to the sibling state reached by the step it commutes with (see
    /// `CommutingSteps`; off only in tests that compare).
    var leavesCommutingSteps = true
    /// Leave out a step that sets a device up from scratch right after an own step on it (see
    /// `RebuildingSteps`; off only in tests that compare).
    var leavesMootSteps = true

    public init(root: ExploreState, steps: [Step], programs: StrategyLibrary, app: AppIndex, value: String?) {
        self.root = root
        self.steps = steps
        self.programs = programs
        resolved = ResolvedPrograms(library: programs, apps: root.world.apps)
        self.app = app
        self.value = value
        lastSteps = steps.indices.filter { index in
            if case .launch(let launched, _, _) = steps[index].event { return launched == app }
            return false
        }
        restoreSteps = steps.indices.filter { index in
            if case .restore = steps[index].event { return true }
            return false
        }
    }

    /// The steps tried at the last depth: the followed app's launches. Only a launch reads the
    /// ID, so only a launch can break a property, and a state at the last depth is never
    /// expanded: any other last step would be evaluated for nothing.
    private let lastSteps: [Int]
    /// The only steps that read backups. (What else a part reads for every successor it makes
    /// from `steps` itself: `PartTables`.)
    private let restoreSteps: [Int]

    /// One search's progress, reported as each part of a depth is done.
    public struct Progress: Sendable {
        /// The depth being searched (complete when `depthDone`).
        public let depth: Int
        public let depthDone: Bool
        public let states: Int
        public let successors: Int
        public let seconds: Double
    }

    /// Two depths before the last, a successor's launch view of each device (in a world of up to
    /// four) and the restore view of each backup (of up to `viewedBackups`; `backupCount` counts
    /// them all: those past it are always restored).
    private struct Views {
        var devices = SIMD4<Int>()
        var backups = SIMD8<Int>()
        var backupCount: UInt8 = 0

        static let viewedBackups = SIMD8<Int>.scalarCount
    }

    private struct Node {
        var parent: UInt32
        var step: UInt16
        /// At the depth before the last: the devices a launch is tried on (bit `d` for device `d`).
        /// Two depths before the last: the devices whose own steps are left to an earlier state
        /// (`LaunchView.ownStep`); or `restoresOnly` and the backups to restore (bit `b` for
        /// the state's `backupForms[b]`; those past the eighth always). Unused elsewhere. (See `LaunchView`.)
        var mark: UInt16 = 0

        static let restoresOnly: UInt16 = 1 << 15
    }

    /// A successor found by a worker: its fingerprint, its parent's index, its step and what it broke.
    private struct Successor {
        var fingerprint: Int
        var parent: UInt32
        var step: UInt16
        var broken: PropertyMask
        /// At the depth before the last: the devices its step reached and their launch view. Two
        /// depths before the last: the launch view of all devices together, and where its other
        /// views are in the chunk's `Views` (most successors have none: kept apart, they cost the
        /// others no memory).
        var launchOn: UInt16 = 0
        var launchView = 0
        var views: Int32 = -1
        /// Already in the visited set before this chunk, or made earlier in the same run: either
        /// way the merge would not insert it, so it makes no views and the merge tries no insert.
        var visited = false
    }

    /// What a worker found from one run of states: the successors in order, the views they point
    /// to (`Successor.views` indexes this run's), and whether app code read tracking state on the
    /// way to any of them (see `ExploreState.trackingBlind`: told by the run, not each successor,
    /// so the merging thread need not walk them all once more to find out).
    private struct RunResult {
        var successors: [Successor] = []
        var views: [Views] = []
        var readTracking = false
    }

    /// Searches to `depth` for the properties; stops early when all have broken, or when
    /// `shouldStop` says so (checked by every worker before each state it expands, so a stop acts
    /// within one state's successors however costly the strategy's launches), or at the state limit.
    ///
    /// A tracking-blind root is searched blind as long as no app code reads tracking state; if
    /// some does (a strategy that said it never would), the search starts over seeing it.
    public func run(properties: Set<ExploreProperty>, depth: Int, clock: @escaping @Sendable () -> Double = { 0 },
                    shouldStop: @Sendable () -> Bool = { false }, progress: (Progress) -> Void = { _ in }) -> ExploreOutcome {
        if root.trackingBlind {
            if let outcome = search(from: root, properties: properties, depth: depth, clock: clock, shouldStop: shouldStop, progress: progress) {
                return outcome
            }
            let seeing = ExploreState(world: root.world, app: app, value: value, trackingBlind: false)
            // Devices alike while their tracking state was left out may not be alike with it. (The
            // forms would still tell their states apart, so mirrors would merge soundly; this keeps
            // to `DeviceSymmetry`'s stated condition, devices alike at the root.)
            var seeingSearch = self
            seeingSearch.symmetry = symmetry == nil ? nil : DeviceSymmetry(root: seeing)
            return seeingSearch.search(from: seeing, properties: properties, depth: depth, clock: clock, shouldStop: shouldStop,
                                       progress: progress)!
        }
        return search(from: root, properties: properties, depth: depth, clock: clock, shouldStop: shouldStop, progress: progress)!
    }

    /// The search from `root`; nil when it is tracking-blind and app code read tracking state.
    private func search(from root: ExploreState, properties: Set<ExploreProperty>, depth: Int, clock: @escaping @Sendable () -> Double,
                        shouldStop: @Sendable () -> Bool, progress: (Progress) -> Void) -> ExploreOutcome? {
        let start = clock()
        var remaining = properties
        var breaks: [ExploreProperty: [Step]] = [:]
        var visited = FingerprintSet([Fingerprinter.fingerprint(root, symmetry: symmetry, watching: PropertyMask(properties))])
        var levels: [[Node]] = [[Node(parent: 0, step: 0)]]
        // The launch views of the states at the depth before the last, and of every device of
        // those two depths before (see `LaunchView`).
        var launchViews = FingerprintSet(), wholeViews = FingerprintSet(), deviceViews = FingerprintSet(), restoreViews = FingerprintSet()
        var successors = 0
        var completed = 0
        var stopReason: ExploreOutcome.StopReason?
        // The serial part: the merging thread's time over the workers' results (the bench's share).
        var mergeSeconds = 0.0
        // Each worker replays from a root of its own (see `World.unshared`), for the whole search.
        let workerContexts = (0..<max(1, workers)).map { _ in WorkerContext(root: root.unshared(), programs: programs) }
        search: for level in 0..<depth {
            guard !remaining.isEmpty else { break }
            let frontier = levels[level]
            let last = level + 1 == depth
            let viewed = mergesLaunchViews && LaunchView.applies(to: root)
            let beforeLast = viewed && level + 2 == depth, twoBeforeLast = viewed && level + 3 == depth
            let deviceCount = root.world.deviceCount
            let tried = last ? lastSteps : Array(steps.indices)
            let leavesCommuting = leavesCommutingSteps && CommutingSteps.applies(at: level, depth: depth)
            var next: [Node] = []
            let chunkSize = 2048
            var chunkStart = 0
            while chunkStart < frontier.count {
                if shouldStop() { stopReason = .cancelled; break search }
                let chunk = chunkStart..<min(chunkStart + chunkSize, frontier.count)
                let runs = expand(chunk, on: workerContexts, level: level, levels: levels, last: last, beforeLast: beforeLast,
                                  twoBeforeLast: twoBeforeLast, leavesCommuting: leavesCommuting, tried: tried,
                                  watch: Watch(app: app, value: value, properties: PropertyMask(remaining)), visited: visited,
                                  shouldStop: shouldStop)
                // A stop during the chunk leaves its runs part done: nothing of it is merged.
                if shouldStop() { stopReason = .cancelled; break search }
                if root.trackingBlind && runs.contains(where: \.readTracking) { return nil }
                let mergeStart = clock()
                // Run by run, in the states' order (see `expand`).
                for run in runs {
                    for (position, successor) in run.successors.enumerated() {
                        successors += 1
                        // The set is several megabytes: ask for a slot a few successors ahead, so it
                        // is in cache when its insert comes (see `FingerprintSet.prefetch`).
                        if position + Self.prefetchDistance < run.successors.count {
                            let ahead = run.successors[position + Self.prefetchDistance]
                            if !ahead.visited { visited.prefetch(ahead.fingerprint) }
                        }
                        // Most successors break nothing: the properties are walked only for those that do.
                        if !successor.broken.isEmpty {
                            for property in ExploreProperty.allCases where successor.broken.contains(PropertyMask(property)) && remaining.contains(property) {
                                breaks[property] = path(to: Int(successor.parent), level: level, levels: levels) + [steps[Int(successor.step)]]
                                remaining.remove(property)
                            }
                        }
                        // The last depth's states are counted, never expanded: no links kept for them.
                        guard !successor.visited && visited.insert(successor.fingerprint) && !last else { continue }
                        // The depth before the last: a state whose launches an earlier one already tried
                        // (the same launch view) is counted, not expanded.
                        if beforeLast && (successor.launchOn == 0 || !launchViews.insert(successor.launchView)) { continue }
                        var mark = beforeLast ? successor.launchOn : 0
                        if twoBeforeLast {
                            // Two depths before: one that differs from an earlier one only in its backups
                            // is expanded only by restores, the steps that read them; and a device's own
                            // steps are left to the first state with that device's launch view.
                            let other = run.views[Int(successor.views)]
                            let kept = min(Int(other.backupCount), Views.viewedBackups)
                            if !wholeViews.insert(successor.launchView) {
                                // Only the restores of backups no earlier state had with these views.
                                mark = Node.restoresOnly
                                for b in 0..<kept where restoreViews.insert(other.backups[b]) { mark |= 1 << UInt16(b) }
                                if mark == Node.restoresOnly && Int(other.backupCount) <= kept { continue }
                            } else {
                                for b in 0..<kept { restoreViews.insert(other.backups[b]) }
                                if deviceCount <= LaunchView.ownStepsDevices {
                                    for d in 0..<deviceCount where !deviceViews.insert(other.devices[d]) { mark |= LaunchView.bit(d) }
                                }
                            }
                        }
                        next.append(Node(parent: successor.parent, step: successor.step, mark: mark))
                    }
                }
                mergeSeconds += clock() - mergeStart
                if visited.count > stateLimit { stopReason = .stateLimit; break search }
                chunkStart = chunk.upperBound
                if chunkStart < frontier.count {
                    progress(Progress(depth: level + 1, depthDone: false, states: visited.count, successors: successors, seconds: clock() - start))
                }
            }
            levels.append(next)
            completed = level + 1
            progress(Progress(depth: completed, depthDone: true, states: visited.count, successors: successors, seconds: clock() - start))
            if next.isEmpty && !last { completed = depth; break }
        }
        return ExploreOutcome(breaks: breaks, searched: properties, completedDepth: completed, depth: depth, states: visited.count,
                              successors: successors, seconds: clock() - start, stopReason: stopReason,
                              bytesPerState: Self.bytesPerState(levels: levels, sets: [visited, launchViews, wholeViews, deviceViews, restoreViews]),
                              trackingBlind: root.trackingBlind, mergeSeconds: mergeSeconds)
    }

    /// How far ahead the merge asks for visited-set slots: enough successors' worth of work to
    /// cover a fetch from memory.
    private static let prefetchDistance = 8

    /// How many neighbouring states a worker takes at a time, at most. Small enough that a worker
    /// that finishes early takes more rather than waiting for the slower one; large enough that the
    /// replay mostly walks from a state to its neighbour (a run's first state shares less of its
    /// path with the worker's last state, which the other worker's runs lie between).
    private static let statesPerRun = 64
    /// The fewest states a run takes, near the end of a chunk (see `runStarts`).
    private static let fewestStatesPerRun = 4

    /// Where each run of a chunk of `count` states starts, and (last) where the chunk ends: runs of
    /// `statesPerRun` while much of the chunk is left, then shorter ones, an eighth of what is left
    /// for each worker, down to `fewestStatesPerRun`. With runs all of one length, the worker that
    /// took the last one kept the other waiting for up to a whole run at the end of every chunk (a
    /// run of a middle depth is a few milliseconds). The runs do not change the outcome: each
    /// state's successors are its own, and they are merged in the states' order.
    static func runStarts(count: Int, workers: Int) -> [Int] {
        guard workers > 1 else { return count == 0 ? [0] : [0, count] }
        var starts = [0]
        var start = 0
        while start < count {
            let left = count - start
            start += min(left, max(fewestStatesPerRun, min(statesPerRun, left / (8 * workers))))
            starts.append(start)
        }
        return starts
    }

    /// The successors of a chunk of one level by the `tried` steps, in order (parent, then step),
    /// made on every worker.
    ///
    /// The workers also look each successor up among the successors their run made before it,
    /// then in `visited` as it was before the chunk (only read while they run), so that one
    /// already visited costs the one place that updates the set no insert, and no views are made
    /// for it.
    private func expand(_ chunk: Range<Int>, on contexts: [WorkerContext], level: Int, levels: [[Node]], last: Bool, beforeLast: Bool,
                        twoBeforeLast: Bool, leavesCommuting: Bool, tried: [Int], watch: Watch,
                        visited: FingerprintSet, shouldStop: @Sendable () -> Bool) -> [RunResult] {
        let starts = Self.runStarts(count: chunk.count, workers: contexts.count)
        let runs = starts.count - 1
        let results = ResultSlots<RunResult>(count: runs, empty: RunResult())
        let nextRun = RunCounter()
        DispatchQueue.concurrentPerform(iterations: min(contexts.count, runs)) { worker in
            let context = contexts[worker]
            // Read for every successor: the worker's own copies (see `PartTables`).
            let own = context.tables(steps: steps, tried: tried, restoreSteps: restoreSteps, symmetry: symmetry)
            let forms = context.forms, resolved = context.resolved
            var path = [UInt16](repeating: 0, count: level)   // one array for the chunk, not one a state
            // The fingerprints of the run's successors so far. Neighbouring states often reach one
            // state by two paths (two steps that commute, in either order); the second is counted
            // as visited here, as the merge would find it, so no views are made for it, and the
            // merge tries no insert for it (a lookup in a set of megabytes). Room for a run of the
            // middle depths (64 states, two dozen successors each) without growing; with one worker
            // a run is the whole chunk, and the set grows to hold it.
            var runSeen = FingerprintSet(minimumCapacity: 1536)
            while true {
                let run = nextRun.take()
                guard run < runs else { break }
                let from = chunk.lowerBound + starts[run], to = chunk.lowerBound + starts[run + 1]
                var out: [Successor] = [], outViews: [Views] = [], readTracking = false
                runSeen.removeAll()   // not needed for the outcome (earlier runs merge first): kept small
                out.reserveCapacity((to - from) * tried.count / 4)
                for index in from..<to {
                    if shouldStop() { break }
                    stepNumbers(to: index, level: level, levels: levels, into: &path)
                    // A level lists its states in their parents' order, and those in theirs, so neighbours
                    // share most of their path: the replay keeps the states along the worker's last path
                    // and applies only the steps after the common prefix (a step or two, not `level`).
                    let state = context.replay.state(after: path) { state, number in
                        _ = state.apply(own.steps[Int(number)], watch: watch, programs: resolved, forms: forms)
                    }
                    let node = levels[level][index]
                    var launchOn = UInt16.max
                    if last && level > 0 {
                        // Launches only on the devices the state's last step reached (chosen when the
                        // state was found, under `beforeLast`, or worked out here from its parent).
                        launchOn = node.mark != 0 ? node.mark
                            : LaunchView.devicesReached(from: context.replay.parent, to: state)
                    }
                    let restoresOnly = beforeLast && node.mark & Node.restoresOnly != 0
                    let reachedBy = level > 0 ? Int(node.step) : nil
                    for number in restoresOnly ? own.restoreSteps : own.tried {
                        // A step that commutes with the one that reached this state is left to the sibling;
                        // a step that sets a device up again reaches what it reached from the parent.
                        if leavesCommuting && own.commuting.sleeps(number, after: reachedBy) { continue }
                        if leavesMootSteps && own.rebuilding.moot(number, after: reachedBy) { continue }
                        if restoresOnly {
                            // Only the backups marked (and any past the eighth).
                            guard let b = state.backupForms.firstIndex(where: { $0.name == own.restoreNames[number] }) else { continue }
                            if b < Views.viewedBackups && node.mark & (1 << UInt16(b)) == 0 { continue }
                        } else if beforeLast && node.mark & LaunchView.bit(own.steps[number].device) != 0 && own.ownSteps[number] {
                            // A device's own steps from a state that shares its launch view with an earlier one.
                            continue
                        }
                        // Refusals known without trying are checked before the state is copied, and so
                        // are steps certain to lead back to the state, visited already.
                        if launchOn & LaunchView.bit(own.steps[number].device) == 0 || state.refuses(own.steps[number])
                            || state.certainlyLeadsBack(own.steps[number]) { continue }
                        var successor = state
                        guard let broken = successor.applyNotRefused(own.steps[number], watch: watch, programs: resolved, forms: forms) else { continue }
                        var found = Successor(fingerprint: Fingerprinter.fingerprint(successor, symmetry: own.symmetry, watching: watch.properties),
                                              parent: UInt32(index), step: UInt16(number), broken: broken)
                        readTracking = readTracking || successor.world.appCodeReads.tracking
                        found.visited = !runSeen.insert(found.fingerprint) || visited.contains(found.fingerprint)
                        if found.visited || last {
                            // Counted (and maybe a break), never expanded.
                        } else if beforeLast {
                            found.launchOn = LaunchView.devicesReached(from: state, to: successor)
                            if found.launchOn != 0 { found.launchView = LaunchView.hash(of: successor, on: found.launchOn, watching: watch.properties) }
                        } else if twoBeforeLast {
                            var other = Views()
                            found.launchView = LaunchView.restoreViews(of: successor, watching: watch.properties, backups: &other.backups)
                            other.backupCount = UInt8(min(successor.backupForms.count, Int(UInt8.max)))
                            if successor.world.deviceCount <= LaunchView.ownStepsDevices {
                                for d in 0..<successor.world.deviceCount {
                                    other.devices[d] = LaunchView.hash(of: successor, on: LaunchView.bit(d), watching: watch.properties)
                                }
                            }
                            found.views = Int32(outViews.count)
                            outViews.append(other)
                        }
                        out.append(found)
                    }
                }
                results.set(run, RunResult(successors: out, views: outViews, readTracking: readTracking))
            }
        }
        // In run order: the order of the states, whichever worker took each run. (Read in place,
        // not joined into one list: copying every successor on the one thread that merges them
        // took 2% of a search.)
        return results.all
    }

    /// A state's fingerprint (for tests and tools that compare states).
    public static func fingerprint(_ state: ExploreState) -> Int { Fingerprinter.fingerprint(state) }

    /// A state's fingerprint as this search sees it (under its symmetry, when it has one).
    public func fingerprint(of state: ExploreState) -> Int { Fingerprinter.fingerprint(state, symmetry: symmetry) }

    /// The fingerprint with every device rehashed, ignoring the forms the steps kept: equal to
    /// `fingerprint` whenever those forms are up to date.
    public static func fingerprintFromScratch(_ state: ExploreState, symmetry: DeviceSymmetry? = nil) -> Int {
        Fingerprinter.fingerprintFromScratch(state, symmetry: symmetry)
    }

    /// Applies one step as the search does: the properties it broke, or nil when it cannot apply.
    public func probe(_ state: inout ExploreState, _ step: Step) -> Set<ExploreProperty>? {
        probe(&state, step, forms: nil)
    }

    /// `probe`, remaking device forms from a worker's part forms as the search does.
    func probe(_ state: inout ExploreState, _ step: Step, forms: PartFormCache?) -> Set<ExploreProperty>? {
        state.apply(step, watch: Watch(app: app, value: value, properties: .all), programs: resolved, forms: forms)?.properties
    }

    /// The steps from the root to a node.
    private func path(to index: Int, level: Int, levels: [[Node]]) -> [Step] {
        stepNumbers(to: index, level: level, levels: levels).map { steps[Int($0)] }
    }

    /// The numbers of the steps from the root to a node, in order.
    private func stepNumbers(to index: Int, level: Int, levels: [[Node]]) -> [UInt16] {
        var numbers = [UInt16](repeating: 0, count: level)
        stepNumbers(to: index, level: level, levels: levels, into: &numbers)
        return numbers
    }

    /// `stepNumbers` into an array of `level` elements.
    private func stepNumbers(to index: Int, level: Int, levels: [[Node]], into numbers: inout [UInt16]) {
        var index = index
        var level = level
        while level > 0 {
            let node = levels[level][index]
            numbers[level - 1] = node.step
            index = Int(node.parent)
            level -= 1
        }
    }

    /// Memory held per visited state: the level lists and the sets' buckets.
    private static func bytesPerState(levels: [[Node]], sets: [FingerprintSet]) -> Double {
        let nodes = levels.reduce(0) { $0 + $1.capacity } * MemoryLayout<Node>.stride
        let buckets = sets.reduce(0) { $0 + $1.capacity * MemoryLayout<Int>.stride }
        return Double(nodes + buckets) / Double(max(1, sets[0].count))
    }
}

/// The states along the last path replayed from the root, so the next path replays only the
/// steps after the prefix they share. Steps are deterministic, so equal step numbers from the
/// root mean equal states.
private struct PathReplay {
    private var numbers: [UInt16] = []
    /// `states[k]` is the state after the first `k` steps of `numbers`.
    private var states: [ExploreState]

    init(root: ExploreState) { states = [root] }

    mutating func state(after path: [UInt16], apply: (inout ExploreState, UInt16) -> Void) -> ExploreState {
        var common = 0
        while common < min(path.count, numbers.count) && path[common] == numbers[common] { common += 1 }
        numbers.removeSubrange(common...)
        states.removeSubrange((common + 1)...)
        for number in path[common...] {
            var next = states[states.count - 1]
            apply(&next, number)
            states.append(next)
            numbers.append(number)
        }
        return states[path.count]
    }

    /// The state before the last path's last step.
    var parent: ExploreState { states[states.count - 2] }
}

/// Results by run, each written by the one worker that took the run.
/// Raw storage, not an array: two workers writing elements of one array would each check and
/// write the array's storage reference as they did.
private final class ResultSlots<Element>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Element>

    init(count: Int, empty: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: empty)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Element) { slots[index] = value }

    /// Every run's result, in run order (read after every worker has finished).
    var all: [Element] { Array(slots) }
}

/// What a search found.
public struct ExploreOutcome: Sendable {
    public enum StopReason: Sendable { case cancelled, stateLimit }

    /// The shortest breaking sequence of each property that broke.
    public let breaks: [ExploreProperty: [Step]]
    public let searched: Set<ExploreProperty>
    /// Every sequence up to this length was searched.
    public let completedDepth: Int
    public let depth: Int
    /// Distinct states visited.
    public let states: Int
    /// Successor states evaluated (each: a step applied, a fingerprint, a lookup among the states
    /// visited: in the visited set, or among those its worker's run made before it).
    public let successors: Int
    public let seconds: Double
    public let stopReason: StopReason?
    public let bytesPerState: Double
    /// Whether its states left out the tracking state (see `ExploreState.trackingBlind`).
    public let trackingBlind: Bool
    /// Of `seconds`, the time the merging thread spent on the workers' results: what does not
    /// shrink with more workers.
    public var mergeSeconds = 0.0

    public var broke: Bool { !breaks.isEmpty }

    /// A search that did not run (no strategy to follow).
    public static let nothing = ExploreOutcome(breaks: [:], searched: [], completedDepth: 0, depth: 0, states: 0, successors: 0,
                                               seconds: 0, stopReason: nil, bytesPerState: 0, trackingBlind: false)
}

/// What one worker keeps for a whole search: its own root and the states along its last replayed
/// path, its recent part forms, its resolved programs and its copies of the step tables. Made
/// once, not for each chunk: the forms and the replay carry over from one chunk to the next, and
/// the tables are remade only when the steps tried change (at the last depth).
/// Used by one worker at a time (the search waits for every worker before the next chunk).
private final class WorkerContext: @unchecked Sendable {
    var replay: PathReplay
    let forms: PartFormCache
    /// The worker's own programs: when both workers shared one set, a program held in a box had
    /// its reference count written by both cores at every launch.
    let resolved: ResolvedPrograms
    private var ownTables: PartTables?

    init(root: ExploreState, programs: StrategyLibrary) {
        replay = PathReplay(root: root)
        forms = PartFormCache(trackingBlind: root.trackingBlind)
        resolved = ResolvedPrograms(library: programs, apps: root.world.apps)
    }

    /// The worker's copies of the tables read for every successor (see `PartTables`).
    func tables(steps: [Step], tried: [Int], restoreSteps: [Int], symmetry: DeviceSymmetry?) -> PartTables {
        if let ownTables, ownTables.tried == tried { return ownTables }
        let made = PartTables(steps: steps, tried: tried, restoreSteps: restoreSteps, symmetry: symmetry)
        ownTables = made
        return made
    }
}

/// Hands out runs of a chunk's states, each to the first worker that asks.
private final class RunCounter: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}
