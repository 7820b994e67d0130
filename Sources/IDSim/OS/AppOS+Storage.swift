/// UserDefaults, iCloud key-value store and pasteboards (rules CT-23…25, PB-31).
extension AppOS {
    /// Whether the process can use its UserDefaults store (rule CT-25): the container is protected
    /// until first unlock from iOS 7, and a process that started before it keeps an empty cache.
    public var userDefaultsAvailable: Bool {
        !process.defaultsCachedEmpty && (osVersion.major < 7 || world.devices[device].afterFirstUnlockAvailable)
    }

    /// `UIApplication.isProtectedDataAvailable`: false from a reboot to the first unlock (iOS 7+),
    /// whatever the process cached.
    public var protectedDataAvailable: Bool {
        osVersion.major < 7 || world.devices[device].afterFirstUnlockAvailable
    }

    /// `UserDefaults.standard.string(forKey:)`.
    public func defaultsString(forKey key: String) -> String? {
        if process.defaultsCachedEmpty { return process.unsavedDefaults[key] }
        guard userDefaultsAvailable else { return nil }
        return installed.container.defaults[key]
    }

    /// `UserDefaults.standard.set(_:forKey:)`. While the store is unavailable the write stays in
    /// the process and is lost with it.
    public mutating func setDefaults(_ value: String?, forKey key: String) {
        guard userDefaultsAvailable else {
            process.unsavedDefaults[key] = value
            return
        }
        let old = installed.container.defaults[key]
        installed.container.defaults[key] = value
        log.record(.defaults(device: device, app: app, key: key), from: old.map(ChangeValue.text),
                   to: value.map(ChangeValue.text), rule: nil)
    }

    /// `UserDefaults(suiteName:)`'s string: a suite named after one of the app's App Groups is
    /// the group's shared suite (rule CT-36); any other name is a private suite in the app's own
    /// container. `nil` is the standard suite. Unreadable before the first unlock, like the
    /// container (CT-25): then the process sees only what it wrote itself.
    public func defaultsString(forKey key: String, suite: String?) -> String? {
        guard let suite else { return defaultsString(forKey: key) }
        if !userDefaultsAvailable { return process.unsavedDefaults[Self.suiteKey(suite, key)] }
        if world.apps[app].appGroups.contains(suite) { return world.devices[device].appGroupDefaults[suite]?[key] }
        return installed.container.suites[suite]?[key]
    }

    /// Sets (nil: removes) a key of a UserDefaults suite; see `defaultsString(forKey:suite:)`.
    public mutating func setDefaults(_ value: String?, forKey key: String, suite: String?) {
        guard let suite else { return setDefaults(value, forKey: key) }
        guard userDefaultsAvailable else {
            process.unsavedDefaults[Self.suiteKey(suite, key)] = value
            return
        }
        if world.apps[app].appGroups.contains(suite) {
            let old = world.devices[device].appGroupDefaults[suite]?[key]
            world.devices[device].appGroupDefaults[suite, default: [:]][key] = value
            if world.devices[device].appGroupDefaults[suite]?.isEmpty == true { world.devices[device].appGroupDefaults[suite] = nil }
            log.record(.groupDefaults(device: device, group: suite, key: key), from: old.map(ChangeValue.text),
                       to: value.map(ChangeValue.text), rule: nil)
        } else {
            let old = installed.container.suites[suite]?[key]
            installed.container.suites[suite, default: [:]][key] = value
            if installed.container.suites[suite]?.isEmpty == true { installed.container.suites[suite] = nil }
            log.record(.suiteDefaults(device: device, app: app, suite: suite, key: key), from: old.map(ChangeValue.text),
                       to: value.map(ChangeValue.text), rule: nil)
        }
    }

    /// Where an in-process write to a suite waits while the container is locked.
    static func suiteKey(_ suite: String, _ key: String) -> String { suite + "\u{0}" + key }

    /// A key of `AppProcess.unsavedDefaults` as its suite (nil: the standard suite) and key.
    static func splitSuiteKey(_ stored: String) -> (suite: String?, key: String) {
        guard let split = stored.firstIndex(of: "\u{0}") else { return (nil, stored) }
        return (String(stored[..<split]), String(stored[stored.index(after: split)...]))
    }

