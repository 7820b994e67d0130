@testable import IDExplore
import IDSim
import Testing

/// The fingerprints' hash: a collision merges two states and can hide a break, so it must
/// separate the small, structured inputs a search feeds it.
@Suite("explore's fingerprint hash")
struct FingerprintHasherTests {
    static func hash(_ words: [UInt64]) -> Int {
        var hasher = FingerprintHasher()
        for word in words { hasher.combine(word) }
        return hasher.finalize()
    }

    @Test("inputs that differ in one word never hash alike")
    func oneWordApart() {
        var random = SplitMix(seed: 0xf1f1)
        for _ in 0..<2_000 {
            let words = (0..<Int(random.next() % 12 + 1)).map { _ in random.next() % 4 }
            var changed = words
            let at = Int(random.next() % UInt64(words.count))
            changed[at] = words[at] ^ (1 << (random.next() % 64))
            #expect(Self.hash(words) != Self.hash(changed), "\(words) vs \(changed)")
        }
    }

    @Test("a million small structured inputs hash to a million values")
    func structuredInputsSpread() {
        // Counters, flags and indices: the shape of most of a state's words.
        var seen = Set<Int>(minimumCapacity: 1_000_000)
        for a in 0..<100 as Range<UInt64> {
            for b in 0..<100 as Range<UInt64> {
                for c in 0..<100 as Range<UInt64> { seen.insert(Self.hash([a, b, c])) }
            }
        }
        #expect(seen.count == 1_000_000)
    }

    @Test("text hashes by its bytes and length, however it is split")
    func text() {
        func hash(_ parts: [String]) -> Int {
            var hasher = FingerprintHasher()
            for part in parts { hasher.combine(part) }
            return hasher.finalize()
        }
        #expect(hash(["ab", "c"]) != hash(["a", "bc"]))
        #expect(hash(["", "x"]) != hash(["x", ""]))
        #expect(hash(["0123456789abcdef"]) != hash(["0123456789abcdeF"]))
        #expect(hash(["keychain-idfv"]) == hash(["keychain-" + "idfv"]))
        // The length goes first, so where a string ends is never in doubt: eight NULs are not an
        // empty string followed by the number 8.
        var nuls = FingerprintHasher(), emptyThenEight = FingerprintHasher()
        nuls.combine(String(repeating: "\0", count: 8))
        emptyThenEight.combine("")
        emptyThenEight.combine(8)
        #expect(nuls.finalize() != emptyThenEight.finalize())
    }

    @Test("each case of the enums a state holds hashes apart from the others")
    func enumCases() {
        func distinct<T: RawRepresentable & CaseIterable>(_: T.Type) -> Bool where T.RawValue == String {
            Set(T.allCases.map { value in
                var hasher = FingerprintHasher()
                hasher.combine(value)
                return hasher.finalize()
            }).count == T.allCases.count
        }
        #expect(distinct(InstallSource.self) && distinct(ATTStatus.self) && distinct(Accessibility.self)
                && distinct(BackupKind.self) && distinct(LaunchMode.self) && distinct(SyncMatch.self))
        let presences: [AppPresence] = [.installed, .offloaded, .absent]
        #expect(Set(presences.map { value in
            var hasher = FingerprintHasher()
            hasher.combine(value)
            return hasher.finalize()
        }).count == 3)
    }

    @Test("an absent number is not any present one")
    func optionals() {
        func hash(_ value: Int?) -> Int {
            var hasher = FingerprintHasher()
            hasher.combine(value)
            return hasher.finalize()
        }
        #expect(Set([nil, -1, 0, 1].map(hash)).count == 4)
    }
}
