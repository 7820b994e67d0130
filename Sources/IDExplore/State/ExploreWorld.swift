import IDSim
import IDStrategies

/// The world explore starts from by default (the matrix's): `devices` iPhones with a passcode,
/// signed in to one Apple ID with iCloud Keychain on, nothing installed; an app of the strategy
/// and another app of its vendor.
package enum ExploreWorld {
    package static let subject = "com.acme.app"
    package static let companion = "com.acme.other"

    package static func deviceName(_ index: Int) -> String {
        index == 0 ? "phone" : "phone\(index + 1)"
    }

    package static func accounts() -> [Account] { [Account(id: "alice")] }

    package static func devices(count: Int, os: OSVersion) -> [DeviceSpec] {
        (0..<count).map { DeviceSpec(name: deviceName($0), os: os, passcode: true, appleID: "alice") }
    }

    package static func apps(strategy: Strategy, options: [String: OptionValue] = [:]) -> [AppDeclaration] {
        [subject, companion].map { bundle in
            var app = AppDeclaration(bundleID: bundle, teamID: "ACME1234", strategy: strategy.name, options: options)
            // The entitlements the strategy's code needs to work as shipped (SvUDID's shared group).
            app.keychainAccessGroups = strategy.sharedAccessGroups(for: app)
            // And the App Groups it keeps values in (a recipe's {appGroup}).
            app.appGroups = strategy.appGroups(for: app)
            return app
        }
    }

    package static func make(strategy: Strategy, devices count: Int, os: OSVersion, seed: UInt64 = 1) throws(SetupError) -> World {
        try World(seed: seed, accounts: accounts(), devices: devices(count: count, os: os), apps: apps(strategy: strategy))
    }
}

extension Explorer {
    /// A search of the default world for one strategy (the followed app is its first app).
    /// - Parameter events: event keys to use (nil: all of `ActionAlphabet.eventKeys`).
    package static func forStrategy(_ strategy: Strategy, library: StrategyLibrary, devices: Int = 2, os: OSVersion = OSVersion(17, 5),
                                   events: Set<String>? = nil) throws(SetupError) -> Explorer {
        let world = try ExploreWorld.make(strategy: strategy, devices: devices, os: os)
        return from(world, app: 0, strategy: strategy, library: library, events: events)
    }

    /// A search from any world (the end of a scenario), following one of its apps.
    package static func from(_ world: World, app: AppIndex, strategy: Strategy, library: StrategyLibrary, events: Set<String>? = nil) -> Explorer {
        let steps = ActionAlphabet.steps(for: world, app: app, events: events, deviceCheckBits: strategy.setsDeviceCheckBits,
                                         appleUserID: strategy.readsAppleUserID)
        let declared = codeIgnoresTracking(in: world, library: library)
        let proven = !declared && followedValueIgnoresTracking(in: world, app: app, strategy: strategy, library: library)
        var explorer = Explorer(root: ExploreState(world: world, app: app, value: strategy.matrixValue, trackingBlind: declared || proven),
                                steps: steps, programs: library, app: app, value: strategy.matrixValue)
        explorer.trackingBlindByFlow = proven
        // The alphabet offers the same actions on every device, so devices alike are interchangeable
        // (always in the default world; at a scenario's end only when nothing told them apart).
        explorer.symmetry = DeviceSymmetry(root: explorer.root)
        return explorer
    }

    /// Whether no app in the world runs code that reads tracking state, as their strategies
    /// declare (an app whose strategy is not in the library runs `BasicProgram`, which reads the IDFA).
    static func codeIgnoresTracking(in world: World, library: StrategyLibrary) -> Bool {
        world.apps.allSatisfy { library.strategy(named: $0.strategy).map { !$0.readsTracking } ?? false }
    }

    /// Whether the value followed cannot depend on tracking state though some app's code reads
    /// it: the followed app's strategy shows the value's flow apart from every read of the IDFA
    /// (`Strategy.readsTracking(value:)`, Meta's anon_id beside its advertiser_id), and every app
    /// in the world runs that strategy with the same options, so what the others' code reads and
    /// writes flows where the followed app's does (apps of a vendor share keychain groups and App
    /// Groups; another strategy's copies between them are not followed).
    static func followedValueIgnoresTracking(in world: World, app: AppIndex, strategy: Strategy, library: StrategyLibrary) -> Bool {
        let followed = world.apps[app]
        guard strategy.name == followed.strategy, !strategy.readsTracking(value: strategy.matrixValue) else { return false }
        return world.apps.allSatisfy { $0.strategy == followed.strategy && $0.options == followed.options }
    }
}
