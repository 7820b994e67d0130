import IDExplore
import IDSim
import IDStrategies

/// What to change, checked by search (issue 34, point 2): one-key variations of a recipe's stores
/// and policies, each explored again for the broken property with the break's events to the same
/// depth. Only variations that were searched and hold are suggested, each with what it breaks
/// instead among the goal's other properties.
public struct FixSearch: Sendable {
    /// One variation that was searched.
    public struct Variation: Sendable {
        /// The change in words: `kc: accessible afterFirstUnlockThisDeviceOnly (was afterFirstUnlock)`.
        public var change: String
        /// The recipe with the change (named `<recipe>-fix<N>`).
        public var recipe: Recipe
        /// Whether the broken property holds with it.
        public var holds: Bool
        /// The other properties it breaks at that depth with those events.
        public var breaksInstead: [ExploreProperty]
    }

    /// The recipe varied (the strategy's own, or its twin's); nil when there is none.
    public var recipe: Recipe?
    public var variations: [Variation] = []
    /// Why nothing was searched, when nothing was.
    public var notSearched: String?

    /// A search a stop request (Ctrl-C) cut short or never began: what it had found is dropped, for
    /// "no change holds" would be said of changes never tried.
    public static let interrupted = FixSearch(notSearched: "not searched: interrupted")

    /// The variations that hold, in the order they were made.
    public var suggestions: [Variation] { variations.filter(\.holds) }

    /// The most variations searched for one break.
    public static let limit = 12

    /// The recipe a target's strategy is, or has a twin of (keychain-idfv: keychain-idfv-twin).
    public static func recipe(for target: ExploreTarget) -> Recipe? {
        let name = target.strategy.name
        if let own = target.base.recipes.first(where: { $0.name == name }) { return own }
        return StrategyCatalog.builtInRecipes.first { $0.name == name } ?? StrategyCatalog.builtInRecipes.first { $0.name == name + "-twin" }
    }

    /// Searches the variations for a break of `property` found by `steps`.
    /// - Parameters:
    ///   - goal: the goal searched (its other properties are what a variation may break instead).
    ///   - shouldStop: checked between searches (the inspector's time budget).
    public static func search(property: ExploreProperty, steps: [Step], target: ExploreTarget, goal: ExploreGoal?, depth: Int,
                              workers: Int, shouldStop: @Sendable () -> Bool = { false }) -> FixSearch {
        guard let recipe = recipe(for: target) else {
            return FixSearch(notSearched: "\(target.strategy.name) is Swift code with no recipe twin: nothing was searched")
        }
        var result = FixSearch(recipe: recipe)
        let events = Set(steps.map(\.event.key))
        let watched = goal.map { ExploreProperty.allCases.filter($0.properties.contains) } ?? [property]
        let devices = target.base.devices.count
        let os = target.base.devices.first?.os ?? OSVersion(17, 5)
        for (number, (change, variant)) in variations(of: recipe).enumerated() {
            if shouldStop() { break }
            var renamed = variant
            renamed.name = "\(recipe.name)-fix\(number + 1)"
            let varied: ExploreTarget
            if target.base.steps.isEmpty {
                varied = ExploreTarget.defaultWorld(strategy: renamed.strategy, recipe: renamed, devices: devices, os: os,
                                                    options: target.base.apps[target.app].options)
            } else {
                // From a scenario's end (--from, the inspector's x): the same steps, the followed
                // app running the variation (a twin reproduces its Swift strategy's launches).
                var base = target.base
                base.recipes.append(renamed)
                base.apps[target.app].strategy = renamed.name
                varied = ExploreTarget(base: base, app: target.app, strategy: renamed.strategy, library: base.library)
            }
            guard let world = try? varied.startWorld() else { continue }
            var explorer = Explorer.from(world, app: varied.app, strategy: varied.strategy, library: varied.library, events: events)
            explorer.workers = workers
            explorer.goal = goal
            let outcome = explorer.run(properties: Set(watched), depth: depth, shouldStop: shouldStop)
            if outcome.stopReason != nil { break }
            result.variations.append(Variation(change: change, recipe: renamed, holds: outcome.breaks[property] == nil,
                                               breaksInstead: watched.filter { $0 != property && outcome.breaks[$0] != nil }))
        }
        return result
    }

