import IDSim

/// A place a strategy keeps (or reads) an identifier, as shown to users.
public struct StoreDescription: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case keychain, userDefaults, iCloudKeyValueStore, pasteboard, platform, server, memory
    }

    public var kind: Kind
    /// Keychain: service; UserDefaults / KVS / pasteboard: the key or name; platform: the API.
    public var name: String
    public var account: String?
    /// The access group, or nil for the app's default group.
    public var group: String?
    public var accessible: Accessibility?
    public var synchronizable: Bool

    public init(_ kind: Kind, _ name: String, account: String? = nil, group: String? = nil,
                accessible: Accessibility? = nil, synchronizable: Bool = false) {
        self.kind = kind
        self.name = name
        self.account = account
        self.group = group
        self.accessible = accessible
        self.synchronizable = synchronizable
    }

    public var description: String {
        switch kind {
        case .keychain:
            let klass = accessible?.constantName ?? "kSecAttrAccessibleWhenUnlocked (default)"
            return "keychain service '\(name)' account '\(account ?? "")' group \(group ?? "(app default)") \(klass)"
                + (synchronizable ? " synchronizable" : " not synchronizable")
        case .userDefaults: return "UserDefaults '\(name)'"
        case .iCloudKeyValueStore: return "iCloud key-value store '\(name)'"
        case .pasteboard: return "named pasteboard '\(name)'"
        case .platform: return name
        case .server: return name
        case .memory: return "process memory '\(name)'"
        }
    }
}
