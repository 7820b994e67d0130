/// The search's visited set in parts, by each fingerprint's top bits, so that the merge inserts
/// a chunk's successors on every worker at once: each part is filled by one worker, in the
/// states' order, so which of two equal successors is the new one is the same on any number of
/// workers, as it was with one set.
///
/// With one set, updated by the one thread that merges, the merge was the search's serial part:
/// about 2% of one worker's time, and a search whose serial part is 2% of it runs at most
/// 1 / (0.02 + 0.98 / 16) = 12.3 times as fast on 16 workers as on one, however well the rest
/// scales. (Fingerprints are well-mixed hashes: the top bits choose a part, and the low bits
/// index inside it, as `FingerprintSet` takes them.)
final class VisitedShards: @unchecked Sendable {
    static let shardBits = 5
    static let shardCount = 1 << shardBits

    /// The parts, in raw storage: a worker updates its part in place, and an array of sets
    /// written by several threads at once would have each of them check and write its storage.
    private let shards: UnsafeMutableBufferPointer<FingerprintSet>

    init(_ fingerprints: some Sequence<Int>) {
        shards = .allocate(capacity: Self.shardCount)
        shards.initialize(repeating: FingerprintSet())
        for fingerprint in fingerprints { _ = update(shard: Self.shard(of: fingerprint)) { $0.insert(fingerprint) } }
    }

    deinit {
        _ = shards.deinitialize()
        shards.deallocate()
    }

    /// The part a fingerprint belongs to: its top bits.
    @inline(__always)
    static func shard(of fingerprint: Int) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: fingerprint) &>> UInt(UInt.bitWidth - shardBits))
    }

    /// Whether the set holds the fingerprint (read by every worker at once, between updates).
    func contains(_ fingerprint: Int) -> Bool {
        shards[Self.shard(of: fingerprint)].contains(fingerprint)
    }

    /// See `FingerprintSet.prefetch`.
    func prefetch(_ fingerprint: Int) {
        shards[Self.shard(of: fingerprint)].prefetch(fingerprint)
    }

    /// Fingerprints held, in all parts.
    var count: Int { shards.reduce(0) { $0 + $1.count } }

    /// Slots held, in all parts (for the memory a search reports).
    var capacity: Int { shards.reduce(0) { $0 + $1.capacity } }

    /// Works on one part. While it does, no other thread may work on that part and none may read
    /// the set: only the merge's insert calls this, each part on one worker.
    func update<Result>(shard: Int, _ body: (inout FingerprintSet) -> Result) -> Result {
        // Moved out and back, so its count is written here, not beside its neighbours' counts,
        // which other workers are writing (the parts' headers share cache lines).
        let slot = shards.baseAddress! + shard
        var part = slot.move()
        defer { slot.initialize(to: part) }
        return body(&part)
    }
}
