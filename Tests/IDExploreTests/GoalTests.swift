import Foundation
@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// Goals (issue 34): a set of properties and the events after which a new ID is allowed.
@Suite struct GoalTests {
    static func run(_ strategy: String, goal: ExploreGoal?, _ events: [(Event, DeviceIndex)]) throws -> (Set<ExploreProperty>, ExploreState) {
        var explorer = try Explorer.named(strategy)
        explorer.goal = goal
        var state = explorer.root
        var broken: Set<ExploreProperty> = []
        for (event, device) in events {
            broken.formUnion(try #require(explorer.probe(&state, Step(event, on: device)), "\(event)"))
        }
        return (broken, state)
    }

    @Test("each goal's properties and allowed events")
    func goals() {
        #expect(ExploreGoal.standard == .device)
        #expect(ExploreGoal.device.properties == [.stable, .unique, .available])
        #expect(ExploreGoal.install.properties == [.stable, .available])
        #expect(ExploreGoal.user.properties == [.stable, .follows])
    }

    @Test("an erase forgives a new ID under the device goal; without a goal it is a stable break")
    func eraseForgiven() throws {
        // firebase-installations keeps its ID in the app's container: an erase loses it.
        let steps: [(Event, DeviceIndex)] = [(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0), (.erase, 0),
                                             (.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0)]
        #expect(try Self.run("firebase-installations", goal: nil, steps).0.contains(.stable))
        #expect(try !Self.run("firebase-installations", goal: .device, steps).0.contains(.stable))
    }

    @Test("deleting the app forgives a new ID under the install goal, not under the device goal")
    func uninstallForgiven() throws {
        let steps: [(Event, DeviceIndex)] = [(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0), (.uninstall(0), 0),
                                             (.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0)]
        #expect(try Self.run("firebase-installations", goal: .device, steps).0.contains(.stable))
        #expect(try !Self.run("firebase-installations", goal: .install, steps).0.contains(.stable))
    }

    @Test("under every goal a restore of the phone's own backup rewinds it: what its erase forgave is taken back, and the next launch is held to the ID the backup holds")
    func restoreRewinds() throws {
        let steps: [(Event, DeviceIndex)] = [(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0),
                                             (.backup(.encrypted, name: "b"), 0), (.erase, 0), (.install(0, source: nil), 0),
                                             (.launch(0, mode: .foreground), 0)]
        for goal in ExploreGoal.allCases {
            let (erasedBroken, erased) = try Self.run("keychain-idfv", goal: goal, steps)
            #expect(!erasedBroken.contains(.stable), "\(goal): the erase allows a new ID")
            let backedUp = try #require(erased.backupForms.first { $0.name == "b" }?.followedID)
            #expect(erased.follow[0].last != backedUp, "the erased phone made another ID")
            let (broken, restored) = try Self.run("keychain-idfv", goal: goal, steps + [(.restore(backup: "b"), 0)])
            #expect(!restored.follow[0].forgiven && restored.follow[0].last == backedUp, "\(goal): held to the backup's ID")
            // The launch after the restore reads the backup's ID: the post-erase ID it replaces is no break.
            let (after, _) = try Self.run("keychain-idfv", goal: goal, steps + [(.restore(backup: "b"), 0), (.launch(0, mode: .foreground), 0)])
            #expect(!after.subtracting(broken).contains(.stable), "\(goal): \(after)")
        }
    }

    @Test("under the device goal a launch before the first unlock may yield no ID; without a goal it breaks available")
    func lockedLaunchForgiven() throws {
        let steps: [(Event, DeviceIndex)] = [(.install(0, source: nil), 0), (.launch(0, mode: .foreground), 0), (.reboot, 0),
                                             (.launch(0, mode: .background), 0)]
        let explorer = try Explorer.stopping()
        let none = explorer
        var device = explorer
        device.goal = .device
        var a = none.root, b = device.root
        var brokenWithout: Set<ExploreProperty> = [], brokenWith: Set<ExploreProperty> = []
        for (event, d) in steps {
            brokenWithout.formUnion(try #require(none.probe(&a, Step(event, on: d))))
            brokenWith.formUnion(try #require(device.probe(&b, Step(event, on: d))))
        }
        #expect(brokenWithout.contains(.available))
        #expect(!brokenWith.contains(.available))
    }
}

extension Explorer {
    /// A search for docs/recipes.md's acme-device-id with its fix, `whenRefused: stop`: a refused
    /// read gives no ID that launch.
    static func stopping() throws -> Explorer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("acme-stop-\(UUID().uuidString).yaml").path
        try """
            name: acme-device-id
            stores:
              kc: { keychain: { service: com.acme.id, account: device, accessible: afterFirstUnlock } }
              copy: { defaults: { key: acme.deviceID } }
            id: [kc, copy, uuid]
            save: [kc, copy]
            whenRefused: stop
            """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recipe = try ScenarioLoader.loadRecipe(path)
        return try Explorer.forStrategy(recipe.strategy, library: StrategyCatalog.builtIn.adding([recipe.strategy]))
    }
}
