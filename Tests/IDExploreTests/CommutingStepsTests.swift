@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// The search leaves a step out where the state was reached by a step it commutes with that
/// comes later in the device's list (`CommutingSteps`). That is sound only if such steps really
/// commute, so these tests take both orders from states along random walks; and they compare
/// searches with and without the rule.
@Suite("explore's commuting steps")
struct CommutingStepsTests {
    @Test("steps the rule says commute reach the same state in either order, and apply after each other as before",
          arguments: Explorer.walkedWorlds)
    func claimedPairsCommute(name: String) throws {
        let explorer = try Explorer.named(name)
        let rule = CommutingSteps(steps: explorer.steps)
        let numbers = Array(explorer.steps.indices)
        var pairs = 0, bothApplied = 0, sameDevice = 0
        explorer.randomWalks(seed: 0xc0de, walks: 30, length: 10) { state, _, random in
            for _ in 0..<80 {
                let i = random.pick(numbers), j = random.pick(numbers)
                guard i != j, rule.commute(i, j) else { continue }
                let a = explorer.steps[i], b = explorer.steps[j]
                var ab = state, ba = state
                let aFirst = explorer.probe(&ab, a) != nil, bSecond = explorer.probe(&ab, b) != nil
                let bFirst = explorer.probe(&ba, b) != nil, aSecond = explorer.probe(&ba, a) != nil
                pairs += 1
                #expect(aFirst == aSecond && bFirst == bSecond, "\(name): \(a) and \(b) apply in one order only")
                #expect(Explorer.fingerprint(ab) == Explorer.fingerprint(ba), "\(name): \(a) then \(b) differs from \(b) then \(a)")
                if aFirst && bFirst {
                    bothApplied += 1
                    if a.device == b.device { sameDevice += 1 }
                }
            }
        }
        // Not vacuous: most pairs drawn apply in both orders, some of them on one device.
        #expect(bothApplied > pairs / 4 && sameDevice > 10, "\(name): \(bothApplied) of \(pairs), \(sameDevice) on one device")
    }

    @Test("only a step that commutes with the step that reached the state, and comes earlier in its list, is left out")
    func whatIsLeftOut() throws {
        let explorer = try Explorer.named("rndi")
        let rule = CommutingSteps(steps: explorer.steps)
        func number(_ step: Step) throws -> Int { try #require(explorer.steps.firstIndex(of: step)) }
        func backup(_ kind: BackupKind, on d: DeviceIndex) throws -> Int {
            try number(Step(.backup(kind, name: ActionAlphabet.backupName(device: d, kind: kind, explorer.root.world)), on: d))
        }
        let install0 = try number(Step(.install(0, source: nil), on: 0)), install1 = try number(Step(.install(0, source: nil), on: 1))
        let reboot0 = try number(Step(.reboot, on: 0)), reboot1 = try number(Step(.reboot, on: 1))
        let launch0 = try number(Step(.launch(0, mode: .foreground), on: 0)), erase0 = try number(Step(.erase, on: 0))
        let erase1 = try number(Step(.erase, on: 1)), signOut1 = try number(Step(.signOut(), on: 1))
        // Install comes before reboot, and reboot before erase and backups, in a device's list.
        #expect(rule.leavesOut(install0, after: reboot1) && rule.leavesOut(reboot0, after: erase1) && rule.leavesOut(install0, after: erase1))
        #expect(!rule.leavesOut(reboot0, after: install1), "later in the list")
        #expect(!rule.leavesOut(install1, after: reboot1), "the same device")
        #expect(!rule.leavesOut(install0, after: install1), "the same position")
        #expect(!rule.leavesOut(launch0, after: reboot1), "a launch reaches beyond its device")
        #expect(!rule.leavesOut(install0, after: signOut1), "signing out reaches the Apple ID")
        #expect(!rule.leavesOut(install0, after: nil), "the root")
        // On one device: a backup and what leaves the backup alone.
        #expect(rule.leavesOut(reboot0, after: try backup(.icloud, on: 0)))
        #expect(rule.leavesOut(try backup(.encrypted, on: 0), after: try backup(.icloud, on: 0)))
        #expect(!rule.leavesOut(install0, after: try backup(.icloud, on: 0)), "an install changes what a backup holds")
        #expect(!rule.leavesOut(erase0, after: try backup(.icloud, on: 0)), "an erase changes what a backup holds")
        #expect(CommutingSteps.applies(at: 5, depth: 8) && !CommutingSteps.applies(at: 6, depth: 8))
    }

    @Test("leaving commuting steps out keeps every state and every break at its length",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "devicecheck"])
    func searchKeepsStates(name: String) throws {
        let leaving = try Explorer.named(name)
        // The same states at every depth the rule applies to. The launch-view merges of the last
        // two depths keep the first state of each view, so which states they keep depends on the
        // order the states came in.
        leaving.expectSameSearch(without: { $0.reductions.remove(.commutingSteps) }, depth: 5, statesAlikeTo: 3, name)
    }

    @Test("without the launch-view merges, leaving commuting steps out keeps the states to the depth before the last",
          arguments: ["rndi", "devicecheck"])
    func unmergedSearchKeepsStates(name: String) throws {
        // At the last depth only the devices the state's last step reached are launched on, and
        // which step that was depends on which parent found the state first.
        var unmerged = try Explorer.named(name)
        unmerged.reductions.remove(.launchViews)
        unmerged.expectSameSearch(without: { $0.reductions.remove(.commutingSteps) }, depth: 5, statesAlikeTo: 4, name)
    }
}
