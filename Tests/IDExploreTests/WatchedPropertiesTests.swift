@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// What a state remembers of past launches counts in its fingerprint only as far as the
/// properties still searched for read it. These tests check both halves: memories no remaining
/// property reads merge, those one reads do not, and a search for one property finds what the
/// search for all finds for it.
@Suite("explore's watched properties")
struct WatchedPropertiesTests {
    static let library = StrategyCatalog.builtIn

    @Test("states that differ only in what no watched property reads share a fingerprint")
    func followCountsAsRead() throws {
        let strategy = try #require(Self.library.strategy(named: "rndi"))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        let state = explorer.state(after: [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)])
        var released = state
        released.follow[0].held = false
        var copied = state
        copied.follow[1].expected = state.follow[0].last
        var otherCopy = state
        otherCopy.follow[1].expected = "an ID that was never read"
        func print(_ state: ExploreState, _ watching: PropertyMask) -> Int { Fingerprinter.fingerprint(state, watching: watching) }

        #expect(print(state, [.available]) == print(released, [.available]))
        #expect(print(state, [.stable, .follows]) == print(released, [.stable, .follows]))
        #expect(print(state, [.unique]) != print(released, [.unique]))
        // `stable` reads only whether a copy expects a value; `follows` reads which.
        #expect(print(copied, [.stable]) == print(otherCopy, [.stable]))
        #expect(print(state, [.stable]) != print(copied, [.stable]))
        #expect(print(copied, [.follows]) != print(otherCopy, [.follows]))
        // Fingerprints made while other properties were watched never match.
        #expect(print(state, [.available]) != print(state, [.available, .stable]))
    }

    @Test("a search for one property finds the break the search for all finds for it, at the same length",
          arguments: ["keychain-idfv", "rndi", "zbuuid", "fcuuid"])
    func oneAtATime(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library, events: matrixEvents)
        let all = explorer.run(properties: Set(ExploreProperty.allCases), depth: 5)
        for property in ExploreProperty.allCases {
            let alone = explorer.run(properties: [property], depth: 5)
            #expect(alone.breaks[property]?.count == all.breaks[property]?.count, "\(name) \(property)")
        }
    }
}
