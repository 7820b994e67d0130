import IDSim

/// ZBUUID: a keychain copy (through KeychainSwift: no service, WhenUnlocked) that is
/// overwritten by the current IDFV whenever they differ, so the ID follows the IDFV.
package struct ZBUUID: IDStrategy {
    package static let name = "zbuuid"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "ZBUUID: keychain copy overwritten by the current IDFV (lowercase, no dashes)"
    package static let key = "zb_uuidForDevice"

    package static let options: [StrategyOption] = []
    package static let valueNames = ["uuidForDevice", "uuidForVendor"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        [StoreDescription(.keychain, "", account: key), StoreDescription(.platform, "UIDevice.identifierForVendor")]
    }

    package init(options: [String: OptionValue]) {}

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        let vendor = os.identifierForVendor()?.compactLowercase
        let (stored, status) = os.readPassword(service: "", account: Self.key)
        if stored == nil { notes.keychain("read", status) }
        let device: String
        if let vendor {
            device = vendor
            if stored != vendor {
                // KeychainSwift's set: delete, then add.
                os.secItemDelete(KeychainQuery(service: "", account: Self.key))
                notes.keychain("write", os.secItemAdd(KeychainAttributes(service: "", account: Self.key, value: vendor)))
            }
        } else {
            device = os.newUUID().compactLowercase       // no IDFV: a random stand-in for this launch
            notes.add("no identifierForVendor: a random uuidForDevice for this launch")
        }
        return LaunchReport(primaryID: device, values: [NamedValue("uuidForDevice", device), NamedValue("uuidForVendor", vendor)],
                            result: os.reportsInFull ? .object([.init("uuidForDevice", .string(device)), .init("uuidForVendor", .optional(vendor))]) : .null,
                            notes: notes.lines)
    }
}
