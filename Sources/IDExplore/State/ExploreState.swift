import IDSim
import IDStrategies

/// A world plus what the properties need to remember about the followed app on each device.
package struct ExploreState: Sendable {
    package private(set) var world: World
    /// By device index.
    var follow: [Follow]
    /// Each backup's fingerprint form, made when the backup is (see `Fingerprinter.PartForm`), in
    /// `KeptBackup.precedes` order: a fingerprint walks them without sorting.
    var backupForms: [KeptBackup]
    /// Each device's fingerprint form, remade when a step may have changed the device.
    var deviceForms: DeviceForms
    /// The Apple IDs' form (iCloud Keychain, key-value store), remade when a step changed them.
    var accountsForm: Fingerprinter.PartForm
    /// Whether the forms leave out the tracking state (the IDFA, ATT statuses, tracking
    /// settings, the consent an app records): sound when no app code in the world reads it, as
    /// then it changes nothing but itself. The core's tracking events touch other state only in
    /// ways that do not depend on it (a request without a purpose string ends the process,
    /// whatever the status), and `World.appCodeReads` says whether app code read it, which the
    /// search checks.
    package let trackingBlind: Bool

    /// A backup as the fingerprint reads it: its form, and the device it was made from (by index,
    /// so that under symmetry it can be read through an order of the devices).
    struct KeptBackup: Sendable {
        let name: String
        let form: Fingerprinter.PartForm
        let source: DeviceIndex?
        let sourceName: String
        let kind: BackupKind
        /// The followed app's ID on the source when the backup was taken (nil: it had none then):
        /// what a copy restored from it should read, for `follows`.
        let followedID: String?

        init(_ backup: Backup, named name: String, source: DeviceIndex?, followedID: String?, trackingBlind: Bool, cache: PartFormCache? = nil) {
            self.name = name
            form = Fingerprinter.PartForm(backup, trackingBlind: trackingBlind, cache: cache)
            self.source = source
            sourceName = backup.sourceDevice
            kind = backup.kind
            self.followedID = followedID
        }

        private init(name: String, form: Fingerprinter.PartForm, source: DeviceIndex?, sourceName: String, kind: BackupKind, followedID: String?) {
            self.name = name
            self.form = form
            self.source = source
            self.sourceName = sourceName
            self.kind = kind
            self.followedID = followedID
        }

        func unshared() -> KeptBackup {
            KeptBackup(name: ExploreState.fresh(name), form: form.unshared(), source: source, sourceName: ExploreState.fresh(sourceName),
                       kind: kind, followedID: followedID.map(ExploreState.fresh))
        }

        /// By source device (none last), then kind, then name: an order that does not depend on
        /// when the backups were made, and in which a symmetric fingerprint finds each device's
        /// backups together, by kind.
        func precedes(_ other: KeptBackup) -> Bool {
            (source ?? .max, kind.rawValue, name) < (other.source ?? .max, other.kind.rawValue, other.name)
        }
    }

    /// Keeps a backup's form in place of any of the same name, in order.
    mutating func keep(_ kept: KeptBackup) {
        backupForms.removeAll { $0.name == kept.name }
        backupForms.insert(kept, at: backupForms.firstIndex { kept.precedes($0) } ?? backupForms.endIndex)
    }

    /// What the followed app showed on one device.
    struct Follow: Hashable, Sendable {
        /// The last value a launch read here (nil: none yet).
        var last: String?
        /// Whether `last` is still held here (an erase ends that; `unique` compares only held ones).
        var held = false
        /// After a restore or migration from another device: what its first launch here should read.
        var expected: String?
        /// An event the goal allows happened here since the last launch with an ID: the next ID
        /// may be new (`ExploreGoal`).
        var forgiven = false

        /// The ID the app has here now, if any (an erase ends it).
        var heldID: String? { held ? last : nil }
    }

    package init(world: World, app: AppIndex, value name: String?, trackingBlind: Bool = false) {
        self.world = world
        self.trackingBlind = trackingBlind
        // From here on, so that a read before the search (in a scenario) does not count.
        if trackingBlind { self.world.appCodeReads = AppCodeReads() }
        // A server record from before the search counts as one made in it (see `Explorer.run`).
        if (0..<world.deviceCount).contains(where: { world.devices[$0].serverIDs.values.contains(where: \.reissueOn.outlivesErase) }) {
            self.world.appCodeReads.serverRecordOutlivingErase = true
        }
        // A search judges launches only by the values they read: what strategies build only for
        // people to read (results, notes; id-kit hashes each source) is left out.
        self.world.launchReportsInFull = false
        let follow = world.devices.map { device in
            guard let value = device.launches[app].flatMap({ Self.read(name, $0.latest.report) }) else { return Follow() }
            return Follow(last: value, held: true, expected: nil)
        }
        self.follow = follow
        // A scenario's backups were taken before the search: what the app had then is not known,
        // and its source's ID now stands for it.
        backupForms = world.backups.map { name, backup in
            let source = Self.device(withHardware: backup.sourceHardwareID, in: world)
            return KeptBackup(backup, named: name, source: source, followedID: source.flatMap { follow[$0].heldID }, trackingBlind: trackingBlind)
        }.sorted { $0.precedes($1) }
        deviceForms = DeviceForms(walking: world, trackingBlind: trackingBlind)
        accountsForm = Fingerprinter.PartForm(accountsOf: world, trackingBlind: trackingBlind)
    }

    /// An equal state that shares no storage with this one (see `World.unshared`): each worker
    /// starts from its own, so that the reference counts it writes are its own.
    func unshared() -> ExploreState {
        var copy = self
        copy.world = world.unshared()
        copy.follow = follow.map { Follow(last: $0.last.map(Self.fresh), held: $0.held, expected: $0.expected.map(Self.fresh), forgiven: $0.forgiven) }
        copy.backupForms = backupForms.map { $0.unshared() }
        copy.deviceForms = DeviceForms(deviceForms.map { $0.unshared() })
        copy.accountsForm = accountsForm.unshared()
        return copy
    }

    private static func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    static func read(_ name: String?, _ report: LaunchReport) -> String? {
        guard let value = report.value(followed: name), !value.isEmpty else { return nil }
        return value
    }
}

