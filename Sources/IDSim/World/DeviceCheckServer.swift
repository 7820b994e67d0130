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

    /// Bits by hardware, then by team and environment. One flat table of every (team, hardware)
    /// pair would be copied whole by the first write after each timeline snapshot; split by
    /// hardware, a write copies the short outer table and one device's entries.
    private var byHardware: [UInt64: [TeamKey: Bits]] = [:]

    private struct TeamKey: Hashable, Sendable {
        var teamID: String
        var environment: Environment
    }

    public init() {}

    public subscript(key: Key) -> Bits? {
        get { byHardware[key.hardwareID]?[TeamKey(teamID: key.teamID, environment: key.environment)] }
        set {
            let team = TeamKey(teamID: key.teamID, environment: key.environment)
            byHardware[key.hardwareID, default: [:]][team] = newValue
            if byHardware[key.hardwareID]?.isEmpty == true { byHardware[key.hardwareID] = nil }
        }
    }

    /// Every entry, by hardware ID, then team and environment: an order that depends only on
    /// what is held (for comparing worlds).
    public var entries: [(key: Key, bits: Bits)] {
        var out: [(key: Key, bits: Bits)] = []
        for hardware in byHardware.keys.sorted() {
            for (team, bits) in byHardware[hardware]! {
                out.append((Key(teamID: team.teamID, hardwareID: hardware, environment: team.environment), bits))
            }
        }
        return out.sorted { $0.key < $1.key }
    }

    /// An equal store in storage of its own (see `World.unshared`).
    func unshared() -> DeviceCheckServer {
        var copy = DeviceCheckServer()
        copy.byHardware = Dictionary(uniqueKeysWithValues: byHardware.map { hardware, teams in
            (hardware, Dictionary(uniqueKeysWithValues: teams.map { team, bits in
                (TeamKey(teamID: Unshared.string(team.teamID), environment: team.environment),
                 Bits(bit0: bits.bit0, bit1: bits.bit1, lastUpdate: Unshared.string(bits.lastUpdate)))
            }))
        })
        return copy
    }

    /// How many (team, hardware, environment) entries hold bits.
    public var count: Int { byHardware.values.reduce(0) { $0 + $1.count } }
}
