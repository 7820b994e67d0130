/// An iOS version as the rules need it: major and minor (and a patch kept only for display).
///
/// The simulator models iOS 6.0 through 18.x; anything outside is rejected when parsed.
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The oldest and newest majors the rules cover.
    public static let supportedMajors = 6...18

    /// What the parser takes, in words for its errors ("18.x" is refused for its x, "19.0" for its major).
    public static let expectedWords = "a major from 6 to 18 and a minor, in numbers"

    /// Parses "17", "17.5" or "17.5.1"; returns nil for anything else or outside 6.0–18.x.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, Self.supportedMajors.contains(numbers[0]) else { return nil }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// True when `self` lies in `[from, to)`, comparing major and minor only.
    func isIn(_ from: OSVersion, upTo to: OSVersion) -> Bool {
        let v = OSVersion(major, minor)
        return v >= from && v < to
    }
}
