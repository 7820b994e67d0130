@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// At the end of a search only launches of the followed app are tried, and a state there is
/// expanded only when its launch view is new (`LaunchView`). That is sound only if a launch reads
/// nothing outside the view: these tests vary what lies outside it and check that launches break
/// and leave their device alike, and compare searches with and without the merge.
@Suite("explore's launch views")
struct LaunchViewTests {
    static let library = StrategyCatalog.builtIn

    /// What launching on `device` in each mode broke (nil: refused). (What a launch leaves behind
    /// does not matter here: at the last depth its state is never expanded.)
    static func launches(_ explorer: Explorer, from state: ExploreState, on device: DeviceIndex) -> [Set<ExploreProperty>?] {
        explorer.steps.filter { step in
            if case .launch(explorer.app, _, _) = step.event { return step.device == device }
            return false
        }.map { step in
            var after = state
            return explorer.probe(&after, step)
        }
    }

    /// Launches after a step, by the view the step read and the step: the first seen is kept, and
    /// every later one from the same view and step must match it.
    struct LaunchesByView {
        private var first: [Int: [Set<ExploreProperty>?]] = [:]
        private(set) var shared = 0

        mutating func check(view: Int, step: Int, _ launches: [Set<ExploreProperty>?], _ comment: Comment) {
            var key = FingerprintHasher()
            key.combine(view)
            key.combine(step)
            if let seen = first[key.finalize()] {
                shared += 1
                #expect(seen == launches, comment)
            } else {
                first[key.finalize()] = launches
            }
        }
    }