/// The followed app and value, and the properties still being searched for.
struct Watch: Sendable {
    let app: AppIndex
    /// The launch-report value followed (nil: the primary ID).
    let value: String?
    let properties: PropertyMask
    /// What the search's goal forgives (none without a goal).
    var forgiving: Forgiving = []
}

extension ExploreState {
    /// Applies one step; returns the properties it broke, or nil when the step cannot apply here.
    /// - Parameter forms: a worker's recent part forms, to remake device forms from (see `PartFormCache`).
    mutating func apply(_ step: Step, watch: Watch, programs: ResolvedPrograms, forms: PartFormCache? = nil) -> PropertyMask? {
        refuses(step) ? nil : applyNotRefused(step, watch: watch, programs: programs, forms: forms)
    }

    /// `apply` for a step `refuses` already said no to refusing (the search asks before copying
    /// the state); the core may still refuse it (nil).
    mutating func applyNotRefused(_ step: Step, watch: Watch, programs: ResolvedPrograms, forms: PartFormCache? = nil) -> PropertyMask? {
        // Share the devices' and the accounts' storage: what the step did not write compares by identity.
        let devicesBefore = world.deviceSnapshot
        let accountsBefore = world.accountSnapshot
        do {
            try world.apply(step, programs: programs, recordingChanges: false)
        } catch {
            return nil
        }
        let d = step.device
        refreshForms(since: devicesBefore, cache: forms)
        if !world.accountsUnchanged(since: accountsBefore) { accountsForm = Fingerprinter.PartForm(accountsOf: world, trackingBlind: trackingBlind) }
        if step.event.reportsIDs(of: watch.app) { return launched(on: d, watch: watch) }
        switch step.event {
        case .erase:
            follow[d].held = false
            if watch.forgiving.contains(.erase) { follow[d].forgiven = true }
        case .uninstall(let app) where app == watch.app:
            if watch.forgiving.contains(.uninstall) { follow[d].forgiven = true }
        case .backup(_, let name):
            // The only event that writes a backup: hash it now, once, for every state after.
            if let backup = world.backups[name] {
                keep(KeptBackup(backup, named: name, source: d, followedID: follow[d].heldID, trackingBlind: trackingBlind, cache: forms))
            }
        case .restore(let name):
            // `follows` compares with the ID the app had when the backup was taken.
            let held = backupForms.first { $0.name == name }?.followedID
            if copyOrigin(of: step) != nil {
                becomesCopy(expecting: held, device: d)
            } else {
                // The device's own backup rewinds it: its next launch should read the ID the app had
                // when the backup was taken, not one it made since (an erase's new ID, say), which
                // the restore can only undo. `stable` compares with that ID, nothing is forgiven.
                follow[d] = Follow(last: held, held: false, expected: nil, forgiven: false)
            }
        case .migrate(let source):
            // And with the ID it has on the source as the migration is made.
            if copyOrigin(of: step) != nil { becomesCopy(expecting: follow[source].heldID, device: d) }
        default:
            break
        }
        return []
    }

