/// An Apple ID: its iCloud Keychain contents and key-value store live in Apple's cloud.
public struct Account: Hashable, Sendable {
    public var id: String
    /// Whether the account uses iCloud Keychain; devices signing in turn it on accordingly.
    public var iCloudKeychain: Bool
    /// Under-18/child, managed or younger than 3 days: tracking is restricted (rule ATT-12).
    public var trackingRestricted: Bool
    /// Synchronizable keychain items as iCloud Keychain holds them.
    public var cloudKeychain: Keychain
    /// iCloud key-value store (`NSUbiquitousKeyValueStore`), per app team + key.
    public var keyValueStore: [String: String]
    /// Sign in with Apple's user identifiers, by Team ID: one per team the user signed in to,
    /// kept for the account's life (rule SIWA-43).
    public var appleUserIDs: [String: String]
    /// Teams whose apps the user stopped using the Apple ID with (Settings): their credential is
    /// revoked until an app of the team, installed afresh, signs in again (SIWA-43).
    public var revokedAppleIDTeams: Set<String>

    public init(id: String, iCloudKeychain: Bool = true, trackingRestricted: Bool = false) {
        self.id = id
        self.iCloudKeychain = iCloudKeychain
        self.trackingRestricted = trackingRestricted
        self.cloudKeychain = Keychain()
        self.keyValueStore = [:]
        self.appleUserIDs = [:]
        self.revokedAppleIDTeams = []
    }
}