    @Test("a launch reads only its launch view: what lies outside it changes nothing",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "id-kit", "devicecheck", "firebase-installations", "svudid"])
    func launchReadsItsView(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        var unreached = 0, sameView = 0
        // Every launch outcome seen, by the launch view it came from.
        var outcomes: [Int: [Set<ExploreProperty>?]] = [:]
        explorer.randomWalks(seed: 0x1a0c, walks: 25, length: 10) { state, _, random in
            for device in 0..<state.world.deviceCount {
                let view = LaunchView.hash(of: state, on: LaunchView.bit(device), watching: .all)
                let here = Self.launches(explorer, from: state, on: device)
                if let seen = outcomes[view] {
                    sameView += 1
                    #expect(seen == here, "\(name): two states with one launch view launch differently on device \(device)")
                } else {
                    outcomes[view] = here
                }
                // A step the view says did not reach this device leaves its launches as they were.
                let step = random.pick(explorer.steps)
                var varied = state
                guard explorer.probe(&varied, step) != nil,
                      LaunchView.devicesReached(from: state, to: varied) & LaunchView.bit(device) == 0 else { continue }
                unreached += 1
                #expect(LaunchView.hash(of: varied, on: LaunchView.bit(device), watching: .all) == view, "\(name): \(step)")
                #expect(Self.launches(explorer, from: varied, on: device) == here, "\(name): \(step) changed launches on device \(device)")
            }
        }
        // Not vacuous: many steps left a device unreached, and many states shared a view.
        #expect(unreached > 50, "\(unreached)")
        #expect(sameView > 50, "\(sameView)")
    }

    @Test("an own step changes nothing but its device, and its device's view after it follows from its view before",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "id-kit", "devicecheck", "svudid", "openudid"])
    func ownStepsStayOnTheirDevice(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        let own = explorer.steps.filter { LaunchView.ownStep($0.event) }
        #expect(own.count > explorer.steps.count / 2)
        // Moving an app to another team changes what every device reads of it.
        #expect(!LaunchView.ownStep(.update(0, newTeam: "OTHER1234")) && LaunchView.ownStep(.update(0, newTeam: nil)))
        var checked = 0
        var after = LaunchesByView()
        explorer.randomWalks(seed: 0x0e5d, walks: 25, length: 10) { state, _, random in
            let step = random.pick(own)
            var next = state
            guard explorer.probe(&next, step) != nil else { return }
            checked += 1
            #expect(next.accountsForm == state.accountsForm && next.follow == state.follow
                    && next.world.deviceCheck == state.world.deviceCheck, "\(name): \(step) reached beyond its device")
            for d in 0..<state.world.deviceCount where d != step.device {
                #expect(next.deviceForms[d] == state.deviceForms[d], "\(name): \(step) changed device \(d)")
            }
            after.check(view: LaunchView.hash(of: state, on: LaunchView.bit(step.device), watching: .all),
                        step: explorer.steps.firstIndex(of: step)!, Self.launches(explorer, from: next, on: step.device),
                        "\(name): \(step) from one view of its device led to different launches")
        }
        #expect(checked > 100, "\(checked)")
        #expect(after.shared > 20, "\(after.shared)")
    }

    @Test("a restore reads only its restore view: the views and the backup it restores",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "id-kit", "svudid"])
    func restoreReadsItsView(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        let restores = explorer.steps.filter { if case .restore = $0.event { return true }; return false }
        let backups = explorer.steps.filter { if case .backup = $0.event { return true }; return false }
        var checked = 0
        var after = LaunchesByView()
        explorer.randomWalks(seed: 0x4e57, walks: 30, length: 12) { state, _, random in
            // Backups are a few of many steps: make them more often.
            if random.next() % 3 == 0 { _ = explorer.probe(&state, random.pick(backups)) }
            guard !state.backupForms.isEmpty else { return }
            var views = SIMD8<Int>()
            _ = LaunchView.restoreViews(of: state, watching: .all, backups: &views)
            let step = random.pick(restores)
            guard case .restore(let backup) = step.event, let b = state.backupForms.firstIndex(where: { $0.name == backup }) else { return }
            var next = state
            let applied = explorer.probe(&next, step) != nil
            checked += 1
            after.check(view: views[b], step: explorer.steps.firstIndex(of: step)!,
                        applied ? Self.launches(explorer, from: next, on: step.device) : [],
                        "\(name): \(step) from one restore view led to different launches")
        }
        #expect(checked > 50, "\(checked)")
        #expect(after.shared > 10, "\(after.shared)")
    }

    @Test("the view covers the launched devices, the Apple IDs, DeviceCheck's bits and the launch record as watched")
    func viewCoversWhatALaunchReads() throws {
        let strategy = try #require(Self.library.strategy(named: "devicecheck"))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        let state = explorer.state(after: [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)])
        func view(_ state: ExploreState, _ devices: UInt16, _ watching: PropertyMask = .all) -> Int {
            LaunchView.hash(of: state, on: devices, watching: watching)
        }
        let phone = LaunchView.bit(0), phone2 = LaunchView.bit(1)
        #expect(view(state, phone) != view(state, phone2))
        #expect(view(state, phone) != view(state, phone | phone2))
        // DeviceCheck's bits are read by a launch on any device.
        var bits = state
        #expect(explorer.probe(&bits, Step(.deviceCheck(0, bit0: true, bit1: nil), on: 0)) != nil)
        #expect(bits.deviceForms[1] == state.deviceForms[1] && view(bits, phone2) != view(state, phone2))
        // The Apple IDs' form: here, the same Apple ID with iCloud Keychain off.
        var accounts = state
        let keychainOff = try World(seed: 1, accounts: [Account(id: "alice", iCloudKeychain: false)],
                                    devices: ExploreWorld.devices(count: 2, os: OSVersion(17, 5)), apps: ExploreWorld.apps(strategy: strategy))
        accounts.accountsForm = Fingerprinter.PartForm(accountsOf: keychainOff, trackingBlind: false)
        #expect(accounts.accountsForm != state.accountsForm && view(accounts, phone2) != view(state, phone2))
        // The launch record: the other device's last value, read by `unique`, not by `available`.
        var record = state
        record.follow[0].last = "another value"
        #expect(view(record, phone2) != view(state, phone2))
        #expect(view(record, phone2, .available) == view(state, phone2, .available))
    }

    @Test("a backup marked as one no restore is taken from is refused by every restore of it, on every device",
          arguments: ["adjust", "keychain-idfv", "rndi", "fcuuid"])
    func unrestorableBackupsAreRefused(name: String) throws {
        let explorer = try Explorer.named(name)
        let model = explorer.model
        let worker = model.makeWorker()
        // Walks from a phone whose app has made its ID, so that some backups hold it and some not.
        let start = explorer.state(after: [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)])
        var random = SplitMix(seed: 11)
        var unrestorable = 0, restorable = 0
        for _ in 0..<60 {
            var state = start
            for _ in 0..<7 {
                _ = explorer.probe(&state, random.pick(explorer.steps))
                let views = LaunchViewMerge.twoBeforeLastViews(of: state, watching: .all).views
                for b in 0..<min(state.backupForms.count, LaunchViews.viewedBackups) {
                    let ofBackup = model.restoreSteps.filter {
                        if case .restore(let name) = explorer.steps[$0].event { return name == state.backupForms[b].name }
                        return false
                    }
                    #expect(ofBackup.count == state.world.deviceCount, "a restore of \(state.backupForms[b].name) onto each device")
                    if views.canRestore(b) {
                        restorable += 1
                        continue
                    }
                    unrestorable += 1
                    // The engine passes over every one before copying the state; applied anyway,
                    // each is refused.
                    for step in ofBackup {
                        #expect(model.skips(step, from: state, worker: worker), "\(explorer.steps[step])")
                        var after = state
                        #expect(explorer.probe(&after, explorer.steps[step]) == nil, "\(explorer.steps[step])")
                    }
                }
            }
        }
        #expect(unrestorable > 0 && restorable > 0, "not vacuous: \(unrestorable) backups no restore is taken from, \(restorable) others")
    }

    @Test("states left only restores of backups no restore is taken from are not replayed: the search is the same",
          arguments: ["adjust", "keychain-idfv", "rndi"])
    func unrestorableNodesNotReplayed(name: String) throws {
        let explorer = try Explorer.named(name)
        var replaying = explorer
        replaying.marksRefusedRestores = true
        let properties = Set(ExploreProperty.allCases)
        var fewer = false
        // A search's states and successors at every depth, and its outcome.
        func search(_ explorer: Explorer, depth: Int) -> (levels: [Int], outcome: ExploreOutcome) {
            var levels: [Int] = []
            let outcome = explorer.run(properties: properties, depth: depth, progress: { progress in
                if progress.depthDone { levels += [progress.states, progress.successors] }
            })
            return (levels, outcome)
        }
        for depth in [5, 6] {
            let a = search(explorer, depth: depth), b = search(replaying, depth: depth)
            #expect(a.outcome.breaks == b.outcome.breaks, "\(name) at depth \(depth)")
            #expect(a.levels == b.levels, "\(name) at depth \(depth): \(a.levels) vs \(b.levels)")
            #expect(a.outcome.expanded <= b.outcome.expanded)
            fewer = fewer || a.outcome.expanded < b.outcome.expanded
        }
        #expect(fewer, "\(name): some state is not replayed")
    }

    @Test("merging launch views keeps every break at its length and expands fewer states",
          arguments: ["rndi", "keychain-idfv", "fcuuid", "devicecheck"])
    func mergeKeepsBreaks(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let merged = try Explorer.forStrategy(strategy, library: Self.library)
        var unmerged = merged
        unmerged.reductions.remove(.launchViews)
        let properties = Set(ExploreProperty.allCases)
        for depth in [3, 5] {
            let a = merged.run(properties: properties, depth: depth), b = unmerged.run(properties: properties, depth: depth)
            #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name) at depth \(depth)")
            #expect(a.completedDepth == b.completedDepth)
            #expect(a.successors <= b.successors)
        }
        // Where some property holds to the depth, the last depth tries fewer launches.
        let available = merged.run(properties: [.available], depth: 5), all = unmerged.run(properties: [.available], depth: 5)
        #expect(available.breaks.isEmpty == all.breaks.isEmpty)
        if available.breaks.isEmpty { #expect(available.successors < all.successors, "\(available.successors) vs \(all.successors)") }
    }
}
