import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// What to change so that a break cannot happen, each suggestion proven before it is made. A
/// change to the followed ID's recipe (`FixCandidates`: its stores, conditions, order, saves and
/// policies; pairs where no single change holds) is suggested only if, applied:
/// (a) the broken property holds at the search's depth with its whole event alphabet,
/// (b) no property of the goal that held before breaks, and
/// (c) no lifecycle-matrix cell of the strategy gets worse as the goal counts it (`FixMatrix`).
/// Cheap checks go first (the break replayed with the change, the matrix, a shallow search);
/// the full search, the proof of (a) and (b), runs only for changes that pass them.
package struct FixSearch: Sendable, Equatable {
    /// A suggested change, with its proof.
    package struct Fix: Sendable, Equatable {
        /// The change in words: `kc: accessible afterFirstUnlockThisDeviceOnly (was afterFirstUnlock)`.
        package var change: String
        /// The keys it changes (`kc.accessible`, `beforeFirstUnlock`).
        package var keys: [String]
        /// The recipe with the change (named `<recipe>-fix<N>`).
        package var recipe: Recipe
        /// The search that proves it: its depth and states, and the properties it watched.
        package var depth: Int
        package var states: Int
        package var watched: [ExploreProperty]
        /// The matrix cells it makes better, as the goal counts them (`migration dup → Δ`).
        package var better: [String]
        /// The other matrix cells it changes, which the goal allows: what it costs (`erase = → Δ`).
        package var costs: [String]
    }

    /// How much a fix search may try.
    package struct Budget: Sendable {
        /// Changes tried, single and paired.
        package var candidates: Int
        /// Suggestions proven, at most (the search stops at this many).
        package var suggestions: Int
        /// Seconds for the whole fix search of one break, nil for no limit (the inspector's `x`
        /// gives what its 10 s left).
        package var seconds: Double?

        package init(candidates: Int = 40, suggestions: Int = 1, seconds: Double? = nil) {
            self.candidates = candidates
            self.suggestions = suggestions
            self.seconds = seconds
        }

        /// `idscope explore`'s: up to 40 changes tried, the first proven one suggested (`--fixes N`: N).
        package static let standard = Budget()
    }

    /// What a fix search is asked: the break, what the search watched, and what held there.
    package struct Question: Sendable {
        package var property: ExploreProperty
        package var steps: [Step]
        package var target: ExploreTarget
        package var goal: ExploreGoal?
        /// The properties the search checked; those not broken there must stay unbroken.
        package var properties: Set<ExploreProperty>
        package var heldBefore: Set<ExploreProperty>
        /// The search's event keys (nil: every action).
        package var events: Set<String>?
        package var depth: Int
        package var why: BreakExplanation?

        package init(property: ExploreProperty, steps: [Step], target: ExploreTarget, goal: ExploreGoal?, properties: Set<ExploreProperty>,
                    heldBefore: Set<ExploreProperty>, events: Set<String>?, depth: Int, why: BreakExplanation?) {
            self.property = property
            self.steps = steps
            self.target = target
            self.goal = goal
            self.properties = properties
            self.heldBefore = heldBefore
            self.events = events
            self.depth = depth
            self.why = why
        }
    }

    /// The recipe varied (the strategy's own, or its twin's); nil when there is none.
    package var recipe: Recipe?
    package var property: ExploreProperty
    package var suggestions: [Fix] = []
    /// Changes tried (each at least replayed), and of them those searched at the full depth.
    package var tried = 0
    package var searched = 0
    /// The budget ran out before every change was tried.
    package var cutShort = false
    /// Why nothing was searched, when nothing was.
    package var notSearched: String?

    /// A search a stop request (Ctrl-C) cut short or never began: what it had found is dropped, for
    /// "no change holds" would be said of changes never tried.
    package static func interrupted(_ property: ExploreProperty) -> FixSearch {
        FixSearch(property: property, notSearched: "not searched: interrupted")
    }

    /// The recipe a target's strategy is, or has a twin of (keychain-idfv: keychain-idfv-twin).
    package static func recipe(for target: ExploreTarget) -> Recipe? {
        let name = target.strategy.name
        if let own = target.base.recipes.first(where: { $0.name == name }) { return own }
        return StrategyCatalog.builtInRecipes.first { $0.name == name } ?? StrategyCatalog.builtInRecipes.first { $0.name == name + "-twin" }
    }

    /// Tries changes until the budget's suggestions are proven or its candidates or seconds run out.
    /// - Parameters:
    ///   - clock: seconds, for the budget's time limit.
    ///   - shouldStop: checked between searches and within them (Ctrl-C, the inspector's Esc).
    package static func search(_ question: Question, workers: Int, budget: Budget = .standard,
                              clock: @escaping @Sendable () -> Double = { 0 }, shouldStop: @escaping @Sendable () -> Bool = { false }) -> FixSearch {
        let target = question.target
        guard let recipe = recipe(for: target) else {
            return FixSearch(property: question.property,
                             notSearched: "\(target.strategy.name) is Swift code with no recipe twin: nothing was searched")
        }
        let idName = target.strategy.matrixValue ?? recipe.ids[recipe.primary].name
        guard recipe.ids.contains(where: { $0.name == idName }) else {
            return FixSearch(recipe: recipe, property: question.property,
                             notSearched: "\(idName) is not one of \(recipe.name)'s IDs: nothing was searched")
        }
        var result = FixSearch(recipe: recipe, property: question.property)
        let start = clock()
        let outOfTime: @Sendable () -> Bool = { budget.seconds.map { clock() - start > $0 } ?? false }
        let stop: @Sendable () -> Bool = { shouldStop() || outOfTime() }
        var checker = FixChecker(question: question, recipe: recipe, idName: idName, workers: workers)
        let focus = Self.focus(question.why)
        let singles = FixCandidates.singles(of: recipe, id: idName, focus: focus)
        var passedReplay: [FixCandidate] = []
        func tryCandidates(_ candidates: [FixCandidate], replayedInto passed: inout [FixCandidate]) -> Bool {
            for candidate in candidates {
                if stop() || result.tried >= budget.candidates {
                    result.cutShort = true
                    return false
                }
                result.tried += 1
                let number = result.tried
                switch checker.check(candidate, number: number, shouldStop: stop) {
                case .refusedByReplay: continue
                case .refused: passed.append(candidate)
                case .cutShort:
                    result.cutShort = true
                    return false
                case .holds(let fix):
                    passed.append(candidate)
                    result.searched += 1
                    result.suggestions.append(fix)
                    if result.suggestions.count >= budget.suggestions { return false }
                case .refusedBySearch(let inFull, let found):
                    passed.append(candidate)
                    if inFull { result.searched += 1 }
                    // What refuted this change is replayed against the next ones first: most
                    // changes that fail, fail on the same few sequences, found once.
                    checker.counterexamples.append(contentsOf: found.filter { !checker.counterexamples.contains($0) })
                }
            }
            return true
        }
        var unused: [FixCandidate] = []
        guard tryCandidates(singles, replayedInto: &passedReplay) else { return result }
        if result.suggestions.isEmpty {
            // Pairs where no single change holds: those that at least got past the replay first.
            let pairs = FixCandidates.pairs(of: passedReplay + singles.filter { s in !passedReplay.contains { $0.change == s.change } }, limit: 8)
            _ = tryCandidates(pairs, replayedInto: &unused)
        }
        return result
    }

    /// The names the why rests on: its stores' names and the policy keys in its code.
    static func focus(_ why: BreakExplanation?) -> Set<String> {
        guard let why else { return [] }
        var names = Set<String>()
        for text in why.stores + why.code {
            // "kc (keychain item …)", "if: seen (acme.yaml:14)": the name is the first word.
            let words = text.split(separator: " ").map { $0.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) } }
            if let first = words.first { names.insert(String(first)) }
            if words.first == "if" || words.first == "unless", words.count > 1 { names.insert(String(words[1])) }
        }
        for key in ["whenRefused", "whenWriteFails", "beforeFirstUnlock"] where why.code.contains(where: { $0.hasPrefix(key) }) { names.insert(key) }
        if why.rules.contains(.kc17) || why.rules.contains(.ct25) || why.rules.contains(.ct42) { names.insert("beforeFirstUnlock") }
        return names
    }
}

