import IDSim

/// What a user wants an ID to do, as explore checks it: a set of properties, and the events
/// after which a new ID is what the user wants rather than a break (an allowed event forgives a
/// `stable` break when it happened on that device between the two launches).
package enum ExploreGoal: String, CaseIterable, Sendable {
    /// The same on one device until it is erased, and never on two devices at once. A launch
    /// before the first unlock that yields no ID is forgiven: the next launch after the unlock
    /// must read the earlier ID (`stable` checks that), which is what `whenRefused: stop` intends.
    case device
    /// The same until the app is deleted (or the device erased, which deletes it).
    case install
    /// Follows the person: onto a new phone through a backup or migration, and through an erase
    /// and a restore of the phone's own backup. An erase that no restore follows may change it.
    case user

    /// The default goal of `idscope explore`.
    package static let standard = ExploreGoal.device

    package var properties: Set<ExploreProperty> {
        switch self {
        case .device: [.stable, .unique, .available]
        case .install: [.stable, .available]
        case .user: [.stable, .follows]
        }
    }

    /// One line for people: what the goal asks of the ID.
    package var summary: String {
        switch self {
        case .device: "the same on one device until erase, never on two devices"
        case .install: "the same until the app is deleted"
        case .user: "follows the person to a new phone and through an erase and a restore"
        }
    }

    /// The events (by key) after which a new ID on the same device is allowed.
    package var allowedEvents: [String] {
        switch self {
        case .device: ["erase"]
        case .install: ["uninstall", "erase"]
        case .user: ["erase (unless a restore of the phone's own backup follows)"]
        }
    }

    /// What the goal forgives besides its allowed events, in words (nil: nothing).
    package var alsoForgiven: String? {
        self == .device ? "a launch before the first unlock may yield no ID" : nil
    }

    var forgiving: Forgiving {
        switch self {
        case .device: [.erase, .lockedLaunch]
        case .install: [.erase, .uninstall]
        case .user: [.erase]
        }
    }
}

/// What a goal forgives, carried by the search in each step's `Watch`.
struct Forgiving: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    /// An erase of the device: its next ID may be new.
    static let erase = Forgiving(rawValue: 1)
    /// Deleting the followed app: its next ID may be new.
    static let uninstall = Forgiving(rawValue: 2)
    /// A launch before the first unlock that yields no ID (`available`).
    static let lockedLaunch = Forgiving(rawValue: 4)
    // A restore of the device's own backup takes back what an erase forgave, under every goal:
    // it rewinds the device, whose next launch should read the ID the backup holds (ExploreState).
}

/// Properties that cannot all hold whatever an app does, and the sequence that shows it.
package enum PropertyConflict {
    /// `unique` and `follows` exclude each other once a device can become a copy of another (a
    /// migration, or a restore of another device's backup): after it, the copy's first launch
    /// either reads the source's ID (both devices hold it: `unique` breaks) or another
    /// (`follows` breaks). The user goal leaves `unique` out for this reason.
    /// - Returns: the sequence, on an app and two devices, or nil when the properties and the
    ///   events leave no such conflict.
    package static func sequence(properties: Set<ExploreProperty>, events: Set<String>?, devices: Int, app: AppIndex = 0) -> [Step]? {
        guard properties.isSuperset(of: [.unique, .follows]), devices >= 2 else { return nil }
        func offered(_ key: String) -> Bool { events?.contains(key) ?? true }
        guard offered("install"), offered("launch") else { return nil }
        let copy: [Step]
        if offered("migrate") {
            copy = [Step(.migrate(from: 0), on: 1)]
        } else if offered("backup") && offered("restore") {
            copy = [Step(.backup(.encrypted, name: "copy"), on: 0), Step(.restore(backup: "copy"), on: 1)]
        } else {
            return nil
        }
        return [Step(.install(app, source: nil), on: 0), Step(.launch(app, mode: .foreground), on: 0)] + copy
            + [Step(.launch(app, mode: .foreground), on: 1)]
    }
}
