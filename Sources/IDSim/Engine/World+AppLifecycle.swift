/// install, uninstall, offload, update, consent, configure.
extension World {
    mutating func install(_ app: AppIndex, source: InstallSource, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        if let host = apps[app].role.host { throw .partOfHost(app: bundle, host: apps[host].bundleID) }
        // Read field by field: a whole InstalledApp copy would retain everything in it.
        let existing = devices[d].apps.presence(of: app)
        if existing == .installed { throw .appAlreadyInstalled(app: bundle, device: name) }
        if let full = apps[app].role.fullApp {
            if devices[d].apps[full]?.presence == .installed {
                throw .fullAppInstalled(clip: bundle, app: apps[full].bundleID, device: name)
            }
            if devices[d].os.major < 14 {
                throw .unsupported(what: "an App Clip", device: name, why: "App Clips arrived in iOS 14, and it runs iOS \(devices[d].os) (rule CLIP-34)")
            }
        }
        // The full app takes the place of its App Clip: the clip goes, and the app is a new install
        // (CLIP-34); what they share in an App Group stays, and from iOS 16 the clip's keychain
        // items become the app's (CLIP-41).
        for clip in clips(of: app) where devices[d].apps[clip] != nil {
            removeApp(clip, on: d, rule: .clip34, replacedBy: app, &log)
        }
        placeApp(app, source: source, on: d, rule: nil, &log)
        // A clip has no IDFV; every other app's vendor gets one if it has none yet.
        if apps[app].role.fullApp == nil { ensureVendorEntry(devices[d].apps[app]!.vendorKey, on: d, &log) }
        // Its extensions come with it (EXT-33).
        for ext in extensions(of: app) { placeApp(ext, source: source, on: d, rule: .ext33, &log) }
    }

    /// Makes an app installed on a device: a new installation, or an offloaded one back with its
    /// kept data and ATT decision (CT-23, ATT-15). `rule`: why, when the user did not ask for this
    /// app itself (an extension arriving with its host).
    private mutating func placeApp(_ app: AppIndex, source: InstallSource, on d: DeviceIndex, rule: RuleID?, _ log: inout ChangeLog) {
        let key = vendorKey(for: app, source: source, on: d)
        if devices[d].apps[app] != nil {
            let oldKey = devices[d].apps[app]!.vendorKey
            // A build from another environment registers afresh: its old token was the other
            // gateway's (APNS-35).
            let staleToken = devices[d].apps.apnsToken(of: app).flatMap { $0.environment == APNsEnvironment(source) ? nil : $0 }
            updateApp(app, on: d) {
                $0!.presence = .installed
                $0!.source = source
                $0!.vendorKey = key
                if staleToken != nil { $0!.apnsToken = nil }
            }
            log.record(.app(device: d, app: app), from: .presence(.offloaded), to: .presence(.installed), rule: rule ?? .ct23)
            if let staleToken { log.record(.apnsToken(device: d, app: app), from: .token(staleToken), to: nil, rule: .apns35) }
            if oldKey != key { releaseVendorKeyIfUnused(oldKey, on: d, excluding: app, &log) }
        } else {
            installations += 1
            let installation = installations
            updateApp(app, on: d) {
                $0 = InstalledApp(presence: .installed, source: source, vendorKey: key,
                                  container: .empty, att: .notDetermined, installation: installation)
            }
            log.record(.app(device: d, app: app), from: .presence(.absent), to: .presence(.installed), rule: rule)
            if devices[d].os.major >= 14, trackingRestricted(on: d) {
                log.record(.att(device: d, app: app), from: nil, to: .att(trackingStatus(app: app, on: d)), rule: .att12)
            }
        }
    }

    /// Creates the vendor's IDFV if it has none yet (rule IDFV-2).
    mutating func ensureVendorEntry(_ key: VendorKey, on d: DeviceIndex, _ log: inout ChangeLog) {
        guard devices[d].vendorTable[key] == nil else { return }
        let value = rng.nextUUID()
        devices[d].vendorTable[key] = value
        log.record(.idfv(device: d, vendor: key), from: nil, to: .uuid(value), rule: .idfv2)
    }

