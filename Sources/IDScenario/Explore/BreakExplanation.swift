import IDExplore
import IDSim
import IDStrategies

/// Why a break found by explore happened, worked out after the search by replaying it as a
/// scenario with every change recorded (the search itself records none): the decisive step (the
/// launch where the property failed), the steps since the launch it is compared with that
/// changed what the app reads, the iOS rules that made those changes, the stores the launch could
/// not read or that carried the ID, and one plain sentence.
public struct BreakExplanation: Sendable, Equatable {
    /// 1-based, among the breaking steps.
    public var decisiveStep: Int
    /// The breaking steps (1-based) that changed what the app reads on the way.
    public var causeSteps: [Int]
    /// The rules behind those changes and the decisive launch's, in order, without repeats.
    public var rules: [RuleID]
    /// What the decisive launch found in its stores (`keychain read: errSecInteractionNotAllowed
    /// (-25308)`), and for `unique` and `follows` the stores a copy carried the ID in.
    public var stores: [String]
    /// The break in one sentence.
    public var sentence: String

    /// Rules that say what iOS did to the ID's stores; a token or an IDFA minted beside it is not why.
    static let beside: Set<RuleID> = [.apns35, .idfv2, .att12]

    /// Replays `found` from the target's start; nil when the break cannot be replayed (it always
    /// can: the search found it by these steps).
    public static func explain(_ found: [Step], property: ExploreProperty, target: ExploreTarget) -> BreakExplanation? {
        guard !found.isEmpty, let scenario = try? target.scenario(for: found, property: property) else { return nil }
        var outcomes: [StepOutcome] = []
        do {
            _ = try Session.run(scenario) { outcome in
                if case .event = outcome.step.action { outcomes.append(outcome) }
            }
        } catch {
            return nil
        }
        let prefixCount = target.prefix.count
        guard outcomes.count == prefixCount + found.count, let decisive = outcomes.last else { return nil }
        let device = decisive.step.device
        let world = decisive.world
        let reference = outcomes.lastIndex { $0.step.label?.hasPrefix("reference") == true }
        let from = max(prefixCount, (reference ?? -1) + 1)
        let value = launchedValue(target, in: world, on: device)

        // What changed on the way: steps after the compared launch, on the decisive device (or
        // onto it, for a copy), with a rule of their own.
        var causes: [Int] = []
        var rules: [RuleID] = []
        var carried: [String] = []
        for index in from..<(outcomes.count - 1) {
            let outcome = outcomes[index]
            let here = outcome.changes.filter { $0.subject.device == device }
            let ruled = here.compactMap(\.rule).filter { !beside.contains($0) }
            if !ruled.isEmpty || (here.contains { $0.subject.isStore } && outcome.step.device == device) {
                causes.append(index - prefixCount + 1)
                for rule in ruled where !rules.contains(rule) { rules.append(rule) }
            }
            if let value, property == .unique || property == .follows {
                for change in here where change.subject.isStore && change.to?.description == value {
                    carried.append(Self.store(change.subject, in: world) + (change.rule.map { " (\($0.rawValue))" } ?? ""))
                }
            }
        }
        for rule in decisive.changes.compactMap(\.rule) where !beside.contains(rule) && !rules.contains(rule) { rules.append(rule) }
        let failures = failedReads(target, in: world, on: device)
        // A keychain read refused while the device is locked is the item's class at work (KC-17).
        if failures.contains(where: { $0.hasPrefix("keychain read") && $0.contains("errSecInteractionNotAllowed") }) && !rules.contains(.kc17) {
            rules.insert(.kc17, at: 0)
        }
        let reads = failures.filter { $0.contains(" read") }
        let stores = failures + carried
        let causeWords = causes.map { words(found[$0 - 1], world) }
        let sentence = Self.sentence(property, causes: causeWords, reads: reads, carried: carried, device: world.devices[device].name)
        return BreakExplanation(decisiveStep: found.count, causeSteps: causes, rules: rules, stores: stores, sentence: sentence)
    }

    /// The followed value the decisive launch read (nil: none).
    static func launchedValue(_ target: ExploreTarget, in world: World, on device: DeviceIndex) -> String? {
        guard let report = world.devices[device].launches[target.app]?.latest.report else { return nil }
        return report.value(followed: target.strategy.matrixValue)
    }

    /// The decisive launch's notes on the reads and writes that failed.
    static func failedReads(_ target: ExploreTarget, in world: World, on device: DeviceIndex) -> [String] {
        let notes = world.devices[device].launches[target.app]?.latest.report.notes ?? []
        return notes.filter { ($0.contains(" read") || $0.contains(" write")) && $0.contains("errSec") && !$0.contains("errSecSuccess") }
    }

    /// A store in words: "the keychain item com.acme.app/DEVICE_UUID (AfterFirstUnlock)",
    /// "UserDefaults deviceUID", "the file Library/id".
    static func store(_ subject: Subject, in world: World) -> String {
        switch subject {
        case .keychain(let d, let key):
            let item = world.devices[d].keychain[key]
            let klass = item.map { " (" + $0.accessible.rawValue.prefix(1).uppercased() + $0.accessible.rawValue.dropFirst() + ")" } ?? ""
            return "the keychain item \(key.service)/\(key.account)\(klass)" + (key.synchronizable ? ", synchronizable" : "")
        case .defaults(_, _, let key): return "UserDefaults \(key)"
        case .suiteDefaults(_, _, let suite, let key): return "UserDefaults \(key) in suite \(suite)"
        case .groupDefaults(_, let group, let key): return "UserDefaults \(key) of App Group \(group)"
        case .file(_, _, let path): return "the file \(path)"
        case .groupFile(_, let group, let path): return "the file \(path) of App Group \(group)"
        case .pasteboard(_, let name): return "the pasteboard \(name)"
        default: return subject.text(in: world)
        }
    }

    static func words(_ step: Step, _ world: World) -> String {
        StepSummary.describe(step.event, in: world) + " on " + world.devices[step.device].name
    }

    static func sentence(_ property: ExploreProperty, causes: [String], reads: [String], carried: [String], device: String) -> String {
        let after = causes.isEmpty ? "" : "after " + causes.joined(separator: ", ") + ", "
        let failed = reads.isEmpty ? "" : " (" + reads.joined(separator: "; ") + ")"
        switch property {
        case .stable:
            return (after.isEmpty ? "The launch" : after.prefix(1).uppercased() + after.dropFirst() + "the launch")
                + " on \(device) could not read the ID it kept\(failed), so it read or made another"
        case .available:
            return (after.isEmpty ? "The launch" : after.prefix(1).uppercased() + after.dropFirst() + "the launch")
                + " on \(device) got no ID\(failed)"
        case .unique:
            let how = carried.isEmpty ? "" : " in " + carried.joined(separator: ", ")
            return (causes.isEmpty ? "Another device's ID" : causes.joined(separator: ", ") + " carried the ID to \(device)\(how);")
                + " both devices now read it"
        case .follows:
            return (after.isEmpty ? "The first launch" : after.prefix(1).uppercased() + after.dropFirst() + "the first launch")
                + " on \(device) did not find the ID the app had when the copy was taken\(failed), so it read or made another"
        }
    }
}

extension Subject {
    /// Whether it is one of the places an app keeps a value: the keychain, UserDefaults (its own,
    /// a suite's or an App Group's), a file, a pasteboard.
    var isStore: Bool {
        switch self {
        case .keychain, .defaults, .suiteDefaults, .groupDefaults, .groupFile, .file, .pasteboard: true
        default: false
        }
    }
}
