@testable import IDExplore
import Testing

/// The visited set and the view sets: a fingerprint in it must be found, one not in it never.
@Suite("explore's fingerprint set")
struct FingerprintSetTests {
    @Test("holds what was inserted, once each, across growth, zero and colliding low bits included")
    func insertAndFind() {
        var set = FingerprintSet()
        var random = SplitMix(seed: 0x5e7)
        var kept = Set<Int>()
        // Random fingerprints, values that share their low bits (they probe the same slots), and zero.
        var values = (0..<20_000).map { _ in Int(bitPattern: UInt(random.next())) }
        values += (1...500).map { $0 << 40 } + [0, 0, 1 << 40, -1, Int.min]
        for value in values {
            #expect(set.insert(value) == kept.insert(value).inserted, "\(value)")
        }
        expectHolds(kept, count: set.count, capacity: set.capacity, contains: set.contains, others: 20_000, random: &random)
    }

    @Test("emptied, a set holds nothing it held, keeps its slots, and takes each again")
    func removeAll() {
        var set = FingerprintSet(minimumCapacity: 64)
        let values: [Int] = [0, 1, -1, 64, 128, 1 << 40, Int.min] + (2...300).map { $0 &* 0x5E37_79B9_7F4A_7C15 }
        for value in values { set.insert(value) }
        let capacity = set.capacity
        set.removeAll()
        #expect(set.count == 0 && set.capacity == capacity)
        for value in values { #expect(!set.contains(value), "\(value)") }
        for value in values {
            let inserted = set.insert(value)
            #expect(inserted, "\(value)")
        }
        #expect(set.count == values.count)
    }

    @Test("an empty set holds nothing, zero included")
    func empty() {
        let set = FingerprintSet()
        #expect(!set.contains(0) && !set.contains(1) && set.count == 0)
    }
}

/// A set of fingerprints against the `Set` it must equal: as many, each found, random others found
/// exactly when `kept` has them, and at most three quarters full.
func expectHolds(_ kept: Set<Int>, count: Int, capacity: Int, contains: (Int) -> Bool, others: Int, random: inout SplitMix,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(count == kept.count, sourceLocation: sourceLocation)
    for value in kept { #expect(contains(value), "\(value)", sourceLocation: sourceLocation) }
    for _ in 0..<others {
        let other = Int(bitPattern: UInt(random.next()))
        #expect(contains(other) == kept.contains(other), "\(other)", sourceLocation: sourceLocation)
    }
    #expect(capacity * 3 >= count * 4, sourceLocation: sourceLocation)
}
