import IDScenario
import IDSim
import IDStrategies

/// What a strategy's API use calls for in a privacy manifest, each with the store that calls for it.
///
/// Of the APIs ID code uses, only UserDefaults is a required-reason API: the keychain, the IDFV,
/// iCloud key-value storage and pasteboards are in none of the five categories. Reading the IDFA
/// is tracking as App Tracking Transparency defines it. An ID the app sends off the device is
/// collected data of type Device ID; a manifest cannot tell whether it does, so that is advice.
package struct PrivacyNeeds: Sendable, Equatable {
    package struct Reason: Sendable, Equatable {
        package let code: String
        /// The store that calls for it, as users see it.
        package let because: String
    }

    /// UserDefaults reasons, in the order first needed.
    package var userDefaultsReasons: [Reason] = []
    /// Why it tracks (it reads the IDFA), or nil.
    package var tracking: String?
    /// Whether launches report an ID an app would send off the device.
    package var deviceID: Bool

    /// The needs of a strategy with its default options, for an app in an App Group.
    package init(strategy: Strategy) {
        var app = AppDeclaration(bundleID: "com.example.app", teamID: "EXAMPLE12", strategy: strategy.name)
        app.appGroups = ["group.com.example.app"]
        deviceID = strategy.hasPrimaryID
        for store in strategy.stores(for: app) {
            switch store.kind {
            case .userDefaults:
                // A suite of an App Group (the app's own, or any `group.` name) is shared: 1C8F.1.
                let shared = store.suite.map { store.appGroupSuite || $0.hasPrefix("group.") } ?? false
                let code = shared ? PrivacyVocabulary.sameAppGroupDefaults : PrivacyVocabulary.sameAppDefaults
                if !userDefaultsReasons.contains(where: { $0.code == code }) {
                    userDefaultsReasons.append(Reason(code: code, because: store.description))
                }
            case .advertisingIdentifier:
                tracking = tracking ?? store.description
            case .keychain, .file, .iCloudKeyValueStore, .pasteboard, .platform, .server, .memory:
                break
            }
        }
    }

    /// The manifest entries these needs call for, as a property list's root dictionary.
    package var propertyList: [String: Any] {
        var root: [String: Any] = [
            PrivacyVocabulary.tracking: tracking != nil,
            PrivacyVocabulary.trackingDomains: [String](),
            PrivacyVocabulary.collectedDataTypes: [[String: Any]](),
            PrivacyVocabulary.accessedAPITypes: [[String: Any]](),
        ]
        if deviceID {
            var purposes = [PrivacyVocabulary.appFunctionality]
            if tracking != nil { purposes.insert(PrivacyVocabulary.thirdPartyAdvertising, at: 0) }
            root[PrivacyVocabulary.collectedDataTypes] = [[
                PrivacyVocabulary.dataType: PrivacyVocabulary.deviceID,
                PrivacyVocabulary.dataTypeLinked: false,
                PrivacyVocabulary.dataTypeTracking: tracking != nil,
                PrivacyVocabulary.dataTypePurposes: purposes,
            ] as [String: Any]]
        }
        if !userDefaultsReasons.isEmpty {
            root[PrivacyVocabulary.accessedAPITypes] = [[
                PrivacyVocabulary.apiType: PrivacyVocabulary.userDefaults,
                PrivacyVocabulary.apiTypeReasons: userDefaultsReasons.map(\.code),
            ] as [String: Any]]
        }
        return root
    }

    /// What a reader of the generated manifest should know: why each entry is there and what to fill in.
    package var notes: [String] {
        var notes = userDefaultsReasons.map { "\(PrivacyVocabulary.userDefaults) \($0.code): \($0.because)" }
        if let tracking {
            notes.append("\(PrivacyVocabulary.tracking) true: it reads \(tracking); list the domains you track with under \(PrivacyVocabulary.trackingDomains) (Apple requires at least one)")
        }
        if deviceID {
            notes.append("\(PrivacyVocabulary.deviceID): declare it if the ID leaves the device; set Linked and the purposes to what your app does with it")
        }
        if userDefaultsReasons.isEmpty {
            notes.append("no required-reason API: the keychain, IDFV, iCloud key-value store and pasteboards are in none of Apple's five categories")
        }
        return notes
    }
}
