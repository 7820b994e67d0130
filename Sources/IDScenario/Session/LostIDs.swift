import IDSim

/// A launch whose ID did not follow the app across a continuity step: the first launch after a
/// restore, a migration, a reinstall or an update that gave another ID than the one the app had
/// before it. Shown where it happens, as a duplicate is (`⚠ lost: was 1A2B…C3D4 on oldphone (step 8)`).
///
/// "Followed" is explore's `follows` widened to the steps a user expects to keep an app's ID:
/// the ID the app had is its primary ID at its last launch before the step (for a restore, the
/// last launch on the backed-up device before the backup; for a migration, on the old device
/// before the migration). No ID then (never launched, or no value that identifies): nothing to
/// follow. A launch that gives no ID leaves the question open for the next launch.
package struct LostID: Sendable, Hashable {
    /// The continuity steps, in words.
    package enum Story: String, Sendable, Hashable {
        case restore, migration, reinstall, update
    }

    /// What the launch gave instead.
    package var value: String
    /// The ID the app had, where, and the step of that launch.
    package var was: String
    package var wasDevice: String
    package var wasStep: Int
    /// The continuity step the ID did not follow, and its number.
    package var story: Story
    package var storyStep: Int

    /// "was 1A2B…C3D4 on oldphone (step 8)", the value shortened as a duplicate's is.
    package var wasText: String { "was \(ShortID.shorten(was)) on \(wasDevice) (step \(wasStep))" }
    /// "was 1A2BC3D4-… on oldphone (step 8)": for a ticket, where values stay whole.
    package var wasTextFull: String { "was \(was) on \(wasDevice) (step \(wasStep))" }
    /// "lost: was 1A2B…C3D4 on oldphone (step 8)": the marker's text after its ⚠.
    package var marker: String { "lost: " + wasText }
    /// "after the restore at step 9".
    package var after: String { "after the \(story.rawValue) at step \(storyStep)" }
}

/// Follows each app's ID across the continuity steps of a session: what `LostID` is computed from.
/// Kept beside the steps and rebuilt from them on a branch (it holds a few entries per app).
struct ContinuityTracker: Sendable {
    struct Pair: Hashable, Sendable {
        var device: DeviceIndex
        var app: AppIndex
    }

    /// An ID an app had: its value, the device's name and the step of the launch that gave it.
    struct Seen: Hashable, Sendable {
        var value: String
        var device: String
        var step: Int
    }

    struct Pending: Hashable, Sendable {
        var seen: Seen
        var story: LostID.Story
        var step: Int
    }

    let deviceNames: [String]
    /// Each installed app's last ID on each device.
    private var last: [Pair: Seen] = [:]
    /// An uninstalled app's last ID, for its reinstall.
    private var removed: [Pair: Seen] = [:]
    /// What each backup holds: the apps' IDs on the device when it was made.
    private var backups: [String: [AppIndex: Seen]] = [:]
    /// The IDs the next launch of an app on a device should give.
    private var pending: [Pair: Pending] = [:]

    init(deviceNames: [String]) {
        self.deviceNames = deviceNames
    }

    /// Takes step `number` in; for a launch, `launched` is the primary ID it reported (nil: none).
    /// - Returns: the launch's lost ID, if it did not follow.
    mutating func observe(_ step: ScenarioStep, number: Int, launched: String?) -> LostID? {
        guard case .event(let event) = step.action else { return nil }
        let device = step.device
        switch event {
        case .launch(let app, _, _), .call(let app, _, _):
            let pair = Pair(device: device, app: app)
            guard let value = launched, DuplicateFinder.identifies(value) else { return nil }
            last[pair] = Seen(value: value, device: deviceNames[device], step: number)
            guard let expected = pending.removeValue(forKey: pair), expected.seen.value != value else { return nil }
            return LostID(value: value, was: expected.seen.value, wasDevice: expected.seen.device, wasStep: expected.seen.step,
                          story: expected.story, storyStep: expected.step)
        case .install(let app, _):
            let pair = Pair(device: device, app: app)
            if let seen = last[pair] ?? removed[pair] {
                pending[pair] = Pending(seen: seen, story: .reinstall, step: number)
                last[pair] = seen
            }
            removed[pair] = nil
        case .uninstall(let app):
            let pair = Pair(device: device, app: app)
            if let seen = last.removeValue(forKey: pair) { removed[pair] = seen }
            pending[pair] = nil
        case .update(let app, _):
            let pair = Pair(device: device, app: app)
            if let seen = last[pair] { pending[pair] = Pending(seen: seen, story: .update, step: number) }
        case .backup(_, let name):
            var held: [AppIndex: Seen] = [:]
            for (pair, seen) in last where pair.device == device { held[pair.app] = seen }
            backups[name] = held
        case .restore(let name):
            forget(device)
            for (app, seen) in backups[name] ?? [:] {
                let pair = Pair(device: device, app: app)
                last[pair] = seen
                pending[pair] = Pending(seen: seen, story: .restore, step: number)
            }
        case .migrate(let source):
            forget(device)
            for (pair, seen) in last where pair.device == source {
                let moved = Pair(device: device, app: pair.app)
                last[moved] = seen
                pending[moved] = Pending(seen: seen, story: .migration, step: number)
            }
        case .erase:
            forget(device)
        default:
            break
        }
        return nil
    }

    /// A device whose contents were replaced: nothing of it is followed any more.
    private mutating func forget(_ device: DeviceIndex) {
        last = last.filter { $0.key.device != device }
        removed = removed.filter { $0.key.device != device }
        pending = pending.filter { $0.key.device != device }
    }
}
