import IDSim

/// The "DEVICE_UUID" pattern: a keychain item first; else the IDFV (else a new UUID),
/// written back so it outlives the vendor's apps.
package struct KeychainIDFV: IDStrategy {
    package static let name = "keychain-idfv"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "keychain item DEVICE_UUID, else IDFV (else a new UUID), written back"
    package static let account = "DEVICE_UUID"

    package static let options: [StrategyOption] = [
        StrategyOption("service", .string, default: nil, "the keychain service (default: the bundle ID)"),
        StrategyOption("accessible", .choice(Accessibility.allCases.map(\.rawValue)), default: nil,
                       "the item's class (default: none given, so WhenUnlocked)"),
        StrategyOption("accessGroup", .string, default: nil, "a keychain access group (default: the app's)"),
    ]
    package static let valueNames = ["id"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        let me = Self(options: app.options)
        return [StoreDescription(.keychain, me.service ?? app.bundleID, account: account, group: me.group, accessible: me.accessible),
                StoreDescription(.platform, "UIDevice.identifierForVendor")]
    }

    let service: String?
    let accessible: Accessibility?
    let group: String?

    package init(options: [String: OptionValue]) {
        let reader = OptionReader(values: options)
        service = reader.string("service")
        accessible = reader.string("accessible").flatMap(Accessibility.init(rawValue:))
        group = reader.string("accessGroup")
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        let service = self.service ?? os.bundleID
        let (stored, status) = os.readPassword(service: service, account: Self.account, group: group)
        let id: String
        if let stored {
            id = stored
        } else {
            notes.keychain("read", status)
            id = os.identifierForVendor()?.uuidString ?? os.newUUID().uuidString
            notes.keychain("write", os.savePassword(id, service: service, account: Self.account, group: group, accessible: accessible))
        }
        return LaunchReport(primaryID: id, values: [NamedValue("id", id)],
                            result: os.reportsInFull ? .object([.init("id", .string(id))]) : .null, notes: notes.lines)
    }
}
