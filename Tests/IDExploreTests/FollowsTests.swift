import IDExplore
import IDSim
import Testing

/// `follows` compares a copy's first launch with the ID the app had when the backup or migration
/// was taken (issue 34): a backup taken before the first launch holds no ID to follow.
@Suite struct FollowsTests {
    static func breaks(_ events: [(Event, DeviceIndex)]) throws -> Set<ExploreProperty> {
        let explorer = try Explorer.named("keychain-idfv")
        var state = explorer.root
        var broken: Set<ExploreProperty> = []
        for (event, device) in events {
            let result = try #require(explorer.probe(&state, Step(event, on: device)), "\(event)")
            broken.formUnion(result)
        }
        return broken
    }

    @Test("a backup taken after the first launch carries the ID to follow; the new phone's other ID breaks follows")
    func backupOfAnID() throws {
        let broken = try Self.breaks([(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0),
                                      (.backup(.unencrypted, name: "b"), 0), (.restore(backup: "b"), 1),
                                      (.launch(0, mode: .foreground), 1)])
        #expect(broken.contains(.follows))
    }

    @Test("a backup taken before the first launch holds no ID: its restore is left out of the search, onto any device (a restore can only bring back what existed)")
    func backupBeforeAnyID() throws {
        let explorer = try Explorer.named("keychain-idfv")
        var state = explorer.root
        for (event, device) in [(Event.install(0, source: nil), 0), (.backup(.unencrypted, name: "b"), 0), (.launch(0, mode: .foreground), 0)] {
            #expect(explorer.probe(&state, Step(event, on: device)) != nil)
        }
        for device in [0, 1] {
            var copy = state
            #expect(explorer.probe(&copy, Step(.restore(backup: "b"), on: device)) == nil, "restore onto device \(device)")
        }
        // A backup taken after the launch holds the ID, and its restore is searched.
        #expect(explorer.probe(&state, Step(.backup(.unencrypted, name: "b"), on: 0)) != nil)
        #expect(explorer.probe(&state, Step(.restore(backup: "b"), on: 1)) != nil)
    }

    @Test("a migration from a phone erased since its last launch has no ID to carry")
    func migrationFromAnErasedPhone() throws {
        let broken = try Self.breaks([(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0), (.erase, 0),
                                      (.migrate(from: 0), 1), (.install(0, source: nil), 1), (.launch(0, mode: .foreground), 1)])
        #expect(!broken.contains(.follows))
    }
}
