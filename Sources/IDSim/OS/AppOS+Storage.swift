/// UserDefaults, iCloud key-value store and pasteboards (rules CT-23…25, PB-31).
extension AppOS {
    /// Whether the process can use its UserDefaults store (rule CT-25): the container is protected
    /// until first unlock from iOS 7, and a process that started before it keeps an empty cache.
    public var userDefaultsAvailable: Bool {
        !process.defaultsCachedEmpty && (osVersion.major < 7 || world.devices[device].afterFirstUnlockAvailable)
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

    /// Whether the user accepted the app's privacy policy on this device (id-kit's `register`).
    public var consentGiven: Bool { installed.container.consent }

    // MARK: - iCloud key-value store

    private var kvsKey: (account: Int, prefix: String)? {
        world.devices[device].appleID.map { ($0, world.apps[app].applicationIdentifier + ":") }
    }

    /// `NSUbiquitousKeyValueStore.default.string(forKey:)`; nil when not signed in to iCloud.
    public func ubiquitousString(forKey key: String) -> String? {
        guard let (account, prefix) = kvsKey else { return nil }
        return world.accounts[account].keyValueStore[prefix + key]
    }

    /// The keys of the app's iCloud key-value store that start with `prefix`, sorted.
    public func ubiquitousKeys(withPrefix prefix: String) -> [String] {
        guard let (account, own) = kvsKey else { return [] }
        return world.accounts[account].keyValueStore.keys.filter { $0.hasPrefix(own + prefix) }
            .map { String($0.dropFirst(own.count)) }.sorted()
    }

    /// `NSUbiquitousKeyValueStore.default.set(_:forKey:)`; dropped when not signed in.
    public mutating func setUbiquitous(_ value: String?, forKey key: String) {
        guard let (account, prefix) = kvsKey else { return }
        let old = world.accounts[account].keyValueStore[prefix + key]
        world.accounts[account].keyValueStore[prefix + key] = value
        log.record(.keyValueStore(account: world.accounts[account].id, key: prefix + key), from: old.map(ChangeValue.text),
                   to: value.map(ChangeValue.text), rule: nil)
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
        if let value = process.volatilePasteboards[name] { return value }
        guard osVersion.major < 10 else { return nil }
        return world.devices[device].pasteboards.named[NamedPasteboardKey(scope: pasteboardScope, name: name)]?.value
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
