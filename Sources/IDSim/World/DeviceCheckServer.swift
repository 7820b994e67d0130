/// Apple's DeviceCheck store: two bits and a month per (team, hardware, environment) (rule DC-27).
///
/// It lives outside every device, so erasing or restoring a device never touches it.
public struct DeviceCheckServer: Hashable, Sendable {
    public struct Key: Hashable, Comparable, Sendable {
        public var teamID: String
        public var hardwareID: UInt64
        public var environment: Environment

        public static func < (a: Key, b: Key) -> Bool {
            (a.teamID, a.hardwareID, a.environment.rawValue) < (b.teamID, b.hardwareID, b.environment.rawValue)
        }
    }

    public enum Environment: String, Sendable {
        case production, development
    }

    public struct Bits: Hashable, Sendable {
        public var bit0: Bool
        public var bit1: Bool
        /// "YYYY-MM"
        public var lastUpdate: String
    }

    public var store: [Key: Bits] = [:]

    public init() {}
}
