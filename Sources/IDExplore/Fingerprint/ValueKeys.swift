/// A generated value as the fingerprint names it: two words.
///
/// A UUID (in any case, with or without dashes) is keyed by its 128 bits, so every spelling of
/// one value shares a key. Any other generated text (a hash, a token, a Firebase ID) is keyed
/// by a 128-bit hash of its bytes: two different texts share a key with a probability of about
/// 2⁻¹²⁸ per pair, far below the 2⁻⁶⁴ at which two states share a fingerprint. Kept as plain
/// words, a key is copied and compared without reference counting: a search copies millions.
struct ValueKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The key of a generated text that is not a UUID: two independent hashes of its bytes.
    init(text bytes: UnsafeBufferPointer<UInt8>) {
        var first = FingerprintHasher(), second = FingerprintHasher(seed: 0x5851_F42D_4C95_7F2D)
        let raw = UnsafeRawBufferPointer(bytes)
        first.combine(bytes: raw)
        second.combine(bytes: raw)
        self.init(high: UInt64(bitPattern: Int64(first.finalize())), low: UInt64(bitPattern: Int64(second.finalize())))
    }
}

/// Value keys in order: the names a fingerprint gives generated values as it walks (a key's
/// name is its position).
///
/// The first eight are held inline, in two vectors, so that making, copying and searching
/// the handful a device or a state holds allocates nothing and is a few vector compares; more
/// go to an array.
struct ValueKeys: Equatable, Sendable {
    private var highs = SIMD8<UInt64>()
    private var lows = SIMD8<UInt64>()
    /// The keys past the eighth (nil until there are any).
    private var more: [ValueKey]?
    private(set) var count = 0

    private static let inlineCapacity = SIMD8<UInt64>.scalarCount

    init() {}

    subscript(index: Int) -> ValueKey {
        index < Self.inlineCapacity ? ValueKey(high: highs[index], low: lows[index]) : more![index - Self.inlineCapacity]
    }

    mutating func append(_ key: ValueKey) {
        if count < Self.inlineCapacity {
            highs[count] = key.high
            lows[count] = key.low
        } else {
            more = (more ?? []) + [key]
        }
        count += 1
    }

    /// The position of `key`, if it is here.
    func firstIndex(of key: ValueKey) -> Int? {
        for index in 0..<min(count, Self.inlineCapacity) where highs[index] == key.high && lows[index] == key.low {
            return index
        }
        guard let more, let index = more.firstIndex(of: key) else { return nil }
        return Self.inlineCapacity + index
    }

    /// The keys in order, in an array of exactly their count.
    var array: [ValueKey] {
        guard count > 0 else { return [] }
        var keys: [ValueKey] = []
        keys.reserveCapacity(count)
        for index in 0..<count { keys.append(self[index]) }
        return keys
    }

    /// Slots past `count` are always zero, so whole vectors compare.
    static func == (a: ValueKeys, b: ValueKeys) -> Bool {
        a.count == b.count && a.highs == b.highs && a.lows == b.lows && a.more == b.more
    }

    /// Keeps the first `kept` keys.
    mutating func truncate(to kept: Int) {
        guard kept < count else { return }
        for index in min(kept, Self.inlineCapacity)..<min(count, Self.inlineCapacity) {
            highs[index] = 0
            lows[index] = 0
        }
        if let extra = more {
            let keptExtra = max(0, kept - Self.inlineCapacity)
            more = keptExtra == 0 ? nil : Array(extra.prefix(keptExtra))
        }
        count = kept
    }
}
