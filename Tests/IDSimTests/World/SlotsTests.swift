import IDSim
import Testing

/// `Slots`, the copy-on-write boxes a device keeps its apps, processes and launches in, against
/// the plain optional array it stands for, over seeded random operations.
@Suite struct SlotsTests {
    static func app(_ n: Int) -> InstalledApp {
        InstalledApp(presence: n % 3 == 0 ? .offloaded : .installed, source: .appstore, vendorKey: VendorKey(.team, "T\(n % 5)"),
                     container: AppContainer(defaults: ["n": String(n)]), att: .notDetermined, installation: UInt64(n))
    }

    @Test("random sets, clears, in-place changes and copies agree with [InstalledApp?]")
    func agreesWithAnOptionalArray() {
        var random = SeededGenerator(seed: 33)
        for round in 0..<200 {
            let count = Int(random.next() % 9) + 1
            var slots = Slots<InstalledApp>(count: count)
            var plain = [InstalledApp?](repeating: nil, count: count)
            var snapshots: [(Slots<InstalledApp>, [InstalledApp?])] = []
            for _ in 0..<60 {
                let i = Int(random.next() % UInt64(count))
                switch random.next() % 6 {
                case 0, 1:
                    let value = Self.app(Int(random.next() % 1000))
                    slots[i] = value
                    plain[i] = value
                case 2:
                    slots[i] = nil
                    plain[i] = nil
                case 3:
                    // Through `_modify`: a field of a present value, or nil made a value.
                    if plain[i] != nil {
                        slots[i]!.container.defaults["k"] = "v\(round)"
                        plain[i]!.container.defaults["k"] = "v\(round)"
                    } else {
                        slots[i] = Self.app(i)
                        plain[i] = Self.app(i)
                    }
                case 4:
                    snapshots.append((slots, plain))   // shares every box until a write
                default:
                    // A slot emptied in place drops its box.
                    slots[i]?.presence = .installed
                    plain[i]?.presence = .installed
                }
                #expect(Array(slots) == plain, "round \(round)")
                #expect(slots.presentIndices() == plain.indices.filter { plain[$0] != nil })
                #expect(slots.presentCount == plain.compactMap { $0 }.count)
                #expect(slots.indices.allSatisfy { slots.isPresent($0) == (plain[$0] != nil) })
                var walked: [Int] = []
                slots.withEachPresent { index, pointer in
                    walked.append(index)
                    #expect(pointer.pointee == plain[index])
                }
                #expect(walked == slots.presentIndices())
                #expect(slots.presentIndices { $0.presence == .offloaded } == plain.indices.filter { plain[$0]?.presence == .offloaded })
            }
            // Every snapshot still holds what it held when taken: a write copied only its own box.
            for (snapshot, expected) in snapshots { #expect(Array(snapshot) == expected, "round \(round)") }
            // Equal contents are equal and hash alike, whatever boxes hold them.
            var rebuilt = Slots<InstalledApp>(count: count)
            for (i, value) in plain.enumerated() { rebuilt[i] = value }
            #expect(rebuilt == slots && rebuilt.hashValue == slots.hashValue)
        }
    }
}
