import IDScenario
import IDSim
import IDStrategies

/// One row of the storage pane: a heading (an access group, a UserDefaults domain) or a stored
/// value, with what Enter opens.
struct StorageRow {
    var lines: [String]
    var isHeading = false
    /// The value in full, for Enter.
    var detail: Reading?
}

/// What the selected device stores: for an app on a recipe, the recipe's stores by name first;
/// then the keychain by access group (service and account, class, sync, value), then the selected
/// app's UserDefaults, suites, App Group defaults, files and iCloud key-value store, and the
/// device's named pasteboards.
enum StorageRows {
    static func make(_ state: InspectorState) -> [StorageRow] {
        let world = state.session.world
        let device = world.devices[state.selection.device]
        let g = state.theme.glyphs
        var rows: [StorageRow] = recipeRows(state)
        var group: String?
        for item in device.keychain.values.sorted(by: { $0.key < $1.key }) {
            if item.group != group {
                group = item.group
                rows.append(StorageRow(lines: [item.group], isHeading: true))
            }
            // Three short lines rather than one long one, so a 36-column pane shows all of it:
            // service; account = value; class and sync.
            let how = shortClass(item.accessible) + " · " + (item.synchronizable ? "synced" : "not synced")
                + (item.accessControl.map { " · " + $0.rawValue } ?? "")
            rows.append(StorageRow(lines: [" " + item.service, "   " + item.account + " = " + IDText.short(item.value, ellipsis: g.ellipsis),
                                           "   " + how], detail: keychainDetail(item)))
        }
        if device.keychain.isEmpty { rows.append(StorageRow(lines: ["keychain: no items"], isHeading: true)) }
        if let app = state.selection.app, let installed = device.apps[app] {
            let defaults = installed.container.defaults
            rows.append(StorageRow(lines: ["UserDefaults · \(world.apps[app].bundleID)"], isHeading: true))
            if defaults.isEmpty { rows.append(StorageRow(lines: [" (empty)"])) }
            for key in defaults.keys.sorted() {
                let value = defaults[key]!
                rows.append(StorageRow(lines: [" \(key) = " + IDText.short(value, ellipsis: g.ellipsis)],
                                       detail: Reading(title: "UserDefaults: \(key)", lines: [
                                           ReadingLine("app: \(world.apps[app].bundleID)"), ReadingLine("key: \(key)"),
                                           ReadingLine("value: \(value)"),
                                           ReadingLine("In the app's data container: gone with the app, back with any restore (CT-23, CT-24).", .dim),
                                       ])))
            }
            rows += containerRows(installed.container, app: world.apps[app], ellipsis: g.ellipsis)
            rows += sharedRows(world, device: state.selection.device, app: world.apps[app], ellipsis: g.ellipsis)
        }
        let pasteboards = device.pasteboards.named.sorted { $0.key < $1.key }
        if !pasteboards.isEmpty {
            rows.append(StorageRow(lines: ["Named pasteboards (persistent, before iOS 10)"], isHeading: true))
            for (key, board) in pasteboards {
                rows.append(StorageRow(lines: [" \(key.name) = " + IDText.short(board.value, ellipsis: g.ellipsis)],
                                       detail: Reading(title: "Named pasteboard: \(key.name)", lines: [
                                           ReadingLine("scope: \(key.scope)"), ReadingLine("value: \(board.value)"),
                                           ReadingLine("Persistent named pasteboards ended with iOS 10 (PB-31).", .dim),
                                       ])))
            }
        }
        return rows
    }