    // MARK: - Files in the container

    /// Whether a file of this protection class can be opened now (rule CT-42). The default class
    /// follows the container (CT-25), as it always has; `complete` files close whenever the device
    /// locks, not only until the first unlock; `none` files open even before it.
    public func canOpenFile(_ protection: FileProtection) -> Bool {
        switch protection {
        case .none: true
        case .completeUntilFirstUserAuthentication: userDefaultsAvailable
        case .complete, .completeUnlessOpen: world.devices[device].protectedDataAvailable
        }
    }

    /// Whether a file that does not exist yet can be created with this class now: a
    /// `completeUnlessOpen` file can be, while the device is locked (CT-42).
    public func canCreateFile(_ protection: FileProtection) -> Bool {
        protection == .completeUnlessOpen || canOpenFile(protection)
    }

    /// Whether a write over `existing` (nil: a new file) with this class can be made now. Deleting
    /// needs only the container, as it always has.
    private func canWrite(over existing: ContainerFile?, deleting: Bool, _ protection: FileProtection) -> Bool {
        if deleting { return userDefaultsAvailable }
        guard let existing else { return canCreateFile(protection) }
        return canOpenFile(existing.protection)
    }

    /// The contents of a file in the app's container; nil when there is none or its protection
    /// class keeps it closed now (CT-25 before the first unlock, CT-42 for the others).
    public func containerFile(_ path: String) -> String? {
        guard let file = installed.container.files[path], canOpenFile(file.protection) else { return nil }
        return file.contents
    }

    /// Writes (nil: deletes) a file in the app's container, included in backups or excluded
    /// (`isExcludedFromBackup`, CT-24), with a protection class (CT-42). Returns false when the
    /// file cannot be opened or created now.
    @discardableResult
    public mutating func writeContainerFile(_ path: String, contents: String?, backedUp: Bool,
                                            protection: FileProtection = .default) -> Bool {
        let existing = installed.container.files[path]
        guard canWrite(over: existing, deleting: contents == nil, protection) else { return false }
        let old = existing?.contents
        // Library/Caches and tmp are never backed up, whatever the file says (CT-24, CT-39).
        let kept = backedUp && !ContainerFile.isPurgeable(path)
        installed.container.files[path] = contents.map { ContainerFile(contents: $0, backedUp: kept, protection: protection) }
        log.record(.file(device: device, app: app, path: path), from: old.map(ChangeValue.text),
                   to: contents.map(ChangeValue.text), rule: nil)
        return true
    }

    /// A file in one of the app's App Groups' shared container (rule CT-36): nil when it holds
    /// none, the app is not in that group, or its protection class keeps it closed now (CT-42).
    public func groupFile(_ path: String, group: String) -> String? {
        guard world.apps[app].appGroups.contains(group), let file = world.devices[device].appGroupFiles[group]?[path],
              canOpenFile(file.protection) else { return nil }
        return file.contents
    }

    /// Writes (nil: deletes) a file in an App Group's container. False when the app is not in the
    /// group or the file cannot be opened or created now.
    @discardableResult
    public mutating func writeGroupFile(_ path: String, group: String, contents: String?, backedUp: Bool,
                                        protection: FileProtection = .default) -> Bool {
        guard world.apps[app].appGroups.contains(group) else { return false }
        let existing = world.devices[device].appGroupFiles[group]?[path]
        guard canWrite(over: existing, deleting: contents == nil, protection) else { return false }
        let old = existing?.contents
        let kept = backedUp && !ContainerFile.isPurgeable(path)
        world.devices[device].appGroupFiles[group, default: [:]][path] = contents.map {
            ContainerFile(contents: $0, backedUp: kept, protection: protection)
        }
        if world.devices[device].appGroupFiles[group]?.isEmpty == true { world.devices[device].appGroupFiles[group] = nil }
        log.record(.groupFile(device: device, group: group, path: path), from: old.map(ChangeValue.text), to: contents.map(ChangeValue.text),
                   rule: nil)
        return true
    }

    /// Whether the user accepted the app's privacy policy on this device (id-kit's `register`).
    public var consentGiven: Bool {
        mutating get {
            world.appCodeReads.tracking = true
            return installed.container.consent
        }
    }

