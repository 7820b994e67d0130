/// ATT requests, tracking settings and IDFA resets (rules IDFA-8…11, ATT-12…15).
extension World {
    mutating func requestTracking(_ app: AppIndex, answer: TrackingAnswer, otherPromptPending: Bool, active: Bool = true,
                                  on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        guard devices[d].os.major >= 14 else {
            throw .unsupported(what: "requestTrackingAuthorization", device: name, why: "App Tracking Transparency arrived in iOS 14")
        }
        guard var installed = devices[d].app(app), installed.presence == .installed else {
            throw .appNotInstalled(app: bundle, device: name)
        }
        // 13.4: an extension never shows the prompt (EXT-33), and an App Clip cannot ask to track
        // (CLIP-34); the status stays as it was, and the change says why.
        switch apps[app].role {
        case .app: break
        case .appExtension:
            log.record(.prompt(device: d, app: app), from: nil, to: .text("ATT prompt not shown: an app extension cannot present it"), rule: .ext33)
            return
        case .appClip:
            log.record(.prompt(device: d, app: app), from: nil, to: .text("ATT prompt not shown: an App Clip cannot ask to track"), rule: .clip34)
            return
        }
        // 13.1: no purpose string — the app crashes.
        guard apps[app].hasTrackingUsageDescription else {
            let crash = ChangeValue.text("crashed: NSUserTrackingUsageDescription missing")
            if !devices[d].processes.isPresent(app) {
                log.record(.process(device: d, app: app), from: nil, to: crash, rule: .att13)
            } else {
                endProcess(app, on: d, &log, to: crash, rule: .att13)
            }
            return
        }
        if devices[d].kind == .mac { return }                      // always notDetermined on a Mac
        let before = trackingStatus(app: app, on: d)
        if before == .restricted { return }                          // 13.2
        if installed.att != .notDetermined { return }                // 13.3: decided; no prompt
        // 13.4: not the active app (asked from the background, or before the app became active):
        // no prompt, the status stays notDetermined.
        let notActive = !active || devices[d].processes[app].map { !$0.isActive } ?? false
        if notActive {
            log.record(.prompt(device: d, app: app), from: nil, to: .text("ATT prompt not shown: the app is not active"), rule: .att13)
            return
        }
        if otherPromptPending { return }                             // 13.4: another prompt is up
        installed.trackingRequested = true
        if !devices[d].settings.allowTrackingRequests {
            // 13.5: treated as "Ask App Not to Track", without a prompt.
            installed.att = profile.attStatusWhenGlobalOff.status
        } else {
            installed.att = answer == .allow ? .authorized : .denied   // 13.6: the prompt
        }
        devices[d].apps[app] = installed
        log.record(.att(device: d, app: app), from: .att(before), to: .att(trackingStatus(app: app, on: d)), rule: .att13)
    }

    mutating func trackingToggle(_ app: AppIndex, on: Bool, device d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, bundle = apps[app].bundleID
        guard devices[d].os.major >= 14 else {
            throw .unsupported(what: "Settings › Privacy › Tracking", device: name, why: "it arrived in iOS 14")
        }
        guard var installed = devices[d].app(app), installed.presence != .absent else {
            throw .appNotInstalled(app: bundle, device: name)
        }
        guard installed.trackingRequested else { throw .notInTrackingSettings(app: bundle, device: name) }
        guard !trackingRestricted(on: d) else { throw .trackingRestricted(device: name) }
        let before = trackingStatus(app: app, on: d)
        installed.att = on ? .authorized : .denied
        devices[d].apps[app] = installed
        log.record(.att(device: d, app: app), from: .att(before), to: .att(trackingStatus(app: app, on: d)), rule: .att14)
    }

    mutating func changeSettings(_ change: SettingsChange, on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name, os = devices[d].os
        if change.limitAdTracking != nil, os.major >= 14 {
            throw .unsupported(what: "limitAdTracking", device: name,
                               why: "iOS 14 replaced Limit Ad Tracking with allowTrackingRequests")
        }
        if change.allowTrackingRequests != nil || change.continueTracking != nil, os.major < 14 {
            throw .unsupported(what: "allowTrackingRequests/continueTracking", device: name,
                               why: "these arrived with App Tracking Transparency in iOS 14; use limitAdTracking")
        }
        let statusesBefore = readStatuses(on: d, for: log)
        let old = devices[d].settings
        var new = old
        if let v = change.continueTracking { new.continueTracking = v }
        if let v = change.limitAdTracking { new.limitAdTracking = v }
        if let v = change.trackingRestricted { new.trackingRestricted = v }
        if let v = change.allowTrackingRequests { new.allowTrackingRequests = v }
        devices[d].settings = new
        recordSettings(old, new, device: d, &log)

        if old.allowTrackingRequests && !new.allowTrackingRequests {
            // Global switch on → off: authorized apps keep tracking only if the user says "continue".
            if !new.continueTracking {
                var authorized: [AppIndex] = []
                devices[d].apps.withEachPresent { index, app in if app.pointee.att == .authorized { authorized.append(index) } }
                for index in authorized { devices[d].apps[index]!.att = .denied }
                if profile.idfaRegenerateOnStopTracking {
                    replaceIDFA(on: d, rule: .idfa10, &log)
                }
            }
        }
        recordStatusChanges(from: statusesBefore, on: d, rule: change.trackingRestricted != nil ? .att12 : .att14, &log)
    }

