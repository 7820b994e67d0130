import IDSim

/// App Attest as apps use it: generate a key at first launch, keep its key ID (in the keychain,
/// or UserDefaults), and assert with it at every launch after.
///
/// The key lives in one installation's Secure Enclave, but the key ID lives where the app put
/// it, and both of those places can outlive the key: a keychain item survives a reinstall and
/// moves with a restore or migration, UserDefaults move with a restore. Then the assertion
/// fails with `DCError.invalidKey` (rule AA-28; firebase-ios-sdk issues 11853, 12629, 15161).
package struct AppAttestStrategy: IDStrategy {
    package static let name = "appattest"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "App Attest: a key at first launch, its key ID kept by the app, an assertion at every launch"

    package static let options: [StrategyOption] = [
        StrategyOption("keyIdStore", .choice(["keychain", "defaults"]), default: .string("keychain"),
                       "where the key ID is kept: a keychain item (AfterFirstUnlock) or UserDefaults"),
        StrategyOption("environment", .choice(["production", "development"]), default: .string("production"),
                       "the App Attest environment the app's entitlement names; keys of one do not work in the other"),
    ]
    package static let valueNames = ["keyId", "valid", "error"]

    /// Where the key ID is kept.
    static let service = "appattest"
    static let account = "keyId"
    static let defaultsKey = "appAttestKeyId"

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        let me = Self(options: app.options)
        let keyID = me.inKeychain
            ? StoreDescription(.keychain, service, account: account, accessible: .afterFirstUnlock)
            : StoreDescription(.userDefaults, defaultsKey)
        return [keyID, StoreDescription(.platform, "DCAppAttestService (Secure Enclave key, \(me.environment.rawValue))")]
    }

    let inKeychain: Bool
    let environment: DeviceCheckServer.Environment

    package init(options: [String: OptionValue]) {
        let reader = OptionReader(values: options)
        inKeychain = reader.string("keyIdStore") != "defaults"
        environment = reader.string("environment") == "development" ? .development : .production
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        guard os.appAttestSupported else {
            notes.add(os.deviceKind == .simulator ? "App Attest is not supported in the Simulator" : "App Attest needs iOS 14")
            return report(keyID: nil, error: .featureUnsupported, notes)
        }
        // The key ID the app kept, if it can read it.
        var stored: String?
        if inKeychain {
            let (value, status) = os.readPassword(service: Self.service, account: Self.account)
            if value == nil && status != .itemNotFound {
                notes.keychain("read", status)
                return report(keyID: nil, error: nil, unreadable: true, notes)   // no key ID to use, and none to overwrite
            }
            stored = value
        } else {
            stored = os.defaultsString(forKey: Self.defaultsKey)
        }
        guard let keyID = stored else {
            // First launch (as far as the app can tell): a new key, attested, and its ID kept.
            guard let fresh = os.generateAttestKey(environment: environment) else { return report(keyID: nil, error: .featureUnsupported, notes) }
            if inKeychain {
                notes.keychain("write", os.savePassword(fresh, service: Self.service, account: Self.account, accessible: .afterFirstUnlock))
            } else {
                os.setDefaults(fresh, forKey: Self.defaultsKey)
            }
            notes.add("generated and attested a new key")
            return report(keyID: fresh, error: nil, notes)
        }
        let error = os.appAttestError(keyID: keyID, environment: environment)
        if let error { notes.add("generateAssertion failed: DCError.\(error.rawValue) (AA-28)") }
        return report(keyID: keyID, error: error, notes)
    }

    /// - Parameter unreadable: the keychain refused to give the key ID back (before first unlock).
    func report(keyID: String?, error: AppAttestError?, unreadable: Bool = false, _ notes: LaunchNotes) -> LaunchReport {
        let valid = keyID != nil && error == nil
        let errorText = unreadable ? "keyIdUnreadable" : error?.rawValue
        return LaunchReport(primaryID: keyID,
                            values: [NamedValue("keyId", keyID), NamedValue("valid", String(valid)), NamedValue("error", errorText)],
                            result: notes.inFull ? .object([.init("keyId", .optional(keyID)), .init("valid", .bool(valid)),
                                                            .init("error", .optional(errorText))]) : .null,
                            notes: notes.lines)
    }
}
