import IDScenario

/// The names a privacy manifest (PrivacyInfo.xcprivacy) may use, as Apple lists them.
///
/// Sources: Apple, "Privacy manifest files" and "Describing use of required reason API"
/// (https://developer.apple.com/documentation/bundleresources/privacy_manifest_files), TN3181–TN3184
/// (https://developer.apple.com/documentation/technotes/tn3183-adding-required-reason-api-entries-to-your-privacy-manifest).
/// App Store Connect has rejected uploads that break these since 1 May 2024 (ITMS-91053 to 91056).
package enum PrivacyVocabulary {
    package static let tracking = "NSPrivacyTracking"
    package static let trackingDomains = "NSPrivacyTrackingDomains"
    package static let collectedDataTypes = "NSPrivacyCollectedDataTypes"
    package static let accessedAPITypes = "NSPrivacyAccessedAPITypes"
    package static let topLevelKeys = [tracking, trackingDomains, collectedDataTypes, accessedAPITypes]

    package static let apiType = "NSPrivacyAccessedAPIType"
    package static let apiTypeReasons = "NSPrivacyAccessedAPITypeReasons"

    package static let categoryPrefix = "NSPrivacyAccessedAPICategory"
    package static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
    /// The five required-reason categories and each one's approved reasons (TN3183).
    package static let reasons: [(category: String, codes: [String])] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp", ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        ("NSPrivacyAccessedAPICategorySystemBootTime", ["35F9.1", "8FFB.1", "3D61.1"]),
        ("NSPrivacyAccessedAPICategoryDiskSpace", ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["3EC4.1", "54BD.1"]),
        (userDefaults, ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]
    package static var categories: [String] { reasons.map(\.category) }

    /// UserDefaults only this app reads and writes.
    package static let sameAppDefaults = "CA92.1"
    /// UserDefaults of an App Group, shared only with the group's apps, extensions and App Clips.
    package static let sameAppGroupDefaults = "1C8F.1"

    package static let dataType = "NSPrivacyCollectedDataType"
    package static let dataTypeLinked = "NSPrivacyCollectedDataTypeLinked"
    package static let dataTypeTracking = "NSPrivacyCollectedDataTypeTracking"
    package static let dataTypePurposes = "NSPrivacyCollectedDataTypePurposes"
    package static let dataTypeKeys = [dataType, dataTypeLinked, dataTypeTracking, dataTypePurposes]
    package static let deviceID = "NSPrivacyCollectedDataTypeDeviceID"

    /// Every collected data type ("Describing data use in privacy manifests").
    package static let dataTypes: [String] = [
        "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo", "Health", "Fitness",
        "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation", "CoarseLocation", "SensitiveInfo",
        "Contacts", "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
        "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID", "DeviceID", "PurchaseHistory",
        "ProductInteraction", "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData",
        "OtherDiagnosticData", "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
    ].map { "NSPrivacyCollectedDataType" + $0 }

    package static let purposePrefix = "NSPrivacyCollectedDataTypePurpose"
    package static let appFunctionality = "NSPrivacyCollectedDataTypePurposeAppFunctionality"
    package static let thirdPartyAdvertising = "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising"
    /// The six purposes.
    package static let purposes: [String] = [
        "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization", "AppFunctionality", "Other",
    ].map { purposePrefix + $0 }
}