    /// Drops the vendor's IDFV when no other app keeps it alive (rule IDFV-5).
    mutating func releaseVendorKeyIfUnused(_ key: VendorKey, on d: DeviceIndex, excluding app: AppIndex,
                                           _ log: inout ChangeLog, rule: RuleID = .idfv5) {
        guard !vendorKeyInUse(key, on: d, excluding: app), let old = devices[d].vendorTable.removeValue(forKey: key) else { return }
        log.record(.idfv(device: d, vendor: key), from: .uuid(old), to: nil, rule: rule)
    }

    mutating func uninstall(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        if let host = apps[app].role.host { throw .partOfHost(app: bundle, host: apps[host].bundleID) }
        guard devices[d].app(app) != nil else { throw .appNotInstalled(app: bundle, device: name) }
        removeApp(app, on: d, rule: nil, &log)
        // Its extensions go with it (EXT-33).
        for ext in extensions(of: app) where devices[d].apps[ext] != nil {
            removeApp(ext, on: d, rule: .ext33, &log)
        }
    }

    /// Deletes an app from a device with everything that goes with it: keychain items under the
    /// 10.3-beta profile, its process, container, ATT decision, App Attest keys, pasteboards, and
    /// its vendor's IDFV if it was the last app keeping it. `rule`: why, when the user did not
    /// delete this app itself (an extension with its host, a clip replaced by its app).
    /// - Parameter replacedBy: the full app taking an App Clip's place (CLIP-34, CLIP-41).
    mutating func removeApp(_ app: AppIndex, on d: DeviceIndex, rule: RuleID?, replacedBy fullApp: AppIndex? = nil, _ log: inout ChangeLog) {
        guard let installed = devices[d].app(app) else { return }
        let readStatus = trackingStatus(app: app, on: d)
        // Keychain first: under deleteUnshared the app still counts while we look for other readers.
        purgeKeychainOnUninstall(app, on: d, &log)
        if apps[app].role.fullApp != nil { handOverClipKeychain(app, to: fullApp, on: d, &log) }
        updateApp(app, on: d) { $0 = nil }
        log.record(.app(device: d, app: app), from: .presence(installed.presence), to: .presence(.absent), rule: rule)
        endProcess(app, on: d, &log)
        recordContainerDestroyed(installed.container, device: d, app: app, rule: .ct23, &log)
        if readStatus != .notDetermined && readStatus != .restricted {
            log.record(.att(device: d, app: app), from: .att(readStatus), to: nil, rule: .att15)
        }
        if !installed.attestKeys.isEmpty {
            log.record(.appAttest(device: d, app: app), from: .text("\(installed.attestKeys.count) key(s)"), to: nil, rule: .aa28)
        }
        removeOwnedPasteboards(app, on: d, &log)
        // Whether the same device gives a reinstalled app a new token is not settled (APNS-35).
        if let token = installed.apnsToken {
            if profile.apnsTokenOnReinstall == .keep {
                devices[d].keptAPNsTokens[app] = token
            } else {
                log.record(.apnsToken(device: d, app: app), from: .token(token), to: nil, rule: .apns35)
            }
        }
        releaseVendorKeyIfUnused(installed.vendorKey, on: d, excluding: app, &log)
        releaseAppGroupContainers(of: app, on: d, keptFor: fullApp, &log)
        // A reinstall is a new install to a server whose record says so.
        if !devices.withElementPointer(at: d, { $0.pointee.serverIDs.isEmpty }) {
            devices[d].serverIDs = devices[d].serverIDs.filter { $0.key.app != app || !$0.value.reissueOn.contains(.reinstall) }
        }
    }