    /// Whether the step certainly cannot apply here, or is left out of the search: asked before a
    /// state is copied to try it (more than half the steps tried in a search are refused, mostly
    /// launches of apps not installed and restores of backups not made).
    func refuses(_ step: Step) -> Bool {
        if world.certainlyRefuses(step) { return true }
        // A restore of a backup that holds no ID of the followed app (taken before the app was
        // installed, or before a launch gave it one) can only bring back what existed: the ID it
        // loses is no break of the app's, whatever the app does, so it is left out for every goal.
        if case .restore(let name) = step.event, let b = backupForms.firstIndex(where: { $0.name == name }), refusesRestore(ofBackup: b) {
            return true
        }
        // A user opens an app only on an unlocked device; the OS may start one in the background.
        if case .launch(_, .foreground, _) = step.event, step.device >= 0, step.device < world.deviceCount,
           !world.protectedDataAvailable(on: step.device) {
            return true
        }
        return false
    }

    /// Whether every restore of `backupForms[b]` is certainly refused (see `refuses`): the backup
    /// holds no ID of the followed app.
    func refusesRestore(ofBackup b: Int) -> Bool { backupForms[b].followedID == nil }

    /// Whether the step, if it applies, certainly leads to a state that fingerprints as this one:
    /// it changes nothing but the clock, or (in a tracking-blind state) nothing but the tracking
    /// state such a state leaves out. The search skips these steps before copying the state.
    func certainlyLeadsBack(_ step: Step) -> Bool {
        world.certainlyChangesNothing(step) || trackingBlind && world.certainlyWritesOnlyTrackingState(step)
    }

    /// Remakes the forms of the devices the step wrote: usually its own, and any other whose
    /// keychain iCloud Keychain carried a write to (rule KC-18); a migration only reads its
    /// source, a restore its backup. A device the step did not write keeps its storage, and its form.
    private mutating func refreshForms(since before: DeviceSnapshot, cache: PartFormCache?) {
        for d in 0..<world.deviceCount where !world.deviceUnchanged(d, since: before) {
            let form = Fingerprinter.PartForm(device: d, in: world, trackingBlind: trackingBlind, cache: cache)
            deviceForms[d] = form
        }
    }

    private mutating func launched(on d: DeviceIndex, watch: Watch) -> PropertyMask {
        var broken: PropertyMask = []
        let value = world.launchHistory(of: watch.app, on: d).flatMap { Self.read(watch.value, $0.latest.report) }
        let before = follow[d]
        if let value {
            if let last = before.last, last != value, before.expected == nil, !before.forgiven { broken.insert(.stable) }
            if let expected = before.expected, expected != value { broken.insert(.follows) }
            for other in follow.indices where other != d && follow[other].held && follow[other].last == value {
                broken.insert(.unique)
            }
            follow[d].last = value
            follow[d].held = true
            follow[d].forgiven = false
        } else if !(watch.forgiving.contains(.lockedLaunch) && !world.afterFirstUnlockAvailable(on: d)) {
            broken.insert(.available)
        }
        follow[d].expected = nil
        return broken.intersection(watch.properties)
    }

    /// For a restore of another device's backup, or a migration: the device the step's device
    /// became a copy of (its source nil when that device is not in the world). Nil for any other step.
    func copyOrigin(of step: Step) -> CopyOrigin? {
        switch step.event {
        case .restore(let name):
            guard let backup = world.backups[name], backup.sourceHardwareID != world.hardwareID(of: step.device) else { return nil }
            return CopyOrigin(source: Self.device(withHardware: backup.sourceHardwareID, in: world))
        case .migrate(let source):
            return CopyOrigin(source: source)
        default:
            return nil
        }
    }

    /// The device with a hardware ID, read field by field (a closure over `world.devices` would
    /// copy each device it looks at).
    static func device(withHardware hardwareID: UInt64, in world: World) -> DeviceIndex? {
        (0..<world.deviceCount).first { world.hardwareID(of: $0) == hardwareID }
    }

    struct CopyOrigin {
        let source: DeviceIndex?
    }

    /// A restore or migration made device `d` a copy of another: its own past no longer counts,
    /// and its first launch should read what the app had on the source when the copy was taken
    /// (nil: it had no ID then, so there is nothing to follow).
    private mutating func becomesCopy(expecting expected: String?, device d: DeviceIndex) {
        follow[d] = Follow(last: nil, held: false, expected: expected)
    }
}
