/// Copies of a world that share no storage with it.
///
/// A value copy shares storage: every table, box and string of the world is shared until one
/// side writes it, and each copy of a state writes the shared objects' reference counts. When two
/// threads each copy states descended from one world millions of times, both cores write the
/// same reference counts, and the cache lines holding them bounce between the cores (explore lost
/// about a twentieth of its speed on two cores to that). A thread that starts from its own
/// `unshared()` copy writes only reference counts of its own.
extension World {
    /// An equal world whose every table, box, string and record is a new one.
    public func unshared() -> World {
        var copy = self
        copy.apps = BoxedArray(apps.map { $0.unshared() })
        copy.devices = BoxedArray(devices.map { $0.unshared() })
        copy.accounts = BoxedArray(accounts.map { $0.unshared() })
        copy.backups = Dictionary(uniqueKeysWithValues: backups.map { (Unshared.string($0.key), $0.value.unshared()) })
        copy.deviceCheck = deviceCheck.unshared()
        // `map`, not `Array(_:)`: an array made from an array shares its storage.
        copy.extensionsByHost = Dictionary(uniqueKeysWithValues: extensionsByHost.map { ($0.key, $0.value.map { $0 }) })
        copy.clipsByApp = Dictionary(uniqueKeysWithValues: clipsByApp.map { ($0.key, $0.value.map { $0 }) })
        copy.wiped = WipedDevice(parts: WipedDeviceParts(appCount: apps.count))
        return copy
    }
}

extension Step {
    /// An equal step whose names (a backup's, a note's, a team's) are strings of its own (see
    /// `World.unshared`): explore's workers copy steps for every successor they try.
    public func unshared() -> Step {
        switch event {
        case .backup(let kind, let name): Step(.backup(kind, name: Unshared.string(name)), on: device)
        case .restore(let name): Step(.restore(backup: Unshared.string(name)), on: device)
        case .note(let text): Step(.note(Unshared.string(text)), on: device)
        case .update(let app, let team): Step(.update(app, newTeam: Unshared.string(team)), on: device)
        default: self
        }
    }
}

/// Fresh storage for the parts of a world.
enum Unshared {
    /// A string in storage of its own (one of 15 UTF-8 bytes or fewer is held inline anyway).
    static func string(_ text: String) -> String {
        text.utf8.count <= 15 ? text : String(decoding: Array(text.utf8), as: UTF8.self)
    }

    static func string(_ text: String?) -> String? {
        text.map { string($0) }
    }

    static func strings(_ texts: [String]) -> [String] {
        texts.map { string($0) }
    }

    static func table(_ table: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: table.map { (string($0.key), string($0.value)) })
    }

    static func tables(_ tables: [String: [String: String]]) -> [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: tables.map { (string($0.key), table($0.value)) })
    }

    static func groupFiles(_ groups: [String: [String: ContainerFile]]) -> [String: [String: ContainerFile]] {
        Dictionary(uniqueKeysWithValues: groups.map { group in
            (string(group.key), Dictionary(uniqueKeysWithValues: group.value.map {
                (string($0.key), $0.value.unshared())
            }))
        })
    }

    static func slots<Element>(_ slots: Slots<Element>, _ copy: (Element) -> Element) -> Slots<Element> {
        var fresh = Slots<Element>(count: slots.count)
        for index in slots.indices { if let element = slots[index] { fresh[index] = copy(element) } }
        return fresh
    }
}

extension AppDeclaration {
    func unshared() -> AppDeclaration {
        var copy = AppDeclaration(bundleID: Unshared.string(bundleID), teamID: Unshared.string(teamID), defaultSource: defaultSource,
                                  strategy: Unshared.string(strategy), options: options.unshared(),
                                  keychainAccessGroups: Unshared.strings(keychainAccessGroups), appGroups: Unshared.strings(appGroups),
                                  hasTrackingUsageDescription: hasTrackingUsageDescription, displayName: Unshared.string(displayName))
        copy.role = role
        return copy
    }
}

extension [String: OptionValue] {
    func unshared() -> [String: OptionValue] {
        Dictionary(uniqueKeysWithValues: map { key, value in
            let fresh: OptionValue = switch value {
            case .string(let text): .string(Unshared.string(text))
            case .list(let texts): .list(Unshared.strings(texts))
            case .bool, .int: value
            }
            return (Unshared.string(key), fresh)
        })
    }
}

