/// Apple ID sign-in and iCloud Keychain (rules KC-18, KC-22, ATT-12).
extension World {
    /// iCloud Keychain arrived in iOS 7.0.3.
    static let iCloudKeychainMinimumOS = OSVersion(7, 0, 3)

    /// Whether the device syncs its synchronizable items now.
    func syncsKeychain(_ d: DeviceIndex) -> Bool {
        devices[d].appleID != nil && devices[d].iCloudKeychain && devices[d].os >= Self.iCloudKeychainMinimumOS
    }

    mutating func signIn(_ d: DeviceIndex, account: Int, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name
        guard accounts.indices.contains(account) else { throw .noSuchAccount(account) }
        if let current = devices[d].appleID {
            if current == account { return }
            throw .alreadySignedIn(device: name, account: accounts[current].id)
        }
        let statuses = readStatuses(on: d, for: log)
        devices[d].appleID = account
        devices[d].iCloudKeychain = accounts[account].iCloudKeychain && devices[d].os >= Self.iCloudKeychainMinimumOS
        log.record(.appleID(device: d), from: nil, to: .text(accounts[account].id), rule: nil)
        reconcileLocalKeyValues(d, account: account, &log)
        if devices[d].iCloudKeychain {
            log.record(.iCloudKeychain(device: d), from: nil, to: .flag(true), rule: nil)
            mergeCloudKeychain(d, &log)
        }
        recordStatusChanges(from: statuses, on: d, rule: .att12, &log)
    }

    /// - Parameter keep: whether iCloud Keychain's items stay on the device, no longer syncing
    ///   (the user kept "a copy on this iPhone"), or are deleted from it; on the account they stay.
    /// Where the key-value store keeps a key on the device while no account is signed in: a file
    /// of the app's container, as the system keeps its SyncedPreferences (KVS-38).
    public static func localKeyValuePath(store: String, key: String) -> String {
        localKeyValueFolder + store + "/" + key
    }

    static let localKeyValueFolder = "Library/SyncedPreferences/"

    /// At sign-in, the values apps wrote with no account go to the account where it has none for
    /// the key (switch kvsLocalWritesAtSignIn), and leave the device: from now on the account's
    /// store is the one read (KVS-38).
    mutating func reconcileLocalKeyValues(_ d: DeviceIndex, account: Int, _ log: inout ChangeLog) {
        let folder = Self.localKeyValueFolder
        for app in devices[d].apps.presentIndices() {
            guard let files = devices[d].apps[app]?.container.files, files.keys.contains(where: { $0.hasPrefix(folder) }) else { continue }
            for path in files.keys.filter({ $0.hasPrefix(folder) }).sorted() {
                let rest = path.dropFirst(folder.count)
                guard let slash = rest.firstIndex(of: "/") else { continue }
                let full = rest[..<slash] + ":" + rest[rest.index(after: slash)...]
                let value = files[path]!.contents
                if profile.kvsLocalWritesAtSignIn == .merge && accounts[account].keyValueStore[String(full)] == nil {
                    accounts[account].keyValueStore[String(full)] = value
                    log.record(.keyValueStore(account: accounts[account].id, key: String(full)), from: nil, to: .text(value), rule: .kvs38)
                }
                updateApp(app, on: d) { $0!.container.files[path] = nil }
                log.record(.file(device: d, app: app, path: path), from: .text(value), to: nil, rule: .kvs38)
            }
        }
    }

    mutating func signOut(_ d: DeviceIndex, keep: Bool = true, _ log: inout ChangeLog) {
        guard let account = devices[d].appleID else { return }
        let statuses = readStatuses(on: d, for: log)
        if !keep && devices[d].iCloudKeychain {
            deleteSyncedItems(on: d, &log)
        }
        devices[d].appleID = nil
        log.record(.appleID(device: d), from: .text(accounts[account].id), to: nil, rule: nil)
        recordStatusChanges(from: statuses, on: d, rule: .att12, &log)
    }

