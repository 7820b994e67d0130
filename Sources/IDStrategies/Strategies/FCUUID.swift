import IDSim

/// FCUUID: IDs for the installation (UserDefaults), the vendor (IDFV), the device (keychain,
/// mirrored in UserDefaults) and all the user's devices (a synchronizable keychain list plus
/// iCloud key-value store entries). Keychain through UICKeyChainStore: service = bundle ID,
/// AfterFirstUnlock. IDs are lowercase hex without dashes.
package struct FCUUID: IDStrategy {
    package static let name = "fcuuid"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "FCUUID: uuidForInstallation, uuidForVendor, uuidForDevice, uuidsOfUserDevices"
    static let installationKey = "fc_uuidForInstallation"
    static let deviceKey = "fc_uuidForDevice"
    static let devicesKey = "fc_uuidsOfUserDevices"
    /// Each device's own iCloud key-value entry: `fc_uuidForDevice_<its uuidForDevice>`.
    static let devicePrefix = deviceKey + "_"

    package static let options: [StrategyOption] = [
        StrategyOption("version", .choice(["1.3.1", "1.3.0"]), default: .string("1.3.1"),
                       "1.3.0 kept uuidForInstallation in the keychain, so it survived reinstall (FCUUID #12)"),
    ]
    package static let valueNames = ["uuidForInstallation", "uuidForVendor", "uuidForDevice", "uuidsOfUserDevices"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        let legacy = Self(options: app.options).legacyInstallation
        return [legacy ? StoreDescription(.keychain, app.bundleID, account: installationKey, accessible: .afterFirstUnlock)
                    : StoreDescription(.userDefaults, installationKey),
                StoreDescription(.platform, "UIDevice.identifierForVendor"),
                StoreDescription(.keychain, app.bundleID, account: deviceKey, accessible: .afterFirstUnlock),
                StoreDescription(.userDefaults, deviceKey),
                StoreDescription(.keychain, app.bundleID, account: devicesKey, accessible: .afterFirstUnlock, synchronizable: true),
                StoreDescription(.iCloudKeyValueStore, deviceKey + "_<uuid>")]
    }

    let legacyInstallation: Bool

    package init(options: [String: OptionValue]) {
        legacyInstallation = OptionReader(values: options).string("version") == "1.3.0"
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        let service = os.bundleID
        let installation = uuidForInstallation(&os, service: service, &notes)
        let vendor = os.identifierForVendor()?.compactLowercase
        let device = uuidForDevice(&os, service: service, &notes)
        let devices = uuidsOfUserDevices(&os, service: service, device: device, &notes)
        let list = devices.joined(separator: "|")
        return LaunchReport(
            primaryID: device,
            values: [NamedValue("uuidForInstallation", installation), NamedValue("uuidForVendor", vendor),
                     NamedValue("uuidForDevice", device), NamedValue("uuidsOfUserDevices", list)],
            result: os.reportsInFull
                ? .object([.init("uuidForInstallation", .string(installation)), .init("uuidForVendor", .optional(vendor)),
                           .init("uuidForDevice", .string(device)), .init("uuidsOfUserDevices", .array(devices.map(StructuredValue.string)))])
                : .null,
            notes: notes.lines)
    }

    func uuidForInstallation(_ os: inout AppOS, service: String, _ notes: inout LaunchNotes) -> String {
        if legacyInstallation {
            let (stored, status) = os.readPassword(service: service, account: Self.installationKey)
            if let stored { return stored }
            notes.keychain("read installation", status)
            let fresh = os.newUUID().compactLowercase
            notes.keychain("write installation", os.savePassword(fresh, service: service, account: Self.installationKey, accessible: .afterFirstUnlock))
            return fresh
        }
        if let stored = os.defaultsString(forKey: Self.installationKey) { return stored }
        let fresh = os.newUUID().compactLowercase
        os.setDefaults(fresh, forKey: Self.installationKey)
        return fresh
    }

    /// Keychain first, then the UserDefaults copy, else a new UUID; written to both.
    func uuidForDevice(_ os: inout AppOS, service: String, _ notes: inout LaunchNotes) -> String {
        let (stored, status) = os.readPassword(service: service, account: Self.deviceKey)
        if stored == nil { notes.keychain("read device", status) }
        let device = stored ?? os.defaultsString(forKey: Self.deviceKey) ?? os.newUUID().compactLowercase
        if stored != device {
            notes.keychain("write device", os.savePassword(device, service: service, account: Self.deviceKey, accessible: .afterFirstUnlock))
        }
        if os.defaultsString(forKey: Self.deviceKey) != device { os.setDefaults(device, forKey: Self.deviceKey) }
        return device
    }

    /// The synchronizable list, plus every device that announced itself in iCloud KVS.
    func uuidsOfUserDevices(_ os: inout AppOS, service: String, device: String, _ notes: inout LaunchNotes) -> [String] {
        let (stored, status) = os.readPassword(service: service, account: Self.devicesKey, synchronizable: .any)
        if stored == nil, status != .itemNotFound { notes.keychain("read devices", status) }
        let saved = stored ?? os.defaultsString(forKey: Self.devicesKey) ?? ""
        // Split by bytes ("|" is ASCII): a split by Characters walks grapheme clusters, slowly.
        // The library keeps an NSMutableSet; a user has a handful of devices, so an array that
        // skips what it holds gives the same sorted list without hashing each ID at every launch.
        var devices: [String] = []
        func insert(_ id: String) {
            if !devices.contains(id) { devices.append(id) }
        }
        for part in saved.utf8.split(separator: UInt8(ascii: "|")) { insert(String(Substring(part))) }
        insert(device)
        os.setUbiquitous(device, forKey: Self.devicePrefix + device)
        for key in os.ubiquitousKeys(withPrefix: Self.devicePrefix) {
            if let other = os.ubiquitousString(forKey: key) { insert(other) }
        }
        let list = devices.sorted()
        let joined = list.joined(separator: "|")
        if joined != stored {
            notes.keychain("write devices", os.savePassword(joined, service: service, account: Self.devicesKey,
                                                            accessible: .afterFirstUnlock, synchronizable: true))
        }
        if os.defaultsString(forKey: Self.devicesKey) != joined { os.setDefaults(joined, forKey: Self.devicesKey) }
        return list
    }
}