    /// Rule CT-36: an App Group's shared container goes with the last app of the group on the
    /// device (an assumption: switch appGroupContainerOnLastUninstall = keep).
    /// - Parameter keptFor: the full app replacing a clip: a group they share is not left (CLIP-34).
    mutating func releaseAppGroupContainers(of app: AppIndex, on d: DeviceIndex, keptFor fullApp: AppIndex? = nil, _ log: inout ChangeLog) {
        guard profile.appGroupContainerOnLastUninstall == .delete,
              !devices[d].appGroupDefaults.isEmpty || !devices[d].appGroupFiles.isEmpty else { return }
        for group in apps[app].appGroups where devices[d].appGroupDefaults[group] != nil || devices[d].appGroupFiles[group] != nil {
            if let fullApp, apps[fullApp].appGroups.contains(group) { continue }
            let stillUsed = devices[d].apps.presentIndices().contains { $0 != app && apps[$0].appGroups.contains(group) }
            guard !stillUsed else { continue }
            if let values = devices[d].appGroupDefaults.removeValue(forKey: group) {
                for key in values.keys.sorted() {
                    log.record(.groupDefaults(device: d, group: group, key: key), from: .text(values[key]!), to: nil, rule: .ct36)
                }
            }
            if let files = devices[d].appGroupFiles.removeValue(forKey: group) {
                for path in files.keys.sorted() {
                    log.record(.groupFile(device: d, group: group, path: path), from: .text(files[path]!.contents), to: nil, rule: .ct36)
                }
            }
        }
    }

    func recordContainerDestroyed(_ container: AppContainer, device: DeviceIndex, app: AppIndex, rule: RuleID, _ log: inout ChangeLog) {
        guard log.isRecording else { return }
        for key in container.defaults.keys.sorted() {
            log.record(.defaults(device: device, app: app, key: key), from: .text(container.defaults[key]!), to: nil, rule: rule)
        }
        if container.consent {
            log.record(.consent(device: device, app: app), from: .flag(true), to: nil, rule: rule)
        }
        recordContainerDiff(container, nil, device: device, app: app, rule: rule, &log)
    }

    /// Rule KC-19: items stay (`persist`), or under the 10.3-beta behaviour go with the last app
    /// that could reach their group. The Simulator never deleted them (rule SIM-32).
    mutating func purgeKeychainOnUninstall(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) {
        guard profile.keychainOnUninstall == .deleteUnshared, devices[d].kind != .simulator else { return }
        let groups = apps[app].keychainGroups
        let doomed = devices[d].keychain.keys.filter { key in
            groups.contains(key.group) && appsReaching(group: key.group, on: d, excluding: app).isEmpty
        }.sorted()
        for key in doomed {
            let item = devices[d].keychain.removeValue(forKey: key)!
            log.record(.keychain(device: d, item: key), from: .text(item.value), to: nil, rule: .kc19)
        }
    }

    /// Rule CLIP-41: an App Clip's keychain items (a clip stores only under its application
    /// identifier) move to the full app that replaces it on iOS 16 and later; otherwise they go
    /// with the clip (switch appClipKeychainOnRemoval).
    mutating func handOverClipKeychain(_ clip: AppIndex, to fullApp: AppIndex?, on d: DeviceIndex, _ log: inout ChangeLog) {
        let group = apps[clip].applicationIdentifier
        let items = devices[d].keychain.values.filter { $0.group == group }
        guard !items.isEmpty else { return }
        let promote = fullApp != nil && devices[d].os.major >= 16
        guard promote || profile.appClipKeychainOnRemoval == .delete else { return }
        for item in items.sorted(by: { $0.key < $1.key }) {
            _ = devices[d].keychain.removeValue(forKey: item.key)
            log.record(.keychain(device: d, item: item.key), from: .text(item.value), to: nil, rule: .clip41)
            guard promote, let fullApp else { continue }
            var moved = item
            moved.group = apps[fullApp].applicationIdentifier
            moved.creator = apps[fullApp].bundleID
            // An item the full app already holds under the same name is kept as it is.
            if devices[d].keychain.insertNew(moved) {
                log.record(.keychain(device: d, item: moved.key), from: nil, to: .text(moved.value), rule: .clip41)
            }
        }
    }

    mutating func removeOwnedPasteboards(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) {
        // Named pasteboards are rare (iOS 6 era): most uninstalls find none to scan.
        guard devices[d].pasteboards.named.contains(where: { $0.value.owner == app }) else { return }
        let owned = devices[d].pasteboards.named.filter { $0.value.owner == app }.keys.sorted()
        for key in owned {
            let board = devices[d].pasteboards.named.removeValue(forKey: key)!
            log.record(.pasteboard(device: d, name: key.name), from: .text(board.value), to: nil, rule: .pb31)
        }
    }

