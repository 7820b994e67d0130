import IDSim

/// react-native-device-info's `getUniqueId`: keychain (AfterFirstUnlockThisDeviceOnly), then
/// UserDefaults, then the IDFV, then a new UUID; saved to both keychain and UserDefaults.
package struct RNDI: IDStrategy {
    package static let name = "rndi"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "react-native-device-info getUniqueId: keychain → UserDefaults → IDFV → new UUID"
    package static let key = "deviceUID"

    package static let options: [StrategyOption] = [
        StrategyOption("accessible", .choice(Accessibility.allCases.map(\.rawValue)), default: .string("afterFirstUnlockThisDeviceOnly"),
                       "the item's class (older versions left the default, which migrates: RNDI #519)"),
        StrategyOption("synchronizable", .bool, default: .bool(false), "sync the item through iCloud Keychain (RNDI #922)"),
    ]
    package static let valueNames = ["uniqueId"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        let me = Self(options: app.options)
        return [StoreDescription(.keychain, key, account: key, accessible: me.accessible, synchronizable: me.synchronizable),
                StoreDescription(.userDefaults, key), StoreDescription(.platform, "UIDevice.identifierForVendor")]
    }

    let accessible: Accessibility
    let synchronizable: Bool

    package init(options: [String: OptionValue]) {
        let reader = OptionReader(values: options)
        accessible = reader.string("accessible").flatMap(Accessibility.init(rawValue:)) ?? .afterFirstUnlockThisDeviceOnly
        synchronizable = reader.bool("synchronizable", default: false)
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        let (stored, status) = os.readPassword(service: Self.key, account: Self.key, synchronizable: synchronizable ? .any : .no)
        if stored == nil { notes.keychain("read", status) }
        let id = stored ?? os.defaultsString(forKey: Self.key) ?? os.identifierForVendor()?.uuidString ?? os.newUUID().uuidString
        if stored != id {
            notes.keychain("write", os.savePassword(id, service: Self.key, account: Self.key, accessible: accessible,
                                                    synchronizable: synchronizable))
        }
        if os.defaultsString(forKey: Self.key) != id { os.setDefaults(id, forKey: Self.key) }
        return LaunchReport(primaryID: id, values: [NamedValue("uniqueId", id)],
                            result: os.reportsInFull ? .object([.init("uniqueId", .string(id))]) : .null, notes: notes.lines)
    }
}
