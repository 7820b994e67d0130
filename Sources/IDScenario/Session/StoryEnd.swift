import IDSim

/// What a whole story came to, for its end: each app's IDs at the start and at the end, every
/// duplicate a launch made, every ID lost across a continuity step, and every expectation's
/// verdict. Read from a session that kept its history (the inspector's, or one the HTML export ran).
package struct StoryEnd: Sendable {
    /// One ID of one app on one device across the story.
    package struct IDSpan: Sendable, Hashable {
        package var device: String
        package var app: String
        /// "IDFV", "IDFA", "id".
        package var name: String
        /// The first value the story gave it, and its value at the end (nil: none now).
        package var first: String?
        package var last: String?
        /// How many different values it had.
        package var values: Int
    }

    package struct Verdict: Sendable, Hashable {
        package var step: Int
        package var app: String
        package var check: ExpectationCheck
    }

    package struct DuplicateAt: Sendable, Hashable {
        package var step: Int
        package var device: String
        package var app: String
        package var duplicate: Duplicate
    }

    package struct LostAt: Sendable, Hashable {
        package var step: Int
        package var device: String
        package var app: String
        package var lost: LostID
    }

    package let steps: Int
    package let ids: [IDSpan]
    package let duplicates: [DuplicateAt]
    /// Every launch whose ID did not follow a restore, a migration, a reinstall or an update.
    package let lost: [LostAt]
    package let verdicts: [Verdict]

    package init(_ session: Session) {
        let world = session.world(at: session.count)
        steps = session.count
        var ids: [IDSpan] = []
        for device in world.devices.indices {
            for app in world.apps.indices where session.lanes.appeared(device: device, app: app, by: session.count) {
                for lane in [LaneHistory.Lane.idfv, .idfa, .id] {
                    let values = session.lanes.legend(lane, device: device, app: app)
                    guard !values.isEmpty else { continue }
                    let last = session.lanes.values(lane, device: device, app: app, steps: session.count...session.count).first?.value
                    ids.append(IDSpan(device: world.devices[device].name, app: world.apps[app].bundleID, name: lane.title,
                                      first: values.first, last: last, values: values.count))
                }
            }
        }
        self.ids = ids
        var duplicates: [DuplicateAt] = []
        var lost: [LostAt] = []
        var verdicts: [Verdict] = []
        for n in 1...max(1, session.count) {
            guard let step = session.entry(at: n), let record = session.record(at: n) else { continue }
            switch step.action {
            case .event(.launch(let app, _, _)):
                for duplicate in record.duplicates {
                    duplicates.append(DuplicateAt(step: n, device: world.devices[step.device].name, app: world.apps[app].bundleID,
                                                  duplicate: duplicate))
                }
                if let found = record.lost {
                    lost.append(LostAt(step: n, device: world.devices[step.device].name, app: world.apps[app].bundleID, lost: found))
                }
            case .expect(let expectation):
                for check in record.checks ?? [] {
                    verdicts.append(Verdict(step: n, app: world.apps[expectation.app].bundleID, check: check))
                }
            default: break
            }
        }
        self.duplicates = duplicates
        self.lost = lost
        self.verdicts = verdicts
    }

    /// The duplicates and the lost IDs in a sentence each: what the end's band says.
    package static func findings(_ end: StoryEnd) -> String {
        let duplicates = end.duplicates.isEmpty ? "No launch gave an ID another device already held."
            : "\(end.duplicates.count) launch value\(end.duplicates.count == 1 ? " was" : "s were") already held by another device or team."
        let lost = end.lost.isEmpty ? ""
            : " \(end.lost.count) launch\(end.lost.count == 1 ? "" : "es") lost the ID the app had before a restore, a migration, a reinstall or an update."
        return duplicates + lost
    }
}
