/// `SecItemCopyMatching`, `SecItemAdd`, `SecItemUpdate`, `SecItemDelete` (rules KC-16…18).
extension AppOS {
    /// The groups a query may search, or the error the entitlement check gives (rule KC-16).
    /// The Simulator does not enforce access groups (rule SIM-32).
    private func groups(for requested: String?) -> Result<[String], KeychainError> {
        // Read through `world.apps[app]` field by field: `declaration` would copy the whole app.
        let allowed = world.apps[app].keychainGroups
        // The Xcode 8 Simulator (iOS 10) refused every keychain call of an app signed without an
        // entitlements file (SIM-32): no keychain-access-groups and no App Groups.
        if deviceKind == .simulator, osVersion.major == 10, !world.apps[app].hasKeychainSharingEntitlement,
           world.apps[app].appGroups.isEmpty {
            return .failure(KeychainError(status: .missingEntitlement))
        }
        guard let requested else { return .success(allowed) }
        if allowed.contains(requested) || deviceKind == .simulator { return .success([requested]) }
        return .failure(KeychainError(status: world.apps[app].hasKeychainSharingEntitlement ? .noAccessForItem : .missingEntitlement))
    }

    private struct KeychainError: Error {
        let status: SecStatus
    }

    /// The items a query matches, in key order.
    private func matches(_ query: KeychainQuery, in groups: [String]) -> [KeychainItem] {
        if let service = query.service, let account = query.account {
            var found: [KeychainItem] = []
            visitExactMatches(query, service: service, account: account, in: groups) { found.append($0); return true }
            return found
        }
        return world.devices[device].keychain.values.filter { item in
            groups.contains(item.group) && (query.service == nil || item.service == query.service)
                && (query.account == nil || item.account == query.account) && query.synchronizable.matches(item.synchronizable)
                && query.admits(item)
        }.sorted { $0.key < $1.key }
    }

    /// The first item `matches` would give, without collecting the rest: reads and updates want one.
    private func firstMatch(_ query: KeychainQuery, in groups: [String]) -> KeychainItem? {
        guard let service = query.service, let account = query.account else { return matches(query, in: groups).first }
        var first: KeychainItem?
        visitExactMatches(query, service: service, account: account, in: groups) { first = $0; return false }
        return first
    }

    /// The common, exact query (service and account given): direct lookups rather than a scan,
    /// in the order `matches` reports them, each handed to `visit` until it returns false.
    private func visitExactMatches(_ query: KeychainQuery, service: String, account: String, in groups: [String],
                                   _ visit: (KeychainItem) -> Bool) {
        let keychain = world.devices[device].keychain
        for group in groups {
            for sync in [false, true] where query.synchronizable.matches(sync) {
                // A query that names a class passes over items of another (KC-37).
                if let item = keychain.item(group: group, service: service, account: account, synchronizable: sync),
                   query.admits(item), !visit(item) { return }
            }
        }
    }

    /// Rule KC-40: an item with access control is read or changed only after the user
    /// authenticates, which needs the app in front of them: a background or prewarm launch gets
    /// errSecInteractionNotAllowed, as a read with `kSecUseAuthenticationUIFail` does.
    private func userCanAuthenticate(for item: KeychainItem) -> Bool {
        item.accessControl == nil || launchMode == .foreground
    }

    /// `SecItemCopyMatching` for one generic password with its data.
    public mutating func secItemCopyMatching(_ query: KeychainQuery) -> (status: SecStatus, item: KeychainItem?) {
        let searchable: [String]
        switch groups(for: query.accessGroup) {
        case .success(let g): searchable = g
        case .failure(let e): return (e.status, nil)
        }
        guard let first = firstMatch(query, in: searchable) else { return (.itemNotFound, nil) }
        guard world.keychainClassAvailable(first.accessible, on: device) else { return (.interactionNotAllowed, nil) }
        guard userCanAuthenticate(for: first) else { return (.interactionNotAllowed, nil) }             // KC-40
        return (.success, first)
    }

    /// An App Clip: it cannot sync (CLIP-41).
    var isClip: Bool { world.apps[app].role.fullApp != nil }

