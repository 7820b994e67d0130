@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// A small seeded generator, so a failing walk repeats.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `elements`, drawn uniformly enough for a test.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }
}

/// The last step of a walk, and whether it applied (a refused step leaves the state as it was).
struct WalkStep {
    let step: Step
    let applied: Bool
}

extension Explorer {
    /// Every built-in strategy but the recipe twins (their searches are their originals'), and
    /// one world on iOS 12, where upgrades and other rules apply: the worlds the rule tests walk.
    static let walkedWorlds = StrategyCatalog.builtIn.all.filter { StrategyCatalog.original(ofTwin: $0.name) == nil }.map(\.name)
        + ["keychain-idfv@12.0"]

    /// The default search of a built-in strategy: "name", or "name@os" on another iOS.
    static func named(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Explorer {
        let parts = name.split(separator: "@").map(String.init)
        let library = StrategyCatalog.builtIn
        let strategy = try #require(library.strategy(named: parts[0]), sourceLocation: sourceLocation)
        let os = parts.count > 1 ? try #require(OSVersion(parsing: parts[1]), sourceLocation: sourceLocation) : OSVersion(17, 5)
        return try Explorer.forStrategy(strategy, library: library, os: os)
    }

    /// The state after `steps` from the root, each expected to apply.
    func state(after steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) -> ExploreState {
        var state = root
        for step in steps { #expect(probe(&state, step) != nil, "\(step)", sourceLocation: sourceLocation) }
        return state
    }

    /// `walks` walks from the root of `length` steps each, every step drawn from the alphabet and
    /// applied as the search applies it (device forms remade with one worker's part forms, shared
    /// by every walk); `body` sees the state after each step (and may change it), the step, and
    /// the generator for anything more it draws.
    func randomWalks(seed: UInt64, walks: Int, length: Int,
                     _ body: (inout ExploreState, WalkStep, inout SplitMix) throws -> Void) rethrows {
        var random = SplitMix(seed: seed)
        let forms = PartFormCache(trackingBlind: root.trackingBlind)
        for _ in 0..<walks {
            var state = root
            for _ in 0..<length {
                let step = random.pick(steps)
                let applied = probe(&state, step, forms: forms) != nil
                try body(&state, WalkStep(step: step, applied: applied), &random)
            }
        }
    }
}

extension Explorer {
    /// Compares this search with the same search with a rule turned off, one property at a time
    /// (a search stops watching a property once it breaks, and then names states afresh, so with
    /// several the count depends on which sibling came first): every break at its length, the
    /// same states at each depth up to `statesAlikeTo` (and up to a break), fewer successors.
    /// Then with every property at once: every break at its length.
    func expectSameSearch(without turnOff: (inout Explorer) -> Void, depth: Int, statesAlikeTo alike: Int, _ name: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        var without = self
        turnOff(&without)
        var longest = 0
        for property in ExploreProperty.allCases {
            let (a, statesWith) = run([property], depth: depth), (b, statesWithout) = without.run([property], depth: depth)
            #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name) \(property)", sourceLocation: sourceLocation)
            let compared = min(alike, (a.breaks.values.map(\.count).min() ?? depth + 1) - 1)
            #expect(statesWith.prefix(compared) == statesWithout.prefix(compared),
                    "\(name) \(property): \(statesWith) vs \(statesWithout)", sourceLocation: sourceLocation)
            longest = max(longest, compared)
            #expect(a.successors < b.successors, "\(name) \(property): \(a.successors) vs \(b.successors)", sourceLocation: sourceLocation)
        }
        // Not vacuous: some property holds for as many depths as are compared.
        #expect(longest == alike, "\(name): states compared to depth \(longest) only", sourceLocation: sourceLocation)
        let all = Set(ExploreProperty.allCases)
        let a = run(properties: all, depth: depth), b = without.run(properties: all, depth: depth)
        #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name)", sourceLocation: sourceLocation)
    }

    /// A search's outcome, and the states visited by the end of each depth.
    private func run(_ properties: Set<ExploreProperty>, depth: Int) -> (ExploreOutcome, [Int]) {
        var states: [Int] = []
        let outcome = run(properties: properties, depth: depth, progress: { progress in
            if progress.depthDone { states.append(progress.states) }
        })
        return (outcome, states)
    }
}
