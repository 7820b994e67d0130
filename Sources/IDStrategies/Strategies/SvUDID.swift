import IDSim

/// SvUDIDTools: a keychain item in a shared access group, seeded from the IDFV (the Wi-Fi MAC
/// before iOS 7). No accessibility class is given, so the item is WhenUnlocked.
package struct SvUDID: IDStrategy {
    package static let name = "svudid"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "SvUDIDTools: keychain item in a shared access group, seeded from IDFV (MAC on iOS 6)"
    /// The code identifies its item by kSecAttrGeneric "UUID" and an empty account.
    package static let service = "UUID"

    package static let options: [StrategyOption] = [
        StrategyOption("accessGroup", .string, default: nil,
                       "the shared group (default: TEAMID.com.cnblogs.smileEvday, the shipped placeholder with the team filled in)"),
    ]
    package static let valueNames = ["udid"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        [StoreDescription(.keychain, service, account: "", group: Self(options: app.options).group(team: app.teamID)),
         StoreDescription(.platform, "UIDevice.identifierForVendor (Wi-Fi MAC before iOS 7)")]
    }

    package static func sharedAccessGroups(for app: AppDeclaration) -> [String] {
        [Self(options: app.options).group(team: app.teamID)]
    }

    let accessGroup: String?

    package init(options: [String: OptionValue]) {
        accessGroup = OptionReader(values: options).string("accessGroup")
    }

    /// The access group the code uses for an app of this team.
    package func group(team: String) -> String {
        accessGroup ?? team + ".com.cnblogs.smileEvday"
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        // The code leaves the access group out on the Simulator (and so hides -34018 there).
        let group = os.deviceKind == .simulator ? nil : self.group(team: os.teamID)
        let (stored, status) = os.readPassword(service: Self.service, account: "", group: group)
        var udid = stored
        if udid == nil {
            notes.keychain("read", status)
            udid = os.osVersion.major < 7 ? os.wifiMACAddress() : os.identifierForVendor()?.uuidString
            if let udid {
                notes.keychain("write", os.savePassword(udid, service: Self.service, account: "", group: group))
            }
        }
        return LaunchReport(primaryID: udid, values: [NamedValue("udid", udid)],
                            result: os.reportsInFull ? .object([.init("udid", .optional(udid))]) : .null, notes: notes.lines)
    }
}
