/// The world's single source of randomness: SplitMix64.
///
/// Every UUID, IDFA, token and hardware ID in a world is drawn from one generator seeded by the
/// scenario, so the same scenario and seed always give byte-identical results. SplitMix64 is
/// tiny (one word of state, so a world snapshot stays small), fast, and passes BigCrush.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random version-4 UUID, as `UUID()` would produce on a device.
    public mutating func nextUUID() -> SimUUID {
        let high = (next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return SimUUID(high: high, low: low)
    }

    /// A random APNs device token.
    public mutating func nextAPNsToken(environment: APNsEnvironment = .production) -> APNsToken {
        APNsToken(high: next(), low: next(), environment: environment)
    }
}
