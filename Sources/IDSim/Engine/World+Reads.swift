/// What iOS answers when an app asks, derived from state: the read side of the rules.
extension World {
    /// The vendor-table key for an app installed from `source` on `device` (rule IDFV-1).
    public func vendorKey(for app: AppIndex, source: InstallSource, on device: DeviceIndex) -> VendorKey {
        // An extension is part of its host's bundle: the host's vendor, whatever the source (EXT-33).
        if let host = apps[app].role.host { return vendorKey(for: host, source: source, on: device) }
        let os = devices[device].os
        if devices[device].kind == .simulator { return VendorKey(.bundle, apps[app].bundlePrefix(os: os)) }
        switch source {
        case .appstore:
            return VendorKey(.team, apps[app].teamID)
        case .testflight:
            return profile.idfvTestFlightNamespace == .separate
                ? VendorKey(.testflight, apps[app].teamID) : VendorKey(.team, apps[app].teamID)
        case .xcode, .enterprise:
            return VendorKey(.bundle, apps[app].bundlePrefix(os: os))
        }
    }

    /// Whether any app other than `excluded` keeps `key` alive in the vendor table (rules IDFV-4, IDFV-5).
    func vendorKeyInUse(_ key: VendorKey, on device: DeviceIndex, excluding excluded: AppIndex) -> Bool {
        var users = devices[device].vendorUsers[key] ?? 0
        if let own = devices[device].apps[excluded], own.vendorKey == key, keepsVendorAlive(excluded, own.presence) { users -= 1 }
        return users > 0
    }

    /// Whether an app in this state keeps its vendor's IDFV (rules IDFV-4, IDFV-5). Extensions and
    /// clips keep none: an extension comes and goes with its host, and a clip has no IDFV.
    func keepsVendorAlive(_ app: AppIndex, _ presence: AppPresence) -> Bool {
        guard case .app = apps[app].role else { return false }
        return keepsVendorAlive(presence)
    }

    func keepsVendorAlive(_ presence: AppPresence) -> Bool {
        presence == .installed || (presence == .offloaded && profile.offloadCountsAsInstalled)
    }

    /// `identifierForVendor` for an app (rule IDFV-3): nil before the first unlock or when absent.
    public func identifierForVendor(app: AppIndex, on device: DeviceIndex) -> SimUUID? {
        guard devices[device].firstUnlockDone, let key = devices[device].apps.vendorKey(of: app) else { return nil }
        // An App Clip's identifierForVendor is an empty string, which Swift reads as the zero UUID (CLIP-34).
        if apps[app].role.fullApp != nil { return .zero }
        return devices[device].vendorTable[key]
    }

    /// Whether tracking is restricted for everything on the device (rule ATT-12).
    public func trackingRestricted(on device: DeviceIndex) -> Bool {
        if devices[device].settings.trackingRestricted { return true }
        if let account = devices[device].appleID, accounts[account].trackingRestricted { return true }
        return false
    }

    /// `ATTrackingManager.trackingAuthorizationStatus` as the app reads it now (rules ATT-12…15).
    public func trackingStatus(app: AppIndex, on device: DeviceIndex) -> ATTStatus {
        trackingStatus(app: app, on: device, in: trackingContext(on: device))
    }

    /// The device-wide facts every app's ATT status depends on, computed once per device.
    struct TrackingContext {
        var mac: Bool
        var restricted: Bool
        /// What every app reads while `restricted`: `restricted` under a configuration profile; for
        /// a child, managed or new Apple ID, what the profile switch says (ATT-12).
        var restrictedStatus: ATTStatus
        /// What never-asked apps read while "Allow Apps to Request to Track" is off (nil: it is on).
        var globalOffStatus: ATTStatus?
    }

    func trackingContext(on device: DeviceIndex) -> TrackingContext {
        let globalOff = devices[device].os.major >= 14 && !devices[device].settings.allowTrackingRequests
        let byProfile = devices[device].settings.trackingRestricted
        let status: ATTStatus = byProfile || profile.attStatusRestrictedAccount == .restricted ? .restricted : .denied
        return TrackingContext(mac: devices[device].kind == .mac, restricted: trackingRestricted(on: device), restrictedStatus: status,
                               globalOffStatus: globalOff ? profile.attStatusWhenGlobalOff.status : nil)
    }

    func trackingStatus(app: AppIndex, on device: DeviceIndex, in context: TrackingContext) -> ATTStatus {
        guard let stored = devices[device].apps.attState(of: app) else { return .notDetermined }
        return Self.trackingStatus(stored: stored.att, requested: stored.requested, context)
    }

    /// The status an app reads, from its stored decision and the device's context.
    static func trackingStatus(stored: ATTStatus, requested: Bool, _ context: TrackingContext) -> ATTStatus {
        if context.mac { return .notDetermined }
        if context.restricted { return context.restrictedStatus }
        if stored == .notDetermined, let offStatus = context.globalOffStatus, !requested { return offStatus }
        return stored
    }

    /// `advertisingIdentifier` as the app reads it now, ignoring any process cache (rule IDFA-9).
    /// Nil only under the legacy `idfaBeforeFirstUnlock = nil` switch.
    public func advertisingIdentifier(app: AppIndex, on device: DeviceIndex) -> SimUUID? {
        if !devices[device].firstUnlockDone { return profile.idfaBeforeFirstUnlock == .nil ? nil : .zero }
        if devices[device].kind.alwaysZeroIDFA { return .zero }
        let os = devices[device].os, idfa = devices[device].idfa, settings = devices[device].settings
        if os.major < 10 { return idfa }
        if os.major < 14 { return settings.limitAdTracking ? .zero : idfa }
        let status = trackingStatus(app: app, on: device)
        if status == .restricted { return .zero }
        if os < OSVersion(14, 5) {
            if profile.ios14_0to14_4Idfa == .zeros { return status == .authorized ? idfa : .zero }
            if !settings.allowTrackingRequests || status == .denied { return .zero }
            return idfa
        }
        guard status == .authorized else { return .zero }
        if !settings.allowTrackingRequests && profile.idfaAfterGlobalOffContinue == .zeros { return .zero }
        return idfa
    }

    /// `isAdvertisingTrackingEnabled` (deprecated in 14; rule IDFA-9).
    public func isAdvertisingTrackingEnabled(app: AppIndex, on device: DeviceIndex) -> Bool {
        if profile.linkedSDKXcode12Plus { return false }
        if devices[device].os.major < 14 { return !devices[device].settings.limitAdTracking }
        return trackingStatus(app: app, on: device) == .authorized
    }

    /// Whether a keychain item of this class can be read or written now (rule KC-17).
    public func keychainClassAvailable(_ accessible: Accessibility, on device: DeviceIndex) -> Bool {
        switch accessible {
        case .whenUnlocked, .whenUnlockedThisDeviceOnly: return devices[device].protectedDataAvailable
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly: return devices[device].afterFirstUnlockAvailable
        case .whenPasscodeSetThisDeviceOnly: return devices[device].passcodeSet && devices[device].protectedDataAvailable
        case .always, .alwaysThisDeviceOnly: return true
        }
    }

    /// The app's presence on a device.
    public func presence(of app: AppIndex, on device: DeviceIndex) -> AppPresence {
        devices[device].apps.presence(of: app) ?? .absent
    }

    /// Apps that can reach a keychain group on a device (installed ones only).
    func appsReaching(group: String, on device: DeviceIndex, excluding excluded: AppIndex?) -> [AppIndex] {
        devices[device].apps.presentIndices { $0.presence == .installed }.filter { index in
            index != excluded && apps[index].keychainGroups.contains(group)
        }
    }
}
