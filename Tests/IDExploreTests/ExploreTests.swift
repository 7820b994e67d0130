import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies
import Testing

/// The events the matrix's lifecycle cases use: enough for explore to find every cell's break.
let matrixEvents: Set<String> = ["install", "uninstall", "launch", "erase", "backup", "restore", "migrate", "reboot", "deviceCheck"]

@Suite("explore")
struct ExploreTests {
    static let library = StrategyCatalog.builtIn

    /// The property each matrix cell breaks (nil for `=`).
    static func property(_ cell: MatrixCell, crossDevice: Bool) -> ExploreProperty? {
        switch cell {
        case .same: nil
        case .empty: .available
        case .duplicate: .unique
        case .changed: crossDevice ? .follows : .stable
        }
    }

    /// The strategy's matrix row as the cases that break a property, with the property each breaks.
    static func brokenCells(_ strategy: Strategy) -> [(lifecycle: LifecycleCase, property: ExploreProperty)] {
        let matrix = LifecycleMatrix()
        return LifecycleCase.all.compactMap { lifecycle in
            let cell = matrix.cell(strategy: strategy, case: lifecycle, library: library)
            return property(cell, crossDevice: lifecycle.isCrossDevice).map { (lifecycle, $0) }
        }
    }

    @Test("every break in a strategy's matrix row is found by explore within depth 8, in the events of its lifecycle case",
          arguments: StrategyCatalog.builtIn.all.filter { StrategyCatalog.original(ofTwin: $0.name) == nil }.map(\.name))
    func agreesWithMatrix(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        // One search per property and alphabet: the cases' own events keep each search small (the
        // whole alphabet at once is the next test's, for a few strategies).
        var searches: [String: (property: ExploreProperty, events: Set<String>, cases: [String])] = [:]
        for (lifecycle, property) in Self.brokenCells(strategy) {
            let events = lifecycle.eventKeys.intersection(matrixEvents)
            // A second device of the iCloud account installs afresh: its Δ is no move of the ID,
            // and explore's `follows` looks only across a restore or a migration.
            if property == .follows && events.isDisjoint(with: ["restore", "migrate"]) { continue }
            let key = property.rawValue + ":" + events.sorted().joined(separator: ",")
            searches[key, default: (property, events, [])].cases.append(lifecycle.id)
        }
        for (_, search) in searches.sorted(by: { $0.key < $1.key }) {
            let explorer = try Explorer.forStrategy(strategy, library: Self.library, events: search.events)
            let outcome = explorer.run(properties: [search.property], depth: 8)
            let steps = outcome.breaks[search.property]
            #expect(steps != nil, "\(name): the matrix breaks \(search.property.rawValue) in \(search.cases), explore found no break in \(search.events.sorted())")
            #expect((steps?.count ?? 0) <= 8, "\(name) \(search.property): \(steps?.count ?? 0) steps")
        }
    }

    @Test("with every matrix event at once, explore finds each break of the row within depth 8",
          arguments: ["keychain-idfv", "rndi", "zbuuid", "devicecheck"])
    func agreesWithMatrixInTheWholeAlphabet(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let expected = Set(Self.brokenCells(strategy).map(\.property))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library, events: matrixEvents)
        let outcome = explorer.run(properties: expected, depth: 8)
        #expect(Set(outcome.breaks.keys) == expected, "\(name): matrix breaks \(expected.map(\.rawValue).sorted()), explore found \(outcome.breaks.keys.map(\.rawValue).sorted())")
        for (property, steps) in outcome.breaks { #expect(steps.count <= 8, "\(name) \(property): \(steps.count) steps") }
    }

