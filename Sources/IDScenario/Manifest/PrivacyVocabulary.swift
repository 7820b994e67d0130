/// The names a privacy manifest (PrivacyInfo.xcprivacy) may use, as Apple lists them.
///
/// Sources: Apple, "Privacy manifest files" and "Describing use of required reason API"
/// (https://developer.apple.com/documentation/bundleresources/privacy_manifest_files), TN3181–TN3184
/// (https://developer.apple.com/documentation/technotes/tn3183-adding-required-reason-api-entries-to-your-privacy-manifest).
/// App Store Connect has rejected uploads that break these since 1 May 2024 (ITMS-91053 to 91056).
public enum PrivacyVocabulary {
    public static let tracking = "NSPrivacyTracking"
    public static let trackingDomains = "NSPrivacyTrackingDomains"
    public static let collectedDataTypes = "NSPrivacyCollectedDataTypes"
    public static let accessedAPITypes = "NSPrivacyAccessedAPITypes"
    public static let topLevelKeys = [tracking, trackingDomains, collectedDataTypes, accessedAPITypes]

    public static let apiType = "NSPrivacyAccessedAPIType"
    public static let apiTypeReasons = "NSPrivacyAccessedAPITypeReasons"

    public static let categoryPrefix = "NSPrivacyAccessedAPICategory"
    public static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
    /// The five required-reason categories and each one's approved reasons (TN3183).
    public static let reasons: [(category: String, codes: [String])] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp", ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        ("NSPrivacyAccessedAPICategorySystemBootTime", ["35F9.1", "8FFB.1", "3D61.1"]),
        ("NSPrivacyAccessedAPICategoryDiskSpace", ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["3EC4.1", "54BD.1"]),
        (userDefaults, ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]
    public static var categories: [String] { reasons.map(\.category) }

    /// UserDefaults only this app reads and writes.
    public static let sameAppDefaults = "CA92.1"
    /// UserDefaults of an App Group, shared only with the group's apps, extensions and App Clips.
    public static let sameAppGroupDefaults = "1C8F.1"

    public static let dataType = "NSPrivacyCollectedDataType"
    public static let dataTypeLinked = "NSPrivacyCollectedDataTypeLinked"
    public static let dataTypeTracking = "NSPrivacyCollectedDataTypeTracking"
    public static let dataTypePurposes = "NSPrivacyCollectedDataTypePurposes"
    public static let dataTypeKeys = [dataType, dataTypeLinked, dataTypeTracking, dataTypePurposes]
    public static let deviceID = "NSPrivacyCollectedDataTypeDeviceID"

    /// Every collected data type ("Describing data use in privacy manifests").
    public static let dataTypes: [String] = [
        "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo", "Health", "Fitness",
        "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation", "CoarseLocation", "SensitiveInfo",
        "Contacts", "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
        "OtherUserContent", "BrowsingHistory", "SearchHistory", "UserID", "DeviceID", "PurchaseHistory",
        "ProductInteraction", "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData",
        "OtherDiagnosticData", "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
    ].map { "NSPrivacyCollectedDataType" + $0 }

    public static let purposePrefix = "NSPrivacyCollectedDataTypePurpose"
    public static let appFunctionality = "NSPrivacyCollectedDataTypePurposeAppFunctionality"
    public static let thirdPartyAdvertising = "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising"
    /// The six purposes.
    public static let purposes: [String] = [
        "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization", "AppFunctionality", "Other",
    ].map { purposePrefix + $0 }
}
