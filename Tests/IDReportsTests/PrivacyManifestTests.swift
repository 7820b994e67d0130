import Foundation
import IDReports
import IDScenario
import IDStrategies
import TestSupport
import Testing

/// What `idscope manifest` derives from a strategy's stores, and what `--check` finds in a manifest.
@Suite("Privacy manifest")
struct PrivacyManifestTests {
    static func needs(_ name: String) throws -> PrivacyNeeds {
        PrivacyNeeds(strategy: try #require(StrategyCatalog.builtIn.strategy(named: name)))
    }

    static func needs(recipe text: String) throws -> PrivacyNeeds {
        let dir = TemporaryDirectory.make()
        let file = dir.appendingPathComponent("r.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return PrivacyNeeds(strategy: try ScenarioLoader.loadRecipe(file.path).strategy)
    }

    /// A manifest as XML from a root dictionary.
    static func xml(_ root: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }

    static func messages(_ root: [String: Any], needs: PrivacyNeeds) throws -> [String] {
        ManifestCheck(manifest: try xml(root), needs: needs).findings.map(\.description)
    }

    static var defaultsEntry: [String: Any] {
         ["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                               "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]] }

    @Test("UserDefaults calls for CA92.1, an App Group suite for 1C8F.1; the keychain and the IDFV for nothing")
    func reasonsFromStores() throws {
        #expect(try Self.needs("rndi").userDefaultsReasons.map(\.code) == ["CA92.1"])
        #expect(try Self.needs("cordova-device").userDefaultsReasons.map(\.code) == ["CA92.1"])
        #expect(try Self.needs("keychain-idfv").userDefaultsReasons.isEmpty)
        #expect(try Self.needs("expo-application").userDefaultsReasons.isEmpty)
        let both = try Self.needs(recipe: """
            name: shared
            stores:
              mine: { defaults: { key: a } }
              group: { defaults: { key: b, suite: "{appGroup}" } }
              named: { defaults: { key: c, suite: group.com.acme } }
            id: [group, mine, named, uuid]
            save: [group, mine, named]
            """)
        #expect(both.userDefaultsReasons.map(\.code) == ["CA92.1", "1C8F.1"])
        #expect(both.userDefaultsReasons[1].because.contains("suite"))
    }

    @Test("reading the IDFA is tracking; DeviceCheck reports no ID to collect")
    func trackingAndDeviceID() throws {
        let idKit = try Self.needs("id-kit")
        #expect(idKit.tracking != nil && idKit.deviceID)
        #expect(try Self.needs("rndi").tracking == nil)
        #expect(try Self.needs("devicecheck").deviceID == false)
        let root = idKit.propertyList
        #expect(root["NSPrivacyTracking"] as? Bool == true)
        let data = try #require((root["NSPrivacyCollectedDataTypes"] as? [[String: Any]])?.first)
        #expect(data["NSPrivacyCollectedDataTypeTracking"] as? Bool == true)
    }

    @Test("every built-in strategy's generated manifest passes its own check once tracking domains are filled in")
    func generatedManifestsPass() throws {
        for strategy in StrategyCatalog.builtIn.all {
            let needs = PrivacyNeeds(strategy: strategy)
            var root = needs.propertyList
            if needs.tracking != nil { root["NSPrivacyTrackingDomains"] = ["ads.example.com"] }
            let check = ManifestCheck(manifest: try Self.xml(root), needs: needs)
            #expect(check.findings.isEmpty, "\(strategy.name): \(check.findings)")
            // Without the domains Apple requires, tracking is an error.
            if needs.tracking != nil {
                #expect(ManifestCheck(manifest: try Self.xml(needs.propertyList), needs: needs).hasErrors)
            }
        }
    }

    @Test("a missing UserDefaults reason is ITMS-91053, naming the store that needs it")
    func missingReason() throws {
        let needs = try Self.needs("rndi")
        let found = try Self.messages(["NSPrivacyTracking": false], needs: needs)
        #expect(found == ["error: ITMS-91053 missing NSPrivacyAccessedAPICategoryUserDefaults with reason CA92.1, for UserDefaults 'deviceUID'",
                          "warning: no NSPrivacyCollectedDataTypeDeviceID entry: declare it if the app sends the ID off the device"])
        #expect(try Self.messages(["NSPrivacyAccessedAPITypes": [Self.defaultsEntry]], needs: needs).allSatisfy { $0.hasPrefix("warning") })
    }

    @Test("a short category name is ITMS-91054 with the full name; a reason of another category ITMS-91055")
    func invalidCategoryAndReason() throws {
        let needs = try Self.needs("keychain-idfv")
        let short = try Self.messages(["NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "DiskSpace",
                                                                      "NSPrivacyAccessedAPITypeReasons": ["85F4.1"]]]], needs: needs)
        #expect(short.first == "error: ITMS-91054 NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPIType: 'DiskSpace' is not an API category; did you mean 'NSPrivacyAccessedAPICategoryDiskSpace'?")
        // Tealium shipped CA92.1 under DiskSpace (tealium-swift issue 329).
        let tealium = try Self.messages(["NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace",
                                                                        "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]]]], needs: needs)
        #expect(tealium.first == "error: ITMS-91055 NSPrivacyAccessedAPITypes[0]: reason 'CA92.1' is not one of NSPrivacyAccessedAPICategoryDiskSpace's: 85F4.1, E174.1, 7D9E.1, B728.1")
        let empty = try Self.messages(["NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                                                      "NSPrivacyAccessedAPITypeReasons": [String]()]]], needs: needs)
        #expect(empty.first?.contains("is empty; give at least one reason") == true)
        let misspelt = try Self.messages(["NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                                                         "NSPrivacyAccessedAPITypeReason": ["CA92.1"]]]], needs: needs)
        #expect(misspelt.contains("error: ITMS-91056 NSPrivacyAccessedAPITypes[0]: unknown key 'NSPrivacyAccessedAPITypeReason'; did you mean 'NSPrivacyAccessedAPITypeReasons'?"))
    }

    @Test("wrong types, unknown keys, bad domains and tracking without its keys are named")
    func invalidValues() throws {
        let idKit = try Self.needs("id-kit")
        let found = try Self.messages(["NSPrivacyTracking": "YES", "NSPrivacyTrackingDomain": ["x.com"],
                                       "NSPrivacyTrackingDomains": ["https://ads.example.com/"]], needs: idKit)
        #expect(found.contains("error: ITMS-91056 unknown key 'NSPrivacyTrackingDomain'; did you mean 'NSPrivacyTrackingDomains'?"))
        #expect(found.contains("error: ITMS-91056 NSPrivacyTracking must be a Boolean, not a string"))
        #expect(found.contains { $0.contains("NSPrivacyTracking must be true: the strategy reads ASIdentifierManager.advertisingIdentifier") })
        #expect(found.contains("error: ITMS-91056 NSPrivacyTrackingDomains[0] 'https://ads.example.com/' is not a domain (no scheme, path, query or trailing slash)"))
        // An integer 1 is not a Boolean, though Foundation reads both as numbers.
        #expect(try Self.messages(["NSPrivacyTracking": 1], needs: idKit).contains("error: ITMS-91056 NSPrivacyTracking must be a Boolean, not a number"))
    }

    @Test("collected data: unknown types and purposes get their full names; missing flags are named")
    func collectedData() throws {
        let needs = try Self.needs("keychain-idfv")
        let found = try Self.messages(["NSPrivacyCollectedDataTypes": [[
            "NSPrivacyCollectedDataType": "DeviceID",
            "NSPrivacyCollectedDataTypeTracking": false,
            "NSPrivacyCollectedDataTypePurposes": ["Analytics"],
        ] as [String: Any]]], needs: needs)
        #expect(found.contains("error: ITMS-91056 NSPrivacyCollectedDataTypes[0]: 'DeviceID' is not a collected data type; did you mean 'NSPrivacyCollectedDataTypeDeviceID'?"))
        #expect(found.contains("error: ITMS-91056 NSPrivacyCollectedDataTypes[0]: 'Analytics' is not a purpose; did you mean 'NSPrivacyCollectedDataTypePurposeAnalytics'?"))
        #expect(found.contains("error: ITMS-91056 NSPrivacyCollectedDataTypes[0] has no NSPrivacyCollectedDataTypeLinked"))
    }

    @Test("binary property lists are read; what is not a property list is one error")
    func formats() throws {
        let needs = try Self.needs("rndi")
        let binary = try PropertyListSerialization.data(fromPropertyList: needs.propertyList, format: .binary, options: 0)
        #expect(ManifestCheck(manifest: binary, needs: needs).findings.isEmpty)
        let broken = ManifestCheck(manifest: Data("<plist><dict><key>a</key>".utf8), needs: needs)
        #expect(broken.findings.count == 1 && broken.findings[0].description.hasPrefix("error: ITMS-91056 not a property list"))
        #expect(ManifestCheck(manifest: try Self.xml(["NSPrivacyTracking": false]) , needs: needs).hasErrors)
    }
}
