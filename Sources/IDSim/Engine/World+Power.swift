/// reboot, unlock, lock, passcode, upgrade (rules KC-17, KC-22, CT-25, PB-31).
extension World {
    /// Ends every app process on the device; in-process state (and iOS 10+ named pasteboards) goes with it.
    mutating func endProcesses(on d: DeviceIndex, _ log: inout ChangeLog) {
        for index in devices[d].processes.presentIndices() {
            endProcess(index, on: d, &log)
        }
    }

    /// Boots the device: with a passcode nothing protected is readable until the first unlock;
    /// without one the device unlocks itself (rule KC-22).
    mutating func boot(_ d: DeviceIndex, _ log: inout ChangeLog) {
        endProcesses(on: d, &log)
        let before = devices[d].lockDescription
        devices[d].firstUnlockDone = !devices[d].passcodeSet
        devices[d].locked = devices[d].passcodeSet
        log.record(.lockState(device: d), from: .text(before), to: .text(devices[d].lockDescription), rule: .kc22)
    }

    mutating func reboot(_ d: DeviceIndex, _ log: inout ChangeLog) {
        boot(d, &log)
    }

    /// One app's process ends, as a reboot ends them all: its in-memory state (a UserDefaults
    /// cache read empty before the first unlock, what a recipe caches for the process, its named
    /// pasteboards from iOS 10) goes, and the next launch is a cold one. Its files and the
    /// keychain stay. Refused when it is not running: nothing would end.
    mutating func terminate(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        guard devices[d].processes.isPresent(app) else {
            throw .notRunning(app: apps[app].bundleID, device: devices[d].name)
        }
        endProcess(app, on: d, &log)
    }

    /// A new face or finger is enrolled (rule KC-40): every item bound to the enrolment that was
    /// current when it was added is invalidated, which to an app is an item that is gone.
    mutating func changeBiometry(_ d: DeviceIndex, _ log: inout ChangeLog) {
        let invalidated = devices[d].keychain.values.filter { $0.accessControl == .biometryCurrentSet }.sorted { $0.key < $1.key }
        for item in invalidated {
            devices[d].keychain[item.key] = nil
            log.record(.keychain(device: d, item: item.key), from: .text(item.value), to: nil, rule: .kc40)
        }
    }

    /// The system frees space (rule CT-39): every installed app that is not running loses what it
    /// kept under Library/Caches and tmp; the rest of its container stays.
    mutating func purgeCaches(_ d: DeviceIndex, _ log: inout ChangeLog) {
        for app in devices[d].apps.presentIndices() where !devices[d].processes.isPresent(app) {
            let paths = devices[d].apps[app]!.container.files.keys.filter(ContainerFile.isPurgeable).sorted()
            for path in paths {
                let old = devices[d].apps[app]!.container.files.removeValue(forKey: path)
                log.record(.file(device: d, app: app, path: path), from: old.map { .text($0.contents) }, to: nil, rule: .ct39)
            }
        }
    }

    mutating func unlock(_ d: DeviceIndex, _ log: inout ChangeLog) {
        let before = devices[d].lockDescription
        let first = !devices[d].firstUnlockDone
        devices[d].firstUnlockDone = true
        devices[d].locked = false
        log.record(.lockState(device: d), from: .text(before), to: .text(devices[d].lockDescription), rule: nil)
        if first && profile.defaultsBeforeFirstUnlock == .flushAfterUnlock { flushBufferedDefaults(d, &log) }
    }

