import IDScenario
import IDSim

/// `idscope run --format jsonl`: one JSON object per step, in the contract's shape.
///
/// A line is handed to its sink in pieces (a device at a time) rather than built whole: a full
/// line carries every app of every device, and a world of thousands of apps makes megabyte
/// lines. With `changesOnly`, `devices` carries only the devices and apps the step changed
/// (same keys, same shapes), so a long run costs what it changed rather than steps × world.
package struct JSONLWriter {
    let scenario: Scenario
    let changesOnly: Bool
    private var changed = ChangedApps()

    package init(_ scenario: Scenario, changesOnly: Bool = false) {
        self.scenario = scenario
        self.changesOnly = changesOnly
    }

    /// The step's line, whole (tests, small worlds).
    package mutating func line(for outcome: StepOutcome) -> String {
        var text = ""
        write(outcome) { text += $0 }
        return text
    }

    /// Hands the step's line to `sink` in order, piece by piece, without the newline.
    package mutating func write(_ outcome: StepOutcome, to sink: (String) throws -> Void) rethrows {
        let world = outcome.world
        var members: [(String, String)] = [
            ("step", String(outcome.number)),
            ("event", JSONText.string(outcome.step.key)),
            ("device", JSONText.string(world.devices[outcome.step.device].name)),
            ("app", JSONText.optional(Self.app(of: outcome.step).map { world.apps[$0].bundleID })),
            ("label", JSONText.optional(outcome.step.label)),
        ]
        if let note = outcome.step.note ?? Self.noteText(outcome.step) { members.append(("note", JSONText.string(note))) }
        if case .expect = outcome.step.action {
            members.append(("expect", JSONText.object([
                ("held", outcome.failures.isEmpty ? "true" : "false"),
                ("failures", JSONText.array(outcome.failures.map { failure in
                    JSONText.object([("key", JSONText.string(failure.key)), ("expected", JSONText.string(failure.expected)),
                                     ("actual", JSONText.string(failure.actual))])
                })),
                // Every check with the value it looked at, held or not.
                ("checks", JSONText.array(outcome.checks.map { check in
                    JSONText.object([("key", JSONText.string(check.key)), ("expected", JSONText.string(check.expected)),
                                     ("value", JSONText.string(check.value)), ("held", check.held ? "true" : "false")])
                })),
            ])))
        }
        if !outcome.duplicates.isEmpty {
            // A launch's values that another device (or another team's app) already held.
            members.append(("duplicates", JSONText.array(outcome.duplicates.map { duplicate in
                JSONText.object([("name", JSONText.string(duplicate.name)), ("value", JSONText.string(duplicate.value)),
                                 ("device", JSONText.string(duplicate.otherDevice)), ("app", JSONText.string(duplicate.otherApp)),
                                 ("as", JSONText.string(duplicate.otherName)), ("step", String(duplicate.otherStep))])
            })))
        }
        if let lost = outcome.lost {
            // A launch whose ID did not follow a restore, a migration, a reinstall or an update.
            members.append(("lost", JSONText.object([
                ("value", JSONText.string(lost.value)), ("was", JSONText.string(lost.was)), ("device", JSONText.string(lost.wasDevice)),
                ("step", String(lost.wasStep)), ("after", JSONText.string(lost.story.rawValue)), ("afterStep", String(lost.storyStep)),
            ])))
        }
        members.append(("changes", JSONText.array(outcome.changes.map { Self.change($0, in: world) })))
        try sink(JSONText.objectOpening(members, last: "devices") + "{")
        let scope: [(device: DeviceIndex, apps: [AppIndex])] = changesOnly
            ? changed.of(outcome)
            : world.devices.indices.map { ($0, Array(world.apps.indices)) }
        for (n, entry) in scope.enumerated() {
            try sink((n == 0 ? "" : ", ") + JSONText.string(world.devices[entry.device].name) + ": ")
            try device(entry.device, apps: entry.apps, in: world, to: sink)
        }
        try sink("}}")
    }

    static func app(of step: ScenarioStep) -> AppIndex? {
        switch step.action {
        case .event(let event): event.app
        case .expect(let expectation): expectation.app
        }
    }

    static func noteText(_ step: ScenarioStep) -> String? {
        if case .event(.note(let text)) = step.action { return text }
        return nil
    }

    static func change(_ change: Change, in world: World) -> String {
        JSONText.object([
            ("subject", JSONText.string(change.subject.text(in: world))),
            ("from", JSONText.optional(change.from?.description)),
            ("to", JSONText.optional(change.to?.description)),
            ("rule", JSONText.optional(change.rule?.rawValue)),
        ])
    }

    func device(_ d: DeviceIndex, apps: [AppIndex], in world: World, to sink: (String) throws -> Void) rethrows {
        let device = world.devices[d]
        try sink(JSONText.objectOpening([
            ("os", JSONText.string(device.os.description)),
            ("locked", device.locked || !device.firstUnlockDone ? "true" : "false"),
            ("firstUnlockDone", device.firstUnlockDone ? "true" : "false"),
        ], last: "apps") + "{")
        for (n, a) in apps.enumerated() {
            try sink((n == 0 ? "" : ", ") + JSONText.string(world.apps[a].bundleID) + ": " + app(a, on: d, in: world))
        }
        try sink("}}")
    }

    func app(_ a: AppIndex, on d: DeviceIndex, in world: World) -> String {
        let presence = world.presence(of: a, on: d)
        let present = presence != .absent
        var members: [(String, String)] = [
            ("state", JSONText.string(presence.rawValue)),
            ("att", present ? JSONText.string(world.trackingStatus(app: a, on: d).rawValue) : "null"),
            ("idfv", present ? JSONText.optional(world.identifierForVendor(app: a, on: d)?.uuidString) : "null"),
            ("idfa", present ? JSONText.optional(world.advertisingIdentifier(app: a, on: d)?.uuidString) : "null"),
            ("apnsToken", present ? JSONText.optional(world.devices[d].apnsToken(a)?.hex) : "null"),
            ("apnsEnvironment", present ? JSONText.optional(world.devices[d].apnsToken(a)?.environment.rawValue) : "null"),
        ]
        if let history = world.devices[d].launches[a] {
            let report = history.latest.report
            members.append(("launch", JSONText.object([
                ("step", String(history.latest.step)),
                ("id", JSONText.optional(report.primaryID)),
                ("best", JSONText.optional(world.apps[a].strategy == "id-kit" ? report.best : nil)),
                ("values", JSONText.object(report.values.map { ($0.name, JSONText.optional($0.value)) })),
                ("result", JSONText.encode(report.result)),
                // What the table shows beside the values: the SecStatus codes and such the code ran
                // into, and the launch before this one, so a changed ID reads as one.
                ("notes", JSONText.array(report.notes.map(JSONText.string))),
                ("previous", history.previous.map { JSONText.object([("step", String($0.step)),
                                                                     ("id", JSONText.optional($0.report.primaryID))]) } ?? "null"),
            ])))
        } else {
            members.append(("launch", "null"))
        }
        return JSONText.object(members)
    }
}