    /// The user stops using the Apple ID with the app (rule SIWA-43): the credential of the app's
    /// team is revoked for the Apple ID, on every device signed in to it. The identifier is kept
    /// on the account; what a later sign-in gives is `AppOS.appleUserIdentifier`'s to say.
    mutating func revokeAppleID(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID, team = apps[app].teamID
        guard devices[d].os >= Self.signInWithAppleMinimumOS else {
            throw .unsupported(what: "Sign in with Apple", device: name, why: "it arrived in iOS 13")
        }
        guard let account = devices[d].appleID else { throw .notSignedIn(device: name, needed: "stopping Sign in with Apple for \(bundle)") }
        guard let identifier = accounts[account].appleUserIDs[team], !accounts[account].revokedAppleIDTeams.contains(team) else {
            throw .unsupported(what: "stopping Sign in with Apple for \(bundle)", device: name,
                               why: "the Apple ID '\(accounts[account].id)' is not signed in to any app of team \(team)")
        }
        accounts[account].revokedAppleIDTeams.insert(team)
        log.record(.appleUserID(account: accounts[account].id, team: team), from: .text(identifier), to: nil, rule: .siwa43)
    }

    /// The first iOS with Sign in with Apple (rule SIWA-43).
    static let signInWithAppleMinimumOS = OSVersion(13, 0)

    /// - Parameter keep: turning it off, whether the synced items stay on the device ("Keep on My
    ///   iPhone") or are deleted from it ("Delete from My iPhone"); on the account they stay.
    mutating func setICloudKeychain(_ on: Bool, keep: Bool = true, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name
        guard devices[d].appleID != nil else { throw .notSignedIn(device: name, needed: "iCloud Keychain") }
        guard devices[d].os >= Self.iCloudKeychainMinimumOS else {
            throw .unsupported(what: "iCloud Keychain", device: name, why: "it arrived in iOS 7.0.3")
        }
        guard devices[d].iCloudKeychain != on else { return }
        devices[d].iCloudKeychain = on
        log.record(.iCloudKeychain(device: d), from: .flag(!on), to: .flag(on), rule: nil)
        if on { mergeCloudKeychain(d, &log) }
        if !on && !keep {
            deleteSyncedItems(on: d, &log)
        }
    }

    /// The user's "Delete from My iPhone" (turning iCloud Keychain off, or signing out without
    /// keeping a copy): the synced items leave this device; the account keeps them (KC-18).
    mutating func deleteSyncedItems(on d: DeviceIndex, _ log: inout ChangeLog) {
        for key in devices[d].keychain.values.filter(\.synchronizable).map(\.key).sorted() {
            let item = devices[d].keychain.removeValue(forKey: key)!
            log.record(.keychain(device: d, item: key), from: .text(item.value), to: nil, rule: .kc18)
        }
    }

    /// Joins the device's synchronizable items with the account's: the cloud copy wins a clash,
    /// items only the device has are uploaded and reach the account's other devices (KC-18).
    mutating func mergeCloudKeychain(_ d: DeviceIndex, _ log: inout ChangeLog) {
        guard syncsKeychain(d), let account = devices[d].appleID else { return }
        let local = devices[d].keychain.values.filter(\.synchronizable).map(\.key).sorted()
        for key in local where accounts[account].cloudKeychain[key] == nil {
            propagate(devices[d].keychain[key], key: key, from: d, &log)
        }
        for key in accounts[account].cloudKeychain.keys.sorted() {
            let item = accounts[account].cloudKeychain[key]!
            let old = devices[d].keychain[key]
            guard old != item else { continue }
            devices[d].keychain[key] = item
            log.record(.keychain(device: d, item: key), from: old.map { .text($0.value) },
                       to: .text(item.value), rule: .kc18)
        }
    }

    /// Sends a write (or, with nil, a delete) of a synchronizable item from device `d` to iCloud
    /// Keychain and to every other device on the same Apple ID that syncs (rule KC-18).
    mutating func propagate(_ item: KeychainItem?, key: KeychainKey, from d: DeviceIndex, _ log: inout ChangeLog) {
        guard syncsKeychain(d), let account = devices[d].appleID else { return }
        let old = accounts[account].cloudKeychain[key]
        accounts[account].cloudKeychain[key] = item
        log.record(.cloudKeychain(account: accounts[account].id, item: key), from: old.map { .text($0.value) },
                   to: item.map { .text($0.value) }, rule: .kc18)
        for other in devices.indices where other != d && devices[other].appleID == account && syncsKeychain(other) {
            let previous = devices[other].keychain[key]
            devices[other].keychain[key] = item
            log.record(.keychain(device: other, item: key), from: previous.map { .text($0.value) },
                       to: item.map { .text($0.value) }, rule: .kc18)
        }
    }
}
