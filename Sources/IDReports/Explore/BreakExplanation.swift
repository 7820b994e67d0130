import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// Why a break found by explore happened, worked out after the search from what a replay of it
/// actually did: the recipe's own source, condition, store, write or migration that decided the
/// ID (by its name and its line), the value it read or could not read, the steps that made it so,
/// and only the iOS rules that fired on that path. Where the app's own code decided (a condition,
/// `backup: false`, `whenRefused: stop`), the sentence says so before any rule.
///
/// A recipe (or a Swift strategy's recipe twin, which launches as the strategy does) is replayed
/// with its launches traced (`TracedReplay`); a strategy with no recipe is explained from the
/// changes to the places it keeps its ID.
package struct BreakExplanation: Sendable, Equatable {
    /// 1-based, among the breaking steps.
    package var decisiveStep: Int
    /// The breaking steps (1-based) that changed what the app read on the way.
    package var causeSteps: [Int]
    /// The rules behind those changes, in the order they fired on the path, without repeats.
    package var rules: [RuleID]
    /// The places the answer rests on, their placeholders filled ("keychain item
    /// com.acme.app/device-id"), each with the recipe store's name.
    package var stores: [String]
    /// The recipe's parts the answer rests on, with where they are written ("if: seen
    /// (acme.yaml:14)"); empty for a Swift strategy without a twin.
    package var code: [String]
    /// Whether the app's own code decided it (a condition, a store kept out of backups, a policy),
    /// rather than iOS alone.
    package var byApp: Bool
    /// The break in one sentence, every placeholder filled.
    package var sentence: String

    package init(decisiveStep: Int, causeSteps: [Int], rules: [RuleID], stores: [String], code: [String] = [], byApp: Bool = false,
                sentence: String) {
        self.decisiveStep = decisiveStep
        self.causeSteps = causeSteps
        self.rules = rules
        self.stores = stores
        self.code = code
        self.byApp = byApp
        self.sentence = sentence
    }

    /// Replays `found` from the target's start; nil when the break cannot be replayed (it always
    /// can: the search found it by these steps).
    package static func explain(_ found: [Step], property: ExploreProperty, target: ExploreTarget) -> BreakExplanation? {
        guard !found.isEmpty, let replay = BreakReplay(found: found, property: property, target: target) else { return nil }
        if let traced = replay.traced(), let cause = TracedCause(replay: replay, traced: traced), let why = cause.explanation() { return why }
        return replay.fromChanges()
    }
}

/// A break replayed from the target's start: each step's world and changes, the reference launch,
/// and the words for steps and devices.
struct BreakReplay {
    let found: [Step]
    let property: ExploreProperty
    let target: ExploreTarget
    /// The target's own steps, then the break's.
    let steps: [Step]
    let prefixCount: Int
    let initial: World
    /// Each step's outcome, untraced: the app's own strategy.
    let results: [TracedReplay.StepResult]
    /// The index in `steps` of the launch the last one is compared with (nil: `available`).
    let reference: Int?

    init?(found: [Step], property: ExploreProperty, target: ExploreTarget) {
        guard let initial = try? target.base.initialWorld() else { return nil }
        self.found = found
        self.property = property
        self.target = target
        self.initial = initial
        let prefix = target.prefix
        prefixCount = prefix.count
        steps = prefix + found
        results = TracedReplay.run(from: initial, steps: steps, app: target.app, recipe: nil, library: target.library)
        guard results.last?.applied == true else { return nil }
        reference = Counterexample(property: property, world: initial, steps: steps, app: target.app, value: target.strategy.matrixValue,
                                   programs: target.library).reference
    }

    var decisiveIndex: Int { steps.count - 1 }
    var decisiveDevice: DeviceIndex { steps[decisiveIndex].device }
    var app: AppIndex { target.app }

    /// The followed value of the app's latest launch on a device after step `index`.
    func value(after index: Int, on device: DeviceIndex) -> String? {
        guard let report = results[index].world.devices[device].launches[app]?.latest.report else { return nil }
        return target.strategy.followedValue(in: report)
    }

    /// The recipe to trace: the strategy's own, or its twin's.
    var recipe: Recipe? { FixSearch.recipe(for: target) }

    /// The replay again with the recipe's launches traced, if the strategy has a recipe and the
    /// traced launches read what the strategy's own did (a twin must: it is tested so).
    func traced() -> [TracedReplay.StepResult]? {
        guard let recipe else { return nil }
        let traced = TracedReplay.run(from: initial, steps: steps, app: app, recipe: recipe, library: target.library)
        for index in steps.indices {
            guard steps[index].event.reportsIDs(of: app) else { continue }
            let d = steps[index].device
            let own = results[index].world.devices[d].launches[app]?.latest.report
            let twin = traced[index].world.devices[d].launches[app]?.latest.report
            guard own.map(target.strategy.followedValue(in:)) == twin.map(target.strategy.followedValue(in:)) else { return nil }
        }
        return traced
    }

