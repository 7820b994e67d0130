/// Breadth-first search over a model's numbered steps for the shortest sequence that breaks each
/// property (`SearchModel`).
///
/// Visited states are kept as fingerprints, and each new state short of the last depth as a link
/// to its parent and the step that led to it: 8 bytes a state in the level lists, 8 in the
/// visited set. A frontier state is rebuilt by replaying its path from the root, from where it
/// parts from the previous state's (`PathReplay`), so no state is kept. Successors are made on
/// every worker and merged in the states' order (the visited set's parts each in that order:
/// `VisitedShards`), so a search gives the same result every time, on any number of workers.
package struct SearchEngine<Model: SearchModel>: Sendable {
    package var model: Model

    /// Stop (saying so) before the visited set holds more states than this.
    package var stateLimit = 50_000_000
    /// Worker threads (fewer than one counts as one).
    package var workers = 2
    /// Ends the search at the first break of any property it watches, as soon as the chunk that
    /// found it is merged. The result then holds that break and its depth so far.
    package var stopAtFirstBreak = false
    /// Frontier states handed to the workers between two merges.
    /// Each chunk ends in a wait for the slowest worker; its merge rides on the next chunk's.
    package var chunkStates = 2048

    package init(model: Model) { self.model = model }

    /// Searches to `depth` for the properties; stops early when all have broken, or when
    /// `shouldStop` says so (checked by every worker before each state it expands, so a stop acts
    /// within one state's successors however costly the model's steps), or at the state limit.
    ///
    /// When a successor breaks what the model's reductions assume, the search starts over with
    /// the model that no longer assumes it (`SearchModel.relaxing`); the result says which model
    /// it ended with.
    package func run(properties: PropertyMask, depth: Int, clock: @escaping @Sendable () -> Double = { 0 },
                     shouldStop: @Sendable () -> Bool = { false }, progress: (SearchProgress) -> Void = { _ in }) -> (SearchResult, Model) {
        var search = self
        while true {
            switch search.search(properties: properties, depth: depth, clock: clock, shouldStop: shouldStop, progress: progress) {
            case .done(let result):
                return (result, search.model)
            case .broke(let assumptions):
                search.model = search.model.relaxing(assumptions)
                precondition(Self.assumed(by: search.model).isDisjoint(with: assumptions), "a model relaxed still assumes \(assumptions)")
            }
        }
    }

    /// How a search ended: with its result, or with the assumptions a successor broke.
    enum SearchEnd {
        case done(SearchResult)
        case broke(Assumptions)
    }

    /// The search from the model's root, or why it must start over (see `run`).
    func search(properties: PropertyMask, depth: Int, clock: @escaping @Sendable () -> Double,
                shouldStop: @Sendable () -> Bool, progress: (SearchProgress) -> Void) -> SearchEnd {
        let start = clock()
        var merge = MergeState(remaining: properties, marks: model.marking.makeMerge())
        let visited = VisitedShards([model.rootFingerprint(watching: properties)])
        var levels: [[Search.Node]] = [[Search.Node(parent: 0, step: 0)]]
        var completed = 0
        var stopReason: SearchResult.StopReason?
        // The serial part: the merging thread's time over the workers' results while none runs
        // (the bench's share), and of it the inserts into the visited set.
        var mergeSeconds = 0.0
        var insertSeconds = 0.0
        let workerContexts = (0..<max(1, workers)).map { _ in WorkerContext(model: model) }
        // What the model and its cuts assume (a cut's own assumption counts even where the model
        // forgot to list it).
        let assumed = Self.assumed(by: model)
        search: for level in 0..<depth {
            guard !merge.remaining.isEmpty else { break }
            let frontier = levels[level]
            let at = LevelPlan(model: model, level: level, depth: depth)
            var next: [Search.Node] = []
            let chunkSize = max(1, chunkStates)
            var chunkStart = 0
            func expand(_ chunk: Range<Int>, watching properties: PropertyMask, after previous: Search.ChunkInsert? = nil,
                        alongside: (() -> Void)? = nil) -> [RunOutput] {
                // The walk runs on one of the tasks while this thread waits for all of them: it
                // may touch what this function owns, since nothing else does meanwhile.
                self.expand(chunk, of: levels, at: at, on: workerContexts, watching: properties, visited: visited, shouldStop: shouldStop,
                            after: previous, alongside: alongside.map(UncheckedTask.init))
            }
            func walk(_ chunk: Search.ChunkInsert, _ outputs: [RunOutput]) {
                self.walk(chunk.runs, views: outputs.map(\.views), repeats: chunk.repeats, levels: levels, at: at, into: &merge, next: &next)
            }
            // With more than one worker, a chunk's inserts and walk wait for the next chunk's
            // expansion: its tasks make the inserts first, then one walks while the others expand
            // (the walk reads nothing they write, and they read nothing it writes). The merging
            // thread's own part (the bench's share) is then only the level's last chunk.
            var pending: (insert: Search.ChunkInsert, outputs: [RunOutput])?
            while chunkStart < frontier.count {
                // A chunk waiting for its merge is merged first, as if the stop had come after it:
                // the expansion that carries the merge finds the stop and makes nothing.
                if pending == nil && shouldStop() { stopReason = .cancelled; break search }
                let chunk = chunkStart..<min(chunkStart + chunkSize, frontier.count)
                var outputs: [RunOutput]
                if let previous = pending {
                    // The properties the walk will find broken: which ones does not depend on the
                    // order it finds them in, so this chunk is expanded no longer watching them, as
                    // it would be after the walk.
                    let watched = merge.remaining.subtracting(Self.brokenProperties(in: previous.insert.runs))
                    outputs = expand(chunk, watching: watched, after: previous.insert, alongside: { walk(previous.insert, previous.outputs) })
                    assert(merge.remaining == watched, "the walk broke \(merge.remaining) of \(watched)")
                    if stopAtFirstBreak && !merge.breaks.isEmpty { break search }
                    if visited.count > stateLimit { stopReason = .stateLimit; break search }
                    progress(SearchProgress(depth: level + 1, depthDone: false, states: visited.count, successors: merge.successors,
                                            seconds: clock() - start))
                    pending = nil
                } else {
                    outputs = expand(chunk, watching: merge.remaining)
                }
                // A stop during the chunk leaves its runs part done: nothing of it is merged.
                if shouldStop() { stopReason = .cancelled; break search }
                let broken = outputs.reduce(into: Assumptions()) { $0.formUnion($1.run.brokenAssumptions) }.intersection(assumed)
                // One at a time, the lowest bit first: the search that no longer assumes it may never
                // meet what broke the others (the model orders its bits as it wants them dropped).
                if !broken.isEmpty { return .broke(Assumptions(rawValue: broken.rawValue & (~broken.rawValue &+ 1))) }
                let expanded = Search.ChunkInsert(outputs.map(\.run), into: visited)
                chunkStart = chunk.upperBound
                if workers > 1 && chunkStart < frontier.count {
                    pending = (expanded, outputs)
                    continue
                }
                // One worker, or the level's last chunk (the next level reads the states it adds):
                // merged here, while no worker runs.
                let insertStart = clock()
                expanded.insert(workers: workers)
                let walkStart = clock()
                walk(expanded, outputs)
                insertSeconds += walkStart - insertStart
                mergeSeconds += clock() - insertStart
                if stopAtFirstBreak && !merge.breaks.isEmpty { break search }
                if visited.count > stateLimit { stopReason = .stateLimit; break search }
                if chunkStart < frontier.count {
                    progress(SearchProgress(depth: level + 1, depthDone: false, states: visited.count, successors: merge.successors,
                                            seconds: clock() - start))
                }
            }
            levels.append(next)
            completed = level + 1
            progress(SearchProgress(depth: completed, depthDone: true, states: visited.count, successors: merge.successors, seconds: clock() - start))
            if next.isEmpty && level + 1 < depth { completed = depth; break }
        }
        let nodes = levels.reduce(0) { $0 + $1.capacity } * MemoryLayout<Search.Node>.stride
        let buckets = (visited.capacity + model.marking.capacity(of: merge.marks)) * MemoryLayout<Int>.stride
        return .done(SearchResult(breaks: merge.breaks, completedDepth: completed, depth: depth, states: visited.count, successors: merge.successors,
                                  seconds: clock() - start, stopReason: stopReason, bytesPerState: Double(nodes + buckets) / Double(max(1, visited.count)),
                                  expanded: merge.expanded, mergeSeconds: mergeSeconds, insertSeconds: insertSeconds))
    }

    /// What a model and its cuts assume.
    static func assumed(by model: Model) -> Assumptions {
        model.stepCuts.reduce(model.assumptions) { $0.union($1.assumes) }
    }

    /// The numbers of the steps from the root to a node, in order.
    static func stepNumbers(to index: Int, level: Int, levels: [[Search.Node]]) -> [UInt16] {
        var numbers = [UInt16](repeating: 0, count: level)
        stepNumbers(to: index, level: level, levels: levels, into: &numbers)
        return numbers
    }

    /// `stepNumbers` into an array of `level` elements.
    static func stepNumbers(to index: Int, level: Int, levels: [[Search.Node]], into numbers: inout [UInt16]) {
        var index = index
        var level = level
        while level > 0 {
            let node = levels[level][index]
            numbers[level - 1] = node.step
            index = Int(node.parent)
            level -= 1
        }
    }
}