    mutating func offload(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        if let host = apps[app].role.host { throw .partOfHost(app: bundle, host: apps[host].bundleID) }
        guard let installed = devices[d].app(app), installed.presence == .installed else {
            throw .appNotInstalled(app: bundle, device: name)
        }
        guard devices[d].os.major >= 11 else {
            throw .unsupported(what: "offloading", device: name, why: "it arrived in iOS 11")
        }
        endProcess(app, on: d, &log)
        updateApp(app, on: d) { $0!.presence = .offloaded }
        log.record(.app(device: d, app: app), from: .presence(.installed), to: .presence(.offloaded), rule: .ct23)
        // The extensions are in the app's bundle, so they go with the binary (EXT-33).
        for ext in extensions(of: app) where devices[d].apps.presence(of: ext) == .installed {
            endProcess(ext, on: d, &log)
            updateApp(ext, on: d) { $0!.presence = .offloaded }
            log.record(.app(device: d, app: ext), from: .presence(.installed), to: .presence(.offloaded), rule: .ext33)
        }
        if !profile.offloadCountsAsInstalled {
            releaseVendorKeyIfUnused(installed.vendorKey, on: d, excluding: app, &log, rule: .idfv4)
        }
    }

    mutating func update(_ app: AppIndex, newTeam: String?, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        if let host = apps[app].role.host { throw .partOfHost(app: bundle, host: apps[host].bundleID) }
        guard let installed = devices[d].app(app), installed.presence == .installed else {
            throw .appNotInstalled(app: bundle, device: name)
        }
        if let newTeam, newTeam.isEmpty || newTeam.contains(where: { $0.isWhitespace || $0 == "." }) {
            throw .invalidName(newTeam, what: "Team ID")
        }
        endProcess(app, on: d, &log)
        let oldKey = installed.vendorKey
        var newKey = oldKey
        if let newTeam, newTeam != apps[app].teamID {
            // The app moved to another team: its old prefix's groups are no longer its own (KC-20).
            log.record(.options(app: app), from: .text("team \(apps[app].teamID)"), to: .text("team \(newTeam)"), rule: .kc20)
            apps[app].teamID = newTeam
            newKey = vendorKey(for: app, source: installed.source, on: d)
            updateApp(app, on: d) { $0!.vendorKey = newKey }
        }
        // The new build replaces the extensions in its bundle too: their processes end, and they
        // follow the app to its new vendor (EXT-33).
        for ext in extensions(of: app) where devices[d].apps.presence(of: ext) == .installed {
            endProcess(ext, on: d, &log)
            if newKey != oldKey { updateApp(ext, on: d) { $0!.vendorKey = newKey } }
        }
        if newKey != oldKey {
            ensureVendorEntry(newKey, on: d, &log)
            releaseVendorKeyIfUnused(oldKey, on: d, excluding: app, &log, rule: .idfv4)
        } else if profile.idfvOnUpdate == .regenerate {
            // Field report B8: some iOS 8 updates handed out a new IDFV.
            let old = devices[d].vendorTable[oldKey]
            let value = rng.nextUUID()
            devices[d].vendorTable[oldKey] = value
            log.record(.idfv(device: d, vendor: oldKey), from: old.map(ChangeValue.uuid), to: .uuid(value), rule: .idfv4)
        }
    }

    mutating func giveConsent(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        guard devices[d].app(app)?.presence == .installed else { throw .appNotInstalled(app: bundle, device: name) }
        let had = devices[d].apps[app]!.container.consent
        devices[d].apps[app]!.container.consent = true
        log.record(.consent(device: d, app: app), from: had ? .flag(true) : nil, to: .flag(true), rule: nil)
    }

    /// Changes the options of the app's code on every device: a new build of the same app.
    mutating func configure(_ app: AppIndex, options: [String: OptionValue], _ log: inout ChangeLog) {
        for key in options.keys.sorted() {
            let old = apps[app].options[key]
            apps[app].options[key] = options[key]
            log.record(.options(app: app), from: old.map { .text("\(key)=\($0)") }, to: .text("\(key)=\(options[key]!)"), rule: nil)
        }
    }
}
