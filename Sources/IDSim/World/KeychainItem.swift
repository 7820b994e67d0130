/// A generic-password item in a device's data-protection keychain.
public struct KeychainItem: Hashable, Sendable {
    public var group: String
    public var service: String
    public var account: String
    public var accessible: Accessibility
    public var synchronizable: Bool
    public var value: String
    /// The bundle ID of the app that created it (for display and the `deleteUnshared` profile).
    public var creator: String
    /// Who must be present to read it (rule KC-40); nil: only its class gates it.
    public var accessControl: AccessControl?
    /// `kSecAttrGeneric`, an attribute the app sets and may query by (Airship's device ID item);
    /// not part of the item's key.
    public var generic: String?

    public init(group: String, service: String, account: String, accessible: Accessibility,
                synchronizable: Bool, value: String, creator: String, accessControl: AccessControl? = nil, generic: String? = nil) {
        self.group = group
        self.service = service
        self.account = account
        self.accessible = accessible
        self.synchronizable = synchronizable
        self.value = value
        self.creator = creator
        self.accessControl = accessControl
        self.generic = generic
    }

    /// Whether this item has the key, without building one (lookups compare many items).
    func matches(_ key: KeychainKey) -> Bool {
        synchronizable == key.synchronizable && account == key.account && service == key.service && group == key.group
    }

    public var key: KeychainKey {
        KeychainKey(group: group, service: service, account: account, synchronizable: synchronizable)
    }
}

/// The primary key of a generic password: access group, service, account and the sync flag
/// (a synchronizable and a local item with the same service and account are distinct items).
public struct KeychainKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var group: String
    public var service: String
    public var account: String
    public var synchronizable: Bool

    public init(group: String, service: String, account: String, synchronizable: Bool) {
        self.group = group
        self.service = service
        self.account = account
        self.synchronizable = synchronizable
    }

    public static func < (a: KeychainKey, b: KeychainKey) -> Bool {
        (a.group, a.service, a.account, a.synchronizable ? 1 : 0) < (b.group, b.service, b.account, b.synchronizable ? 1 : 0)
    }

    public var description: String { "\(group)/\(service)/\(account)" + (synchronizable ? " (sync)" : "") }
}