    /// The first unlock with `defaultsBeforeFirstUnlock = flushAfterUnlock` (rule CT-25): what each
    /// process started before it wrote to UserDefaults reaches the disk now, over what was stored
    /// (RevenueCat purchases-ios issue 4623, OneSignal-iOS-SDK PRs 1666 and 1669), and the process
    /// reads the store from now on.
    mutating func flushBufferedDefaults(_ d: DeviceIndex, _ log: inout ChangeLog) {
        for app in devices[d].processes.presentIndices() {
            guard devices[d].processes[app]!.defaultsCachedEmpty else { continue }
            let buffered = devices[d].processes[app]!.unsavedDefaults
            devices[d].processes[app]!.defaultsCachedEmpty = false
            devices[d].processes[app]!.unsavedDefaults = [:]
            guard devices[d].apps.presence(of: app) == .installed else { continue }
            for stored in buffered.keys.sorted() {
                let value = buffered[stored]!
                let (suite, key) = AppOS.splitSuiteKey(stored)
                if let suite, apps[app].appGroups.contains(suite) {
                    let old = devices[d].appGroupDefaults[suite]?[key]
                    guard old != value else { continue }
                    devices[d].appGroupDefaults[suite, default: [:]][key] = value
                    if devices[d].appGroupDefaults[suite]?.isEmpty == true { devices[d].appGroupDefaults[suite] = nil }
                    log.record(.groupDefaults(device: d, group: suite, key: key), from: old.map(ChangeValue.text),
                               to: .text(value), rule: .ct25)
                } else if let suite {
                    let old = devices[d].apps[app]!.container.suites[suite]?[key]
                    guard old != value else { continue }
                    devices[d].apps[app]!.container.suites[suite, default: [:]][key] = value
                    if devices[d].apps[app]!.container.suites[suite]?.isEmpty == true { devices[d].apps[app]!.container.suites[suite] = nil }
                    log.record(.suiteDefaults(device: d, app: app, suite: suite, key: key), from: old.map(ChangeValue.text),
                               to: .text(value), rule: .ct25)
                } else {
                    let old = devices[d].apps[app]!.container.defaults[key]
                    guard old != value else { continue }
                    devices[d].apps[app]!.container.defaults[key] = value
                    log.record(.defaults(device: d, app: app, key: key), from: old.map(ChangeValue.text),
                               to: .text(value), rule: .ct25)
                }
            }
        }
    }

    mutating func lock(_ d: DeviceIndex, _ log: inout ChangeLog) {
        let before = devices[d].lockDescription
        devices[d].locked = true
        log.record(.lockState(device: d), from: .text(before), to: .text(devices[d].lockDescription), rule: nil)
    }

    mutating func setPasscode(_ on: Bool, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name
        guard devices[d].kind != .simulator else {
            throw .unsupported(what: "a passcode", device: name, why: "the Simulator has no passcode (rule SIM-32)")
        }
        guard devices[d].firstUnlockDone, !devices[d].locked || !devices[d].passcodeSet else {
            throw .deviceLocked(device: name, action: "changing the passcode")
        }
        guard devices[d].passcodeSet != on else { return }
        devices[d].passcodeSet = on
        log.record(.passcode(device: d), from: .flag(!on), to: .flag(on), rule: nil)
        if !on {
            // Turning the passcode off deletes every WhenPasscodeSetThisDeviceOnly item (KC-17).
            let doomed = devices[d].keychain.values.filter { $0.accessible == .whenPasscodeSetThisDeviceOnly }.map(\.key).sorted()
            for key in doomed {
                let item = devices[d].keychain.removeValue(forKey: key)!
                log.record(.keychain(device: d, item: key), from: .text(item.value), to: nil, rule: .kc17)
            }
            devices[d].locked = false
        }
    }

    mutating func upgrade(_ d: DeviceIndex, to version: OSVersion, _ log: inout ChangeLog) throws(EventError) {
        let old = devices[d].os
        guard OSVersion.supportedMajors.contains(version.major) else { throw .invalidOSVersion(version.description) }
        guard version > old else { throw .notAnUpgrade(from: old, to: version) }
        let statusesBefore = readStatuses(on: d, for: log)
        devices[d].os = version
        log.record(.os(device: d), from: .version(old), to: .version(version), rule: nil)
        if old.major < 14, version.major >= 14 {
            // Limit Ad Tracking became the global tracking switch (assumption: LAT on ⇒ switch off).
            let wasLimited = devices[d].settings.limitAdTracking
            devices[d].settings.allowTrackingRequests = !wasLimited
            devices[d].settings.limitAdTracking = false
            if wasLimited {
                log.record(.setting(device: d, name: "allowTrackingRequests"), from: .flag(true), to: .flag(false), rule: .idfa9)
            }
        }
        if old.major < 10, version.major >= 10 {
            // Persistent named pasteboards lose persistence: they die with their process (PB-31).
            for key in devices[d].pasteboards.named.keys.sorted() {
                let board = devices[d].pasteboards.named.removeValue(forKey: key)!
                log.record(.pasteboard(device: d, name: key.name), from: .text(board.value), to: nil, rule: .pb31)
            }
        }
        boot(d, &log)   // an update restarts the device (KC-22)
        recordStatusChanges(from: statusesBefore, on: d, rule: .att12, &log)
    }
}