    /// At most `limit` one-key variations: each keychain store's class with and without
    /// ThisDeviceOnly and AfterFirstUnlock for WhenUnlocked, its sync flag; each file store's
    /// backup flag; the first two sources swapped (the read order); `whenRefused`.
    public static func variations(of recipe: Recipe) -> [(String, Recipe)] {
        var out: [(String, Recipe)] = []
        for (index, store) in recipe.stores.enumerated() {
            switch store.kind {
            case .keychain(let item):
                let current = item.accessible ?? .whenUnlocked
                for other in classVariants(of: current) {
                    var copy = recipe, changed = item
                    changed.accessible = other
                    if changed.synchronizable && other.isThisDeviceOnly { continue }   // KC-18: never what a user wants
                    copy.stores[index] = RecipeStore(name: store.name, kind: .keychain(changed))
                    out.append(("\(store.name): accessible \(other.rawValue) (was \(current.rawValue))", copy))
                }
                if !current.isThisDeviceOnly && item.accessControl == nil {
                    var copy = recipe, changed = item
                    changed.synchronizable.toggle()
                    copy.stores[index] = RecipeStore(name: store.name, kind: .keychain(changed))
                    out.append(("\(store.name): synchronizable \(changed.synchronizable)", copy))
                }
            case .file(let path, let backup, let group, let key):
                // A keyed file is backed up whole: every entry of it changes together, offered once.
                var copy = recipe, entries: [String] = []
                for (position, other) in recipe.stores.enumerated() {
                    guard case .file(let otherPath, _, let otherGroup, let otherKey) = other.kind, otherPath.raw == path.raw,
                          otherGroup?.raw == group?.raw, (otherKey == nil) == (key == nil) else { continue }
                    if key == nil && position != index { continue }
                    copy.stores[position] = RecipeStore(name: other.name, kind: .file(path: otherPath, backup: !backup, group: otherGroup, key: otherKey))
                    entries.append(other.name)
                }
                guard entries.first == store.name else { break }
                out.append(("\(entries.joined(separator: ", ")): backup \(!backup)", copy))
            default:
                break
            }
        }
        let sources = recipe.sources
        if sources.count >= 2, case .store(let first) = sources[0].kind, case .store(let second) = sources[1].kind {
            var copy = recipe
            copy.sources.swapAt(0, 1)
            out.append(("read \(second) before \(first)", copy))
        }
        var refused = recipe
        refused.whenRefused = recipe.whenRefused == .next ? .stop : .next
        out.append(("whenRefused: \(refused.whenRefused.rawValue) (was \(recipe.whenRefused.rawValue))", refused))
        return Array(out.prefix(limit))
    }

    /// The other classes worth trying: the same with and without ThisDeviceOnly, and the
    /// AfterFirstUnlock counterpart of a WhenUnlocked class (what a locked launch can read).
    static func classVariants(of current: Accessibility) -> [Accessibility] {
        let pairs: [(Accessibility, Accessibility)] = [(.whenUnlocked, .whenUnlockedThisDeviceOnly), (.afterFirstUnlock, .afterFirstUnlockThisDeviceOnly)]
        var out: [Accessibility] = []
        for (shared, bound) in pairs {
            if current == shared { out.append(bound) }
            if current == bound { out.append(shared) }
        }
        switch current {
        case .whenUnlocked: out.append(.afterFirstUnlock)
        case .whenUnlockedThisDeviceOnly: out.append(.afterFirstUnlockThisDeviceOnly)
        default: break
        }
        return out
    }
}
