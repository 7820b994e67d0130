/// Applying events: `world + event → world + changes`.
extension World {
    /// Applies one step and returns every change it made, each with the rule behind it.
    ///
    /// Each handler checks everything that could make the event invalid before it touches the
    /// world, so a thrown error always leaves the world exactly as it was.
    /// - Parameters:
    ///   - programs: resolves each app's ID strategy, which runs on `launch`.
    ///   - recordingChanges: false when only the resulting world matters (timeline replays),
    ///     which skips building the change list.
    /// - Throws: `EventError` saying what could not apply and why.
    @discardableResult
    public mutating func apply(_ step: Step, programs: any AppProgramResolver = BasicProgram.resolver,
                               recordingChanges: Bool = true) throws(EventError) -> [Change] {
        let d = step.device
        guard devices.indices.contains(d) else { throw .noSuchDevice(d) }
        if let app = step.event.app, !apps.indices.contains(app) { throw .noSuchApp(app) }
        var log = ChangeLog(recording: recordingChanges)
        switch step.event {
        case .install(let app, let source): try install(app, source: source ?? apps[app].defaultSource, on: d, &log)
        case .uninstall(let app): try uninstall(app, on: d, &log)
        case .offload(let app): try offload(app, on: d, &log)
        case .update(let app, let newTeam): try update(app, newTeam: newTeam, on: d, &log)
        case .launch(let app, let mode, let network): try launch(app, mode: mode, network: network, on: d, programs: programs, &log)
        case .requestTracking(let app, let answer, let pending, let active):
            try requestTracking(app, answer: answer, otherPromptPending: pending, active: active, on: d, &log)
        case .trackingToggle(let app, let on): try trackingToggle(app, on: on, device: d, &log)
        case .setting(let change): try changeSettings(change, on: d, &log)
        case .resetAdvertisingID: try resetAdvertisingID(on: d, &log)
        case .resetLocationAndPrivacy: resetLocationAndPrivacy(on: d, &log)
        case .consent(let app): try giveConsent(app, on: d, &log)
        case .revokeAppleID(let app): try revokeAppleID(app, on: d, &log)
        case .terminate(let app): try terminate(app, on: d, &log)
        case .call(let app, let name, let value): try call(app, name: name, value: value, on: d, programs: programs, &log)
        case .configure(let app, let options): configure(app, options: options, &log)
        case .deviceCheck(let app, let bit0, let bit1): try updateDeviceCheckBits(app, bit0: bit0, bit1: bit1, on: d, &log)
        case .reboot: reboot(d, &log)
        case .unlock: unlock(d, &log)
        case .lock: lock(d, &log)
        case .passcode(let on): try setPasscode(on, on: d, &log)
        case .upgrade(let version): try upgrade(d, to: version, &log)
        case .erase: erase(d, &log)
        case .purgeCaches: purgeCaches(d, &log)
        case .biometryChange: changeBiometry(d, &log)
        case .signIn(let account): try signIn(d, account: account, &log)
        case .signOut(let keep): signOut(d, keep: keep, &log)
        case .iCloudKeychain(let on, let keep): try setICloudKeychain(on, keep: keep, on: d, &log)
        case .backup(let kind, let name): try backup(d, kind: kind, name: name, &log)
        case .restore(let name): try restore(name, onto: d, &log)
        case .migrate(let from): try migrate(from: from, onto: d, &log)
        case .note: break
        }
        clock += 1
        return log.changes
    }
}

/// Collects the changes of one event in order.
public struct ChangeLog: Sendable {
    public private(set) var changes: [Change] = []
    /// False during replays: nothing is collected, and work done only to report changes is skipped.
    public let isRecording: Bool

    public init(recording: Bool = true) {
        isRecording = recording
    }

    // The values are taken `consuming` so they move into the change: borrowed, each would be
    // copied (a retain per string in it) and the caller's temporary released right after.
    mutating func record(_ subject: consuming Subject, from: consuming ChangeValue?, to: consuming ChangeValue?, rule: RuleID?) {
        guard isRecording, from != to else { return }
        if changes.isEmpty { changes.reserveCapacity(4) }   // most events make a few changes: one allocation
        changes.append(Change(subject, from: from, to: to, rule: rule))
    }

    /// Like `record`, but builds the subject only when something changed: the device-wide
    /// comparisons check hundreds of values that mostly did not.
    mutating func recordIfChanged(from: consuming ChangeValue?, to: consuming ChangeValue?, rule: RuleID?,
                                  _ subject: () -> Subject) {
        guard isRecording, from != to else { return }
        if changes.isEmpty { changes.reserveCapacity(4) }
        changes.append(Change(subject(), from: from, to: to, rule: rule))
    }

    mutating func reserve(_ count: Int) {
        if isRecording { changes.reserveCapacity(changes.count + count) }
    }

    mutating func append(contentsOf other: [Change]) {
        changes.append(contentsOf: other)
    }
}
