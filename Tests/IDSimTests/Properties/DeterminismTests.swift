import Foundation
import IDSim
import Testing

@Suite("Determinism")
struct DeterminismTests {
    /// Runs a fixed random sequence and prints everything observable: the changes and the final IDs.
    static func transcript(seed: UInt64) -> String {
        var gen = RandomEvents(rng: SeededGenerator(seed: 42))
        var world = RandomEvents.world(seed: seed, os: "17.5")
        var lines: [String] = []
        for index in 0..<400 {
            let step = gen.step(in: world)
            do {
                let changes = try world.apply(step, programs: optionGUIDProgram)
                lines.append("\(index) \(step.event.key): " + changes.map { $0.text(in: world) }.joined(separator: "; "))
            } catch {
                lines.append("\(index) \(step.event.key) rejected: \(error)")
            }
        }
        for device in world.devices {
            lines.append("\(device.name) idfa \(device.idfa) " + device.vendorTable.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    @Test("two runs with the same seed give identical output; another seed gives other IDs")
    func sameSeedSameOutput() {
        let first = Self.transcript(seed: 7)
        let second = Self.transcript(seed: 7)
        #expect(first == second)
        #expect(first.count > 10_000, "the transcript should exercise many events")
        #expect(Self.transcript(seed: 8) != first)
    }

    @Test("the seeded generator is SplitMix64 and makes version-4 UUIDs")
    func generator() {
        var rng = SeededGenerator(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)   // SplitMix64's published first output for seed 0
        let uuid = rng.nextUUID().uuidString
        #expect(uuid.count == 36)
        #expect(Array(uuid)[14] == "4")
        #expect(["8", "9", "A", "B"].contains(String(Array(uuid)[19])))
        #expect(SimUUID(uuid)?.uuidString == uuid)
        #expect(SimUUID(uuid.lowercased().replacingOccurrences(of: "-", with: ""))?.uuidString == uuid)
        #expect(SimUUID("not-a-uuid") == nil)
        #expect(SimUUID.zero.uuidString == "00000000-0000-0000-0000-000000000000")
    }
}

/// `World.unshared()`: an equal world in storage of its own, that goes on exactly as the original.
@Suite("Unshared copies")
struct UnsharedTests {
    @Test("an unshared copy equals the world, holds none of its storage, and steps alike")
    func equalAndApart() {
        var gen = RandomEvents(rng: SeededGenerator(seed: 99))
        for os in ["12.0", "17.5"] {
            var world = RandomEvents.world(seed: 5, os: os)
            for index in 0..<600 {
                _ = try? world.apply(gen.step(in: world), programs: optionGUIDProgram)
                guard index % 50 == 49 else { continue }
                var copy = world.unshared()
                #expect(copy == world)
                for d in 0..<world.deviceCount {
                    #expect(!world.deviceUnchanged(d, since: copy.deviceSnapshot))
                    #expect(world.devicePartIdentities(d).apps != copy.devicePartIdentities(d).apps)
                    #expect(world.devicePartIdentities(d).tables != copy.devicePartIdentities(d).tables)
                }
                // The copy goes on as the original would.
                var original = world
                for _ in 0..<20 {
                    let step = gen.step(in: original)
                    let a = try? original.apply(step, programs: optionGUIDProgram), b = try? copy.apply(step, programs: optionGUIDProgram)
                    #expect((a == nil) == (b == nil))
                }
                #expect(copy == original)
            }
        }
    }
}