/// The checks one change must pass, cheapest first.
struct FixChecker {
    let question: FixSearch.Question
    let recipe: Recipe
    let idName: String
    let workers: Int
    /// The strategy's own matrix row.
    let before: FixMatrix
    /// Sequences that broke a watched property: the break itself, then each that refuted a change
    /// before. Replaying them costs a few launches; finding one again by search costs a search.
    var counterexamples: [[Step]]

    init(question: FixSearch.Question, recipe: Recipe, idName: String, workers: Int) {
        self.question = question
        self.recipe = recipe
        self.idName = idName
        self.workers = workers
        let target = question.target
        before = FixMatrix(strategy: target.strategy, options: target.base.apps[target.app].options, library: target.library)
        counterexamples = [question.steps]
    }

    enum Verdict {
        /// The break still happens with the change.
        case refusedByReplay
        /// The matrix got worse (or the varied world could not be made).
        case refused
        /// A search found these breaks (`inFull`: the search at the full depth, not a shallow one).
        case refusedBySearch(inFull: Bool, found: [[Step]])
        /// The search at the full depth found no break.
        case holds(FixSearch.Fix)
        case cutShort
    }

    /// The watched properties: the broken one, and those of the search that held.
    var watched: Set<ExploreProperty> { question.heldBefore.union([question.property]) }

