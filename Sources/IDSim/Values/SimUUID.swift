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
    public var uuidString: String {
        let hex = Self.hex(high, 16) + Self.hex(low, 16)
        let chars = Array(hex)
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
            + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    /// Lowercase hex without dashes: the format FCUUID and ZBUUID keep their IDs in.
    public var compactLowercase: String { (Self.hex(high, 16) + Self.hex(low, 16)).lowercased() }

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
