import IDScenario
import IDSim
import IDStrategies

/// Which of the world's changes touch a place a strategy keeps a value: a recipe's store, matched
/// by its filled names (`StoreDescription`), on one device, for one app.
struct StoreSubjects {
    let place: StoreDescription
    let app: AppIndex

    /// Whether a change's subject is this store on device `d` (a keyed file: the whole file; an
    /// iCloud store: its key under any prefix, on the device's account).
    func matches(_ subject: Subject, device d: DeviceIndex, in world: World) -> Bool {
        switch (place.kind, subject) {
        case (.keychain, .keychain(let device, let key)):
            return device == d && key.service == place.name && key.account == (place.account ?? "")
        case (.userDefaults, .defaults(let device, let a, let key)):
            return place.suite == nil && device == d && a == app && key == place.name
        case (.userDefaults, .suiteDefaults(let device, let a, let suite, let key)):
            return device == d && a == app && suite == place.suite && key == place.name
        case (.userDefaults, .groupDefaults(let device, let group, let key)):
            return device == d && group == place.suite && key == place.name
        case (.file, .file(let device, let a, let path)):
            return place.group == nil && device == d && a == app && path == place.name
        case (.file, .groupFile(let device, let group, let path)):
            return device == d && group == place.group && path == place.name
        case (.pasteboard, .pasteboard(let device, let name)):
            return device == d && name == place.name
        case (.iCloudKeyValueStore, .keyValueStore(let account, let key)):
            let signedIn = world.devices.indices.contains(d) ? world.devices[d].appleID.map { world.accounts[$0].id } : nil
            return signedIn == account && key.hasSuffix(":" + place.name)
        default:
            return false
        }
    }

    /// Whether the change left `value` in the store (a keyed file: among its entries).
    static func holds(_ change: Change, _ value: String) -> Bool {
        guard let to = change.to?.description else { return false }
        return to == value || (to.contains(value) && to.contains("="))
    }

    /// Whether the change took `value` (or everything) out of the store.
    static func removes(_ change: Change, _ value: String?) -> Bool {
        guard let to = change.to?.description else { return true }
        guard let value else { return false }
        return !to.contains(value)
    }
}

extension Subject {
    /// Whether it is one of the places an app keeps a value: the keychain, UserDefaults (its own,
    /// a suite's or an App Group's), a file, a pasteboard, the iCloud key-value store.
    var isStore: Bool {
        switch self {
        case .keychain, .defaults, .suiteDefaults, .groupDefaults, .groupFile, .file, .pasteboard, .keyValueStore: true
        default: false
        }
    }
}
