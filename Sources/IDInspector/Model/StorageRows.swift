import IDScenario
import IDSim

/// One row of the storage pane: a heading (an access group, a UserDefaults domain) or a stored
/// value, with what Enter opens.
struct StorageRow {
    var lines: [String]
    var isHeading = false
    /// The value in full, for Enter.
    var detail: Reading?
}

/// What the selected device stores: its keychain by access group (service and account, class,
/// sync, value), then the selected app's UserDefaults.
enum StorageRows {
    static func make(_ state: InspectorState) -> [StorageRow] {
        let world = state.session.world
        let device = world.devices[state.selection.device]
        let g = state.theme.glyphs
        var rows: [StorageRow] = []
        var group: String?
        for item in device.keychain.values.sorted(by: { $0.key < $1.key }) {
            if item.group != group {
                group = item.group
                rows.append(StorageRow(lines: [item.group], isHeading: true))
            }
            // Three short lines rather than one long one, so a 36-column pane shows all of it:
            // service; account = value; class and sync.
            let how = shortClass(item.accessible) + " · " + (item.synchronizable ? "synced" : "not synced")
            rows.append(StorageRow(lines: [" " + item.service, "   " + item.account + " = " + IDText.short(item.value, ellipsis: g.ellipsis),
                                           "   " + how], detail: keychainDetail(item)))
        }
        if rows.isEmpty { rows.append(StorageRow(lines: ["keychain: no items"], isHeading: true)) }
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
        }
        return rows
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
            ReadingLine("value: \(item.value)"),
            ReadingLine("made by: \(item.creator)", .dim),
            ReadingLine(item.accessible.isThisDeviceOnly
                ? "ThisDeviceOnly: never restored onto other hardware (KC-21)."
                : "Moves to other hardware only in an encrypted backup or a migration (KC-21, KC-22a).", .dim),
        ])
    }
}