    /// The app's own suites and container files.
    static func containerRows(_ container: AppContainer, app: AppDeclaration, ellipsis: String) -> [StorageRow] {
        var rows: [StorageRow] = []
        for suite in container.suites.keys.sorted() {
            rows.append(StorageRow(lines: ["UserDefaults suite \(suite) (private)"], isHeading: true))
            rows += keyRows(container.suites[suite]!, title: "UserDefaults suite \(suite)",
                            note: "A private suite lives in the app's container, as its standard defaults do (CT-23).", ellipsis: ellipsis)
        }
        if !container.files.isEmpty {
            rows.append(StorageRow(lines: ["Files · \(app.bundleID)"], isHeading: true))
            for path in container.files.keys.sorted() {
                let file = container.files[path]!
                rows.append(StorageRow(lines: [" \(path) = " + IDText.short(file.contents, ellipsis: ellipsis),
                                               "   " + (file.backedUp ? "backed up" : "excluded from backups")],
                                       detail: Reading(title: "File: \(path)", lines: [
                                           ReadingLine("app: \(app.bundleID)"), ReadingLine("contents: \(file.contents)"),
                                           ReadingLine(file.backedUp ? "In backups: back with a restore."
                                                       : "isExcludedFromBackup: gone after a restore.", .dim),
                                       ])))
            }
        }
        return rows
    }

    /// What the app shares beyond its container: its App Groups' defaults and its iCloud key-value store.
    static func sharedRows(_ world: World, device: DeviceIndex, app: AppDeclaration, ellipsis: String) -> [StorageRow] {
        var rows: [StorageRow] = []
        for group in app.appGroups {
            let defaults = world.devices[device].appGroupDefaults[group] ?? [:]
            let files = world.devices[device].appGroupFiles[group] ?? [:]
            guard !defaults.isEmpty || !files.isEmpty else { continue }
            rows.append(StorageRow(lines: ["App Group \(group)"], isHeading: true))
            // Its files beside its suite's keys, a file by its path.
            var entries = defaults
            for (path, file) in files { entries["file " + path] = file.contents }
            rows += keyRows(entries, title: "App Group \(group)",
                            note: "Shared by the group's apps on this device; gone when the last of them is (CT-36).", ellipsis: ellipsis)
        }
        if let account = world.devices[device].appleID {
            let prefix = app.applicationIdentifier + ":"
            let own = world.accounts[account].keyValueStore.filter { $0.key.hasPrefix(prefix) }
            if !own.isEmpty {
                rows.append(StorageRow(lines: ["iCloud key-value store · \(world.accounts[account].id)"], isHeading: true))
                rows += keyRows(Dictionary(uniqueKeysWithValues: own.map { (String($0.key.dropFirst(prefix.count)), $0.value) }),
                                title: "iCloud key-value store", note: "On the Apple ID: every device signed in sees it (KVS-38).",
                                ellipsis: ellipsis)
            }
        }
        return rows
    }

    static func keyRows(_ values: [String: String], title: String, note: String, ellipsis: String) -> [StorageRow] {
        values.keys.sorted().map { key in
            StorageRow(lines: [" \(key) = " + IDText.short(values[key]!, ellipsis: ellipsis)],
                       detail: Reading(title: "\(title): \(key)", lines: [
                           ReadingLine("key: \(key)"), ReadingLine("value: \(values[key]!)"), ReadingLine(note, .dim),
                       ]))
        }
    }

    /// For an app on a recipe: each of its stores by the recipe's name for it, with what it holds now.
    static func recipeRows(_ state: InspectorState) -> [StorageRow] {
        let world = state.session.world
        guard let app = state.selection.app, let installed = world.devices[state.selection.device].apps[app],
              let strategy = state.session.library.strategy(named: world.apps[app].strategy), strategy.kind == .recipe else { return [] }
        let declaration = world.apps[app]
        // A store kept per supplied value names the entry of what the app supplied on this device.
        let stores = strategy.stores(for: declaration, supplied: installed.container.supplied).filter { $0.label != nil }
        guard !stores.isEmpty else { return [] }
        var rows = [StorageRow(lines: ["recipe \(strategy.name) · \(declaration.bundleID)"], isHeading: true)]
        for store in stores {
            let line: String, valueWords: String
            if let call = store.unkeyed {
                line = " \(store.label!): no entry, nothing supplied with \(call)"
                valueWords = "no entry: the store is kept per value the app passes with \(call), and it has passed none"
            } else {
                let value = storedValue(store, world: world, device: state.selection.device, app: app)
                line = " \(store.label!) = " + (value.map { IDText.short($0, ellipsis: state.theme.glyphs.ellipsis) } ?? "(none)")
                valueWords = value ?? "(none)"
            }
            rows.append(StorageRow(lines: [line], detail: Reading(title: "Recipe store: \(store.label!)", lines: [
                ReadingLine("recipe: \(strategy.name)"), ReadingLine("place: \(store.place)"), ReadingLine("value: \(valueWords)"),
            ])))
        }
        return rows
    }

