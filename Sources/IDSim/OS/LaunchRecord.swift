/// What happened when an app launched: the step, how it was started, and what its code reported.
///
/// Immutable and shared: worlds on the timeline hold the same record rather than copies of it.
public final class LaunchRecord: Hashable, Sendable {
    /// The scenario step (1-based) of the launch.
    public let step: Int
    public let mode: LaunchMode
    /// Which installation ran (a reinstall is a new one).
    public let installation: UInt64
    public let report: LaunchReport
    /// The APNs device token the app was given at this launch (rule APNS-35), a platform value
    /// beside what its ID code reported.
    public let apnsToken: APNsToken?

    public init(step: Int, mode: LaunchMode, installation: UInt64, report: LaunchReport, apnsToken: APNsToken? = nil) {
        self.step = step
        self.mode = mode
        self.installation = installation
        self.report = report
        self.apnsToken = apnsToken
    }

    public static func == (a: LaunchRecord, b: LaunchRecord) -> Bool {
        a === b || (a.step == b.step && a.mode == b.mode && a.installation == b.installation && a.report == b.report
                    && a.apnsToken == b.apnsToken)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(step)
        hasher.combine(installation)
        hasher.combine(report)
    }
}

/// What an app's ID code returned at launch, in the contract's terms.
public struct LaunchReport: Hashable, Sendable {
    /// The strategy's primary ID (contract: `id`), nil when it has none or found none.
    public var primaryID: String?
    /// id-kit's `best` source name; nil for other strategies.
    public var best: String?
    /// Every named raw value the code read (contract: `values`), in the strategy's order.
    public var values: [NamedValue]
    /// The code's own result shape (contract: `result`).
    public var result: StructuredValue
    /// What the code ran into on the way, for people (e.g. "keychain read failed: errSecInteractionNotAllowed").
    public var notes: [String]

    public init(primaryID: String?, best: String? = nil, values: [NamedValue], result: StructuredValue = .null,
                notes: [String] = []) {
        self.primaryID = primaryID
        self.best = best
        self.values = values
        self.result = result
        self.notes = notes
    }

    /// The value read under `name`, if any.
    public func value(_ name: String) -> String? {
        values.first { $0.name == name }?.value
    }
}

public struct NamedValue: Hashable, Sendable {
    public var name: String
    public var value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
}

/// A JSON value with ordered object keys, so what is written prints the same every time: an app's
/// results here, and every JSON document idscope writes (its schemas, jsonl, reports), which
/// IDScenario's JSONText serializes.
public indirect enum StructuredValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number past Int's range (a seed's maximum, UInt64's).
    case unsigned(UInt64)
    case string(String)
    case array([StructuredValue])
    case object([Member])

    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: StructuredValue

        public init(_ key: String, _ value: StructuredValue) {
            self.key = key
            self.value = value
        }
    }

    /// `.string` for a value, `.null` for nil.
    public static func optional(_ text: String?) -> StructuredValue {
        text.map(StructuredValue.string) ?? .null
    }

    public subscript(key: String) -> StructuredValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
