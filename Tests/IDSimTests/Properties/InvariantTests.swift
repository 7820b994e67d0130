import IDSim
import Testing

/// Property tests: thousands of seeded random event sequences, checking the lifecycle invariants
/// after every step. A failure names the seed and step so it can be replayed.
@Suite("Invariants over random event sequences")
struct InvariantTests {
    static let sequences = 1_500
    static let stepsPerSequence = 40

    @Test("invariants hold after every step of random sequences, and replay gives the same world")
    func invariantsHold() {
        var totalApplied = 0
        for seed in 1...UInt64(Self.sequences) {
            var gen = RandomEvents(rng: SeededGenerator(seed: seed &* 7919))
            let os = gen.pick(RandomEvents.versions)
            let initial = RandomEvents.world(seed: seed, os: os)
            var world = initial
            var checker = InvariantChecker(world: world)
            var applied: [Step] = []
            for index in 0..<Self.stepsPerSequence {
                let step = gen.step(in: world)
                let before = world
                do {
                    try world.apply(step, programs: optionGUIDProgram)
                    applied.append(step)
                } catch {
                    if world != before {
                        Issue.record("seed \(seed) step \(index): rejected \(step.event.key) changed the world")
                    }
                    continue
                }
                for problem in checker.check(after: step, before: before, now: world) {
                    Issue.record("seed \(seed) (iOS \(os)) step \(index) \(step.event.key) on \(world.devices[step.device].name): \(problem)")
                }
            }
            totalApplied += applied.count
            var replay = initial
            for step in applied { _ = try? replay.apply(step, programs: optionGUIDProgram) }
            if replay != world { Issue.record("seed \(seed): replaying the same events gave a different world") }
        }
        #expect(totalApplied > Self.sequences * Self.stepsPerSequence / 4, "most random steps should apply")
    }
}

/// Checks the lifecycle invariants across one step, keeping the history it needs.
struct InvariantChecker {
    /// IDFVs erased from each device's vendor table.
    var retired: [DeviceIndex: Set<SimUUID>] = [:]
    /// The hardware each ThisDeviceOnly value was first stored on.
    var boundOrigin: [String: UInt64] = [:]

    init(world: World) {}

    mutating func check(after step: Step, before: World, now: World) -> [String] {
        var problems: [String] = []
        let d = step.device
        for (index, device) in now.devices.enumerated() {
            problems += sameVendorSameIDFV(device: index, in: now)
            problems += zerosUnlessAuthorized(device: index, in: now)
            if device.vendorUsers != now.recountVendorUsers(on: index) {
                problems.append("the vendor usage counts on \(device.name) drifted from the apps")
            }
            // The keychain's buckets stay in group order, hold only their own group's items, in
            // key order, and are never empty: lookups binary-search them and diffs merge them.
            let buckets = device.keychain.buckets
            let ordered = zip(buckets, buckets.dropFirst()).allSatisfy { $0.group < $1.group }
            let wellFormed = buckets.allSatisfy { bucket in
                !bucket.items.isEmpty && bucket.items.allSatisfy { $0.group == bucket.group }
                    && zip(bucket.items, bucket.items.dropFirst()).allSatisfy { $0.key < $1.key }
            }
            if !ordered || !wellFormed {
                problems.append("the keychain's buckets on \(device.name) are out of order or malformed: \(device.keychain.groups)")
            }
            // IDFVs never come back once erased, except by restoring onto the same hardware.
            let old = Set(before.devices[index].vendorTable.values), new = Set(device.vendorTable.values)
            retired[index, default: []].formUnion(old.subtracting(new))
            let returned = new.intersection(retired[index] ?? [])
            if !returned.isEmpty {
                if case .restore(let name) = step.event, index == d,
                   before.backups[name]?.sourceHardwareID == device.hardwareID {
                    retired[index]?.subtract(returned)
                } else {
                    problems.append("an erased IDFV came back on \(device.name)")
                }
            }
            // ThisDeviceOnly items never reach other hardware.
            for item in device.keychain.values where item.accessible.isThisDeviceOnly {
                if let origin = boundOrigin[item.value] {
                    if origin != device.hardwareID { problems.append("a ThisDeviceOnly item reached \(device.name)") }
                } else {
                    boundOrigin[item.value] = device.hardwareID
                }
            }
        }
        switch step.event {
        case .uninstall:
            if now.profile.keychainOnUninstall == .persist && now.devices[d].keychain != before.devices[d].keychain {
                problems.append("uninstall changed the keychain under the persist profile")
            }
        case .erase:
            let device = now.devices[d]
            if device.apps.contains(where: { $0 != nil }) || !device.vendorTable.isEmpty || !device.keychain.isEmpty
                || device.pasteboards != Pasteboards() || device.appleID != nil || device.idfa == before.devices[d].idfa {
                problems.append("something of the device survived erase")
            }
            if now.deviceCheck != before.deviceCheck { problems.append("erase changed DeviceCheck bits") }
        default:
            break
        }
        return problems
    }

    /// Apps of one vendor on a device read the same IDFV.
    func sameVendorSameIDFV(device d: DeviceIndex, in world: World) -> [String] {
        var seen: [VendorKey: SimUUID?] = [:]
        for (index, app) in world.devices[d].apps.enumerated() {
            guard let app, app.presence == .installed else { continue }
            let idfv = world.identifierForVendor(app: index, on: d)
            if let other = seen[app.vendorKey], other != idfv {
                return ["two apps of vendor \(app.vendorKey) read different IDFVs on \(world.devices[d].name)"]
            }
            seen[app.vendorKey] = idfv
            if world.devices[d].firstUnlockDone && idfv == nil {
                return ["an installed app reads no IDFV after first unlock on \(world.devices[d].name)"]
            }
        }
        return []
    }

    /// On iOS 14.5+ the IDFA reads as zeros whenever ATT is not authorized.
    func zerosUnlessAuthorized(device d: DeviceIndex, in world: World) -> [String] {
        guard world.devices[d].os >= OSVersion(14, 5) else { return [] }
        for (index, app) in world.devices[d].apps.enumerated() where app != nil {
            if world.trackingStatus(app: index, on: d) != .authorized,
               let idfa = world.advertisingIdentifier(app: index, on: d), !idfa.isZero {
                return ["a real IDFA without ATT authorization on \(world.devices[d].name)"]
            }
        }
        return []
    }
}
