/// What a step will do, known without trying it: searches that try every event in every state
/// (explore) ask this before copying a world to apply a step that is certain to throw, or certain
/// to leave the world as it was. Each answer mirrors the first guards or early returns of the
/// handler it names, and says "maybe" (false) for everything else; the tests apply every step a
/// claim is made for on random walks and check it.
extension World {
    /// Whether `apply` is certain to refuse the step: a launch of an app not installed (or
    /// offloaded); an uninstall of one absent; an offload or update of one not installed; an
    /// install of one already installed; a restore of a backup that does not exist; an ATT
    /// request or consent in an app not installed; an event the device's iOS does not have
    /// (ATT before 14, Reset Advertising Identifier outside 6.1–13, a call to the SDK of an app
    /// not running, iCloud Keychain before 7.0.3,
    /// a prewarm launch before 15,
    /// the tracking settings of the other side of 14); iCloud Keychain or an iCloud backup
    /// signed out; a sign-in over another Apple ID; an upgrade that is not one.
    public func certainlyRefuses(_ step: Step) -> Bool {
        guard let d = foreseeableDevice(of: step) else { return false }
        let os = devices[d].os
        switch step.event {
        case .launch(let app, let mode, _):
            return devices[d].apps.presence(of: app) != .installed || (mode == .prewarm && !Self.prewarms(os))
        case .offload(let app), .update(let app, _), .consent(let app):
            return devices[d].apps.presence(of: app) != .installed
        case .call(let app, _, _):
            // The app's code calls its SDK only while its process runs.
            return devices[d].apps.presence(of: app) != .installed || !devices[d].processes.isPresent(app)
        case .uninstall(let app):
            return !devices[d].apps.isPresent(app)
        case .install(let app, _):
            return devices[d].apps.presence(of: app) == .installed
        case .restore(let name):
            // By its key: the value read would be a copy of the whole backup.
            return backups.index(forKey: name) == nil
        case .requestTracking(let app, _, _, _):
            return os.major < 14 || devices[d].apps.presence(of: app) != .installed
        case .resetAdvertisingID:
            return os < OSVersion(6, 1) || os.major >= 14
        case .setting(let change):
            return Self.settingUnsupported(change, os: os)
        case .iCloudKeychain:
            return devices[d].appleID == nil || os < Self.iCloudKeychainMinimumOS
        case .backup(let kind, _):
            return kind == .icloud && devices[d].appleID == nil
        case .signIn(let account):
            guard accounts.indices.contains(account) else { return true }
            return devices[d].appleID.map { $0 != account } ?? false
        case .upgrade(let version):
            return !OSVersion.supportedMajors.contains(version.major) || version <= os
        default:
            return false
        }
    }

    /// Whether `apply` is certain to succeed and leave the world as it was but for its clock:
    /// signing in to the Apple ID already signed in, or out when signed out; iCloud Keychain or a
    /// tracking setting set to what it is; unlocking an unlocked device, locking a locked one;
    /// consent given again; an ATT request to an app that already has its answer (the prompt
    /// shows once); an update within the same team of an app whose code is not running, where
    /// the OS keeps its IDFV; a reboot of a device with nothing running that is locked as a boot
    /// leaves it.
    public func certainlyChangesNothing(_ step: Step) -> Bool {
        guard let d = foreseeableDevice(of: step) else { return false }
        let os = devices[d].os
        switch step.event {
        case .signIn(let account):
            return devices[d].appleID == account
        case .signOut:
            return devices[d].appleID == nil
        case .iCloudKeychain(let on, _):
            return devices[d].appleID != nil && os >= Self.iCloudKeychainMinimumOS && devices[d].iCloudKeychain == on
        case .setting(let change):
            let now = devices[d].settings
            return !Self.settingUnsupported(change, os: os)
                && change.allowTrackingRequests.map { $0 == now.allowTrackingRequests } ?? true
                && change.continueTracking.map { $0 == now.continueTracking } ?? true
                && change.limitAdTracking.map { $0 == now.limitAdTracking } ?? true
                && change.trackingRestricted.map { $0 == now.trackingRestricted } ?? true
        case .unlock:
            return devices[d].firstUnlockDone && !devices[d].locked
        case .reboot:
            // A boot ends every process and locks a device with a passcode until its first unlock.
            let passcode = devices[d].passcodeSet
            return devices[d].processes.presentCount == 0 && devices[d].firstUnlockDone == !passcode && devices[d].locked == passcode
        case .lock:
            return devices[d].locked
        case .consent(let app):
            // Read through the slots in place: binding the app would copy it.
            return devices[d].apps.presence(of: app) == .installed && devices[d].apps.consent(of: app) == true
        case .requestTracking(let app, _, _, _):
            // Past the guards that throw or end the process, a decided app returns before any write.
            guard os.major >= 14, apps[app].role == .app, apps[app].hasTrackingUsageDescription,
                  devices[d].apps.presence(of: app) == .installed, let state = devices[d].apps.attState(of: app) else { return false }
            return state.att != .notDetermined
        case .update(let app, nil):
            // Past its guards an update ends the processes of the app and its extensions, and only
            // where the profile says so (field report B8) draws a new IDFV.
            guard apps[app].role.host == nil, devices[d].apps.presence(of: app) == .installed,
                  profile.idfvOnUpdate != .regenerate else { return false }
            return !devices[d].processes.isPresent(app) && !extensions(of: app).contains { devices[d].processes.isPresent($0) }
        default:
            return false
        }
    }

    /// Whether `apply`, when it accepts the step, writes nothing but tracking state, its clock and
    /// its random draws. Tracking state is the IDFA, the apps' ATT statuses and requests, the
    /// tracking settings and the consent an app records. The events: a tracking setting (which may
    /// deny apps and draw a new IDFA), an app's tracking switch, either reset, consent, and an ATT
    /// request. The one exception is a request from a full app without a purpose string, which
    /// ends the app's process.
    /// A search that leaves tracking state out of its states (explore's tracking-blind
    /// searches) knows such a step leads back to a state it has seen.
    public func certainlyWritesOnlyTrackingState(_ step: Step) -> Bool {
        guard foreseeableDevice(of: step) != nil else { return false }
        switch step.event {
        case .setting, .trackingToggle, .resetAdvertisingID, .resetLocationAndPrivacy, .consent:
            return true
        case .requestTracking(let app, _, _, _):
            return apps[app].role != .app || apps[app].hasTrackingUsageDescription
        default:
            return false
        }
    }

    /// The step's device, when it and the step's app exist (otherwise `apply` refuses it before
    /// any handler runs, and nothing is foreseen).
    private func foreseeableDevice(of step: Step) -> DeviceIndex? {
        guard step.device >= 0, step.device < devices.count else { return nil }
        if let app = step.event.app, app < 0 || app >= apps.count { return nil }
        return step.device
    }

    /// The tracking settings each side of iOS 14 has (the guards of `changeSettings`).
    private static func settingUnsupported(_ change: SettingsChange, os: OSVersion) -> Bool {
        if change.limitAdTracking != nil, os.major >= 14 { return true }
        return (change.allowTrackingRequests != nil || change.continueTracking != nil) && os.major < 14
    }
}