    /// What a store holds on a device now, read from the world (not through the app, so a
    /// keychain item locked before first unlock still shows).
    static func storedValue(_ store: StoreDescription, world: World, device: DeviceIndex, app: AppIndex) -> String? {
        let phone = world.devices[device]
        let declaration = world.apps[app]
        let container = phone.apps[app]?.container
        switch store.kind {
        case .keychain:
            let groups = store.group.map { [$0] } ?? declaration.keychainGroups
            return phone.keychain.values.first { item in
                item.service == store.name && item.account == (store.account ?? "") && groups.contains(item.group)
            }?.value
        case .userDefaults:
            guard let suite = store.suite else { return container?.defaults[store.name] }
            if declaration.appGroups.contains(suite) { return phone.appGroupDefaults[suite]?[store.name] }
            return container?.suites[suite]?[store.name]
        case .file:
            let contents = store.group.map { phone.appGroupFiles[$0]?[store.name]?.contents } ?? container?.files[store.name]?.contents
            return store.account.map { KeyedFile.value($0, in: contents) } ?? contents
        case .iCloudKeyValueStore:
            return phone.appleID.flatMap { world.accounts[$0].keyValueStore[declaration.applicationIdentifier + ":" + store.name] }
        case .pasteboard:
            return phone.pasteboards.named.first { $0.key.name == store.name }?.value.value
        case .platform, .advertisingIdentifier, .server, .memory:
            return nil
        }
    }

    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` → `AfterFirstUnlock, this device`.
    static func shortClass(_ accessible: Accessibility) -> String {
        switch accessible {
        case .whenUnlocked: "WhenUnlocked"
        case .whenUnlockedThisDeviceOnly: "WhenUnlocked, this device"
        case .afterFirstUnlock: "AfterFirstUnlock"
        case .afterFirstUnlockThisDeviceOnly: "AfterFirstUnlock, this device"
        case .whenPasscodeSetThisDeviceOnly: "WhenPasscodeSet, this device"
        case .always: "Always"
        case .alwaysThisDeviceOnly: "Always, this device"
        }
    }

    static func keychainDetail(_ item: KeychainItem) -> Reading {
        Reading(title: "Keychain item", lines: [
            ReadingLine("access group: \(item.group)"),
            ReadingLine("service: \(item.service)"),
            ReadingLine("account: \(item.account)"),
            ReadingLine("accessible: \(item.accessible.constantName)"),
            ReadingLine("synchronizable: \(item.synchronizable ? "yes (iCloud Keychain)" : "no")"),
            ReadingLine("access control: " + (item.accessControl.map { "\($0.constantName): read only with the user there, never leaves the device (KC-40)" } ?? "none")),
        ] + (item.generic.map { [ReadingLine("generic (kSecAttrGeneric): \($0)")] } ?? []) + [
            ReadingLine("value: \(item.value)"),
            ReadingLine("made by: \(item.creator)", .dim),
            ReadingLine(item.accessible.isThisDeviceOnly
                ? "ThisDeviceOnly: never restored onto other hardware (KC-21)."
                : "Moves to other hardware only in an encrypted backup or a migration (KC-21, KC-22a).", .dim),
        ])
    }
}
