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
/// The first eight are held inline, so that making, copying and searching the handful a device
/// or a state holds allocates nothing; more go to an array. Inline as eight plain keys, written
/// and read one at a time in memory: held as two vectors of eight words, each append wrote one
/// lane through memory and read the whole vectors straight back, a store the load could not be
/// forwarded from, and that stall was half the time spent taking a form's values into a
/// fingerprint.
struct ValueKeys: Equatable, Sendable {
    private typealias Inline = (ValueKey, ValueKey, ValueKey, ValueKey, ValueKey, ValueKey, ValueKey, ValueKey)
    private static let zero = ValueKey(high: 0, low: 0)
    private var inline: Inline = (zero, zero, zero, zero, zero, zero, zero, zero)
    /// The keys past the eighth (nil until there are any).
    private var more: [ValueKey]?
    private(set) var count = 0

    private static let inlineCapacity = 8

    init() {}

    subscript(index: Int) -> ValueKey {
        index < Self.inlineCapacity ? inlineKey(index) : more![index - Self.inlineCapacity]
    }

    private func inlineKey(_ index: Int) -> ValueKey {
        withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * MemoryLayout<ValueKey>.stride, as: ValueKey.self) }
    }

    mutating func append(_ key: ValueKey) {
        if count < Self.inlineCapacity {
            let offset = count * MemoryLayout<ValueKey>.stride
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: key, toByteOffset: offset, as: ValueKey.self) }
        } else {
            more = (more ?? []) + [key]
        }
        count += 1
    }

    /// The position of `key`, if it is here.
    func firstIndex(of key: ValueKey) -> Int? {
        let found: Int? = withUnsafeBytes(of: inline) { raw in
            for index in 0..<min(count, Self.inlineCapacity) {
                let stored = raw.load(fromByteOffset: index * MemoryLayout<ValueKey>.stride, as: ValueKey.self)
                if stored.high == key.high && stored.low == key.low { return index }
            }
            return nil
        }
        if let found { return found }
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

    static func == (a: ValueKeys, b: ValueKeys) -> Bool {
        guard a.count == b.count, a.more == b.more else { return false }
        for index in 0..<min(a.count, inlineCapacity) where a.inlineKey(index) != b.inlineKey(index) { return false }
        return true
    }

    /// Keeps the first `kept` keys.
    mutating func truncate(to kept: Int) {
        guard kept < count else { return }
        if let extra = more {
            let keptExtra = max(0, kept - Self.inlineCapacity)
            more = keptExtra == 0 ? nil : Array(extra.prefix(keptExtra))
        }
        count = kept
    }
}
