import Testing
import TestSupport

/// What the repository offers to a package that depends on it, kept on purpose.
@Suite("Public API")
struct PublicAPITests {
    @Test("each library target's public declarations match Golden/public-api.txt: IDSim's product surface, and none elsewhere")
    func publicAPIIsAsRecorded() throws {
        let digest = try PublicAPIDigest.make()
        #expect(digest.contains("IDStrategies: no public declarations"), "a target only this repository uses declares package, not public")
        #expect(digest.contains("IDSim: "), "\(digest.prefix(200))")
        if let difference = try Golden.difference(digest, file: "Tests/IDScenarioTests/Golden/public-api.txt") {
            Issue.record("the public API changed: \(difference)")
        }
    }
}
