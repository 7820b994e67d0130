@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// Steps the search skips without trying them. At the last depth, a launch on a device the
/// state's last step left alone: it reads and is judged as the same launch from the parent, which
/// was tried one step earlier. Anywhere, a step the core certainly refuses. A rule that skipped
/// too much would hide breaks whose shortest form happens to have a twin of the same length,
/// which the search-level tests cannot see, so each rule is tested on its own.
@Suite("explore's skipped steps")
struct SearchCutTests {
    static let library = StrategyCatalog.builtIn

    /// The devices `LaunchView.devicesReached` leaves out for `step` taken after `before`.
    static func unreached(_ strategy: String, after before: [Step], then step: Step) throws -> [DeviceIndex] {
        let explorer = try Explorer.forStrategy(try #require(library.strategy(named: strategy)), library: library)
        let parent = explorer.state(after: before)
        var state = parent
        #expect(explorer.probe(&state, step) != nil, "\(step)")
        let reached = LaunchView.devicesReached(from: parent, to: state)
        return (0..<state.world.deviceCount).filter { reached & LaunchView.bit($0) == 0 }
    }

    @Test("a step that changes only its own device leaves the other device's launches to the parent")
    func ownDeviceOnly() throws {
        let installed = [Step(.install(0, source: nil), on: 0), Step(.install(0, source: nil), on: 1)]
        #expect(try Self.unreached("rndi", after: installed, then: Step(.install(1, source: nil), on: 0)) == [1])
        #expect(try Self.unreached("rndi", after: installed, then: Step(.reboot, on: 1)) == [0])
    }

    @Test("a launch of the followed app changes what the other device's launch is judged against")
    func followedLaunch() throws {
        let installed = [Step(.install(0, source: nil), on: 0), Step(.install(0, source: nil), on: 1)]
        #expect(try Self.unreached("rndi", after: installed, then: Step(.launch(0, mode: .foreground), on: 0)) == [])
        // An erase ends the device's hold on its value, which `unique` reads.
        let launched = installed + [Step(.launch(0, mode: .foreground), on: 0)]
        #expect(try Self.unreached("rndi", after: launched, then: Step(.erase, on: 0)) == [])
    }

    @Test("a step that reaches the Apple ID or the other device's keychain skips nothing")
    func sharedState() throws {
        // FCUUID keeps a synchronizable keychain list and iCloud key-value entries: the companion
        // app's launch on one phone reaches the other through iCloud.
        let installed = [Step(.install(0, source: nil), on: 0), Step(.install(1, source: nil), on: 0),
                         Step(.install(0, source: nil), on: 1)]
        #expect(try Self.unreached("fcuuid", after: installed, then: Step(.launch(1, mode: .foreground), on: 0)) == [])
        // DeviceCheck's bits live on Apple's server, read by a launch on any device of the team.
        let devicecheck = [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)]
        #expect(try Self.unreached("devicecheck", after: devicecheck, then: Step(.deviceCheck(0, bit0: true, bit1: nil), on: 0)) == [])
    }

    /// The search skips a step the core certainly refuses without copying the state to try it;
    /// a refusal claimed wrongly would drop a successor, and maybe a break.
    @Test("every step the core certainly refuses is refused when tried",
          arguments: ["rndi", "fcuuid", "devicecheck", "keychain-idfv@12.0"])
    func certainRefusals(name: String) throws {
        var claimed = 0, tried = 0
        try Self.walk(name) { state, step in
            var world = state.world
            let refused = (try? world.apply(step, programs: Self.library, recordingChanges: false)) == nil
            tried += 1
            if state.world.certainlyRefuses(step) {
                claimed += 1
                #expect(refused, "\(name): \(step) was claimed refused but applied")
            }
        }
        // Not vacuous: most refusals are known without trying.
        #expect(claimed > tried / 4, "\(claimed) of \(tried)")
    }

    /// The search skips a step certain to change nothing (it would lead back to a visited state);
    /// claimed wrongly, a successor would be lost.
    @Test("every step claimed to change nothing applies and leaves the world as it was but its clock",
          arguments: ["rndi", "fcuuid", "devicecheck", "keychain-idfv@12.0"])
    func certainNoOps(name: String) throws {
        var claimed: [Event.Kind: Int] = [:]
        try Self.walk(name) { state, step in
            guard state.world.certainlyChangesNothing(step) else { return }
            claimed[step.event.kind, default: 0] += 1
            #expect(!state.world.certainlyRefuses(step), "\(name): \(step) claimed both refused and a no-op")
            var world = state.world
            do {
                try world.apply(step, programs: Self.library, recordingChanges: false)
                world.clock = state.world.clock
                #expect(world == state.world, "\(name): \(step) was claimed to change nothing but did")
            } catch {
                Issue.record("\(name): \(step) was claimed to change nothing but was refused: \(error)")
            }
        }
        // Not vacuous: the walks meet most kinds of no-op (consent given twice is too rare in them:
        // see `consentTwice`). On iOS 12 an ATT request needs an upgrade first, and an answer after it.
        var expected: Set<Event.Kind> = [.signIn, .signOut, .iCloudKeychain, .setting, .unlock, .lock, .update, .reboot]
        if !name.hasSuffix("@12.0") { expected.insert(.requestTracking) }
        #expect(expected.isSubset(of: Set(claimed.keys)), "\(name): \(claimed)")
    }

