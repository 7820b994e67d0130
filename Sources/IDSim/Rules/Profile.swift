/// The switchable OS behaviours of `identifier-rules.md`: where sources disagree or are silent,
/// the default follows the reference and the alternative is one switch away.
public struct Profile: Hashable, Sendable {
    public enum KeychainOnUninstall: String, CaseIterable, Sendable { case persist, deleteUnshared }
    public enum BackupKeychainToNewDevice: String, CaseIterable, Sendable { case none, migratable }
    public enum SameDeviceRestore: String, CaseIterable, Sendable { case keep, regenerate }
    public enum TestFlightNamespace: String, CaseIterable, Sendable { case separate, sameAsAppStore }
    public enum StatusWhenGlobalOff: String, CaseIterable, Sendable {
        case denied, restricted, notDetermined

        /// The ATT status an app reads under this switch.
        public var status: ATTStatus {
            switch self {
            case .denied: .denied
            case .restricted: .restricted
            case .notDetermined: .notDetermined
            }
        }
    }
    public enum IDFAAfterContinue: String, CaseIterable, Sendable { case real, zeros }
    public enum IDFABeforeFirstUnlock: String, CaseIterable, Sendable { case zeros, `nil` }
    public enum EarlyATTEraIDFA: String, CaseIterable, Sendable { case availableUnlessOptedOut, zeros }
    public enum NotFoundBody: String, CaseIterable, Sendable {
        case failedToFind = "Failed to find bit state"
        case bitStateNotFound = "Bit State Not Found"
    }
    /// What a process started before the first unlock gets of UserDefaults (rule CT-25): an empty
    /// cache it keeps, its writes dropped with it (`emptyCached`); the same cache, its writes
    /// reaching the disk at the unlock over what was there (`flushAfterUnlock`); or failing reads
    /// and dropped writes until the unlock (`error`).
    public enum DefaultsBeforeFirstUnlock: String, CaseIterable, Sendable { case emptyCached, flushAfterUnlock, error }
    public enum ATTInBackup: String, CaseIterable, Sendable { case notRestored, restored }
    public enum IDFVOnUpdate: String, CaseIterable, Sendable { case keep, regenerate }
    public enum RestrictedAccountStatus: String, CaseIterable, Sendable { case restricted, denied }
    public enum APNsTokenOnReinstall: String, CaseIterable, Sendable { case new, keep }
    public enum AppAttestSameDeviceRestore: String, CaseIterable, Sendable { case invalid, valid }
    public enum AppGroupContainerOnLastUninstall: String, CaseIterable, Sendable { case delete, keep }
    public enum AppClipKeychainOnRemoval: String, CaseIterable, Sendable { case delete, keep }
    public enum KVSLocalWritesAtSignIn: String, CaseIterable, Sendable { case merge, drop }
    public enum AppleUserIDAfterRevoke: String, CaseIterable, Sendable { case same, new }

    public var keychainOnUninstall: KeychainOnUninstall = .persist
    public var icloudBackupKeychainToNewDevice: BackupKeychainToNewDevice = .none
    public var idfvSameDeviceRestore: SameDeviceRestore = .keep
    public var idfvTestFlightNamespace: TestFlightNamespace = .separate
    public var attStatusWhenGlobalOff: StatusWhenGlobalOff = .denied
    public var idfaAfterGlobalOffContinue: IDFAAfterContinue = .real
    public var idfaRegenerateOnStopTracking: Bool = true
    public var idfaBeforeFirstUnlock: IDFABeforeFirstUnlock = .zeros
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The switch's name in the scenario format (contract.md), which says the versions it covers.
    public var ios14_0to14_4Idfa: EarlyATTEraIDFA = .availableUnlessOptedOut
    public var linkedSDKXcode12Plus: Bool = true
    public var deviceCheckNotFoundBody: NotFoundBody = .failedToFind
    public var defaultsBeforeFirstUnlock: DefaultsBeforeFirstUnlock = .flushAfterUnlock
    public var attInBackup: ATTInBackup = .notRestored
    public var offloadCountsAsInstalled: Bool = true
    /// Field report B8 (rdar 22677034, iOS 8.2–8.4): IDFV changed on app update.
    public var idfvOnUpdate: IDFVOnUpdate = .keep
    /// Field report B22 (rdar 25342936, 31422492): some simulators gave a new IDFV on every run.
    public var simulatorIdfvPerLaunch: Bool = false
    /// What apps read under a child, managed or new Apple ID (ATT-12): the greyed-out switch is
    /// documented, the status is not (`denied` as one report saw for new accounts).
    public var attStatusRestrictedAccount: RestrictedAccountStatus = .restricted
    /// Whether a reinstall on the same device gives the app a new APNs token (APNS-35).
    public var apnsTokenOnReinstall: APNsTokenOnReinstall = .new
    /// Whether App Attest keys survive a restore onto the same device (AA-28): the Secure
    /// Enclave key is in no backup, so by default they do not.
    public var appAttestSameDeviceRestore: AppAttestSameDeviceRestore = .invalid
    /// What happens to an App Group's shared container when the last app of the group on the
    /// device is deleted (CT-36): no source says; deleted by default, as app containers are.
    public var appGroupContainerOnLastUninstall: AppGroupContainerOnLastUninstall = .delete
    /// What happens to the keychain items an App Clip added when the clip is deleted (not replaced
    /// by its full app, CLIP-41): deleted by default, as Apple's Security code does
    /// (SecItemDeleteKeychainItemsForAppClip, a system call: medium-high evidence).
    public var appClipKeychainOnRemoval: AppClipKeychainOnRemoval = .delete
    /// What the key-value store does at sign-in with values written on the device with no account
    /// (KVS-38): Apple says it reconciles them with the server; the simulator keeps a local value
    /// where the account has none for the key (medium evidence), and the account's otherwise.
    public var kvsLocalWritesAtSignIn: KVSLocalWritesAtSignIn = .merge
    /// The user identifier Sign in with Apple gives when the user signs in again after stopping
    /// using the Apple ID with the team's apps (SIWA-43): Apple documents that the identifier is
    /// stable for the team, not what a revoke does to it; the same one by default (assumption).
    public var appleUserIDAfterRevoke: AppleUserIDAfterRevoke = .same

    public init() {}

    public static let `default` = Profile()
}