    @Test("no sequence shorter than explore's break exists (brute force to depth 4 on a small alphabet)",
          arguments: ["keychain-idfv", "rndi", "zbuuid", "flutter-udid"])
    func shortestAgainstBruteForce(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let events: Set<String> = ["install", "uninstall", "launch", "reboot", "erase", "migrate"]
        var explorer = try Explorer.forStrategy(strategy, library: Self.library, events: events)
        // Background launches only (a user opening an app needs it unlocked): a smaller alphabet.
        let steps = explorer.steps.filter {
            if case .launch(_, let mode, _) = $0.event { return mode != .prewarm }
            return true
        }
        explorer = Explorer(root: explorer.root, steps: steps, programs: Self.library, app: 0, value: strategy.matrixValue)
        let depth = 4
        let outcome = explorer.run(properties: Set(ExploreProperty.allCases), depth: depth)
        // Every sequence of up to `depth` steps, depth first, each property's shortest break.
        var shortest: [ExploreProperty: Int] = [:]
        func visit(_ state: ExploreState, _ length: Int) {
            guard length < depth else { return }
            for step in steps {
                var next = state
                guard let broken = explorer.probe(&next, step) else { continue }
                for property in broken where (shortest[property] ?? .max) > length + 1 { shortest[property] = length + 1 }
                visit(next, length + 1)
            }
        }
        visit(explorer.root, 0)
        #expect(Set(shortest.keys) == Set(outcome.breaks.keys), "\(name)")
        for (property, steps) in outcome.breaks { #expect(steps.count == shortest[property], "\(name) \(property)") }
    }

    @Test("each saved counterexample holds at every step but the last, and fails there")
    func counterexamplesReplay() throws {
        for name in ["keychain-idfv", "rndi", "cordova-device", "devicecheck", "firebase-installations"] {
            let strategy = try #require(Self.library.strategy(named: name))
            // firebase-installations needs its googleAppID: an example, as `explore` gives every built-in.
            let target = ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: 2, os: OSVersion(17, 5),
                                                    options: strategy.withExamples([:]))
            let explorer = Explorer.from(try target.startWorld(), app: 0, strategy: strategy, library: target.library, events: matrixEvents)
            let outcome = explorer.run(properties: Set(ExploreProperty.allCases), depth: 5)
            #expect(!outcome.breaks.isEmpty, "\(name)")
            for (property, steps) in outcome.breaks {
                let scenario = try target.scenario(for: steps, property: property)
                // Written and read back, as `--save` then `idscope check` do.
                let reread = try ScenarioParser.parse(ScenarioWriter.yaml(scenario), file: "\(name)-\(property).yaml")
                var failedAt: [Int] = []
                try Session.run(reread) { outcome in if !outcome.failures.isEmpty { failedAt.append(outcome.number) } }
                #expect(failedAt == [reread.steps.count], "\(name) \(property): failures at \(failedAt)")
            }
        }
    }

