/// Position of an app in the world's catalog (`World.apps`).
public typealias AppIndex = Int
/// Position of a device in `World.devices`.
public typealias DeviceIndex = Int

/// What an app is beside its host: a full app, one of its extensions, or its App Clip.
public enum AppRole: Hashable, Sendable {
    case app
    /// An app extension (widget, notification service, …) shipped inside its host (rule EXT-33).
    case appExtension(host: AppIndex)
    /// An App Clip of a full app (rule CLIP-34).
    case appClip(fullApp: AppIndex)

    /// The host of an extension.
    public var host: AppIndex? {
        if case .appExtension(let host) = self { return host }
        return nil
    }

    /// The full app of a clip.
    public var fullApp: AppIndex? {
        if case .appClip(let full) = self { return full }
        return nil
    }
}

/// An app as its developer ships it: identity, team, entitlements and the ID code it runs.
///
/// The declaration is the same on every device; what a device holds of it lives in `InstalledApp`.
public struct AppDeclaration: Hashable, Sendable {
    public var bundleID: String { didSet { derive() } }
    /// The Team ID, i.e. the vendor for App Store installs (rule IDFV-1).
    public var teamID: String { didSet { derive() } }
    public var defaultSource: InstallSource
    /// The name of the ID strategy the app runs at launch (resolved outside `IDSim`).
    public var strategy: String
    /// Strategy options, opaque to the core.
    public var options: [String: OptionValue]
    /// The `keychain-access-groups` entitlement, in order.
    public var keychainAccessGroups: [String] { didSet { derive() } }
    /// The `com.apple.security.application-groups` entitlement.
    public var appGroups: [String] { didSet { derive() } }
    /// Whether Info.plist has `NSUserTrackingUsageDescription` (rule ATT-13: without it, requesting crashes).
    public var hasTrackingUsageDescription: Bool
    /// A display name; may be any script (CJK names are common).
    public var displayName: String?
    /// A full app, an extension of another app, or an App Clip.
    public var role: AppRole = .app

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
        derive()
    }

    // Derived from the fields above; recomputed when they change, because launches ask for them
    // on every keychain call.

    /// The application identifier, `TEAMID.bundleID`: always one of the app's keychain groups.
    public private(set) var applicationIdentifier = ""

    /// The keychain access groups the app may use, in the order of rule KC-16: the
    /// `keychain-access-groups` entries that carry the team's prefix, the application identifier,
    /// then App Groups. The first is where new items go by default.
    public private(set) var keychainGroups: [String] = []

    private var prefixIOS6 = ""
    private var prefixIOS7 = ""

    /// The bundle-ID prefix that names a non-App-Store vendor (rule IDFV-1): two components on
    /// iOS 6, all but the last from iOS 7, the whole ID when it has a single component.
    public func bundlePrefix(os: OSVersion) -> String {
        os.major < 7 ? prefixIOS6 : prefixIOS7
    }

    private mutating func derive() {
        applicationIdentifier = teamID + "." + bundleID
        var groups = keychainAccessGroups.filter { $0.hasPrefix(teamID + ".") }
        if !groups.contains(applicationIdentifier) { groups.append(applicationIdentifier) }
        for group in appGroups where !groups.contains(group) { groups.append(group) }
        keychainGroups = groups
        let parts = bundleID.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1 {
            prefixIOS6 = parts.prefix(2).joined(separator: ".")
            prefixIOS7 = parts.dropLast().joined(separator: ".")
        } else {
            prefixIOS6 = bundleID
            prefixIOS7 = bundleID
        }
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