    func check(_ candidate: FixCandidate, number: Int, shouldStop: @escaping @Sendable () -> Bool) -> Verdict {
        var varied = candidate.apply(recipe)
        varied.name = "\(recipe.name)-fix\(number)"
        varied.summary = "\(recipe.summary.isEmpty ? recipe.name : recipe.summary) (fix: \(candidate.change))"
        let target = variedTarget(varied)
        guard let world = try? target.startWorld() else { return .refused }
        // 1. The break itself, and what refuted the changes before, replayed with the change.
        var explorer = Explorer.from(world, app: target.app, strategy: target.strategy, library: target.library, events: question.events)
        explorer.goal = question.goal
        for (number, steps) in counterexamples.enumerated() {
            var state = explorer.root
            for step in steps {
                guard let broke = explorer.probe(&state, step) else { break }
                // The break must not happen; the others, none of the properties watched.
                if number == 0 ? broke.contains(question.property) : !broke.isDisjoint(with: watched) { return .refusedByReplay }
            }
        }
        // 2. The matrix, by the goal's count.
        let after = FixMatrix(strategy: target.strategy, options: target.base.apps[target.app].options, library: target.library)
        let (worse, better, costs) = before.compare(with: after, goal: question.goal, properties: question.properties)
        guard worse.isEmpty else { return .refused }
        // 3. Every watched property must hold at the full depth. A shallow search goes first only
        // where it is at least two levels short of the full one: a level holds about six times the
        // states of the one before, so one level short it cost a sixth of the proof for every change
        // that held. A break one level short is then found by the full search, which stops at its
        // first break; that costs a refused change up to a level's worth more than the shallow
        // search did (its last level tried only the steps that can break), and is the rarer case.
        explorer.workers = workers
        explorer.stopAtFirstBreak = true
        func search(to depth: Int) -> (refusal: Verdict?, states: Int) {
            let outcome = explorer.run(properties: watched, depth: depth, shouldStop: shouldStop)
            if shouldStop() || outcome.stopReason != nil { return (.cutShort, outcome.states) }
            if !outcome.breaks.isEmpty { return (.refusedBySearch(inFull: depth == question.depth, found: Array(outcome.breaks.values)), outcome.states) }
            return (nil, outcome.states)
        }
        if let shallow = Self.shallowDepth(depth: question.depth, breakLength: question.steps.count), let refusal = search(to: shallow).refusal {
            return refusal
        }
        let full = search(to: question.depth)
        if let refusal = full.refusal { return refusal }
        return .holds(FixSearch.Fix(change: candidate.change, keys: candidate.keys, recipe: varied, depth: question.depth, states: full.states,
                                    watched: ExploreProperty.allCases.filter(watched.contains), better: better, costs: costs))
    }

    /// The depth of the shallow search that goes before a change's full one (one step past the
    /// break, at least 5), where that is at least two levels short of the full depth; nil: none.
    static func shallowDepth(depth: Int, breakLength: Int) -> Int? {
        let shallow = min(depth, max(breakLength + 1, 5))
        return shallow <= depth - 2 ? shallow : nil
    }

    /// The question's target with the varied recipe in the followed app's place (following the
    /// same ID), in the same world.
    func variedTarget(_ varied: Recipe) -> ExploreTarget {
        let target = question.target
        let followed = target.strategy.matrixValue.flatMap { varied.strategy.following($0) } ?? varied.strategy
        if target.base.steps.isEmpty {
            var made = ExploreTarget.defaultWorld(strategy: varied.strategy, recipe: varied, devices: target.base.devices.count,
                                                  os: target.base.devices.first?.os ?? OSVersion(17, 5), options: target.base.apps[target.app].options)
            made.strategy = followed
            return made
        }
        // From a scenario's end (--from, the inspector's x): the same steps, the followed app
        // running the variation (a twin launches as its Swift strategy does).
        var base = target.base
        base.recipes.append(varied)
        base.apps[target.app].strategy = varied.name
        return ExploreTarget(base: base, app: target.app, strategy: followed, library: base.library)
    }
}
