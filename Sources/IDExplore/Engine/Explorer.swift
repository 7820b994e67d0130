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
/// Successors are evaluated on every core, and merged in the states' order (the visited set's
/// parts each in that order: `VisitedShards`), so a search gives the same result every time. Besides the fingerprint, four
/// reductions keep the search smaller without changing what it finds: launch views at the last
/// depths (`LaunchView`), mirrored devices (`DeviceSymmetry`), commuting steps (`CommutingSteps`)
/// and steps made moot by a device set up again (`RebuildingSteps`).
package struct Explorer: Sendable {
    package let root: ExploreState
    package let steps: [Step]
    package let programs: StrategyLibrary
    /// The root's apps' programs, resolved once (see `ResolvedPrograms`).
    let resolved: ResolvedPrograms
    /// The followed app and the launch value followed (nil: the primary ID).
    package let app: AppIndex
    package let value: String?

    /// Stop (saying so) before the visited set holds more states than this.
    package var stateLimit = 50_000_000
    /// Worker threads (fewer than one counts as one). The command and the inspector set it to the
    /// machine's active processor count; IDExplore, pure, does not ask the system.
    package var workers = 2
    /// When the world's devices are interchangeable: visit a state or its mirror, not both (used
    /// while `reductions` has `.deviceSymmetry`).
    package var symmetry: DeviceSymmetry?
    /// The goal whose allowed events the search forgives (nil: none; `properties` alone).
    package var goal: ExploreGoal?
    /// Ends the search at the first break of any property it watches, as soon as the chunk that
    /// found it is merged (a fix's check: one break is enough to refuse it, so the rest of the
    /// search is not worth its time). The outcome then holds that break and its depth so far.
    package var stopAtFirstBreak = false
    /// The reductions the search uses (all by default; tests take one out and compare).
    package var reductions = Set(SearchReduction.allCases)
    /// Frontier states handed to the workers between two merges (the bench's `--chunk` varies it).
    /// Each chunk ends in a wait for the slowest worker; its merge rides on the next chunk's.
    package var chunkStates = 2048

    /// The symmetry the search folds states by, if any.
    var foldedSymmetry: DeviceSymmetry? { reductions.contains(DeviceSymmetry.reduction) ? symmetry : nil }

    package init(root: ExploreState, steps: [Step], programs: StrategyLibrary, app: AppIndex, value: String?) {
        self.root = root
        self.steps = steps
        self.programs = programs
        resolved = ResolvedPrograms(library: programs, apps: root.world.apps)
        self.app = app
        self.value = value
        lastSteps = steps.indices.filter { index in
            steps[index].event.reportsIDs(of: app)
        }
        restoreSteps = steps.indices.filter { index in
            if case .restore = steps[index].event { return true }
            return false
        }
    }

    /// The steps tried at the last depth: the followed app's launches. Only a launch reads the
    /// ID, so only a launch can break a property, and a state at the last depth is never
    /// expanded: any other last step would be evaluated for nothing.
    let lastSteps: [Int]
    /// The only steps that read backups. (What else a part reads for every successor it makes
    /// from `steps` itself: `PartTables`.)
    let restoreSteps: [Int]

    /// One search's progress, reported as each part of a depth is done.
    package struct Progress: Sendable {
        /// The depth being searched (complete when `depthDone`).
        package let depth: Int
        package let depthDone: Bool
        package let states: Int
        package let successors: Int
        package let seconds: Double
    }

    /// Searches to `depth` for the properties; stops early when all have broken, or when
    /// `shouldStop` says so (checked by every worker before each state it expands, so a stop acts
    /// within one state's successors however costly the strategy's launches), or at the state limit.
    ///
    /// A tracking-blind root is searched blind as long as no app code reads tracking state; if
    /// some does (a strategy that said it never would), the search starts over seeing it. Steps
    /// that set a device up again are left out after the device's own steps (`RebuildingSteps`)
    /// as long as no server keeps a record an erase does not end; once one does, the device's
    /// past outlives the erase and the search starts over trying them.
    package func run(properties: Set<ExploreProperty>, depth: Int, clock: @escaping @Sendable () -> Double = { 0 },
                    shouldStop: @Sendable () -> Bool = { false }, progress: (Progress) -> Void = { _ in }) -> ExploreOutcome {
        var search = self
        var from = root
        while true {
            switch search.search(from: from, properties: properties, depth: depth, clock: clock, shouldStop: shouldStop, progress: progress) {
            case .done(let outcome):
                return outcome
            case .readTracking:
                from = ExploreState(world: root.world, app: app, value: value, trackingBlind: false)
                // Devices alike while their tracking state was left out may not be alike with it. (The
                // forms would still tell their states apart, so mirrors would merge soundly; this keeps
                // to `DeviceSymmetry`'s stated condition, devices alike at the root.)
                search.symmetry = symmetry == nil ? nil : DeviceSymmetry(root: from)
            case .keptServerRecord:
                search.reductions.remove(RebuildingSteps.reduction)
            }
        }
    }

    /// How a search ended: with its outcome, or with a reason to start over.
    enum SearchEnd {
        case done(ExploreOutcome)
        /// A tracking-blind search met app code that read tracking state.
        case readTracking
        /// A server kept a record an erase does not end while `RebuildingSteps` was in use.
        case keptServerRecord
    }

    /// The search from `root`, or why it must start over (see `run`).
    func search(from root: ExploreState, properties: Set<ExploreProperty>, depth: Int, clock: @escaping @Sendable () -> Double,
                shouldStop: @Sendable () -> Bool, progress: (Progress) -> Void) -> SearchEnd {
        let start = clock()
        var merge = MergeState(remaining: properties)
        let visited = VisitedShards([Fingerprinter.fingerprint(root, symmetry: foldedSymmetry, watching: PropertyMask(properties))])
        var levels: [[Node]] = [[Node(parent: 0, step: 0)]]
        var completed = 0
        var stopReason: ExploreOutcome.StopReason?
        // The serial part: the merging thread's time over the workers' results while none runs
        // (the bench's share), and of it the inserts into the visited set.
        var mergeSeconds = 0.0
        var insertSeconds = 0.0
        // Each worker replays from a root of its own (see `World.unshared`), for the whole search.
        let workerContexts = (0..<max(1, workers)).map { _ in WorkerContext(root: root.unshared(), programs: programs) }
        search: for level in 0..<depth {
            guard !merge.remaining.isEmpty else { break }
            let frontier = levels[level]
            let last = level + 1 == depth
            let viewed = reductions.contains(LaunchView.reduction) && LaunchView.applies(to: root)
            let beforeLast = viewed && level + 2 == depth, twoBeforeLast = viewed && level + 3 == depth
            let deviceCount = root.world.deviceCount
            let tried = last ? lastSteps : Array(steps.indices)
            let leavesCommuting = reductions.contains(CommutingSteps.reduction) && CommutingSteps.applies(at: level, depth: depth)
            let leavesRebuilding = reductions.contains(RebuildingSteps.reduction) && RebuildingSteps.applies(at: level, depth: depth)
            var next: [Node] = []
            let chunkSize = max(1, chunkStates)
            var chunkStart = 0
            func expand(_ chunk: Range<Int>, watching properties: Set<ExploreProperty>, after previous: ChunkInsert? = nil,
                        alongside: (() -> Void)? = nil) -> [RunResult] {
                let watch = Watch(app: app, value: value, properties: PropertyMask(properties), forgiving: goal?.forgiving ?? [])
                // The walk runs on one of the tasks while this thread waits for all of them: it
                // may touch what this function owns, since nothing else does meanwhile.
                return self.expand(chunk, on: workerContexts, level: level, levels: levels, last: last, beforeLast: beforeLast,
                                   twoBeforeLast: twoBeforeLast, leavesCommuting: leavesCommuting, leavesRebuilding: leavesRebuilding, tried: tried,
                                   watch: watch, visited: visited, shouldStop: shouldStop, after: previous, alongside: alongside.map(UncheckedTask.init))
            }
            func walk(_ chunk: ChunkInsert) {
                self.walk(chunk.runs, repeats: chunk.repeats, level: level, levels: levels, last: last, beforeLast: beforeLast,
                          twoBeforeLast: twoBeforeLast, deviceCount: deviceCount, into: &merge, next: &next)
            }
            // With more than one worker, a chunk's inserts and walk wait for the next chunk's
            // expansion: its tasks make the inserts first, then one walks while the others expand
            // (the walk reads nothing they write, and they read nothing it writes). The merging
            // thread's own part (the bench's share) is then only the level's last chunk.
            var pending: ChunkInsert?
            while chunkStart < frontier.count {
                // A chunk waiting for its merge is merged first, as if the stop had come after it:
                // the expansion that carries the merge finds the stop and makes nothing.
                if pending == nil && shouldStop() { stopReason = .cancelled; break search }
                let chunk = chunkStart..<min(chunkStart + chunkSize, frontier.count)
                var runs: [RunResult]
                if let previous = pending {
                    // The properties the walk will find broken: which ones does not depend on the
                    // order it finds them in, so this chunk is expanded no longer watching them, as
                    // it would be after the walk.
                    let watched = merge.remaining.subtracting(Self.brokenProperties(in: previous.runs))
                    runs = expand(chunk, watching: watched, after: previous, alongside: { walk(previous) })
                    assert(merge.remaining == watched, "the walk broke \(merge.remaining) of \(watched)")
                    if stopAtFirstBreak && !merge.breaks.isEmpty { break search }
                    if visited.count > stateLimit { stopReason = .stateLimit; break search }
                    progress(Progress(depth: level + 1, depthDone: false, states: visited.count, successors: merge.successors, seconds: clock() - start))
                    pending = nil
                } else {
                    runs = expand(chunk, watching: merge.remaining)
                }
                // A stop during the chunk leaves its runs part done: nothing of it is merged.
                if shouldStop() { stopReason = .cancelled; break search }
                if root.trackingBlind && runs.contains(where: \.readTracking) { return .readTracking }
                if reductions.contains(RebuildingSteps.reduction) && runs.contains(where: \.keptServerRecord) { return .keptServerRecord }
                let expanded = ChunkInsert(runs, into: visited)
                chunkStart = chunk.upperBound
                if workers > 1 && chunkStart < frontier.count {
                    pending = expanded
                    continue
                }
                // One worker, or the level's last chunk (the next level reads the states it adds):
                // merged here, while no worker runs.
                let insertStart = clock()
                expanded.insert(workers: workers)
                let walkStart = clock()
                walk(expanded)
                insertSeconds += walkStart - insertStart
                mergeSeconds += clock() - insertStart
                if stopAtFirstBreak && !merge.breaks.isEmpty { break search }
                if visited.count > stateLimit { stopReason = .stateLimit; break search }
                if chunkStart < frontier.count {
                    progress(Progress(depth: level + 1, depthDone: false, states: visited.count, successors: merge.successors, seconds: clock() - start))
                }
            }
            levels.append(next)
            completed = level + 1
            progress(Progress(depth: completed, depthDone: true, states: visited.count, successors: merge.successors, seconds: clock() - start))
            if next.isEmpty && !last { completed = depth; break }
        }
        return .done(ExploreOutcome(breaks: merge.breaks, searched: properties, completedDepth: completed, depth: depth, states: visited.count,
                                    successors: merge.successors, seconds: clock() - start, stopReason: stopReason,
                                    bytesPerState: Self.bytesPerState(levels: levels, visited: visited, sets: merge.launchViewMerge.sets),
                                    trackingBlind: root.trackingBlind, mergeSeconds: mergeSeconds, insertSeconds: insertSeconds))
    }

    /// A state's fingerprint (for tests and tools that compare states).
    package static func fingerprint(_ state: ExploreState) -> Int { Fingerprinter.fingerprint(state) }

    /// A state's fingerprint as this search sees it (under its symmetry, when it has one).
    package func fingerprint(of state: ExploreState) -> Int { Fingerprinter.fingerprint(state, symmetry: foldedSymmetry) }

    /// The fingerprint with every device rehashed, ignoring the forms the steps kept: equal to
    /// `fingerprint` whenever those forms are up to date.
    package static func fingerprintFromScratch(_ state: ExploreState, symmetry: DeviceSymmetry? = nil) -> Int {
        Fingerprinter.fingerprintFromScratch(state, symmetry: symmetry)
    }

    /// Applies one step as the search does: the properties it broke, or nil when it cannot apply.
    package func probe(_ state: inout ExploreState, _ step: Step) -> Set<ExploreProperty>? {
        probe(&state, step, forms: nil)
    }

    /// `probe`, remaking device forms from a worker's part forms as the search does.
    func probe(_ state: inout ExploreState, _ step: Step, forms: PartFormCache?) -> Set<ExploreProperty>? {
        state.apply(step, watch: Watch(app: app, value: value, properties: .all, forgiving: goal?.forgiving ?? []), programs: resolved,
                    forms: forms)?.properties
    }

    /// The steps from the root to a node.
    func path(to index: Int, level: Int, levels: [[Node]]) -> [Step] {
        stepNumbers(to: index, level: level, levels: levels).map { steps[Int($0)] }
    }

    /// The numbers of the steps from the root to a node, in order.
    func stepNumbers(to index: Int, level: Int, levels: [[Node]]) -> [UInt16] {
        var numbers = [UInt16](repeating: 0, count: level)
        stepNumbers(to: index, level: level, levels: levels, into: &numbers)
        return numbers
    }

    /// `stepNumbers` into an array of `level` elements.
    func stepNumbers(to index: Int, level: Int, levels: [[Node]], into numbers: inout [UInt16]) {
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
    static func bytesPerState(levels: [[Node]], visited: VisitedShards, sets: [FingerprintSet]) -> Double {
        let nodes = levels.reduce(0) { $0 + $1.capacity } * MemoryLayout<Node>.stride
        let buckets = (visited.capacity + sets.reduce(0) { $0 + $1.capacity }) * MemoryLayout<Int>.stride
        return Double(nodes + buckets) / Double(max(1, visited.count))
    }
}
