/// The Security framework result codes (OSStatus values) the simulated keychain returns, with
/// their real values. Not named OSStatus: on a Mac every file that imports Foundation also sees
/// MacTypes' `OSStatus`, and the two would be ambiguous there (.ci/darwin-names).
public enum SecStatus: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case success = 0
    case param = -50
    case duplicateItem = -25299
    case itemNotFound = -25300
    case authFailed = -25293
    case interactionNotAllowed = -25308
    case noAccessForItem = -25243
    case missingEntitlement = -34018
    /// An API the caller may not use: an App Clip adding or updating an item that syncs (CLIP-41).
    case restrictedAPI = -34020

    /// The constant's name, as developers search for it.
    public var name: String {
        switch self {
        case .success: "errSecSuccess"
        case .param: "errSecParam"
        case .duplicateItem: "errSecDuplicateItem"
        case .itemNotFound: "errSecItemNotFound"
        case .authFailed: "errSecAuthFailed"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        case .noAccessForItem: "errSecNoAccessForItem"
        case .missingEntitlement: "errSecMissingEntitlement"
        case .restrictedAPI: "errSecRestrictedAPI"
        }
    }

    /// The name and the number, "errSecItemNotFound (-25300)". Spelled out rather than built: a
    /// launch notes each failed keychain call, and explore tries millions of launches.
    public var description: String {
        switch self {
        case .success: "errSecSuccess (0)"
        case .param: "errSecParam (-50)"
        case .duplicateItem: "errSecDuplicateItem (-25299)"
        case .itemNotFound: "errSecItemNotFound (-25300)"
        case .authFailed: "errSecAuthFailed (-25293)"
        case .interactionNotAllowed: "errSecInteractionNotAllowed (-25308)"
        case .noAccessForItem: "errSecNoAccessForItem (-25243)"
        case .missingEntitlement: "errSecMissingEntitlement (-34018)"
        case .restrictedAPI: "errSecRestrictedAPI (-34020)"
        }
    }
}

/// Which items a query matches by their sync flag (`kSecAttrSynchronizable`).
public enum SyncMatch: String, Sendable, Hashable, CaseIterable {
    /// The attribute left out: only items that don't sync.
    case no
    case yes
    /// `kSecAttrSynchronizableAny`.
    case any

    func matches(_ synchronizable: Bool) -> Bool {
        switch self {
        case .no: !synchronizable
        case .yes: synchronizable
        case .any: true
        }
    }
}

/// A `SecItemCopyMatching` / `SecItemUpdate` / `SecItemDelete` query for generic passwords.
public struct KeychainQuery: Sendable {
    public var service: String?
    public var account: String?
    public var accessGroup: String?
    public var synchronizable: SyncMatch
    /// The class the query names, if any: then only items of that class match (rule KC-37).
    public var accessible: Accessibility?
    /// `kSecAttrGeneric`, if the query names it: then only items with that attribute match.
    public var generic: String?

    public init(service: String?, account: String?, accessGroup: String? = nil, synchronizable: SyncMatch = .no,
                accessible: Accessibility? = nil, generic: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
        self.accessible = accessible
        self.generic = generic
    }

    /// Whether an item passes the query's filters beside its key: its class and its generic attribute.
    func admits(_ item: KeychainItem) -> Bool {
        (accessible == nil || item.accessible == accessible) && (generic == nil || item.generic == generic)
    }
}

/// What a `SecItemUpdate` sets: the data, and optionally the class and the sync flag.
public struct KeychainUpdate: Sendable {
    public var value: String
    public var accessible: Accessibility?
    public var synchronizable: Bool?

    public init(value: String, accessible: Accessibility? = nil, synchronizable: Bool? = nil) {
        self.value = value
        self.accessible = accessible
        self.synchronizable = synchronizable
    }
}

/// The attributes of a `SecItemAdd`.
public struct KeychainAttributes: Sendable {
    public var service: String
    public var account: String
    public var value: String
    /// nil: the system default, WhenUnlocked (rule KC-17).
    public var accessible: Accessibility?
    /// nil: the app's first access group (rule KC-16).
    public var accessGroup: String?
    public var synchronizable: Bool
    /// `kSecAttrAccessControl` (rule KC-40); nil: none.
    public var accessControl: AccessControl?
    /// `kSecAttrGeneric`; nil: none.
    public var generic: String?

    public init(service: String, account: String, value: String, accessible: Accessibility? = nil,
                accessGroup: String? = nil, synchronizable: Bool = false, accessControl: AccessControl? = nil, generic: String? = nil) {
        self.service = service
        self.account = account
        self.value = value
        self.accessible = accessible
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
        self.accessControl = accessControl
        self.generic = generic
    }
}
