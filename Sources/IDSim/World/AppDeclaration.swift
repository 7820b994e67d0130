/// Position of an app in the world's catalog (`World.apps`).
public typealias AppIndex = Int
/// Position of a device in `World.devices`.
public typealias DeviceIndex = Int

/// An app as its developer ships it: identity, team, entitlements and the ID code it runs.
///
/// The declaration is the same on every device; what a device holds of it lives in `InstalledApp`.
public struct AppDeclaration: Hashable, Sendable {
    public var bundleID: String
    /// The Team ID, i.e. the vendor for App Store installs (rule IDFV-1).
    public var teamID: String
    public var defaultSource: InstallSource
    /// The name of the ID strategy the app runs at launch (resolved outside `IDSim`).
    public var strategy: String
    /// Strategy options, opaque to the core.
    public var options: [String: OptionValue]
    /// The `keychain-access-groups` entitlement, in order.
    public var keychainAccessGroups: [String]
    /// The `com.apple.security.application-groups` entitlement.
    public var appGroups: [String]
    /// Whether Info.plist has `NSUserTrackingUsageDescription` (rule ATT-13: without it, requesting crashes).
    public var hasTrackingUsageDescription: Bool
    /// A display name; may be any script (CJK names are common).
    public var displayName: String?

    public init(bundleID: String, teamID: String, defaultSource: InstallSource = .appstore,
                strategy: String = "id-kit", options: [String: OptionValue] = [:],
                keychainAccessGroups: [String] = [], appGroups: [String] = [],
                hasTrackingUsageDescription: Bool = true, displayName: String? = nil) {
        self.bundleID = bundleID
        self.teamID = teamID
        self.defaultSource = defaultSource
        self.strategy = strategy
        self.options = options
        self.keychainAccessGroups = keychainAccessGroups
        self.appGroups = appGroups
        self.hasTrackingUsageDescription = hasTrackingUsageDescription
        self.displayName = displayName
    }

    /// The application identifier, `TEAMID.bundleID`: always one of the app's keychain groups.
    public var applicationIdentifier: String { teamID + "." + bundleID }

    /// The keychain access groups the app may use, in the order of rule KC-16: the
    /// `keychain-access-groups` entries that carry the team's prefix, the application identifier,
    /// then App Groups. The first is where new items go by default.
    public var keychainGroups: [String] {
        var groups = keychainAccessGroups.filter { $0.hasPrefix(teamID + ".") }
        if !groups.contains(applicationIdentifier) { groups.append(applicationIdentifier) }
        for group in appGroups where !groups.contains(group) { groups.append(group) }
        return groups
    }

    /// Whether the app declared any `keychain-access-groups` entitlement at all.
    public var hasKeychainSharingEntitlement: Bool { !keychainAccessGroups.isEmpty }
}

/// A strategy option value as a scenario gives it.
public enum OptionValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([String])

    public var description: String {
        switch self {
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .string(let s): s
        case .list(let l): "[" + l.joined(separator: ", ") + "]"
        }
    }
}
