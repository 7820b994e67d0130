@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// The search does not try an erase, a restore or a migration onto a device right after an own
/// step on it (`RebuildingSteps`): the device is set up from scratch, so the state is the one the
/// same step reached from the parent. These tests check that on random walks, and compare
/// searches with and without the rule.
@Suite("explore's steps made moot")
struct RebuildingStepsTests {
    @Test("an erase, restore or migration onto a device after an own step on it reaches what it reaches without it",
          arguments: Explorer.walkedWorlds)
    func rebuildingAfterOwnStep(name: String) throws {
        let explorer = try Explorer.named(name)
        let rule = RebuildingSteps(steps: explorer.steps)
        let numbers = Array(explorer.steps.indices)
        var claimed = 0, applied = 0
        explorer.randomWalks(seed: 0xdead, walks: 30, length: 10) { state, _, random in
            for _ in 0..<40 {
                let b = random.pick(numbers), a = random.pick(numbers)
                guard rule.leavesOut(a, after: b) else { continue }
                var after = state
                guard explorer.probe(&after, explorer.steps[b]) != nil else { continue }
                claimed += 1
                var direct = state
                let fromParent = explorer.probe(&direct, explorer.steps[a]) != nil
                let fromState = explorer.probe(&after, explorer.steps[a]) != nil
                #expect(fromParent == fromState, "\(name): \(explorer.steps[a]) applies in one case only after \(explorer.steps[b])")
                if fromParent && fromState {
                    applied += 1
                    #expect(Explorer.fingerprint(after) == Explorer.fingerprint(direct),
                            "\(name): \(explorer.steps[b]) then \(explorer.steps[a]) differs from \(explorer.steps[a])")
                }
            }
        }
        // Not vacuous: the walks meet many such pairs (restores of backups not made are refused).
        #expect(claimed > 100 && applied > claimed / 8, "\(name): \(applied) of \(claimed)")
    }

    @Test("only an erase, restore or migration onto the device an own step just changed is moot")
    func whatIsMoot() throws {
        let explorer = try Explorer.named("rndi")
        // The default world is on the newest iOS a rule boundary names: no upgrade in its list.
        let steps = explorer.steps + [Step(.upgrade(OSVersion(18, 0)), on: 0)]
        let rule = RebuildingSteps(steps: steps)
        func number(_ step: Step) throws -> Int { try #require(steps.firstIndex(of: step)) }
        let install = try number(Step(.install(0, source: nil), on: 0)), lock = try number(Step(.lock, on: 0))
        let erase = try number(Step(.erase, on: 0)), eraseOther = try number(Step(.erase, on: 1))
        let restore = try number(Step(.restore(backup: ActionAlphabet.backupName(device: 1, kind: .icloud, explorer.root.world)), on: 0))
        let migrate = try number(Step(.migrate(from: 1), on: 0)), migrateAway = try number(Step(.migrate(from: 0), on: 1))
        let backup = try number(Step(.backup(.icloud, name: ActionAlphabet.backupName(device: 0, kind: .icloud, explorer.root.world)), on: 0))
        let upgrade = steps.count - 1
        let launch = try number(Step(.launch(0, mode: .foreground), on: 0))
        #expect(rule.leavesOut(erase, after: install) && rule.leavesOut(restore, after: lock) && rule.leavesOut(migrate, after: install))
        #expect(!rule.leavesOut(eraseOther, after: install), "another device")
        #expect(!rule.leavesOut(migrateAway, after: install), "a migration from the device reads it")
        #expect(!rule.leavesOut(erase, after: upgrade), "the OS stays")
        #expect(!rule.leavesOut(restore, after: backup), "the backup may be the one restored")
        #expect(!rule.leavesOut(erase, after: launch), "a launch reaches beyond its device")
        #expect(!rule.leavesOut(launch, after: install) && !rule.leavesOut(erase, after: nil))
    }

    @Test("leaving moot steps out keeps every state and every break at its length",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "devicecheck"])
    func searchKeepsStates(name: String) throws {
        // A moot step only ever reaches a state visited before, so it never decides which state
        // is found first: the same states at every depth.
        try Explorer.named(name).expectSameSearch(without: { $0.reductions.remove(.rebuildingSteps) }, depth: 5, statesAlikeTo: 5, name)
    }
}