    @Test("states that differ only in generated values or launch history share a fingerprint; a different relation does not")
    func canonicalFingerprints() throws {
        let strategy = try #require(Self.library.strategy(named: "zbuuid"))
        func state(seed: UInt64, _ events: [Event], trackingBlind: Bool = false) throws -> ExploreState {
            var world = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5), seed: seed)
            for event in events { try world.apply(Step(event, on: 0), programs: Self.library) }
            return ExploreState(world: world, app: 0, value: nil, trackingBlind: trackingBlind)
        }
        let run: [Event] = [.install(0, source: nil), .launch(0, mode: .foreground)]
        #expect(Explorer.fingerprint(try state(seed: 1, run)) == Explorer.fingerprint(try state(seed: 99, run)))
        // A second launch changes nothing but the launch history and the clock.
        #expect(Explorer.fingerprint(try state(seed: 1, run)) == Explorer.fingerprint(try state(seed: 1, run + [.launch(0, mode: .foreground)])))
        // Reinstalling the vendor's only app gives a new IDFV: the keychain copy no longer matches it.
        let reinstalled = try state(seed: 1, run + [.uninstall(0), .install(0, source: nil)])
        #expect(Explorer.fingerprint(try state(seed: 1, run)) != Explorer.fingerprint(reinstalled))
        // Backups (hashed once, when made) rename alike too, and keep their relation to the device:
        // a backup of the current ID is not a backup of an earlier one.
        let backup: Event = .backup(.encrypted, name: "b")
        let reinstall: [Event] = [.uninstall(0), .install(0, source: nil), .launch(0, mode: .foreground)]
        #expect(Explorer.fingerprint(try state(seed: 1, run + [backup])) == Explorer.fingerprint(try state(seed: 7, run + [backup])))
        #expect(Explorer.fingerprint(try state(seed: 1, run + [backup] + reinstall))
                != Explorer.fingerprint(try state(seed: 1, run + reinstall + [backup])))
        // The search's own path (backups hashed as they are made) fingerprints as a state built whole
        // when the backup holds the ID the app has now.
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        var searched = explorer.root
        for event in run + reinstall + [backup] { #expect(explorer.probe(&searched, Step(event, on: 0)) != nil) }
        #expect(explorer.root.trackingBlind, "zbuuid never reads tracking state")
        #expect(Explorer.fingerprint(searched) == Explorer.fingerprint(try state(seed: 1, run + reinstall + [backup], trackingBlind: true)))
        // A backup taken before the ID changed: the search knows the ID it held (what `follows`
        // compares a restored copy with); a state built whole from a scenario can only take today's.
        var older = explorer.root
        for event in run + [backup] + reinstall { #expect(explorer.probe(&older, Step(event, on: 0)) != nil) }
        #expect(Explorer.fingerprint(older) != Explorer.fingerprint(try state(seed: 1, run + [backup] + reinstall, trackingBlind: true)))
    }

    @Test("generated values inside \"|\"-joined values and at the end of keys are renamed too, keeping their relations")
    func compoundValuesRename() throws {
        func state(_ name: String, seed: UInt64, _ steps: [Step]) throws -> ExploreState {
            let strategy = try #require(Self.library.strategy(named: name))
            var world = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5), seed: seed)
            for step in steps { try world.apply(step, programs: Self.library) }
            return ExploreState(world: world, app: 0, value: strategy.matrixValue)
        }
        let launched = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)]
        // OpenUDID keeps "id|owner" records; FCUUID a "|"-joined device list and an iCloud key
        // ending in the device's UUID. Other seeds draw other values: the same state.
        for name in ["openudid", "fcuuid"] {
            #expect(Explorer.fingerprint(try state(name, seed: 1, launched)) == Explorer.fingerprint(try state(name, seed: 42, launched)), "\(name)")
        }
        // Two devices' records: which device drew first changes only the values drawn.
        let both = [Step(.install(0, source: nil), on: 0), Step(.install(0, source: nil), on: 1)]
        let phoneFirst = both + [Step(.launch(0, mode: .foreground), on: 0), Step(.launch(0, mode: .foreground), on: 1)]
        let phone2First = both + [Step(.launch(0, mode: .foreground), on: 1), Step(.launch(0, mode: .foreground), on: 0)]
        #expect(Explorer.fingerprint(try state("openudid", seed: 1, phoneFirst)) == Explorer.fingerprint(try state("openudid", seed: 1, phone2First)))
        // Relations still tell states apart: which part of a record another value copies, or
        // whether it copies one at all.
        func stored(_ record: String, _ copy: String) throws -> Int {
            var world = try ExploreWorld.make(strategy: try #require(Self.library.strategy(named: "openudid")), devices: 1,
                                              os: OSVersion(17, 5))
            try world.apply(Step(.install(0, source: nil), on: 0), programs: Self.library)
            world.devices[0].apps[0]!.container.defaults = ["copy": copy, "record": record]
            return Explorer.fingerprint(ExploreState(world: world, app: 0, value: nil))
        }
        let u1 = "0f8e1a36c5b94d2e8c7b6a5f4e3d2c1b", u2 = "9a8b7c6d5e4f40312a1b2c3d4e5f6a7b", u3 = "5d4c3b2a19084f7e8d6c5b4a39281706"
        let v1 = "1e2d3c4b5a6948778695a4b3c2d1e0f9", v2 = "7a6b5c4d3e2f41008f9e8d7c6b5a4938"
        #expect(try stored(u1 + "|" + u2, u1) == stored(v1 + "|" + v2, v1))
        #expect(try stored(u1 + "|" + u2, u1) != stored(u1 + "|" + u2, u2))
        #expect(try stored(u1 + "|" + u2, u1) != stored(u1 + "|" + u2, u3))
        // A copy's spelling counts (app code that compares copies sees it): upper case, or dashes,
        // is another state; a renaming is not.
        let dashed = u1.enumerated().map { $0.offset == 8 ? "-" + String($0.element) : String($0.element) }.joined()
        #expect(try stored(u1 + "|" + u2, u1.uppercased()) != stored(u1 + "|" + u2, u1))
        #expect(try stored(u1 + "|" + u2, dashed) != stored(u1 + "|" + u2, u1))
        #expect(try stored(u1 + "|" + u2, u1.uppercased()) == stored(v1 + "|" + v2, v1.uppercased()))
        // Short text joined by "|" is not a record of generated values, and is hashed as it is.
        #expect(try stored("on|off", u1) != stored("off|on", u1))
    }

    /// The search rehashes only the devices a step may have changed (its own, and those sharing
    /// its Apple ID); a form left stale would merge states that differ, and hide breaks.
    @Test("the forms kept along random walks equal every device hashed afresh",
          arguments: ["fcuuid", "id-kit", "keychain-idfv", "openudid", "appattest", "devicecheck"])
    func incrementalFingerprints(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library, devices: 3)
        var applied = 0
        explorer.randomWalks(seed: 0x5eed, walks: 60, length: 30) { state, last, _ in
            guard last.applied else { return }
            applied += 1
            #expect(Explorer.fingerprint(state) == Explorer.fingerprintFromScratch(state), "\(name) after \(last.step)")
        }
        #expect(applied > 300)
    }

    @Test("the alphabet covers every explore event, and upgrades stop at each rule boundary above the devices' version")
    func alphabet() throws {
        let strategy = try #require(Self.library.strategy(named: "rndi"))
        let world = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(13, 0))
        let steps = ActionAlphabet.steps(for: world, app: 0, deviceCheckBits: true, appleUserID: true)
        // Every key but purgeCaches and biometryChange, which are offered only when asked for.
        #expect(Set(steps.map(\.event.key)) == Set(ActionAlphabet.eventKeys).subtracting(ActionAlphabet.askedOnly))
        let asked = ActionAlphabet.steps(for: world, app: 0, events: ["purgeCaches"])
        #expect(asked.count == 2 && asked.allSatisfy { $0.event == .purgeCaches })
        let biometry = ActionAlphabet.steps(for: world, app: 0, events: ["biometryChange"])
        #expect(biometry.count == 2 && biometry.allSatisfy { $0.event == .biometryChange })
        // The step options, by their names: the followed app's offline launches, iCloud Keychain off
        // deleting its items, ATT requests while inactive; none of them without asking.
        let options = ActionAlphabet.steps(for: world, app: 0, events: Set(ActionAlphabet.optionKeys))
        #expect(options.filter { if case .launch(0, _, false) = $0.event { true } else { false } }.count == 2 * LaunchMode.allCases.count)
        #expect(options.filter { $0.event == .iCloudKeychain(false, keep: false) }.count == 2)
        #expect(options.filter { if case .requestTracking(0, _, _, false) = $0.event { true } else { false } }.count == 2 * TrackingAnswer.allCases.count)
        #expect(!steps.contains { if case .launch(_, _, false) = $0.event { true } else { false } })
        let upgrades = steps.compactMap { step -> OSVersion? in if case .upgrade(let v) = step.event, step.device == 0 { return v }; return nil }
        #expect(upgrades.contains(OSVersion(14, 0)) && upgrades.contains(OSVersion(14, 5)) && upgrades.allSatisfy { $0 > OSVersion(13, 0) })
        let limited = ActionAlphabet.steps(for: world, app: 0, events: ["reboot"])
        #expect(limited.count == 2 && limited.allSatisfy { $0.event == .reboot })
    }
}
