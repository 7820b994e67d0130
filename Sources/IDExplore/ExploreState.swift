import IDSim
import IDStrategies

/// A world plus what the properties need to remember about the followed app on each device.
public struct ExploreState: Sendable {
    public var world: World
    /// By device index.
    var follow: [Follow]
    /// Each backup's fingerprint form, made when the backup is (see `Fingerprinter.BackupForm`).
    var backupForms: [String: Fingerprinter.BackupForm]

    /// What the followed app showed on one device.
    struct Follow: Hashable, Sendable {
        /// Whether it has launched here since this device last became another's copy.
        var launched = false
        /// The last value a launch read here (nil: none yet).
        var last: String?
        /// Whether `last` is still held here (an erase ends that; `unique` compares only held ones).
        var held = false
        /// After a restore or migration from another device: what its first launch here should read.
        var expected: String?
    }

    public init(world: World, app: AppIndex, value name: String?) {
        self.world = world
        backupForms = world.backups.mapValues(Fingerprinter.BackupForm.init)
        follow = world.devices.map { device in
            guard let value = device.launches[app].flatMap({ Self.read(name, $0.latest.report) }) else { return Follow() }
            return Follow(launched: true, last: value, held: true, expected: nil)
        }
    }

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
    let properties: Set<ExploreProperty>
}

extension ExploreState {
    /// Applies one step; returns the properties it broke, or nil when the step cannot apply here.
    mutating func apply(_ step: Step, watch: Watch, programs: StrategyLibrary) -> Set<ExploreProperty>? {
        // A user opens an app only on an unlocked device; the OS may start one in the background.
        if case .launch(_, .foreground) = step.event, world.devices.indices.contains(step.device),
           !world.devices[step.device].protectedDataAvailable {
            return nil
        }
        do {
            try world.apply(step, programs: programs, recordingChanges: false)
        } catch {
            return nil
        }
        let d = step.device
        switch step.event {
        case .launch(let app, _) where app == watch.app:
            return launched(on: d, watch: watch)
        case .erase:
            follow[d].held = false
        case .backup(_, let name):
            // The only event that writes a backup: hash it now, once, for every state after.
            if let backup = world.backups[name] { backupForms[name] = Fingerprinter.BackupForm(backup) }
        case .restore, .migrate:
            if let origin = copyOrigin(of: step) { becomesCopy(of: origin.source, device: d) }
        default:
            break
        }
        return []
    }

    private mutating func launched(on d: DeviceIndex, watch: Watch) -> Set<ExploreProperty> {
        var broken: Set<ExploreProperty> = []
        let value = world.devices[d].launches[watch.app].flatMap { Self.read(watch.value, $0.latest.report) }
        let before = follow[d]
        if let value {
            if let last = before.last, last != value, before.expected == nil { broken.insert(.stable) }
            if let expected = before.expected, expected != value { broken.insert(.follows) }
            for other in follow.indices where other != d && follow[other].held && follow[other].last == value {
                broken.insert(.unique)
            }
            follow[d].last = value
            follow[d].held = true
        } else {
            broken.insert(.available)
        }
        follow[d].launched = true
        follow[d].expected = nil
        return broken.intersection(watch.properties)
    }

    /// For a restore of another device's backup, or a migration: the device the step's device
    /// became a copy of (its source nil when that device is not in the world). Nil for any other step.
    func copyOrigin(of step: Step) -> CopyOrigin? {
        switch step.event {
        case .restore(let name):
            guard let backup = world.backups[name], backup.sourceHardwareID != world.devices[step.device].hardwareID else { return nil }
            return CopyOrigin(source: world.devices.firstIndex { $0.hardwareID == backup.sourceHardwareID })
        case .migrate(let source):
            return CopyOrigin(source: source)
        default:
            return nil
        }
    }

    struct CopyOrigin {
        let source: DeviceIndex?
    }

    /// A restore or migration made device `d` a copy of `source`: its own past no longer counts,
    /// and its first launch should read what the source's last did.
    private mutating func becomesCopy(of source: DeviceIndex?, device d: DeviceIndex) {
        let expected = source.flatMap { follow[$0].last }
        follow[d] = Follow(launched: false, last: nil, held: false, expected: expected)
    }
}