    private func recordSettings(_ old: TrackingSettings, _ new: TrackingSettings, device: DeviceIndex, _ log: inout ChangeLog) {
        log.record(.setting(device: device, name: "allowTrackingRequests"), from: .flag(old.allowTrackingRequests),
                   to: .flag(new.allowTrackingRequests), rule: nil)
        log.record(.setting(device: device, name: "continueTracking"), from: .flag(old.continueTracking),
                   to: .flag(new.continueTracking), rule: nil)
        log.record(.setting(device: device, name: "limitAdTracking"), from: .flag(old.limitAdTracking),
                   to: .flag(new.limitAdTracking), rule: .idfa9)
        log.record(.setting(device: device, name: "trackingRestricted"), from: .flag(old.trackingRestricted),
                   to: .flag(new.trackingRestricted), rule: .att12)
    }

    /// The ATT status every present app reads, for change reporting: all nil before iOS 14, and
    /// no array at all when changes are not being recorded (replays and searches make none).
    func readStatuses(on d: DeviceIndex, for log: ChangeLog) -> ReadStatuses {
        guard log.isRecording else { return [] }
        var result = ReadStatuses(repeating: nil, count: apps.count)
        guard devices[d].os.major >= 14 else { return result }
        fillStatuses(&result, on: d)
        return result
    }

    /// Writes the status each present app reads into `statuses` (indexed by `AppIndex`). Through a
    /// buffer pointer: writing the array itself from the loop made the optimiser retain and release
    /// every app's box around each write, a third of the cost of a settings change.
    private func fillStatuses(_ statuses: inout ReadStatuses, on d: DeviceIndex) {
        let context = trackingContext(on: d)
        statuses.withUnsafeMutableBufferPointer { out in
            devices[d].apps.withEachPresent { index, app in
                out[index] = Self.trackingStatus(stored: app.pointee.att, requested: app.pointee.trackingRequested, context)
            }
        }
    }

    /// Records each app whose read ATT status differs from `before`.
    func recordStatusChanges(from before: ReadStatuses, on d: DeviceIndex, rule: RuleID, _ log: inout ChangeLog) {
        guard log.isRecording, devices[d].os.major >= 14 else { return }
        var now = ReadStatuses(repeating: nil, count: before.count)
        fillStatuses(&now, on: d)
        log.reserve(before.count)
        for (index, old) in before.enumerated() {
            guard let old, let new = now[index] ?? Optional(.notDetermined), new != old else { continue }
            log.record(.att(device: d, app: index), from: .att(old), to: .att(new), rule: rule)
        }
    }

    mutating func replaceIDFA(on d: DeviceIndex, rule: RuleID, _ log: inout ChangeLog) {
        let old = devices[d].idfa
        devices[d].idfa = rng.nextUUID()
        log.record(.idfa(device: d), from: .uuid(old), to: .uuid(devices[d].idfa), rule: rule)
    }

    mutating func resetAdvertisingID(on d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        let os = devices[d].os
        guard os >= OSVersion(6, 1), os.major < 14 else {
            throw .unsupported(what: "Reset Advertising Identifier", device: devices[d].name,
                               why: "the button exists on iOS 6.1 to 13.x only")
        }
        replaceIDFA(on: d, rule: .idfa10, &log)
    }

    mutating func resetLocationAndPrivacy(on d: DeviceIndex, _ log: inout ChangeLog) {
        let before = readStatuses(on: d, for: log)
        replaceIDFA(on: d, rule: .idfa10, &log)
        for index in devices[d].apps.presentIndices() {
            devices[d].apps[index]!.att = .notDetermined
            devices[d].apps[index]!.trackingRequested = false
        }
        recordStatusChanges(from: before, on: d, rule: .idfa10, &log)
    }
}
