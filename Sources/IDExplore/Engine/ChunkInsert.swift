import Dispatch
import Synchronization

/// The merge's parallel part: a chunk's successors inserted into the visited set, each part of
/// the set on one worker (see `VisitedShards`), before the one thread that merges walks them in
/// order to build the next level.
extension Search {
    /// The positions of a run's successors not known to be visited (`fresh`, in order), grouped
    /// by the part of the visited set each belongs to (a counting sort: in order within each
    /// part), and where each part's positions end. Made by the worker that made the run, so the
    /// insert reads only the successors of its own parts.
    static func shardOrder(of fresh: [UInt32], in successors: [Successor]) -> (order: [UInt32], ends: [UInt32]) {
        var ends = [UInt32](repeating: 0, count: VisitedShards.shardCount)
        for position in fresh { ends[VisitedShards.shard(of: successors[Int(position)].fingerprint)] += 1 }
        var running: UInt32 = 0
        for shard in ends.indices {
            running += ends[shard]
            ends[shard] = running
        }
        var order = [UInt32](repeating: 0, count: fresh.count)
        var next = ends
        // Filled from the back, so each part's positions come out in order.
        for position in fresh.reversed() {
            let shard = VisitedShards.shard(of: successors[Int(position)].fingerprint)
            next[shard] -= 1
            order[Int(next[shard])] = position
        }
        return (order, ends)
    }

    /// The inserts of one chunk, shared by the tasks that make them: each task takes parts until
    /// none is left. The merge keeps only the first of equal states, as one set in the states'
    /// order would: within a part the order is the states'.
    final class ChunkInsert: Sendable {
        let runs: [RunResult]
        let visited: VisitedShards
        let repeats: RepeatMarks
        private let nextShard = RunCounter()
        private let shardsDone = Atomic<Int>(0)
        /// Left when the last part is in, for a task that waited longer than a short spin.
        private let allDone = DispatchGroup()

        /// Checks of `shardsDone` before a waiting task blocks: some tens of microseconds, about
        /// what a chunk's inserts take on several workers. A task that spun longer would keep a
        /// core from the thread it waits for, on a machine busy with other work.
        private static let spins = 1 << 14

        init(_ runs: [RunResult], into visited: VisitedShards) {
            self.runs = runs
            self.visited = visited
            repeats = RepeatMarks(runs: runs)
            allDone.enter()
        }

        deinit {
            // A chunk dropped before its inserts (a search stopped): its group is left balanced.
            // libdispatch traps on freeing a group still entered ("Group object deallocated while
            // in use", `_dispatch_group_dispose` in src/semaphore.c of apple/swift-corelibs-libdispatch
            // and Apple's libdispatch); this Linux build's did not trap when tried, macOS's was not run.
            if shardsDone.load(ordering: .relaxed) < VisitedShards.shardCount { allDone.leave() }
        }

        /// Makes every insert, on up to `workers` threads, and returns when they are done.
        func insert(workers: Int) {
            if workers > 1 {
                DispatchQueue.concurrentPerform(iterations: min(workers, VisitedShards.shardCount)) { _ in work() }
            } else {
                work()
            }
        }

        /// Takes parts and inserts their successors until no part is left to take.
        func work() {
            while true {
                let shard = nextShard.take()
                guard shard < VisitedShards.shardCount else { return }
                insert(shard: shard)
                // Acquiring too: the task that brings the last part in has seen every other part's
                // writes, and hands them on with the group to those blocked in the wait.
                if shardsDone.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == VisitedShards.shardCount { allDone.leave() }
            }
        }

        /// Waits until every part is inserted (by this task or others), so the set and the marks
        /// may be read: a spin first (a part is some microseconds of work), then a block.
        func waitUntilDone() {
            var checks = 0
            while shardsDone.load(ordering: .acquiring) < VisitedShards.shardCount {
                checks += 1
                if checks == Self.spins {
                    allDone.wait()
                    return
                }
            }
        }

        private func insert(shard: Int) {
            visited.update(shard: shard) { set in
                // Read in place, by index: a copy of a run's result would write the reference
                // counts of its arrays, which every worker reads (the counts' cache lines
                // would move between the cores for each run and part).
                for run in runs.indices {
                    let start = shard == 0 ? 0 : Int(runs[run].shardEnds[shard - 1]), end = Int(runs[run].shardEnds[shard])
                    for index in start..<end {
                        // A slot a few successors ahead, asked for now (see `FingerprintSet.prefetch`).
                        if index + Search.prefetchDistance < end {
                            set.prefetch(runs[run].successors[Int(runs[run].shardOrder[index + Search.prefetchDistance])].fingerprint)
                        }
                        let position = Int(runs[run].shardOrder[index])
                        if !set.insert(runs[run].successors[position].fingerprint) { repeats.mark(run: run, position: position) }
                    }
                }
            }
        }
    }

    /// The successors of a chunk that the insert found visited (made earlier in the chunk by
    /// another run): a flag each, in one block, written by the worker that owns its part.
    final class RepeatMarks: @unchecked Sendable {
        private let flags: UnsafeMutableBufferPointer<Bool>
        /// Where each run's flags start.
        private let starts: [Int]

        init(runs: [RunResult]) {
            var starts: [Int] = []
            starts.reserveCapacity(runs.count)
            var total = 0
            // By index: a copy of each run's result would retain and release its arrays.
            for run in runs.indices {
                starts.append(total)
                total += runs[run].successors.count
            }
            self.starts = starts
            flags = .allocate(capacity: max(1, total))
            flags.initialize(repeating: false)
        }

        deinit { flags.deallocate() }

        func mark(run: Int, position: Int) { flags[starts[run] + position] = true }

        func isMarked(run: Int, position: Int) -> Bool { flags[starts[run] + position] }
    }
}