    // MARK: - iCloud key-value store

    /// The store's identifier: the app's own (its application identifier), or the one its
    /// entitlement names under its Team ID, which every app of the team naming it shares (KVS-38).
    /// Nil in an App Clip, which has no key-value store (CLIP-41).
    private func kvsIdentifier(store: String?) -> String? {
        guard world.apps[app].role.fullApp == nil else { return nil }
        guard let store else { return world.apps[app].applicationIdentifier }
        let team = world.apps[app].teamID + "."
        return store.hasPrefix(team) ? store : team + store
    }

    /// `NSUbiquitousKeyValueStore.default.string(forKey:)`: the account's value; with no account
    /// signed in, the value written on the device since (KVS-38).
    /// - Parameter store: the store identifier the app's entitlement names; nil: its own.
    public func ubiquitousString(forKey key: String, store: String? = nil) -> String? {
        guard let identifier = kvsIdentifier(store: store) else { return nil }
        guard let account = world.devices[device].appleID else {
            return containerFile(World.localKeyValuePath(store: identifier, key: key))
        }
        return world.accounts[account].keyValueStore[identifier + ":" + key]
    }

    /// The keys of the app's iCloud key-value store that start with `prefix`, sorted.
    public func ubiquitousKeys(withPrefix prefix: String, store: String? = nil) -> [String] {
        guard let identifier = kvsIdentifier(store: store) else { return [] }
        guard let account = world.devices[device].appleID else {
            guard userDefaultsAvailable else { return [] }
            let folder = World.localKeyValuePath(store: identifier, key: "")
            return installed.container.files.keys.compactMap { path -> String? in
                guard path.hasPrefix(folder) else { return nil }
                let key = String(path.dropFirst(folder.count))
                return key.hasPrefix(prefix) ? key : nil
            }.sorted()
        }
        let own = identifier + ":"
        // Compared by bytes, as NSString compares keys (literally), and without walking
        // grapheme clusters: strategies list these at every launch.
        let wanted = Array(own.utf8) + prefix.utf8
        return world.accounts[account].keyValueStore.keys.compactMap { key -> String? in
            guard key.utf8.starts(with: wanted) else { return nil }
            return String(key[key.utf8.index(key.startIndex, offsetBy: own.utf8.count)...])
        }.sorted()
    }

    /// `NSUbiquitousKeyValueStore.default.set(_:forKey:)`: to the account; with none signed in,
    /// kept on the device until the next sign-in reconciles it (KVS-38).
    public mutating func setUbiquitous(_ value: String?, forKey key: String, store: String? = nil) {
        guard let identifier = kvsIdentifier(store: store) else { return }
        guard let account = world.devices[device].appleID else {
            let path = World.localKeyValuePath(store: identifier, key: key)
            guard containerFile(path) != value else { return }
            writeContainerFile(path, contents: value, backedUp: true)
            return
        }
        let full = identifier + ":" + key
        let old = world.accounts[account].keyValueStore[full]
        // Setting the value already there changes nothing, and so writes nothing: the Apple ID
        // keeps its storage, which is how explore knows its form still holds.
        guard old != value else { return }
        world.accounts[account].keyValueStore[full] = value
        log.record(.keyValueStore(account: world.accounts[account].id, key: full), from: old.map(ChangeValue.text),
                   to: value.map(ChangeValue.text), rule: nil)
    }

    // MARK: - Sign in with Apple

