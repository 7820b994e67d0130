@testable import IDExplore
import Testing

/// The fingerprint's names for generated values: positions in a `ValueKeys`, the first eight
/// inline and the rest in an array, and keys made from a value's bits or text.
@Suite("explore's value keys")
struct ValueKeysTests {
    static func key(_ n: UInt64) -> ValueKey { ValueKey(high: n, low: ~n) }

    @Test("keys keep their order and positions past the inline eight, and truncate")
    func positions() {
        var keys = ValueKeys()
        for n in 0..<20 as Range<UInt64> { keys.append(Self.key(n)) }
        #expect(keys.count == 20)
        for n in 0..<20 {
            #expect(keys[n] == Self.key(UInt64(n)))
            #expect(keys.firstIndex(of: Self.key(UInt64(n))) == n)
        }
        #expect(keys.firstIndex(of: Self.key(99)) == nil)
        // A key equal in one word only is another key.
        #expect(keys.firstIndex(of: ValueKey(high: 3, low: 3)) == nil)

        var cut = keys
        cut.truncate(to: 10)
        #expect(cut.count == 10 && cut.firstIndex(of: Self.key(12)) == nil && cut.firstIndex(of: Self.key(9)) == 9)
        cut.truncate(to: 5)
        #expect(cut.count == 5 && cut.firstIndex(of: Self.key(5)) == nil && cut.firstIndex(of: Self.key(4)) == 4)
        // Truncated lists equal lists built to the same length (the slots past the end are cleared).
        var five = ValueKeys()
        for n in 0..<5 as Range<UInt64> { five.append(Self.key(n)) }
        #expect(cut == five)
        five.append(Self.key(7))
        #expect(cut != five)
        #expect(keys != cut)
    }

    @Test("a generated text is keyed by its bytes: the same text alike, any other text apart")
    func textKeys() {
        func key(_ text: String) -> ValueKey {
            Array(text.utf8).withUnsafeBufferPointer { ValueKey(text: $0) }
        }
        #expect(key("cKGmZ3nd1EuQpMffmm2FyK") == key("cKGmZ3nd1E" + "uQpMffmm2FyK"))
        let texts = (0..<10_000).map { "fid_\($0)_" + String(repeating: "x", count: $0 % 40) }
        #expect(Set(texts.map(key)).count == texts.count)
        // The two words are independent hashes, not one hash twice.
        let one = key("ab8f0c1d2e3f405162738495a6b7c8d9e0f1")
        #expect(one.high != one.low)
    }
}