    /// `SecItemAdd` of a generic password.
    @discardableResult
    public mutating func secItemAdd(_ attributes: KeychainAttributes) -> SecStatus {
        let group: String
        switch groups(for: attributes.accessGroup) {
        case .success(let g): group = g.first ?? world.apps[app].applicationIdentifier
        case .failure(let e): return e.status
        }
        let accessible = attributes.accessible ?? .whenUnlocked
        if attributes.synchronizable && isClip { return .restrictedAPI }                                  // CLIP-41
        if attributes.synchronizable && accessible.isThisDeviceOnly { return .param }                     // KC-18
        if attributes.synchronizable && attributes.accessControl != nil { return .param }                 // KC-40: bound to the device
        if accessible == .whenPasscodeSetThisDeviceOnly {   // KC-17: a class of iOS 8, which needs a passcode
            if osVersion.major < 8 { return .param }
            if !world.devices[device].passcodeSet { return .authFailed }
        }
        guard world.keychainClassAvailable(accessible, on: device) else { return .interactionNotAllowed }
        let item = KeychainItem(group: group, service: attributes.service, account: attributes.account,
                                accessible: accessible, synchronizable: attributes.synchronizable,
                                value: attributes.value, creator: bundleID, accessControl: attributes.accessControl,
                                generic: attributes.generic)
        guard world.devices[device].keychain.insertNew(item) else { return .duplicateItem }
        log.record(.keychain(device: device, item: item.key), from: nil, to: .text(item.value), rule: nil)
        if item.synchronizable { world.propagate(item, key: item.key, from: device, &log) }
        return .success
    }

    /// `SecItemUpdate`: sets the data of the first item the query matches.
    @discardableResult
    public mutating func secItemUpdate(_ query: KeychainQuery, value: String) -> SecStatus {
        secItemUpdate(query, KeychainUpdate(value: value))
    }

    /// `SecItemUpdate` with attributes: the data, and the class and sync flag when given. A new
    /// sync flag moves the item to another primary key (KC-37); one already there is a duplicate.
    @discardableResult
    public mutating func secItemUpdate(_ query: KeychainQuery, _ update: KeychainUpdate) -> SecStatus {
        let searchable: [String]
        switch groups(for: query.accessGroup) {
        case .success(let g): searchable = g
        case .failure(let e): return e.status
        }
        guard var item = firstMatch(query, in: searchable) else { return .itemNotFound }
        guard world.keychainClassAvailable(item.accessible, on: device) else { return .interactionNotAllowed }
        guard userCanAuthenticate(for: item) else { return .interactionNotAllowed }                     // KC-40
        let accessible = update.accessible ?? item.accessible
        let synchronizable = update.synchronizable ?? item.synchronizable
        if synchronizable && isClip { return .restrictedAPI }                                            // CLIP-41
        if synchronizable && accessible.isThisDeviceOnly { return .param }                               // KC-18
        if synchronizable && item.accessControl != nil { return .param }                                 // KC-40
        let oldKey = item.key, old = item.value
        item.value = update.value
        item.accessible = accessible
        item.synchronizable = synchronizable
        if item.key != oldKey {
            guard world.devices[device].keychain[item.key] == nil else { return .duplicateItem }
            world.devices[device].keychain[oldKey] = nil
            log.record(.keychain(device: device, item: oldKey), from: .text(old), to: nil, rule: nil)
            if oldKey.synchronizable { world.propagate(nil, key: oldKey, from: device, &log) }
            log.record(.keychain(device: device, item: item.key), from: nil, to: .text(item.value), rule: nil)
        } else {
            log.record(.keychain(device: device, item: item.key), from: .text(old), to: .text(item.value), rule: nil)
        }
        world.devices[device].keychain[item.key] = item
        if item.synchronizable { world.propagate(item, key: item.key, from: device, &log) }
        return .success
    }

    /// `SecItemDelete`: removes every item the query matches.
    @discardableResult
    public mutating func secItemDelete(_ query: KeychainQuery) -> SecStatus {
        let searchable: [String]
        switch groups(for: query.accessGroup) {
        case .success(let g): searchable = g
        case .failure(let e): return e.status
        }
        let found = matches(query, in: searchable)
        guard !found.isEmpty else { return .itemNotFound }
        guard found.allSatisfy({ world.keychainClassAvailable($0.accessible, on: device) }) else { return .interactionNotAllowed }
        for item in found {
            world.devices[device].keychain[item.key] = nil
            log.record(.keychain(device: device, item: item.key), from: .text(item.value), to: nil, rule: nil)
            if item.synchronizable { world.propagate(nil, key: item.key, from: device, &log) }
        }
        return .success
    }
}
