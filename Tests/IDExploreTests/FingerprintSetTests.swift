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
        #expect(set.count == kept.count)
        for value in kept { #expect(set.contains(value)) }
        for _ in 0..<20_000 {
            let other = Int(bitPattern: UInt(random.next()))
            #expect(set.contains(other) == kept.contains(other))
        }
        // At most three quarters full.
        #expect(set.capacity * 3 >= set.count * 4)
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
