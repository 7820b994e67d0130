/// The APNs environment a token belongs to: the `aps-environment` entitlement of the build's
/// provisioning profile, `development` for a build run from Xcode, `production` for TestFlight,
/// the App Store and in-house builds (rule APNS-35). A server must send each token to its own
/// environment's gateway.
public enum APNsEnvironment: String, CaseIterable, Sendable {
    case sandbox, production

    /// The environment of a build from this source.
    public init(_ source: InstallSource) {
        self = source == .xcode ? .sandbox : .production
    }
}

/// An APNs device token (rule APNS-35): what a server stores, 32 bytes written as 64 lowercase
/// hex digits, and the environment it was issued in.
///
/// Held as 128 random bits and widened to 32 bytes only when written out: a world mints one per
/// app registration, and a token kept as text would cost an allocation each time.
public struct APNsToken: Hashable, Sendable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64
    /// Where it was issued: a sandbox token means nothing to the production gateway, and back.
    public let environment: APNsEnvironment

    public init(high: UInt64, low: UInt64, environment: APNsEnvironment = .production) {
        self.high = high
        self.low = low
        self.environment = environment
    }

    /// The 128 random bits it is made from.
    public var words: (high: UInt64, low: UInt64) { (high, low) }

    /// The 64 hex digits: the two words, then two more derived from them (SplitMix64's finaliser).
    public var hex: String {
        let a = high, b = low, c = Self.mix(high ^ 0xA5A5_A5A5_A5A5_A5A5), d = Self.mix(low &+ 0x9E37_79B9_7F4A_7C15)
        return String(unsafeUninitializedCapacity: 64) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for (w, word) in [a, b, c, d].enumerated() {
                for n in 0..<16 {
                    buffer[w * 16 + n] = digits.utf8Start[Int((word >> UInt64(60 - 4 * n)) & 0xF)]
                }
            }
            return 64
        }
    }

    public var description: String { hex }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