/// What one level of a search does: which steps it tries, and what the node-marking reduction
/// does there.
struct LevelPlan<Model: SearchModel>: Sendable {
    let level: Int
    let depth: Int
    /// The last depth: its states are counted, never expanded.
    let last: Bool
    /// The steps tried from each state (before the cuts and the marking's filter).
    let tried: [Int]
    let phase: Model.Marking.Phase
    /// Whether new successors carry views to the merge (`NodeMarking.records`).
    let records: Bool
    /// Whether the marking's filter reads a state's parent (`NodeMarking.readsParent`).
    let readsParent: Bool

    init(model: Model, level: Int, depth: Int) {
        self.level = level
        self.depth = depth
        last = level + 1 == depth
        tried = last ? model.breakingSteps : Array(0..<model.stepCount)
        phase = model.marking.phase(level: level, depth: depth)
        records = !last && model.marking.records(phase)
        readsParent = level > 0 && model.marking.readsParent(phase)
    }
}

/// One search's progress, reported as each part of a depth is done.
package struct SearchProgress: Sendable {
    /// The depth being searched (complete when `depthDone`).
    package let depth: Int
    package let depthDone: Bool
    package let states: Int
    package let successors: Int
    package let seconds: Double
}

/// What a search found, in the model's step numbers and property bits.
package struct SearchResult: Sendable {
    package enum StopReason: Sendable { case cancelled, stateLimit }

    /// By property bit: the shortest breaking sequence found, as step numbers.
    package let breaks: [Int: [UInt16]]
    /// Every sequence up to this length was searched.
    package let completedDepth: Int
    package let depth: Int
    /// Distinct states visited.
    package let states: Int
    /// Successor states evaluated (each: a step applied, a fingerprint, a lookup among the states
    /// visited: in the visited set, or among those its worker's run made before it).
    package let successors: Int
    package let seconds: Double
    package let stopReason: StopReason?
    package let bytesPerState: Double
    /// States expanded: replayed and tried by their steps (the node-marking reduction leaves some
    /// states counted only, and some listed that try nothing).
    package let expanded: Int
    /// Of `seconds`, the time spent merging the workers' results while no worker expanded states:
    /// what does not shrink with more workers.
    package let mergeSeconds: Double
    /// Of `mergeSeconds`, the inserts into the visited set (made on every worker).
    package let insertSeconds: Double
}
