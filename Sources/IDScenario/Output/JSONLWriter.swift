import IDSim

/// `idscope run --format jsonl`: one JSON object per step, in the contract's shape.
public struct JSONLWriter {
    let scenario: Scenario

    public init(_ scenario: Scenario) {
        self.scenario = scenario
    }

    public func line(for outcome: StepOutcome) -> String {
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
            ])))
        }
        members.append(("changes", JSONText.array(outcome.changes.map { Self.change($0, in: world) })))
        members.append(("devices", JSONText.object(world.devices.indices.map { d in
            (world.devices[d].name, device(d, in: world))
        })))
        return JSONText.object(members)
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

    func device(_ d: DeviceIndex, in world: World) -> String {
        let device = world.devices[d]
        return JSONText.object([
            ("os", JSONText.string(device.os.description)),
            ("locked", device.locked || !device.firstUnlockDone ? "true" : "false"),
            ("firstUnlockDone", device.firstUnlockDone ? "true" : "false"),
            ("apps", JSONText.object(world.apps.indices.map { a in (world.apps[a].bundleID, app(a, on: d, in: world)) })),
        ])
    }

    func app(_ a: AppIndex, on d: DeviceIndex, in world: World) -> String {
        let presence = world.presence(of: a, on: d)
        let present = presence != .absent
        var members: [(String, String)] = [
            ("state", JSONText.string(presence.rawValue)),
            ("att", present ? JSONText.string(world.trackingStatus(app: a, on: d).rawValue) : "null"),
            ("idfv", present ? JSONText.optional(world.identifierForVendor(app: a, on: d)?.uuidString) : "null"),
            ("idfa", present ? JSONText.optional(world.advertisingIdentifier(app: a, on: d)?.uuidString) : "null"),
        ]
        if let record = world.devices[d].launches[a]?.latest {
            let report = record.report
            members.append(("launch", JSONText.object([
                ("step", String(record.step)),
                ("id", JSONText.optional(report.primaryID)),
                ("best", JSONText.optional(world.apps[a].strategy == "id-kit" ? report.best : nil)),
                ("values", JSONText.object(report.values.map { ($0.name, JSONText.optional($0.value)) })),
                ("result", JSONText.encode(report.result)),
            ])))
        } else {
            members.append(("launch", "null"))
        }
        return JSONText.object(members)
    }
}
