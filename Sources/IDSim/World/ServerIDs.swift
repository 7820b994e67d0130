/// What an SDK's server remembers having assigned an app on a device, for a recipe's `server`
/// source that says when the server issues a new one (`reissueOn`). The server recognises the
/// device (Adjust's backend maps a device token it knows to the device it knew, adjust.yaml;
/// Branch is sent a hardware ID for matching, branch.yaml), so asked again it answers with the
/// same value, until one of the record's events happens. Kept in the device's tables, as the device is what the server knows,
/// but never backed up, restored or migrated: it is the server's, not the phone's.
public struct ServerIDKey: Hashable, Comparable, Sendable {
    public var app: AppIndex
    /// The recipe's ID the value was assigned for.
    public var name: String

    public init(app: AppIndex, name: String) {
        self.app = app
        self.name = name
    }

    public static func < (a: ServerIDKey, b: ServerIDKey) -> Bool { (a.app, a.name) < (b.app, b.name) }
}

/// The events after which the server assigns a new value instead of the one it remembers.
public struct ServerReissue: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The app is deleted (its reinstall is a new install to the server), by itself or with
    /// every app when the device is erased.
    public static let reinstall = ServerReissue(rawValue: 1)
    /// The device is erased, as it is before a restore or a migration onto it.
    public static let erase = ServerReissue(rawValue: 2)

    /// Whether a record with these events outlives an erase (which deletes every app too).
    public var outlivesErase: Bool { isDisjoint(with: [.reinstall, .erase]) }

    /// The words a recipe writes, in order.
    public static let names: [(String, ServerReissue)] = [("reinstall", .reinstall), ("erase", .erase)]

    /// These events' words, in `names`' order.
    public var words: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

/// A value the server assigned, and what ends its record.
public struct ServerID: Hashable, Sendable {
    public var value: String
    public var reissueOn: ServerReissue

    public init(value: String, reissueOn: ServerReissue) {
        self.value = value
        self.reissueOn = reissueOn
    }
}
