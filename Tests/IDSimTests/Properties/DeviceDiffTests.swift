import IDSim
import Testing

/// Erase, restore and migrate rebuild a whole device and report the difference. These tests hold
/// that report against a plain recomputation from the worlds before and after, over random
/// sequences: the diff walks sorted buckets and only sorts what changed, so a slip there would
/// drop, duplicate or misorder a change without any rule test noticing.
@Suite("Device-wide change reports")
struct DeviceDiffTests {
    static let sequences = 400
    static let stepsPerSequence = 40

    @Test("erase, restore and migrate report exactly the keychain items and IDFVs that differ, in key order")
    func reportsMatchRecomputation() throws {
        var rebuilds = 0, keychainChanges = 0
        for seed in 1...UInt64(Self.sequences) {
            var gen = RandomEvents(rng: SeededGenerator(seed: seed &* 104_729))
            var world = RandomEvents.world(seed: seed, os: gen.pick(RandomEvents.versions))
            for index in 0..<Self.stepsPerSequence {
                let step = gen.step(in: world)
                let before = world
                guard let changes = try? world.apply(step, programs: optionGUIDProgram) else { continue }
                switch step.event {
                case .erase, .restore, .migrate: break
                default: continue
                }
                rebuilds += 1
                let reported = changes.filter {
                    switch $0.subject {
                    case .keychain, .idfv: true
                    default: false
                    }
                }.map { "\($0.subject.text(in: world)): \($0.from?.description ?? "∅") → \($0.to?.description ?? "∅")" }
                let expected = Self.keychainChanges(before.devices[step.device], world.devices[step.device], step.device, world)
                    + Self.idfvChanges(before.devices[step.device], world.devices[step.device], step.device, world)
                keychainChanges += expected.count
                let kept = Set(reported)
                #expect(reported.sorted() == expected.sorted() && kept.count == reported.count,
                        "seed \(seed) step \(index) \(step.event.key): reported \(reported), expected \(expected)")
                // Within each kind, the report is in key order.
                for prefix in ["keychain:", "idfv:"] {
                    let ofKind = reported.filter { $0.hasPrefix(prefix) }
                    let inOrder = expected.filter { $0.hasPrefix(prefix) }
                    #expect(ofKind == inOrder, "seed \(seed) step \(index): \(prefix) changes out of key order")
                }
            }
        }
        #expect(rebuilds > 100, "the random sequences should erase, restore or migrate often")
        #expect(keychainChanges > rebuilds / 2, "the rebuilds should change keychain items and IDFVs")
    }

    @Test("a restore reports items that came back, went and changed within one access group, in key order")
    func oneGroupMixedChanges() throws {
        // First launch saves a…d; the second deletes b, rewrites c and adds 0 and e. Restoring the
        // backup taken between them undoes all four, and leaves a and d unreported.
        let program = ClosureProgram { os in
            func save(_ account: String, _ value: String) {
                if os.secItemAdd(KeychainAttributes(service: "s", account: account, value: value, accessible: .afterFirstUnlock,
                                                    accessGroup: nil, synchronizable: false)) == .duplicateItem {
                    _ = os.secItemUpdate(KeychainQuery(service: "s", account: account, accessGroup: nil, synchronizable: .no), value: value)
                }
            }
            if os.defaultsString(forKey: "round") == nil {
                for account in ["a", "b", "c", "d"] { save(account, "v1-" + account) }
                os.setDefaults("1", forKey: "round")
            } else {
                _ = os.secItemDelete(KeychainQuery(service: "s", account: "b", accessGroup: nil, synchronizable: .no))
                save("c", "v2-c")
                save("0", "v2-0")
                save("e", "v2-e")
            }
            return LaunchReport(primaryID: nil, values: [], notes: [])
        }
        var sim = Sim(os: "17.5", apps: [Sim.shop], programs: program)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.backup(.encrypted, name: "b"))
        sim.launch("shop")
        let changes = sim.run(.restore(backup: "b")).touching("keychain:")
        let group = Sim.shop.applicationIdentifier
        #expect(changes.map { $0.text(in: sim.world) } == [
            "keychain:phone:\(group)/s/0: v2-0 → ∅ [KC-21]",
            "keychain:phone:\(group)/s/b: ∅ → v1-b [KC-21]",
            "keychain:phone:\(group)/s/c: v2-c → v1-c [KC-21]",
            "keychain:phone:\(group)/s/e: v2-e → ∅ [KC-21]",
        ])
    }

    /// Every item whose value appeared, went or changed, by key: a recomputation that shares no code with the engine.
    static func keychainChanges(_ old: Device, _ new: Device, _ d: DeviceIndex, _ world: World) -> [String] {
        let oldItems = Dictionary(uniqueKeysWithValues: old.keychain.values.map { ($0.key, $0.value) })
        let newItems = Dictionary(uniqueKeysWithValues: new.keychain.values.map { ($0.key, $0.value) })
        return Set(oldItems.keys).union(newItems.keys).sorted().compactMap { key in
            guard oldItems[key] != newItems[key] else { return nil }
            let subject = Subject.keychain(device: d, item: key).text(in: world)
            return "\(subject): \(oldItems[key] ?? "∅") → \(newItems[key] ?? "∅")"
        }
    }

    static func idfvChanges(_ old: Device, _ new: Device, _ d: DeviceIndex, _ world: World) -> [String] {
        // Sorted by text form, independently of `VendorKey.<`, which promises that same order.
        Set(old.vendorTable.keys).union(new.vendorTable.keys).sorted { $0.description < $1.description }.compactMap { key in
            guard old.vendorTable[key] != new.vendorTable[key] else { return nil }
            let subject = Subject.idfv(device: d, vendor: key).text(in: world)
            return "\(subject): \(old.vendorTable[key]?.uuidString ?? "∅") → \(new.vendorTable[key]?.uuidString ?? "∅")"
        }
    }
}
