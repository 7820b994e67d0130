@testable import IDExplore
import Dispatch
import Synchronization
import Testing

/// The visited set in parts, and the merge's inserts into it on several workers: what they find
/// new must be what one set, filled in the successors' order, would find new.
@Suite("explore's visited set in parts")
struct VisitedShardsTests {
    @Test("a fingerprint goes to the part of its top bits, and the parts together hold what was inserted")
    func parts() {
        #expect(VisitedShards.shard(of: 0) == 0)
        #expect(VisitedShards.shard(of: -1) == VisitedShards.shardCount - 1)
        #expect(VisitedShards.shard(of: Int.min) == VisitedShards.shardCount / 2)
        #expect(VisitedShards.shard(of: 1 << (Int.bitWidth - VisitedShards.shardBits)) == 1)
        var random = SplitMix(seed: 0x5a4d)
        let values = (0..<5_000).map { _ in Int(bitPattern: UInt(random.next())) } + [0, -1, Int.min, Int.max]
        let visited = VisitedShards(values.prefix(2_500))
        var kept = Set(values.prefix(2_500))
        for value in values.dropFirst(2_500) {
            let inserted = visited.update(shard: VisitedShards.shard(of: value)) { $0.insert(value) }
            #expect(inserted == kept.insert(value).inserted, "\(value)")
        }
        expectHolds(kept, count: visited.count, capacity: visited.capacity, contains: visited.contains, others: 5_000, random: &random)
    }

    @Test("a run's fresh successors by part keep their order within each part and are each listed once")
    func shardOrder() {
        var random = SplitMix(seed: 0x03d3)
        let successors = (0..<600).map { index in
            Search.Successor(fingerprint: Int(bitPattern: UInt(random.next())), parent: 0, step: UInt16(index % 70), broken: [])
        }
        let fresh = successors.indices.filter { _ in random.next() % 3 != 0 }.map(UInt32.init)
        let (order, ends) = Search.shardOrder(of: fresh, in: successors)
        #expect(ends.count == VisitedShards.shardCount && Int(ends.last!) == fresh.count)
        #expect(order.sorted() == fresh)
        var start = 0
        for shard in 0..<VisitedShards.shardCount {
            let part = Array(order[start..<Int(ends[shard])])
            #expect(part == part.sorted(), "part \(shard) out of order")
            #expect(part.allSatisfy { VisitedShards.shard(of: successors[Int($0)].fingerprint) == shard })
            start = Int(ends[shard])
        }
    }

    @Test("tasks that make the inserts and then wait all see every part in, and a chunk dropped before its inserts goes quietly")
    func waitForInserts() {
        var random = SplitMix(seed: 0x3a17)
        var run = Search.RunResult()
        for position in 0..<5_000 {
            run.successors.append(Search.Successor(fingerprint: Int(bitPattern: UInt(random.next())), parent: 0, step: 0, broken: []))
            run.fresh.append(UInt32(position))
        }
        (run.shardOrder, run.shardEnds) = Search.shardOrder(of: run.fresh, in: run.successors)
        let visited = VisitedShards([])
        let insert = Search.ChunkInsert([run], into: visited)
        let missing = Atomic<Int>(0)
        let fingerprints = run.successors.map(\.fingerprint)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            insert.work()
            insert.waitUntilDone()
            let absent = fingerprints.filter { !visited.contains($0) }.count
            missing.wrappingAdd(absent, ordering: .relaxed)
        }
        #expect(missing.load(ordering: .relaxed) == 0)
        #expect(visited.count == Set(fingerprints).count)
        // Its group entered and never left: libdispatch traps when such a group is freed on macOS
        // ("Group object deallocated while in use"); this host's does not, so here it only runs.
        _ = Search.ChunkInsert([run], into: VisitedShards([]))
    }

    @Test("the inserts mark as repeated exactly the successors an earlier one of the chunk brought in, on any number of workers",
          arguments: [1, 2, 5])
    func insertsMatchOneSetInOrder(workers: Int) {
        var random = SplitMix(seed: UInt64(0x1a5e + workers))
        // A few hundred fingerprints, drawn with repeats inside runs and across them; some are
        // in the set before the chunk.
        let pool = (0..<400).map { _ in Int(bitPattern: UInt(random.next())) }
        let before = Array(pool.prefix(50))
        let visited = VisitedShards(before)
        var runs: [Search.RunResult] = []
        for _ in 0..<12 {
            var run = Search.RunResult()
            var seenInRun = Set<Int>()
            for _ in 0..<Int(random.next() % 80) {
                let fingerprint = random.pick(pool)
                var successor = Search.Successor(fingerprint: fingerprint, parent: 0, step: 0, broken: [])
                // As a worker marks them: seen earlier in its run, or in the set before the chunk.
                successor.visited = !seenInRun.insert(fingerprint).inserted || visited.contains(fingerprint)
                if !successor.visited { run.fresh.append(UInt32(run.successors.count)) }
                run.successors.append(successor)
            }
            (run.shardOrder, run.shardEnds) = Search.shardOrder(of: run.fresh, in: run.successors)
            runs.append(run)
        }
        let insert = Search.ChunkInsert(runs, into: visited)
        insert.insert(workers: workers)
        let repeats = insert.repeats
        var one = Set(before)
        for (index, run) in runs.enumerated() {
            for position in run.fresh {
                let new = one.insert(run.successors[Int(position)].fingerprint).inserted
                #expect(repeats.isMarked(run: index, position: Int(position)) == !new, "run \(index), successor \(position)")
            }
        }
        #expect(visited.count == one.count)
    }
}
