import CPrefetch

/// A set of fingerprints: open addressing, linear probing, no second hash.
///
/// Fingerprints and views are already well-mixed 64-bit hashes (`FingerprintHasher.finalize`),
/// so their low bits index the table as they are. `Set<Int>` hashed every one again with
/// SipHash, a few percent of a search, most of it in the one thread that merges each chunk
/// while the other core waits. Kept at most three quarters full (as `Set` is), so a state costs
/// the same 8 to 16 bytes. The search's visited set is made of these, one a part (`VisitedShards`);
/// each worker also keeps one of its own, of its run's successors.
struct FingerprintSet: Sendable {
    /// 0 marks an empty slot; a fingerprint that is 0 is kept in `holdsZero`.
    private var slots: [Int]
    private var holdsZero = false
    private(set) var count = 0

    init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity * 3 < minimumCapacity * 4 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
    }

    init(_ fingerprints: some Sequence<Int>) {
        self.init()
        for fingerprint in fingerprints { insert(fingerprint) }
    }

    /// The slots held (for the memory a search reports).
    var capacity: Int { slots.count }

    func contains(_ fingerprint: Int) -> Bool {
        if fingerprint == 0 { return holdsZero }
        return slots.withUnsafeBufferPointer { table in
            let mask = table.count - 1
            var index = fingerprint & mask
            while true {
                let held = table[index]
                if held == fingerprint { return true }
                if held == 0 { return false }
                index = (index + 1) & mask
            }
        }
    }

    /// Asks for the slot where a lookup of `fingerprint` starts to be brought into cache, so that
    /// `contains` or `insert` a little later does not wait on memory. A search's set is several
    /// megabytes: a lookup right after the fingerprint was made spent most of its time waiting.
    func prefetch(_ fingerprint: Int) {
        slots.withUnsafeBufferPointer { table in
            idscope_prefetch(table.baseAddress! + (fingerprint & (table.count - 1)))
        }
    }

    /// Adds a fingerprint; false when it was there already.
    @discardableResult
    mutating func insert(_ fingerprint: Int) -> Bool {
        if fingerprint == 0 {
            defer { holdsZero = true }
            if holdsZero { return false }
            count += 1
            return true
        }
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let inserted = slots.withUnsafeMutableBufferPointer { table in
            let mask = table.count - 1
            var index = fingerprint & mask
            while true {
                let held = table[index]
                if held == fingerprint { return false }
                if held == 0 {
                    table[index] = fingerprint
                    return true
                }
                index = (index + 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Empties the set, keeping its slots (a worker's set of one run's fingerprints, emptied for
    /// the next run: see `Explorer.expand`).
    mutating func removeAll() {
        guard count > 0 else { return }
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        holdsZero = false
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        slots.withUnsafeMutableBufferPointer { table in
            let mask = table.count - 1
            for fingerprint in old where fingerprint != 0 {
                var index = fingerprint & mask
                while table[index] != 0 { index = (index + 1) & mask }
                table[index] = fingerprint
            }
        }
    }
}
