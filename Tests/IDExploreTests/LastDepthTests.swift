@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// At the last depth the search skips a launch on a device the state's last step left alone: it
/// reads and is judged as the same launch from the parent, which was tried one step earlier. A
/// rule that skipped too much would hide breaks whose shortest form happens to have a twin of
/// the same length, which the search-level tests cannot see, so the rule is tested on its own.
@Suite("explore's last depth")
struct LastDepthTests {
    static let library = StrategyCatalog.builtIn

    /// The devices `devicesUnreached` reports for `step` taken after `before`.
    static func unreached(_ strategy: String, after before: [Step], then step: Step) throws -> [DeviceIndex] {
        let explorer = try Explorer.forStrategy(try #require(library.strategy(named: strategy)), library: library)
        var parent = explorer.root
        for earlier in before { #expect(explorer.probe(&parent, earlier) != nil, "\(earlier)") }
        var state = parent
        #expect(explorer.probe(&state, step) != nil, "\(step)")
        return Explorer.devicesUnreached(by: step, from: parent, to: state)
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
}
