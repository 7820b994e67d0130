/// What iOS answers when an app asks, derived from state: the read side of the rules.
extension World {
    /// The vendor-table key for an app installed from `source` on `device` (rule IDFV-1).
    public func vendorKey(for app: AppIndex, source: InstallSource, on device: DeviceIndex) -> VendorKey {
        let decl = apps[app]
        let dev = devices[device]
        if dev.kind == .simulator { return VendorKey(.bundle, Self.bundlePrefix(decl.bundleID, os: dev.os)) }
        switch source {
        case .appstore:
            return VendorKey(.team, decl.teamID)
        case .testflight:
            return profile.idfvTestFlightNamespace == .separate
                ? VendorKey(.testflight, decl.teamID) : VendorKey(.team, decl.teamID)
        case .xcode:
            return VendorKey(.bundle, Self.bundlePrefix(decl.bundleID, os: dev.os))
        }
    }

    /// The bundle-ID prefix that names a non-App-Store vendor: two components on iOS 6, all but
    /// the last from iOS 7, the whole ID when it has a single component.
    static func bundlePrefix(_ bundleID: String, os: OSVersion) -> String {
        let parts = bundleID.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return bundleID }
        let keep = os.major < 7 ? min(2, parts.count) : parts.count - 1
        return parts.prefix(keep).joined(separator: ".")
    }

    /// Whether any app other than `excluded` keeps `key` alive in the vendor table (rules IDFV-4, IDFV-5).
    func vendorKeyInUse(_ key: VendorKey, on device: DeviceIndex, excluding excluded: AppIndex) -> Bool {
        let dev = devices[device]
        for (index, installed) in dev.apps.enumerated() where index != excluded {
            guard let installed, installed.vendorKey == key else { continue }
            if installed.presence == .installed || (installed.presence == .offloaded && profile.offloadCountsAsInstalled) {
                return true
            }
        }
        return false
    }

    /// `identifierForVendor` for an app (rule IDFV-3): nil before the first unlock or when absent.
    public func identifierForVendor(app: AppIndex, on device: DeviceIndex) -> SimUUID? {
        let dev = devices[device]
        guard dev.firstUnlockDone, let installed = dev.app(app) else { return nil }
        return dev.vendorTable[installed.vendorKey]
    }

    /// Whether tracking is restricted for everything on the device (rule ATT-12).
    public func trackingRestricted(on device: DeviceIndex) -> Bool {
        let dev = devices[device]
        if dev.settings.trackingRestricted { return true }
        if let account = dev.appleID, accounts[account].trackingRestricted { return true }
        return false
    }

    /// `ATTrackingManager.trackingAuthorizationStatus` as the app reads it now (rules ATT-12…15).
    public func trackingStatus(app: AppIndex, on device: DeviceIndex) -> ATTStatus {
        let dev = devices[device]
        guard let installed = dev.app(app) else { return .notDetermined }
        if dev.kind == .mac { return .notDetermined }
        if trackingRestricted(on: device) { return .restricted }
        if dev.os.major >= 14, !dev.settings.allowTrackingRequests, installed.att == .notDetermined,
           !installed.trackingRequested {
            return ATTStatus(rawValue: profile.attStatusWhenGlobalOff.rawValue) ?? .denied
        }
        return installed.att
    }

    /// `advertisingIdentifier` as the app reads it now, ignoring any process cache (rule IDFA-9).
    /// Nil only under the legacy `idfaBeforeFirstUnlock = nil` switch.
    public func advertisingIdentifier(app: AppIndex, on device: DeviceIndex) -> SimUUID? {
        let dev = devices[device]
        if !dev.firstUnlockDone { return profile.idfaBeforeFirstUnlock == .nil ? nil : .zero }
        if dev.kind.alwaysZeroIDFA { return .zero }
        let os = dev.os
        if os.major < 10 { return dev.idfa }
        if os.major < 14 { return dev.settings.limitAdTracking ? .zero : dev.idfa }
        let status = trackingStatus(app: app, on: device)
        if status == .restricted { return .zero }
        if os < OSVersion(14, 5) {
            if profile.ios14_0to14_4Idfa == .zeros { return status == .authorized ? dev.idfa : .zero }
            if !dev.settings.allowTrackingRequests || status == .denied { return .zero }
            return dev.idfa
        }
        guard status == .authorized else { return .zero }
        if !dev.settings.allowTrackingRequests && profile.idfaAfterGlobalOffContinue == .zeros { return .zero }
        return dev.idfa
    }

    /// `isAdvertisingTrackingEnabled` (deprecated in 14; rule IDFA-9).
    public func isAdvertisingTrackingEnabled(app: AppIndex, on device: DeviceIndex) -> Bool {
        let dev = devices[device]
        if profile.linkedSDKXcode12Plus { return false }
        if dev.os.major < 14 { return !dev.settings.limitAdTracking }
        return trackingStatus(app: app, on: device) == .authorized
    }

    /// Whether a keychain item of this class can be read or written now (rule KC-17).
    public func keychainClassAvailable(_ accessible: Accessibility, on device: DeviceIndex) -> Bool {
        let dev = devices[device]
        switch accessible {
        case .whenUnlocked, .whenUnlockedThisDeviceOnly: return dev.protectedDataAvailable
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly: return dev.afterFirstUnlockAvailable
        case .whenPasscodeSetThisDeviceOnly: return dev.passcodeSet && dev.protectedDataAvailable
        case .always, .alwaysThisDeviceOnly: return true
        }
    }

    /// The app's presence on a device.
    public func presence(of app: AppIndex, on device: DeviceIndex) -> AppPresence {
        devices[device].app(app)?.presence ?? .absent
    }

    /// Apps that can reach a keychain group on a device (installed ones only).
    func appsReaching(group: String, on device: DeviceIndex, excluding excluded: AppIndex?) -> [AppIndex] {
        devices[device].apps.indices.filter { index in
            index != excluded && devices[device].apps[index]?.presence == .installed
                && apps[index].keychainGroups.contains(group)
        }
    }
}
