import IDSim
import IDStrategies

/// Checks an expectation against the world after its step.
struct ExpectationEvaluator {
    let world: World
    /// The world at each labelled step.
    let labelled: [String: LabelledStep]
    /// Values in full rather than shortened (`3F2A…91C0`): what a failure says to a ticket.
    var full = false

    /// Every check the expectation makes, held or not, each with the value it looked at and, for
    /// a failure, what was found both shortened and in full.
    func checks(_ expectation: Expectation, device: DeviceIndex) -> [ExpectationCheck] {
        var checks = compute(expectation, device: device)
        guard checks.contains(where: { !$0.held }) else { return checks }
        var whole = self
        whole.full = true
        for (index, check) in whole.compute(expectation, device: device).enumerated() where index < checks.count {
            checks[index].actualFull = check.actual
        }
        return checks
    }

    private func compute(_ expectation: Expectation, device: DeviceIndex) -> [ExpectationCheck] {
        var checks: [ExpectationCheck] = []
        let app = expectation.app
        let history = world.devices[device].launches[app]
        let latest = history?.latest.report
        let latestRecord = history?.latest
        /// - Parameters: `shown`, the value looked at; `actual`, what a failure says was found.
        func check(_ key: String, _ expected: String, held: Bool, shown: String, actual: String) {
            checks.append(ExpectationCheck(key: key, expected: expected, value: shown, held: held, actual: actual))
        }

        if let installed = expectation.installed {
            let presence = world.presence(of: app, on: device)
            check("installed", String(installed), held: (presence == .installed) == installed, shown: presence.rawValue, actual: presence.rawValue)
        }
        if let att = expectation.att {
            let actual = world.trackingStatus(app: app, on: device)
            check("att", att.rawValue, held: actual == att, shown: actual.rawValue, actual: actual.rawValue)
        }
        if let idfaCheck = expectation.idfa {
            let now = latest?.value("idfa")
            let before = history?.previous?.report.value("idfa")
            let zeros = SimUUID.zero.uuidString
            let holds: Bool
            switch idfaCheck {
            case .zeros: holds = now == zeros
            case .present: holds = now != nil && now != zeros
            case .absent: holds = now == nil
            case .changed: holds = history?.previous != nil && now != before
            case .unchanged: holds = history?.previous != nil && now == before
            }
            check("idfa", idfaCheck.rawValue, held: holds, shown: latest == nil ? "no launch yet" : short(now),
                  actual: describe(now, launched: latest != nil, previous: before, check: idfaCheck.rawValue))
        }
        for value in expectation.values {
            let now = Self.read(value.name, latestRecord)
            let holds: Bool
            var actual = describe(now, launched: latest != nil, previous: nil, check: "")
            let zeros = SimUUID.zero.uuidString
            switch value.check {
            // An IDFV of zeros (an App Clip's) is no IDFV to track with: `present` wants a real one.
            case .present: holds = now != nil && !(value.name == "idfv" && now == zeros)
            case .absent: holds = now == nil
            case .zeros: holds = now == zeros
            case .equals(let expected): holds = now == expected
            case .changed, .unchanged:
                guard let previous = history?.previous else {
                    holds = false
                    actual = latest == nil ? "no launch yet" : "only one launch, nothing to compare with"
                    break
                }
                let before = Self.read(value.name, previous)
                holds = value.check == .changed ? now != before : now == before
                actual = value.check == .changed ? "unchanged (\(short(now)))" : "changed from \(short(before)) to \(short(now))"
            case .sameAs(let label), .differsFrom(let label):
                // A labelled launch is the reference itself; any other labelled step means this app's
                // latest launch as of then, on that step's device.
                let then = labelled[label].flatMap { Self.read(value.name, $0.world.devices[$0.device].launches[$0.launched ?? app]?.latest) }
                let same = then != nil && now == then
                if case .sameAs = value.check {
                    holds = same
                    actual = "\(short(now)), at \(label) it was \(short(then))"
                } else {
                    holds = now != nil && now != then
                    actual = "\(short(now)), the same as at \(label)"
                }
            }
            check(value.name, value.check.description, held: holds, shown: latest == nil ? "no launch yet" : short(now), actual: actual)
        }
        if let best = expectation.best {
            let actual = latest?.best ?? "no launch yet"
            check("best", best, held: actual == best, shown: actual, actual: actual)
        }
        if let devices = expectation.sameOn {
            let ids = devices.map { world.devices[$0].launches[app]?.latest.report.primaryID }
            let held = !ids.contains(where: { $0 == nil }) && Set(ids.compactMap { $0 }).count == 1
            let listing = zip(devices, ids).map { "\(world.devices[$0].name) \(short($1))" }.joined(separator: ", ")
            check("sameOn", "the same id on " + devices.map { world.devices[$0].name }.joined(separator: ", "), held: held,
                  shown: held ? short(ids.first ?? nil) : listing, actual: listing)
        }
        return checks
    }

    /// A named value of a launch: `id` is the primary ID, `apnsToken` the token it was given and
    /// `apnsEnvironment` that token's environment.
    static func read(_ name: String, _ record: LaunchRecord?) -> String? {
        guard let record else { return nil }
        switch name {
        case "id": return record.report.primaryID
        case "apnsToken": return record.apnsToken?.hex
        case "apnsEnvironment": return record.apnsToken?.environment.rawValue
        default: return record.report.value(name)
        }
    }

    func describe(_ value: String?, launched: Bool, previous: String?, check: String) -> String {
        guard launched else { return "no launch yet" }
        if check == "changed" || check == "unchanged" { return "\(short(previous)) → \(short(value))" }
        return value.map(short) ?? "nil"
    }

    func short(_ value: String?) -> String {
        value.map { full ? $0 : ShortID.shorten($0) } ?? "nil"
    }
}
