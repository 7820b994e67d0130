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

    public init(id: String, iCloudKeychain: Bool = true, trackingRestricted: Bool = false) {
        self.id = id
        self.iCloudKeychain = iCloudKeychain
        self.trackingRestricted = trackingRestricted
        self.cloudKeychain = Keychain()
        self.keyValueStore = [:]
    }
}