    /// A tracking-blind search skips a step certain to write only tracking state: its state
    /// fingerprints as the parent. Claimed wrongly, a step that wrote something else (a request
    /// that ends the app's process) would be lost.
    @Test("every step claimed to write only tracking state leaves the rest of the world as it was",
          arguments: ["rndi", "fcuuid", "devicecheck", "keychain-idfv@12.0"])
    func trackingOnlySteps(name: String) throws {
        var claimed: [Event.Kind: Int] = [:]
        try Self.walk(name) { state, step in
            guard state.world.certainlyWritesOnlyTrackingState(step) else { return }
            var world = state.world
            guard (try? world.apply(step, programs: Self.library, recordingChanges: false)) != nil else { return }
            claimed[step.event.kind, default: 0] += 1
            let restRestored = Self.withTrackingState(of: state.world, in: world) == state.world
            #expect(restRestored, "\(name): \(step) was claimed to write only tracking state but wrote more")
        }
        // Not vacuous: settings change on every iOS; ATT requests and consent need iOS 14.
        var expected: Set<Event.Kind> = [.setting]
        if !name.hasSuffix("@12.0") { expected.formUnion([.requestTracking, .consent]) }
        #expect(expected.isSubset(of: Set(claimed.keys)), "\(name): \(claimed)")
    }

    @Test("an ATT request from an app without a purpose string ends its process, and is not claimed to write only tracking state")
    func requestWithoutPurposeString() throws {
        let strategy = try #require(Self.library.strategy(named: "rndi"))
        var world = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5))
        world.apps[0].hasTrackingUsageDescription = false
        let explorer = Explorer.from(world, app: 0, strategy: strategy, library: Self.library)
        let running = explorer.state(after: [Step(.install(0, source: nil), on: 0), Step(.launch(0, mode: .foreground), on: 0)])
        let request = Step(.requestTracking(0, answer: .allow, otherPromptPending: false), on: 0)
        #expect(!running.world.certainlyWritesOnlyTrackingState(request))
        #expect(!running.certainlyLeadsBack(request))
        var after = running.world
        try after.apply(request, programs: Self.library, recordingChanges: false)
        #expect(running.world.devices[0].processes.isPresent(0) && !after.devices[0].processes.isPresent(0))
    }

    /// `world` with the tracking state, clock and random draws of `original`.
    static func withTrackingState(of original: World, in world: World) -> World {
        var world = world
        world.clock = original.clock
        world.rng = original.rng
        for d in 0..<world.deviceCount {
            world.devices[d].idfa = original.devices[d].idfa
            world.devices[d].settings = original.devices[d].settings
            for app in world.devices[d].apps.presentIndices() {
                guard let was = original.devices[d].apps[app] else { continue }
                world.devices[d].apps[app]!.att = was.att
                world.devices[d].apps[app]!.trackingRequested = was.trackingRequested
                world.devices[d].apps[app]!.container.consent = was.container.consent
            }
        }
        return world
    }

    @Test("consent given again changes nothing, and is known to")
    func consentTwice() throws {
        let explorer = try Explorer.forStrategy(try #require(Self.library.strategy(named: "rndi")), library: Self.library)
        var state = explorer.root
        let consent = Step(.consent(0), on: 0)
        #expect(state.world.certainlyRefuses(consent))
        _ = explorer.probe(&state, Step(.install(0, source: nil), on: 0))
        #expect(!state.world.certainlyChangesNothing(consent))
        _ = explorer.probe(&state, consent)
        #expect(state.world.certainlyChangesNothing(consent))
        var world = state.world
        try world.apply(consent, programs: Self.library, recordingChanges: false)
        world.clock = state.world.clock
        #expect(world == state.world)
    }

    @Test("an update is known to change nothing only while the app's code is not running and the IDFV stays")
    func updateForeseen() throws {
        let strategy = try #require(Self.library.strategy(named: "rndi"))
        let update = Step(.update(0, newTeam: nil), on: 0)
        let install = Step(.install(0, source: nil), on: 0), launch = Step(.launch(0, mode: .foreground), on: 0)
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        let installed = explorer.state(after: [install]), running = explorer.state(after: [install, launch])
        #expect(installed.world.certainlyChangesNothing(update))
        #expect(!running.world.certainlyChangesNothing(update))
        var world = running.world
        try world.apply(update, programs: Self.library, recordingChanges: false)
        #expect(!world.devices[0].processes.isPresent(0), "the update ended the app's process")
        // Field report B8: where the profile draws a new IDFV on update, an update always changes something.
        var regenerating = try ExploreWorld.make(strategy: strategy, devices: 2, os: OSVersion(17, 5))
        regenerating.profile.idfvOnUpdate = .regenerate
        let b8 = Explorer.from(regenerating, app: 0, strategy: strategy, library: Self.library).state(after: [install])
        #expect(!b8.world.certainlyChangesNothing(update))
        var changed = b8.world
        try changed.apply(update, programs: Self.library, recordingChanges: false)
        #expect(changed.devices[0].vendorTable != b8.world.devices[0].vendorTable)
    }

    /// Random walks from the default world of a strategy ("name@os" for another iOS): at each
    /// state of each walk, `body` sees every step of the alphabet.
    static func walk(_ name: String, _ body: (ExploreState, Step) -> Void) throws {
        let explorer = try Explorer.named(name)
        explorer.randomWalks(seed: 0xfeed, walks: 40, length: 12) { state, _, _ in
            for step in explorer.steps { body(state, step) }
        }
    }
}
