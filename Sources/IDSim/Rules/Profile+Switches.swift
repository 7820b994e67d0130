/// Profile switches by name, so scenarios, the CLI and the docs can list, read and set them.
extension Profile {
    /// One switch: its name in scenario files, allowed values (default first) and its grounds.
    public struct Switch: Sendable {
        public let name: String
        public let values: [String]
        public let groundedIn: String
        let get: @Sendable (Profile) -> String
        let set: @Sendable (inout Profile, String) -> Bool

        public var defaultValue: String { values[0] }
    }

    public static let switches: [Switch] = [
        enumSwitch("keychainOnUninstall", \.keychainOnUninstall, "forum 72271, 36442 (iOS 10.3 beta 2 purge)"),
        enumSwitch("icloudBackupKeychainToNewDevice", \.icloudBackupKeychainToNewDevice,
                   "forum 93373 vs Authenticator #326 and keychain-swift #153"),
        enumSwitch("idfvSameDeviceRestore", \.idfvSameDeviceRestore, "WWDC 2013 714 vs rdar 35746735"),
        enumSwitch("idfvTestFlightNamespace", \.idfvTestFlightNamespace, "rdar 35746735"),
        enumSwitch("attStatusWhenGlobalOff", \.attStatusWhenGlobalOff, "qiita (14.2); adjust RN #148"),
        enumSwitch("idfaAfterGlobalOffContinue", \.idfaAfterGlobalOffContinue, "Apple docs vs qiita (14.2)"),
        boolSwitch("idfaRegenerateOnStopTracking", \.idfaRegenerateOnStopTracking, "Airbridge FAQ; SwiftSenpai"),
        enumSwitch("idfaBeforeFirstUnlock", \.idfaBeforeFirstUnlock, "old vs new AdSupport docs"),
        enumSwitch("ios14_0to14_4Idfa", \.ios14_0to14_4Idfa, "Singular/Adjust vs some 14.4 tests"),
        boolSwitch("linkedSDKXcode12Plus", \.linkedSDKXcode12Plus, "prebid #325"),
        enumSwitch("deviceCheckNotFoundBody", \.deviceCheckNotFoundBody, "production clients vs Apple docs"),
        enumSwitch("defaultsBeforeFirstUnlock", \.defaultsBeforeFirstUnlock,
                   "forum 15685 (empty reads); RevenueCat 4623, OneSignal PRs 1666/1669, openradar 16761393 (the write-back)"),
        enumSwitch("attInBackup", \.attInBackup, "no source (assumption)"),
        boolSwitch("offloadCountsAsInstalled", \.offloadCountsAsInstalled, "no source (assumption)"),
        enumSwitch("idfvOnUpdate", \.idfvOnUpdate, "field report B8: rdar 22677034 (iOS 8.2–8.4)"),
        boolSwitch("simulatorIdfvPerLaunch", \.simulatorIdfvPerLaunch,
                   "field report B22: rdar 25342936, rdar 31422492"),
        enumSwitch("attStatusRestrictedAccount", \.attStatusRestrictedAccount,
                   "ATTrackingManager.AuthorizationStatus.restricted docs vs one report of denied for new accounts"),
        enumSwitch("apnsTokenOnReinstall", \.apnsTokenOnReinstall, "Apple: APNs can issue a new token for a variety of reasons"),
        enumSwitch("appAttestSameDeviceRestore", \.appAttestSameDeviceRestore,
                   "Apple: keys do not survive restoring from a backup; firebase-ios-sdk 11853"),
        enumSwitch("appGroupContainerOnLastUninstall", \.appGroupContainerOnLastUninstall, "no source (assumption)"),
        enumSwitch("kvsLocalWritesAtSignIn", \.kvsLocalWritesAtSignIn,
                   "Apple: NSUbiquitousKeyValueStore reconciles local values at sign-in (how: medium)"),
        enumSwitch("appClipKeychainOnRemoval", \.appClipKeychainOnRemoval,
                   "Apple's Security: SecItemDeleteKeychainItemsForAppClip (system SPI, medium-high)"),
        enumSwitch("appleUserIDAfterRevoke", \.appleUserIDAfterRevoke,
                   "no source: Apple documents a stable team-scoped identifier, not what a revoke does to it (assumption)"),
    ]

    public static func `switch`(named name: String) -> Switch? {
        switches.first { $0.name == name }
    }

    /// The current value of a switch, as text.
    public func value(of name: String) -> String? {
        Self.switch(named: name)?.get(self)
    }

    /// Sets a switch from text.
    /// - Throws: `ProfileError` naming the unknown switch or value.
    public mutating func set(_ name: String, to value: String) throws(ProfileError) {
        guard let sw = Self.switch(named: name) else {
            throw .unknownSwitch(name, known: Self.switches.map(\.name))
        }
        guard sw.set(&self, value) else {
            throw .invalidValue(name, value, allowed: sw.values)
        }
    }

    /// The switches whose value differs from the default, as `name: value` pairs in registry order.
    public var nonDefaultSwitches: [(name: String, value: String)] {
        Self.switches.compactMap { sw in
            let v = sw.get(self)
            return v == sw.get(.default) ? nil : (sw.name, v)
        }
    }

    private static func enumSwitch<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Profile, E> & Sendable, _ grounds: String
    ) -> Switch where E.RawValue == String {
        let defaultValue = Profile.default[keyPath: path]
        let values = [defaultValue.rawValue] + E.allCases.map(\.rawValue).filter { $0 != defaultValue.rawValue }
        return Switch(name: name, values: values, groundedIn: grounds,
                      get: { $0[keyPath: path].rawValue },
                      set: { profile, text in
                          guard let v = E(rawValue: text) else { return false }
                          profile[keyPath: path] = v
                          return true
                      })
    }

    private static func boolSwitch(_ name: String, _ path: WritableKeyPath<Profile, Bool> & Sendable,
                                   _ grounds: String) -> Switch {
        let d = Profile.default[keyPath: path]
        return Switch(name: name, values: [String(d), String(!d)], groundedIn: grounds,
                      get: { String($0[keyPath: path]) },
                      set: { profile, text in
                          guard let v = Bool(text) else { return false }
                          profile[keyPath: path] = v
                          return true
                      })
    }
}

/// A bad profile switch name or value.
public enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownSwitch(String, known: [String])
    case invalidValue(String, String, allowed: [String])

    public var description: String {
        switch self {
        case .unknownSwitch(let name, let known):
            "unknown profile switch '\(name)'" + NameSuggester.hint(for: name, among: known)
        case .invalidValue(let name, let value, let allowed):
            "invalid value '\(value)' for profile switch '\(name)'; expected one of: "
                + allowed.joined(separator: ", ") + NameSuggester.hint(for: value, among: allowed)
        }
    }
}
