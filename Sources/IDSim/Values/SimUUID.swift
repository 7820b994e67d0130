/// A 128-bit identifier in the shape iOS hands out (`UUID().uuidString`).
///
/// Stored as two words rather than a `String` so that a world of thousands of identifiers stays
/// small and compares fast; the text form is produced only when something is shown.
public struct SimUUID: Hashable, Comparable, Sendable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The all-zero value iOS returns for the IDFA when tracking is not allowed.
    public static let zero = SimUUID(high: 0, low: 0)

    public var isZero: Bool { high == 0 && low == 0 }

    /// Uppercase with dashes, as `UUID().uuidString` prints it.
    public var uuidString: String { format(dashes: true, upper: true) }

    /// Lowercase hex without dashes: the format FCUUID and ZBUUID keep their IDs in.
    public var compactLowercase: String { format(dashes: false, upper: false) }

    /// Writes the 32 hex digits straight into the string's storage: UUIDs are formatted on
    /// every launch, so this avoids building them from pieces. The digits are worked out, not
    /// looked up in a table: a global array read here was retained and released by every thread
    /// that formats, one reference count written from every core of a search.
    package func format(dashes: Bool, upper: Bool) -> String {
        let letters = upper ? UInt8(ascii: "A") - 10 : UInt8(ascii: "a") - 10
        return String(unsafeUninitializedCapacity: dashes ? 36 : 32) { buffer in
            var out = 0
            for nibble in 0..<32 {
                if dashes && (nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20) {
                    buffer[out] = UInt8(ascii: "-")
                    out += 1
                }
                let word = nibble < 16 ? high : low
                let digit = UInt8(truncatingIfNeeded: (word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)
                buffer[out] = digit < 10 ? UInt8(ascii: "0") + digit : letters + digit
                out += 1
            }
            return out
        }
    }

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (either case), or 32 hex digits without dashes.
    public init?(_ text: String) {
        let digits = text.filter { $0 != "-" }
        guard digits.count == 32, text.count == 32 || text.count == 36 else { return nil }
        let all = Array(digits)
        guard let high = UInt64(String(all[0..<16]), radix: 16),
              let low = UInt64(String(all[16..<32]), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }

    public static func < (lhs: SimUUID, rhs: SimUUID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    static func hex(_ value: UInt64, _ width: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension SimUUID: CustomStringConvertible {
    public var description: String { uuidString }
}
