import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// Explore visits a state or its mirror (the same history with the two devices' roles swapped),
/// not both. That is sound only if the world treats the devices alike: these tests walk at random
/// and check that a walk and its mirror stay alike, step by step, in what applies, what breaks and
/// how they fingerprint.
@Suite("explore's device symmetry")
struct SymmetryTests {
    static let library = StrategyCatalog.builtIn

    /// The step with devices 0 and 1 swapped, and the backups they name with them.
    static func mirrored(_ step: Step) -> Step {
        func other(_ d: DeviceIndex) -> DeviceIndex { 1 - d }
        func otherBackup(_ name: String) -> String {
            for d in 0..<2 where name.hasPrefix(ExploreWorld.deviceName(d) + "-") {
                return ExploreWorld.deviceName(other(d)) + name.dropFirst(ExploreWorld.deviceName(d).count)
            }
            return name
        }
        switch step.event {
        case .backup(let kind, let name): return Step(.backup(kind, name: otherBackup(name)), on: other(step.device))
        case .restore(let name): return Step(.restore(backup: otherBackup(name)), on: other(step.device))
        case .migrate(let source): return Step(.migrate(from: other(source)), on: other(step.device))
        default: return Step(step.event, on: other(step.device))
        }
    }

    @Test("a random walk and its mirror apply, break and fingerprint alike",
          arguments: ["keychain-idfv", "svudid", "fcuuid", "devicecheck", "openudid", "appattest", "id-kit", "firebase-installations"])
    func mirroredWalks(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        #expect(explorer.symmetry != nil)
        var random = SplitMix(seed: 0x3141)
        var applied = 0
        for _ in 0..<40 {
            var state = explorer.root, mirror = explorer.root
            for _ in 0..<16 {
                let step = random.pick(explorer.steps)
                let broke = explorer.probe(&state, step)
                let mirrorBroke = explorer.probe(&mirror, Self.mirrored(step))
                #expect(broke == mirrorBroke, "\(name): \(step) broke \(String(describing: broke)), its mirror \(String(describing: mirrorBroke))")
                guard broke != nil else { continue }
                applied += 1
                #expect(explorer.fingerprint(of: state) == explorer.fingerprint(of: mirror), "\(name) after \(step)")
                #expect(explorer.fingerprint(of: state) == Explorer.fingerprintFromScratch(state, symmetry: explorer.symmetry))
            }
        }
        #expect(applied > 200)
    }

    @Test("without symmetry a state and its mirror are two states; with it, one")
    func mirrorIsOneState() throws {
        let strategy = try #require(Self.library.strategy(named: "devicecheck"))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        // DeviceCheck's bits are kept by hardware ID, backups by their device's name: both must swap.
        let steps = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0),
                     Step(.deviceCheck(0, bit0: true, bit1: nil), on: 0), Step(.backup(.encrypted, name: "phone-encrypted"), on: 0)]
        var state = explorer.root, mirror = explorer.root
        for step in steps {
            #expect(explorer.probe(&state, step) != nil)
            #expect(explorer.probe(&mirror, Self.mirrored(step)) != nil)
        }
        #expect(Explorer.fingerprint(state) != Explorer.fingerprint(mirror))
        #expect(explorer.fingerprint(of: state) == explorer.fingerprint(of: mirror))
        // A history split across the devices is not the mirror of one kept on a single device.
        var split = explorer.root
        for step in steps.prefix(2) { #expect(explorer.probe(&split, step) != nil) }
        #expect(explorer.probe(&split, Self.mirrored(steps[2])) == nil || explorer.fingerprint(of: split) != explorer.fingerprint(of: state))
    }

    @Test("the search with symmetry finds every break the plain search finds, at the same length, in fewer states",
          arguments: ["keychain-idfv", "rndi", "zbuuid", "cordova-device", "devicecheck", "firebase-installations"])
    func sameBreaks(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let symmetric = try Explorer.forStrategy(strategy, library: Self.library, events: matrixEvents)
        var plain = symmetric
        plain.symmetry = nil
        let properties = Set(ExploreProperty.allCases)
        let reduced = symmetric.run(properties: properties, depth: 5)
        let full = plain.run(properties: properties, depth: 5)
        #expect(Set(reduced.breaks.keys) == Set(full.breaks.keys), Comment(rawValue: name))
        for (property, steps) in full.breaks { #expect(reduced.breaks[property]?.count == steps.count, "\(name) \(property)") }
        #expect(reduced.states < full.states, "\(name): \(reduced.states) states with symmetry, \(full.states) without")
    }

    @Test("devices told apart, or a single device, get no symmetry")
    func onlyWhenAlike() throws {
        let strategy = try #require(Self.library.strategy(named: "rndi"))
        #expect(try Explorer.forStrategy(strategy, library: Self.library, devices: 1).symmetry == nil)
        #expect(try Explorer.forStrategy(strategy, library: Self.library, devices: 3).symmetry != nil)
        var world = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5))
        #expect(Explorer.from(world, app: 0, strategy: strategy, library: Self.library).symmetry != nil)
        try world.apply(Step(.install(0, source: nil), on: 0), programs: Self.library)
        #expect(Explorer.from(world, app: 0, strategy: strategy, library: Self.library).symmetry == nil)
        var upgraded = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5))
        try upgraded.apply(Step(.upgrade(OSVersion(18, 0)), on: 1), programs: Self.library)
        #expect(Explorer.from(upgraded, app: 0, strategy: strategy, library: Self.library).symmetry == nil)
    }
}
