@testable import IDExplore
import IDSim
import Testing

/// What each worker keeps of its own: the forms of parts it hashed before, lent by the storage
/// they are held in (`PartFormCache`), and its own copy of the root (`ExploreState.unshared`).
@Suite("explore's workers' own forms and roots")
struct PartFormCacheTests {
    @Test("device forms made with a worker's part forms equal forms walked afresh, and most parts are lent",
          arguments: ["fcuuid", "id-kit", "openudid", "rndi"])
    func lentPartForms(name: String) throws {
        let explorer = try Explorer.named(name)
        let forms = PartFormCache(trackingBlind: explorer.root.trackingBlind)
        var random = SplitMix(seed: 0xcafe)
        var compared = 0
        for _ in 0..<40 {
            // Siblings from one state, as a worker takes them, then on down one of them.
            var state = explorer.root
            for _ in 0..<12 {
                var next: [ExploreState] = []
                for _ in 0..<6 {
                    var successor = state
                    guard explorer.probe(&successor, random.pick(explorer.steps), forms: forms) != nil else { continue }
                    #expect(Explorer.fingerprint(successor) == Explorer.fingerprintFromScratch(successor), "\(name)")
                    compared += 1
                    next.append(successor)
                }
                if !next.isEmpty { state = random.pick(next) }
            }
        }
        #expect(compared > 500)
        #expect(forms.lent > compared / 2, "\(forms.lent) forms lent for \(compared) successors")
    }

    /// Each worker starts from its own copy of the root (`ExploreState.unshared`); a copy that
    /// fingerprinted or stepped differently would change what a search finds.
    @Test("an unshared state fingerprints and steps as the state it copies", arguments: ["fcuuid", "id-kit", "openudid"])
    func unsharedStates(name: String) throws {
        let explorer = try Explorer.named(name)
        explorer.randomWalks(seed: 0xd00d, walks: 20, length: 16) { state, last, random in
            guard last.applied else { return }
            var copy = state.unshared()
            #expect(Explorer.fingerprint(copy) == Explorer.fingerprint(state))
            var original = state
            let step = random.pick(explorer.steps)
            #expect(explorer.probe(&copy, step) == explorer.probe(&original, step))
            #expect(Explorer.fingerprint(copy) == Explorer.fingerprint(original))
        }
    }
}