    /// Sign in with Apple's user identifier for the app's team (rule SIWA-43): the same for every
    /// app of the team and every device of the Apple ID, kept across reinstalls. The installation
    /// signs in at its first ask (the user taps Sign in with Apple); after the user stopped using
    /// the Apple ID with the team's apps it finds the credential revoked and gets nothing, until an
    /// installation made afresh signs in again, to the same identifier. An app transferred to
    /// another team signs in again under its new team: a different identifier. Nil without an
    /// Apple ID on the device or before iOS 13.
    public mutating func appleUserIdentifier() -> String? {
        guard osVersion >= World.signInWithAppleMinimumOS, let account = world.devices[device].appleID else { return nil }
        let team = teamID, subject = Subject.appleUserID(account: world.accounts[account].id, team: team)
        let revoked = world.accounts[account].revokedAppleIDTeams.contains(team)
        if revoked && installed.appleSignInTeam == team { return nil }
        if let old = installed.appleSignInTeam, old != team {
            notice("Sign in with Apple: \(bundleID) moved from team \(old) to \(team); the user signs in again under the new team (SIWA-43)")
        }
        installed.appleSignInTeam = team
        if let identifier = world.accounts[account].appleUserIDs[team], !(revoked && world.profile.appleUserIDAfterRevoke == .new) {
            if revoked {
                world.accounts[account].revokedAppleIDTeams.remove(team)
                log.record(subject, from: nil, to: .text(identifier), rule: .siwa43)
            }
            return identifier
        }
        let identifier = Self.appleUserIdentifier(world.rng.nextUUID())
        let old = world.accounts[account].appleUserIDs[team]
        world.accounts[account].appleUserIDs[team] = identifier
        world.accounts[account].revokedAppleIDTeams.remove(team)
        log.record(subject, from: old.map(ChangeValue.text), to: .text(identifier), rule: .siwa43)
        return identifier
    }

    /// A user identifier in the shape Apple's have: six digits, 32 hex digits, four digits.
    static func appleUserIdentifier(_ random: SimUUID) -> String {
        func digits(_ value: UInt64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(random.high % 1_000_000, 6) + "." + random.compactLowercase + "." + digits(random.low % 10_000, 4)
    }

    // MARK: - Pasteboards

    /// `UIPasteboard.general.string`. Reading shows a banner from iOS 14 and asks from iOS 16 (rule PB-31).
    public mutating func generalPasteboardString() -> String? {
        if osVersion.major >= 16 {
            notice("\"Allow Paste\" prompt: \(bundleID) read the general pasteboard (PB-31)")
        } else if osVersion.major >= 14 {
            notice("paste banner: \(bundleID) pasted from the general pasteboard (PB-31)")
        }
        return world.devices[device].pasteboards.general
    }

    public mutating func setGeneralPasteboard(_ value: String?) {
        let old = world.devices[device].pasteboards.general
        world.devices[device].pasteboards.general = value
        log.record(.pasteboard(device: device, name: "general"), from: old.map(ChangeValue.text),
                   to: value.map(ChangeValue.text), rule: nil)
    }

    /// The scope of named pasteboards: shared by everyone before iOS 7, per Team ID after (rule PB-31).
    private var pasteboardScope: String { osVersion.major < 7 ? "" : teamID }

    /// `UIPasteboard(name:create:)?.string`.
    public func namedPasteboardString(_ name: String) -> String? {
        if let value = Self.value(for: name, in: process.volatilePasteboards) { return value }
        guard osVersion.major < 10 else { return nil }
        return world.devices[device].pasteboards.named[NamedPasteboardKey(scope: pasteboardScope, name: name)]?.value
    }

    /// A process's value for a key. A process holds a pasteboard or two, and OpenUDID asks for a
    /// hundred at each launch: comparing a few keys costs less than hashing the name each time
    /// (`==` is the table's own key equality, so the answer is the subscript's).
    private static func value(for name: String, in table: [String: String]) -> String? {
        if table.isEmpty { return nil }
        guard table.count > 4 else {
            for (key, value) in table where key == name { return value }
            return nil
        }
        return table[name]
    }

    /// Writes a named pasteboard. `persistent` is honoured only before iOS 10; from then on a
    /// named pasteboard lives only as long as this process (rule PB-31).
    public mutating func setNamedPasteboard(_ name: String, value: String?, persistent: Bool) {
        guard persistent, osVersion.major < 10 else {
            process.volatilePasteboards[name] = value
            return
        }
        let key = NamedPasteboardKey(scope: pasteboardScope, name: name)
        let old = world.devices[device].pasteboards.named[key]?.value
        world.devices[device].pasteboards.named[key] = value.map { NamedPasteboard(value: $0, owner: app) }
        log.record(.pasteboard(device: device, name: name), from: old.map(ChangeValue.text),
                   to: value.map(ChangeValue.text), rule: nil)
    }
}
