import IDSim

/// A place a strategy keeps (or reads) an identifier, as shown to users.
package struct StoreDescription: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case keychain, userDefaults, file, iCloudKeyValueStore, pasteboard, platform, advertisingIdentifier, server, memory
    }

    package var kind: Kind
    /// Keychain: service; UserDefaults / KVS / pasteboard: the key or name; file: the path;
    /// platform: the API.
    package var name: String
    /// Keychain: the account; file: the key of a keyed file's entry (`KeyedFile`).
    package var account: String?
    /// The access group, or nil for the app's default group; for the iCloud key-value store, the
    /// store identifier the app's entitlement names (nil: its own).
    package var group: String?
    package var accessible: Accessibility?
    package var synchronizable: Bool
    /// UserDefaults: the suite, nil for the standard one; whether it is an App Group's (CT-36).
    package var suite: String?
    package var appGroupSuite: Bool
    /// A file marked `isExcludedFromBackup`.
    package var excludedFromBackup: Bool
    /// A recipe store's name (`kc`, `copy`), shown beside the place.
    package var label: String?
    /// A keychain item's access control (KC-40).
    package var accessControl: AccessControl?
    /// A recipe store kept per supplied value (`{supplied:NAME}`) whose app has supplied none:
    /// the call's name. Such a store names no entry: a read finds nothing, a write keeps nothing.
    package var unkeyed: String?

    package init(_ kind: Kind, _ name: String, account: String? = nil, group: String? = nil,
                accessible: Accessibility? = nil, synchronizable: Bool = false, suite: String? = nil,
                appGroupSuite: Bool = false, excludedFromBackup: Bool = false, label: String? = nil) {
        self.kind = kind
        self.name = name
        self.account = account
        self.group = group
        self.accessible = accessible
        self.synchronizable = synchronizable
        self.suite = suite
        self.appGroupSuite = appGroupSuite
        self.excludedFromBackup = excludedFromBackup
        self.label = label
    }

    package var description: String {
        (label.map { $0 + ": " } ?? "") + place
    }

    /// The place alone, without the recipe's name for it.
    package var place: String {
        switch kind {
        case .keychain:
            let klass = accessible?.constantName ?? "kSecAttrAccessibleWhenUnlocked (default)"
            return "keychain service '\(name)' account '\(account ?? "")' group \(group ?? "(app default)") \(klass)"
                + (synchronizable ? " synchronizable" : " not synchronizable")
                + (accessControl.map { " access control \($0.rawValue)" } ?? "")
        case .userDefaults:
            guard let suite else { return "UserDefaults '\(name)'" }
            return "UserDefaults '\(name)' in suite '\(suite)'" + (appGroupSuite ? " (App Group)" : " (private)")
        case .file:
            return "file '\(name)'" + (account.map { " key '\($0)'" } ?? "") + " in " + (group.map { "the App Group \($0)'s container" } ?? "the app's container")
                + (excludedFromBackup ? ", excluded from backups" : "")
        case .iCloudKeyValueStore: return "iCloud key-value store '\(name)'" + (group.map { " in the shared store \($0)" } ?? "")
        case .pasteboard: return "named pasteboard '\(name)'"
        case .platform, .advertisingIdentifier: return name
        case .server: return name
        case .memory: return "process memory '\(name)'"
        }
    }
}
