/// What kind of hardware (or pretend hardware) a device is.
public enum DeviceKind: String, CaseIterable, Sendable {
    /// `vision`: iPhone and iPad apps running on visionOS (the OS version is the iPadOS one they see).
    case iphone, ipad, simulator, mac, vision

    /// The Simulator, iOS apps on a Mac and iPhone and iPad apps on visionOS never hand out a real
    /// IDFA (rule IDFA-9).
    var alwaysZeroIDFA: Bool { self == .simulator || self == .mac || self == .vision }
}

/// Where an app's binary came from; it decides how iOS computes the app's vendor.
public enum InstallSource: String, CaseIterable, Sendable {
    /// `enterprise`: in-house distribution (vendor from the bundle ID, DeviceCheck production).
    /// An App Store app pushed by MDM is `appstore`.
    case appstore, testflight, xcode, enterprise
}

/// App Tracking Transparency status: the cases of `ATTrackingManager.AuthorizationStatus`.
public enum ATTStatus: String, CaseIterable, Sendable {
    case notDetermined, restricted, denied, authorized
}

/// `kSecAttrAccessible*`: when a keychain item can be read, and whether it may leave the device.
public enum Accessibility: String, CaseIterable, Sendable {
    case whenUnlocked
    case whenUnlockedThisDeviceOnly
    case afterFirstUnlock
    case afterFirstUnlockThisDeviceOnly
    case whenPasscodeSetThisDeviceOnly
    case always
    case alwaysThisDeviceOnly

    /// `…ThisDeviceOnly` items never migrate to other hardware and can't be synchronizable.
    public var isThisDeviceOnly: Bool {
        switch self {
        case .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly, .whenPasscodeSetThisDeviceOnly,
             .alwaysThisDeviceOnly: true
        case .whenUnlocked, .afterFirstUnlock, .always: false
        }
    }

    /// The `kSecAttrAccessible…` constant name, for display.
    public var constantName: String {
        "kSecAttrAccessible" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}

/// `FileProtectionType`: when a file's contents can be opened (rule CT-42). The default class
/// of a container's files is `completeUntilFirstUserAuthentication` (iOS 7+, CT-25).
public enum FileProtection: String, CaseIterable, Sendable {
    /// Opened only while the device is unlocked; closed whenever it locks.
    case complete
    /// Like `complete`, except that a new file can be created while the device is locked.
    case completeUnlessOpen
    /// Opened from the first unlock after a boot on.
    case completeUntilFirstUserAuthentication
    /// Always opened, even before the first unlock.
    case none

    public static let `default` = FileProtection.completeUntilFirstUserAuthentication
}

/// How a backup was made; it decides what of the keychain can come back on other hardware.
public enum BackupKind: String, CaseIterable, Sendable {
    case encrypted, unencrypted, icloud
}

/// How an app's process is started.
public enum LaunchMode: String, CaseIterable, Sendable {
    /// The user opens the app; it becomes active.
    case foreground
    /// The system starts it for background work (push, fetch); never active.
    case background
    /// iOS 15+ prewarming: started before the user opens it, possibly before first unlock.
    case prewarm
}

/// A keychain item's access control (`SecAccessControlCreateFlags`, iOS 8+; the biometry names
/// iOS 11.3+): who must be present to read it, on top of its class (rule KC-40).
public enum AccessControl: String, CaseIterable, Sendable {
    /// Face ID, Touch ID or the passcode.
    case userPresence
    /// Any enrolled face or finger, then and later.
    case biometryAny
    /// The faces or fingers enrolled when the item was added: a new enrolment invalidates it.
    case biometryCurrentSet
    /// The device passcode.
    case devicePasscode

    /// The Security framework's constant, for the inspector and the strategies' descriptions.
    public var constantName: String { "SecAccessControlCreateFlags." + rawValue }
}

/// An installed app's presence on a device.
public enum AppPresence: String, Sendable {
    case installed, offloaded, absent
}
