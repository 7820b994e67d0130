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
        var parent = explorer.root
        for earlier in before { #expect(explorer.probe(&parent, earlier) != nil, "\(earlier)") }
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
          arguments: ["rndi", "fcuuid", "devicecheck"])
    func certainRefusals(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let explorer = try Explorer.forStrategy(strategy, library: Self.library)
        var random = SplitMix(seed: 0xfeed)
        var claimed = 0, tried = 0
        for _ in 0..<40 {
            var state = explorer.root
            for _ in 0..<12 {
                for step in explorer.steps {
                    var world = state.world
                    let refused = (try? world.apply(step, programs: Self.library, recordingChanges: false)) == nil
                    tried += 1
                    if state.world.certainlyRefuses(step) {
                        claimed += 1
                        #expect(refused, "\(name): \(step) was claimed refused but applied")
                    }
                }
                _ = explorer.probe(&state, explorer.steps[Int(random.next() % UInt64(explorer.steps.count))])
            }
        }
        // Not vacuous: most refusals are known without trying.
        #expect(claimed > tried / 4, "\(claimed) of \(tried)")
    }
}
