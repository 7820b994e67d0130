import Dispatch
import Synchronization
import IDSim
import IDStrategies

/// The parallel part of a search: a chunk of a level handed out in runs to the workers, each
/// replaying its states and making their successors.
extension Explorer {
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

    /// The successors of a chunk of one level by the `tried` steps, in order (parent, then step),
    /// made on every worker.
    ///
    /// The workers also look each successor up among the successors their run made before it,
    /// then in `visited` as it was before the chunk (only read while they run), so that one
    /// already visited costs the merge no insert, and no views are made for it. `previous` is the
    /// chunk before, whose inserts every task makes first; `alongside`, its walk, is a task of its own.
    func expand(_ chunk: Range<Int>, on contexts: [WorkerContext], level: Int, levels: [[Node]], last: Bool, beforeLast: Bool,
                        twoBeforeLast: Bool, leavesCommuting: Bool, leavesRebuilding: Bool, tried: [Int], watch: Watch,
                        visited: VisitedShards, shouldStop: @Sendable () -> Bool, after previous: ChunkInsert? = nil,
                        alongside: UncheckedTask? = nil) -> [RunResult] {
        let starts = Self.runStarts(count: chunk.count, workers: contexts.count)
        let runs = starts.count - 1
        let results = ResultSlots<RunResult>(count: runs, empty: RunResult())
        let nextRun = RunCounter()
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
            // Read for every successor: the worker's own copies (see `PartTables`).
            let own = context.tables(steps: steps, tried: tried, restoreSteps: restoreSteps, symmetry: foldedSymmetry)
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
                var out: [Successor] = [], outViews: [LaunchViews] = [], readTracking = false, keptServerRecord = false
                var fresh: [UInt32] = [], breaking: [UInt32] = []
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
                        launchOn = node.mark.launchDevices ?? LaunchView.devicesReached(from: context.replay.parent, to: state)
                    }
                    let restoresOnly = beforeLast && node.mark.isRestoresOnly
                    let reachedBy = level > 0 ? Int(node.step) : nil
                    for number in restoresOnly ? own.restoreSteps : own.tried {
                        // A step that commutes with the one that reached this state is left to the sibling;
                        // a step that sets a device up again reaches what it reached from the parent.
                        if leavesCommuting && own.commuting.leavesOut(number, after: reachedBy) { continue }
                        if leavesRebuilding && own.rebuilding.leavesOut(number, after: reachedBy) { continue }
                        if restoresOnly {
                            // Only the backups marked (and any past the eighth).
                            guard let b = state.backupForms.firstIndex(where: { $0.name == own.restoreNames[number] }),
                                  node.mark.restores(backup: b) else { continue }
                        } else if beforeLast && node.mark.leavesOut(stepOn: own.steps[number].device, ownStep: own.ownSteps[number]) {
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
                        keptServerRecord = keptServerRecord || successor.world.appCodeReads.serverRecordOutlivingErase
                        found.visited = !runSeen.insert(found.fingerprint) || visited.contains(found.fingerprint)
                        if found.visited || last {
                            // Counted (and maybe a break), never expanded.
                        } else if beforeLast {
                            (found.launchOn, found.launchView) = LaunchViewMerge.beforeLastView(of: successor, from: state, watching: watch.properties)
                        } else if twoBeforeLast {
                            let (launchView, views) = LaunchViewMerge.twoBeforeLastViews(of: successor, watching: watch.properties)
                            found.launchView = launchView
                            found.views = Int32(outViews.count)
                            outViews.append(views)
                        }
                        if !found.visited { fresh.append(UInt32(out.count)) }
                        if !broken.isEmpty { breaking.append(UInt32(out.count)) }
                        out.append(found)
                    }
                }
                let (shardOrder, shardEnds) = Self.shardOrder(of: fresh, in: out)
                results.set(run, RunResult(successors: out, views: outViews, readTracking: readTracking, keptServerRecord: keptServerRecord,
                                           fresh: fresh, breaking: breaking, shardOrder: shardOrder, shardEnds: shardEnds))
            }
        }
        // In run order: the order of the states, whichever worker took each run. (Read in place,
        // not joined into one list: copying every successor on the one thread that merges them
        // took 2% of a search.)
        return results.all
    }
}