extension Device {
    func unshared() -> Device {
        var copy = self
        copy.name = Unshared.string(name)
        copy.keychain = keychain.unshared()
        copy.apps = Unshared.slots(apps) { $0.unshared() }
        copy.processes = Unshared.slots(processes) { $0.unshared() }
        copy.launches = Unshared.slots(launches) { $0.unshared() }
        copy.replaceTables(with: DeviceTables(
            vendorTable: Dictionary(uniqueKeysWithValues: vendorTable.map { ($0.key.unshared(), $0.value) }),
            vendorUsers: Dictionary(uniqueKeysWithValues: vendorUsers.map { ($0.key.unshared(), $0.value) }),
            pasteboards: pasteboards.unshared(),
            keptAPNsTokens: Dictionary(uniqueKeysWithValues: keptAPNsTokens.map { ($0.key, $0.value) }),
            appGroupDefaults: Unshared.tables(appGroupDefaults),
            appGroupFiles: Unshared.groupFiles(appGroupFiles),
            serverIDs: Dictionary(uniqueKeysWithValues: serverIDs.map {
                (ServerIDKey(app: $0.key.app, name: Unshared.string($0.key.name)), ServerID(value: Unshared.string($0.value.value), reissueOn: $0.value.reissueOn))
            })))
        return copy
    }
}

extension Keychain {
    func unshared() -> Keychain {
        Keychain(values.map { item in
            KeychainItem(group: Unshared.string(item.group), service: Unshared.string(item.service), account: Unshared.string(item.account),
                         accessible: item.accessible, synchronizable: item.synchronizable, value: Unshared.string(item.value),
                         creator: Unshared.string(item.creator), accessControl: item.accessControl,
                         generic: item.generic.map(Unshared.string))
        })
    }
}

extension VendorKey {
    func unshared() -> VendorKey { VendorKey(namespace, Unshared.string(value)) }
}

extension InstalledApp {
    func unshared() -> InstalledApp {
        var copy = self
        copy.vendorKey = vendorKey.unshared()
        copy.container = AppContainer(defaults: Unshared.table(container.defaults), consent: container.consent)
        copy.container.suites = Unshared.tables(container.suites)
        copy.container.supplied = Unshared.table(container.supplied)
        copy.container.files = Dictionary(uniqueKeysWithValues: container.files.map {
            (Unshared.string($0.key), $0.value.unshared())
        })
        copy.attestKeys = attestKeys.map { AppAttestKey(id: Unshared.string($0.id), environment: $0.environment) }
        return copy
    }
}

extension AppProcess {
    func unshared() -> AppProcess {
        var copy = self
        copy.unsavedDefaults = Unshared.table(unsavedDefaults)
        copy.memory = Unshared.table(memory)
        copy.volatilePasteboards = Unshared.table(volatilePasteboards)
        return copy
    }
}

extension LaunchHistory {
    func unshared() -> LaunchHistory {
        LaunchHistory(latest: latest.unshared(), previous: previous?.unshared())
    }
}

extension LaunchRecord {
    func unshared() -> LaunchRecord {
        var fresh = report
        fresh.primaryID = Unshared.string(report.primaryID)
        fresh.best = Unshared.string(report.best)
        fresh.values = report.values.map { NamedValue(Unshared.string($0.name), Unshared.string($0.value)) }
        return LaunchRecord(step: step, mode: mode, installation: installation, report: fresh, apnsToken: apnsToken)
    }
}

extension Pasteboards {
    func unshared() -> Pasteboards {
        var copy = Pasteboards()
        copy.general = Unshared.string(general)
        copy.named = Dictionary(uniqueKeysWithValues: named.map { key, board in
            (NamedPasteboardKey(scope: Unshared.string(key.scope), name: Unshared.string(key.name)),
             NamedPasteboard(value: Unshared.string(board.value), owner: board.owner))
        })
        return copy
    }
}

extension ContainerFile {
    /// The same file with its contents in storage of its own; every other field is a value.
    func unshared() -> ContainerFile {
        var copy = self
        copy.contents = Unshared.string(contents)
        return copy
    }
}

extension Account {
    func unshared() -> Account {
        var copy = Account(id: Unshared.string(id), iCloudKeychain: iCloudKeychain, trackingRestricted: trackingRestricted)
        copy.cloudKeychain = cloudKeychain.unshared()
        copy.keyValueStore = Unshared.table(keyValueStore)
        copy.appleUserIDs = Unshared.table(appleUserIDs)
        copy.revokedAppleIDTeams = Set(revokedAppleIDTeams.map(Unshared.string))
        return copy
    }
}

extension Backup {
    func unshared() -> Backup {
        Backup(name: Unshared.string(name), kind: kind, sourceHardwareID: sourceHardwareID, sourceDevice: Unshared.string(sourceDevice),
               os: os, idfa: idfa, vendorTable: Dictionary(uniqueKeysWithValues: vendorTable.map { ($0.key.unshared(), $0.value) }),
               keychain: keychain.unshared(), apps: Unshared.slots(apps) { $0.unshared() }, settings: settings, appleID: appleID,
               iCloudKeychain: iCloudKeychain, appGroupDefaults: Unshared.tables(appGroupDefaults),
               appGroupFiles: Unshared.groupFiles(appGroupFiles))
    }
}
