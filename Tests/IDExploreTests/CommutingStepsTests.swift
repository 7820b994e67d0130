@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// The search leaves an own step out where the state was reached by an own step on another
/// device that comes later in the device's list (`CommutingSteps`). That is sound only if such
/// steps really commute, so these tests take both orders from states along random walks; and
/// they compare searches with and without the rule.
@Suite("explore's commuting steps")
struct CommutingStepsTests {
    static let library = StrategyCatalog.builtIn

    @Test("own steps on different devices commute, and one applies after the other as before",
          arguments: StrategyCatalog.builtIn.all.filter { StrategyCatalog.original(ofTwin: $0.name) == nil }.map(\.name)
              + ["keychain-idfv@12.0"])
    func ownStepsCommute(name: String) throws {
        let parts = name.split(separator: "@").map(String.init)
        let strategy = try #require(Self.library.strategy(named: parts[0]))
        let os = parts.count > 1 ? try #require(OSVersion(parsing: parts[1])) : OSVersion(17, 5)
        let explorer = try Explorer.forStrategy(strategy, library: Self.library, os: os)
        let own = explorer.steps.filter { LaunchView.ownStep($0.event) }
        var pairs = 0, bothApplied = 0
        explorer.randomWalks(seed: 0xc0de, walks: 30, length: 10) { state, _, random in
            for _ in 0..<25 {
                let a = random.pick(own), b = random.pick(own)
                guard a.device != b.device else { continue }
                var ab = state, ba = state
                let aFirst = explorer.probe(&ab, a) != nil, bSecond = explorer.probe(&ab, b) != nil
                let bFirst = explorer.probe(&ba, b) != nil, aSecond = explorer.probe(&ba, a) != nil
                pairs += 1
                #expect(aFirst == aSecond && bFirst == bSecond, "\(name): \(a) and \(b) apply in one order only")
                #expect(Explorer.fingerprint(ab) == Explorer.fingerprint(ba), "\(name): \(a) then \(b) differs from \(b) then \(a)")
                if aFirst && bFirst { bothApplied += 1 }
            }
        }
        // Not vacuous: most pairs drawn apply in both orders.
        #expect(bothApplied > pairs / 4, "\(name): \(bothApplied) of \(pairs)")
    }

    @Test("only an own step on another device, earlier in its list than the step that reached the state, is left out")
    func whatIsLeftOut() throws {
        let explorer = try Explorer.forStrategy(try #require(Self.library.strategy(named: "rndi")), library: Self.library)
        let rule = CommutingSteps(steps: explorer.steps)
        func number(_ step: Step) throws -> Int { try #require(explorer.steps.firstIndex(of: step)) }
        let install0 = try number(Step(.install(0, source: nil), on: 0)), install1 = try number(Step(.install(0, source: nil), on: 1))
        let reboot0 = try number(Step(.reboot, on: 0)), reboot1 = try number(Step(.reboot, on: 1))
        let launch0 = try number(Step(.launch(0, mode: .foreground), on: 0)), erase1 = try number(Step(.erase, on: 1))
        // Install comes before reboot in a device's list.
        #expect(rule.sleeps(install0, after: reboot1))
        #expect(!rule.sleeps(reboot0, after: install1), "later in the list")
        #expect(!rule.sleeps(install1, after: reboot1), "the same device")
        #expect(!rule.sleeps(install0, after: install1), "the same position")
        #expect(!rule.sleeps(launch0, after: reboot1), "a launch is not an own step")
        #expect(!rule.sleeps(install0, after: erase1), "reached by a step that is not an own step")
        #expect(!rule.sleeps(install0, after: nil), "the root")
        #expect(CommutingSteps.applies(at: 5, depth: 8) && !CommutingSteps.applies(at: 6, depth: 8))
    }

    @Test("leaving commuting steps out keeps every state and every break at its length",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "devicecheck"])
    func searchKeepsStates(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let leaving = try Explorer.forStrategy(strategy, library: Self.library)
        var trying = leaving
        trying.leavesCommutingSteps = false
        let depth = 5
        // One property at a time: a search stops watching a property once it breaks, and then
        // names states afresh, so with several the count depends on which sibling came first.
        for property in ExploreProperty.allCases {
            let (a, statesLeaving) = Self.run(leaving, [property], depth: depth)
            let (b, statesTrying) = Self.run(trying, [property], depth: depth)
            #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name) \(property)")
            // The same states at every depth the rule applies to, up to a break. The launch-view
            // merges of the last two depths keep the first state of each view, so which states
            // they keep depends on the order the states came in; so does the naming of states
            // after a break, when the property is no longer watched.
            let compared = min(depth - 2, Self.unbroken(a, depth: depth))
            #expect(statesLeaving.prefix(compared) == statesTrying.prefix(compared), "\(name) \(property)")
            #expect(a.successors < b.successors, "\(name) \(property): \(a.successors) vs \(b.successors)")
        }
        // Without the merges, the same states to the depth before the last (where only the
        // devices the state's last step reached are launched on, and which step that was depends
        // on which parent found the state first).
        var leavingUnmerged = leaving, tryingUnmerged = trying
        leavingUnmerged.mergesLaunchViews = false
        tryingUnmerged.mergesLaunchViews = false
        let (a, statesLeaving) = Self.run(leavingUnmerged, [.unique], depth: depth)
        let (b, statesTrying) = Self.run(tryingUnmerged, [.unique], depth: depth)
        let compared = min(depth - 1, Self.unbroken(a, depth: depth))
        #expect(compared >= 3 && statesLeaving.prefix(compared) == statesTrying.prefix(compared), "\(name): \(statesLeaving) vs \(statesTrying)")
        #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name)")
        // And with every property watched at once, every break at its length.
        let all = Set(ExploreProperty.allCases)
        let c = leaving.run(properties: all, depth: depth), d = trying.run(properties: all, depth: depth)
        #expect(c.breaks.mapValues(\.count) == d.breaks.mapValues(\.count), "\(name)")
    }

    /// The depths a search completed before any property broke.
    static func unbroken(_ outcome: ExploreOutcome, depth: Int) -> Int {
        (outcome.breaks.values.map(\.count).min() ?? depth + 1) - 1
    }

    /// A search's outcome, and the states visited by the end of each depth.
    static func run(_ explorer: Explorer, _ properties: Set<ExploreProperty>, depth: Int) -> (ExploreOutcome, [Int]) {
        var states: [Int] = []
        let outcome = explorer.run(properties: properties, depth: depth, progress: { progress in
            if progress.depthDone { states.append(progress.states) }
        })
        return (outcome, states)
    }
}
