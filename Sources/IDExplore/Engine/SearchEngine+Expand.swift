import Dispatch

/// The parallel part of a search: a chunk of a level handed out in runs to the workers, each
/// replaying its states and making their successors.
extension SearchEngine {
    /// A run's successors and the views they carry to the merge (`NodeMarking.RunViews`).
    struct RunOutput {
        var run = Search.RunResult()
        var views: Model.Marking.RunViews
    }

    /// The successors of a chunk of one level by the plan's steps, in order (parent, then step),
    /// made on every worker.
    ///
    /// The workers also look each successor up among the successors their run made before it,
    /// then in `visited` as it was before the chunk (only read while they run), so that one
    /// already visited costs the merge no insert, and records no views. `previous` is the chunk
    /// before, whose inserts every task makes first; `alongside`, its walk, is a task of its own.
    func expand(_ chunk: Range<Int>, of levels: [[Search.Node]], at plan: LevelPlan<Model>, on contexts: [WorkerContext<Model>],
                watching: PropertyMask, visited: VisitedShards, shouldStop: @Sendable () -> Bool, after previous: Search.ChunkInsert? = nil,
                alongside: UncheckedTask? = nil) -> [RunOutput] {
        let starts = Search.runStarts(count: chunk.count, workers: contexts.count)
        let runs = starts.count - 1
        let model = self.model
        let results = ResultSlots<RunOutput>(count: runs, empty: RunOutput(views: model.marking.makeRunViews()))
        let nextRun = RunCounter()
        let level = plan.level
        // `alongside` (the previous chunk's walk) is the first task: the thread that takes it
        // goes on to a worker's runs when it is done, so no core has two threads to run.
        let first = alongside == nil ? 0 : 1
        DispatchQueue.concurrentPerform(iterations: min(contexts.count, runs) + first) { task in
            // The previous chunk's inserts first, on every task, since the workers look successors
            // up in the set and the walk reads the marks: one wait on threads already running, in
            // place of a round of its own.
            if let previous {
                previous.work()
                previous.waitUntilDone()
            }
            if let alongside, task < first {
                alongside.run()
                return
            }
            let context = contexts[task - first]
            let worker = context.worker, marking = model.marking
            // Read for every successor: the worker's own copies (see `WorkerContext`).
            let (tried, cuts) = context.tables(for: plan, model: model)
            model.prepare(worker, watching: watching)
            var path = [UInt16](repeating: 0, count: level)   // one array for the chunk, not one a state
            // The fingerprints of the run's successors so far. Neighbouring states often reach one
            // state by two paths (two steps that commute, in either order); the second is counted
            // as visited here, as the merge would find it, so it records no views, and the
            // merge tries no insert for it (a lookup in a set of megabytes). Room for a run of the
            // middle depths (64 states, two dozen successors each) without growing; with one worker
            // a run is the whole chunk, and the set grows to hold it.
            var runSeen = FingerprintSet(minimumCapacity: 1536)
            while true {
                let run = nextRun.take()
                guard run < runs else { break }
                let from = chunk.lowerBound + starts[run], to = chunk.lowerBound + starts[run + 1]
                var out = RunOutput(views: marking.makeRunViews())
                runSeen.removeAll()   // not needed for the outcome (earlier runs merge first): kept small
                out.run.successors.reserveCapacity((to - from) * tried.count / 4)
                for index in from..<to {
                    if shouldStop() { break }
                    let node = levels[level][index]
                    // A node whose word lets no step through keeps its place in the level (so the
                    // chunks, and which successors are made while a property is still watched, are
                    // as they would be), and is not replayed.
                    if marking.triesNothing(plan.phase, mark: node.mark) { continue }
                    out.run.expanded += 1
                    Self.stepNumbers(to: index, level: level, levels: levels, into: &path)
                    // A level lists its states in their parents' order, and those in theirs, so neighbours
                    // share most of their path: the replay keeps the states along the worker's last path
                    // and applies only the steps after the common prefix (a step or two, not `level`).
                    let state = context.replay.state(after: path) { state, number in model.replay(Int(number), on: &state, worker: worker) }
                    let filter = marking.filter(plan.phase, mark: node.mark, state: state, parent: plan.readsParent ? context.replay.parent : nil,
                                                worker: worker)
                    let reachedBy = level > 0 ? Int(node.step) : nil
                    for number in marking.candidates(filter, worker: worker) ?? tried {
                        // Left out by a step reduction, or by the node's mark; refusals known without
                        // trying are checked before the state is copied, and so are steps certain to
                        // lead back to the state, visited already.
                        if cuts.leavesOut(number, after: reachedBy) || !marking.allows(filter, step: number, state: state, worker: worker)
                            || model.skips(number, from: state, worker: worker) { continue }
                        // A successor whose fingerprint the model knows beforehand is made only if new.
                        let predicted = model.predictedFingerprint(number, from: state, worker: worker)
                        if let predicted, runSeen.contains(predicted) || visited.contains(predicted) {
                            out.run.successors.append(Search.Successor(fingerprint: predicted, parent: UInt32(index), step: UInt16(number),
                                                                       broken: [], visited: true))
                            continue
                        }
                        var successor = state
                        guard let result = model.apply(number, to: &successor, worker: worker) else { continue }
                        if predicted == nil { model.learn(number, from: state, to: successor, result: result, worker: worker) }
                        var found = Search.Successor(fingerprint: predicted ?? model.fingerprint(successor, worker: worker), parent: UInt32(index),
                                                     step: UInt16(number), broken: result.broken)
                        out.run.brokenAssumptions.formUnion(result.brokenAssumptions)
                        // (A predicted one was found in neither above.)
                        found.visited = !runSeen.insert(found.fingerprint) || predicted == nil && visited.contains(found.fingerprint)
                        if !found.visited && plan.records {
                            found.view = marking.record(plan.phase, successor: successor, from: state, worker: worker, into: &out.views)
                        }
                        let position = UInt32(out.run.successors.count)
                        if !found.visited { out.run.fresh.append(position) }
                        if !result.broken.isEmpty { out.run.breaking.append(position) }
                        out.run.successors.append(found)
                    }
                }
                (out.run.shardOrder, out.run.shardEnds) = Search.shardOrder(of: out.run.fresh, in: out.run.successors)
                results.set(run, out)
            }
        }
        // In run order: the order of the states, whichever worker took each run. (Read in place,
        // not joined into one list: copying every successor on the one thread that merges them
        // took 2% of a search.)
        return results.all
    }
}

extension Search {
    /// How far ahead the inserts and the walk ask for set slots: enough successors' worth of work
    /// to cover a fetch from memory.
    static let prefetchDistance = 8

    /// How many neighbouring states a worker takes at a time, at most. Small enough that a worker
    /// that finishes early takes more rather than waiting for the slower one; large enough that the
    /// replay mostly walks from a state to its neighbour (a run's first state shares less of its
    /// path with the worker's last state, which the other worker's runs lie between).
    static let statesPerRun = 64
    /// The fewest states a run takes, near the end of a chunk (see `runStarts`).
    static let fewestStatesPerRun = 4

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
}
