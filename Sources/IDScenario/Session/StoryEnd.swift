import IDSim

/// What a whole story came to, for its end: each app's IDs at the start and at the end, every
/// duplicate a launch made, and every expectation's verdict. Read from a session that kept its
/// history (the inspector's, or one the HTML export ran).
public struct StoryEnd: Sendable {
    /// One ID of one app on one device across the story.
    public struct IDSpan: Sendable, Hashable {
        public var device: String
        public var app: String
        /// "IDFV", "IDFA", "id".
        public var name: String
        /// The first value the story gave it, and its value at the end (nil: none now).
        public var first: String?
        public var last: String?
        /// How many different values it had.
        public var values: Int
    }

    public struct Verdict: Sendable, Hashable {
        public var step: Int
        public var app: String
        public var check: ExpectationCheck
    }

    public struct DuplicateAt: Sendable, Hashable {
        public var step: Int
        public var device: String
        public var app: String
        public var duplicate: Duplicate
    }

    public let steps: Int
    public let ids: [IDSpan]
    public let duplicates: [DuplicateAt]
    public let verdicts: [Verdict]

    public init(_ session: Session) {
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
        var verdicts: [Verdict] = []
        for n in 1...max(1, session.count) {
            guard let step = session.entry(at: n), let record = session.record(at: n) else { continue }
            switch step.action {
            case .event(.launch(let app, _, _)):
                for duplicate in record.duplicates {
                    duplicates.append(DuplicateAt(step: n, device: world.devices[step.device].name, app: world.apps[app].bundleID,
                                                  duplicate: duplicate))
                }
            case .expect(let expectation):
                for check in record.checks ?? [] {
                    verdicts.append(Verdict(step: n, app: world.apps[expectation.app].bundleID, check: check))
                }
            default: break
            }
        }
        self.duplicates = duplicates
        self.verdicts = verdicts
    }
}