    // MARK: - Words

    /// "reboot on phone (step 3)": a breaking step numbered among the break's, a step of the
    /// scenario before the search's start by its place there.
    func words(_ index: Int) -> String {
        let step = steps[index]
        let world = results[index].world
        let name = world.devices.indices.contains(step.device) ? world.devices[step.device].name : "device \(step.device)"
        let number = index >= prefixCount ? "step \(index - prefixCount + 1)" : "the scenario's step \(index + 1)"
        return StepSummary.describe(step.event, in: initial) + " on " + name + " (" + number + ")"
    }

    func deviceName(_ d: DeviceIndex) -> String {
        initial.devices.indices.contains(d) ? initial.devices[d].name : "device \(d)"
    }

    /// The breaking steps (1-based) among `indices`, in order.
    func causeNumbers(_ indices: [Int]) -> [Int] {
        Array(Set(indices.filter { $0 >= prefixCount }.map { $0 - prefixCount + 1 })).sorted()
    }

    // MARK: - Without a recipe

    /// A strategy with no recipe: the steps since the compared launch that changed the places it
    /// keeps its ID on the decisive device, with their rules; the notes of the decisive launch.
    func fromChanges() -> BreakExplanation {
        let d = decisiveDevice
        let world = results[decisiveIndex].world
        let places = target.strategy.stores(for: target.base.apps[app])
        let kept = places.filter { ![.platform, .advertisingIdentifier, .server, .memory].contains($0.kind) }
            .map { StoreSubjects(place: $0, app: app) }
        let readsIDFV = places.contains { $0.kind == .platform && $0.name.contains("identifierForVendor") }
        let from = max(prefixCount, (reference ?? -1) + 1)
        var causes: [Int] = [], rules: [RuleID] = [], stores: [String] = []
        for index in from..<decisiveIndex {
            for change in results[index].changes {
                let touchesStore = kept.contains { $0.matches(change.subject, device: d, in: world) }
                var touchesIDFV = false
                if readsIDFV, case .idfv(let device, _) = change.subject, device == d { touchesIDFV = true }
                guard touchesStore || touchesIDFV else { continue }
                if !causes.contains(index) { causes.append(index) }
                if let rule = change.rule, !rules.contains(rule) { rules.append(rule) }
                let text = BreakExplanation.subjectWords(change.subject, in: world)
                if !stores.contains(text) { stores.append(text) }
            }
        }
        let notes = world.devices[d].launches[app]?.latest.report.notes ?? []
        let failed = notes.filter { ($0.contains(" read") || $0.contains(" write")) && $0.contains("errSec") && !$0.contains("errSecSuccess") }
        if failed.contains(where: { $0.contains("errSecInteractionNotAllowed") }) && !rules.contains(.kc17) { rules.insert(.kc17, at: 0) }
        let after = causes.isEmpty ? "" : "after " + causes.map(words).joined(separator: ", ") + ", "
        let device = deviceName(d)
        let detail = failed.isEmpty ? "" : " (" + failed.joined(separator: "; ") + ")"
        let sentence: String
        switch property {
        case .stable, .follows:
            sentence = BreakExplanation.capitalized(after + "the launch on \(device) did not read the ID it had before\(detail)") + "."
        case .available:
            sentence = BreakExplanation.capitalized(after + "the launch on \(device) got no ID\(detail)") + "."
        case .unique:
            sentence = BreakExplanation.capitalized(after + "the launch on \(device) read an ID another device holds") + "."
        }
        return BreakExplanation(decisiveStep: found.count, causeSteps: causeNumbers(causes), rules: rules, stores: stores + failed,
                                sentence: sentence)
    }
}

extension BreakExplanation {
    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// A changed place in words: "the keychain item com.acme.app/device-id", "UserDefaults seen".
    static func subjectWords(_ subject: Subject, in world: World) -> String {
        switch subject {
        case .keychain(_, let key): "the keychain item \(key.service)/\(key.account)" + (key.synchronizable ? " (synchronizable)" : "")
        case .defaults(_, _, let key): "UserDefaults \(key)"
        case .suiteDefaults(_, _, let suite, let key): "UserDefaults \(key) in suite \(suite)"
        case .groupDefaults(_, let group, let key): "UserDefaults \(key) of App Group \(group)"
        case .file(_, _, let path): "the file \(path)"
        case .groupFile(_, let group, let path): "the file \(path) of App Group \(group)"
        case .pasteboard(_, let name): "the pasteboard \(name)"
        case .keyValueStore(_, let key): "the iCloud key-value store key \(key)"
        case .idfv: "the IDFV"
        default: subject.text(in: world)
        }
    }
}
