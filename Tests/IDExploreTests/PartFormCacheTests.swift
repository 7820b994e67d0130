@testable import IDExplore
import IDSim
import Testing

/// A worker lends the forms of apps' slots and keychains it hashed before, by the storage they are
/// held in (`PartFormCache`); a form lent for storage that changed would merge states that differ.
@Suite("explore's lent part forms")
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
}
