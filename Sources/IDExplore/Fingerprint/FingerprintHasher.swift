import IDSim

/// The hash behind explore's fingerprints: a word at a time, each step a bijection of the state
/// for a given word (xor, multiply by an odd constant, xor-shift), so two inputs that differ in a
/// single word never collide, and other differences collide about as often as random 64-bit
/// values. `Hasher` (SipHash) is built to resist chosen inputs, which a search does not face,
/// and was a tenth of a search's time; this is a few multiplies a word.
///
/// Unlike `Hasher` it is not seeded per process: a search fingerprints the same state alike in
/// every run.
struct FingerprintHasher {
    private var state: UInt64

    init() { state = 0x243F_6A88_85A3_08D3 }

    /// A hasher whose results are independent of the default one's (a second lane for a wider hash).
    init(seed: UInt64) { state = seed }

    @inline(__always)
    mutating func combine(_ word: UInt64) {
        var h = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        state = h ^ (h >> 29)
    }

    mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    mutating func combine(_ value: UInt8) { combine(UInt64(value)) }

    mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

    mutating func combine(_ value: Int?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    /// Its length, then its UTF-8 bytes eight to a word (the last word padded with zeros): the
    /// length says how many words follow, so "ab" + "c" is not "a" + "bc", nor "" + "\0" "\0" + "".
    /// (The fingerprint gives its lists a count or an end mark, for the same reason.)
    mutating func combine(_ text: String) {
        // Native and small strings lend their UTF-8 in place (borrowed: no copy, no retain); only
        // a bridged one is copied.
        if text.utf8.withContiguousStorageIfAvailable({ combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            Array(text.utf8).withUnsafeBytes { combine(bytes: $0) }
        }
    }

    mutating func combine(bytes: UnsafeRawBufferPointer) {
        combine(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            combine(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
    }

    /// An enum by its case. A payload-free enum is one byte, its case's tag, distinct for each
    /// case: hashed as a word (hashing the raw name made a string of it, for each of a device's
    /// apps, on every successor). Any other is hashed by its raw name.
    mutating func combine<T: RawRepresentable>(_ value: T) where T.RawValue == String {
        if MemoryLayout<T>.size == 1 {
            combine(UInt64(unsafeBitCast(value, to: UInt8.self)))
        } else {
            combine(value.rawValue)
        }
    }

    mutating func combine(_ version: OSVersion) {
        combine(version.major)
        combine(version.minor)
        combine(version.patch)
    }

    mutating func combine(_ key: VendorKey) {
        combine(key.namespace)
        combine(key.value)
    }

    mutating func combine(_ settings: TrackingSettings) {
        combine(settings.limitAdTracking)
        combine(settings.allowTrackingRequests)
        combine(settings.continueTracking)
        combine(settings.trackingRestricted)
    }

    mutating func combine(_ key: DeviceCheckServer.Key) {
        combine(key.teamID)
        combine(key.hardwareID)
        combine(key.environment)
    }

    mutating func combine(_ key: NamedPasteboardKey) {
        combine(key.scope)
        combine(key.name)
    }

    /// The state, spread once more so that every input bit reaches every output bit.
    func finalize() -> Int {
        var h = state
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }
}
