import IDSim
import IDStrategies
import Testing

/// A world of strategy apps driven by names: `try run(.reboot)`, `launch("shop")`, `id("shop")`.
struct AppWorld {
    var world: World

    init(os: String = "17.5", kind: DeviceKind = .iphone, extraDevices: [DeviceSpec] = [], accounts: [Account] = [],
         appleID: String? = nil, apps: [AppDeclaration], profile: Profile = .default, seed: UInt64 = 3) throws {
        let phone = DeviceSpec(name: "phone", kind: kind, os: OSVersion(parsing: os)!, passcode: kind != .simulator, appleID: appleID)
        world = try World(seed: seed, profile: profile, accounts: accounts, devices: [phone] + extraDevices, apps: apps)
    }

    static func app(_ bundle: String, team: String = "ACME1234", _ strategy: String, _ options: [String: OptionValue] = [:],
                    groups: [String] = []) -> AppDeclaration {
        AppDeclaration(bundleID: bundle, teamID: team, strategy: strategy, options: options, keychainAccessGroups: groups)
    }

    func app(_ name: String) -> AppIndex {
        world.apps.firstIndex { $0.bundleID == name || $0.bundleID.hasSuffix("." + name) }!
    }

    func device(_ name: String) -> DeviceIndex { world.deviceIndex(named: name)! }

    @discardableResult
    mutating func run(_ event: Event, on device: String = "phone") throws -> [Change] {
        try world.apply(Step(event, on: self.device(device)), programs: StrategyLibrary.builtIn)
    }

    mutating func install(_ app: String, on device: String = "phone") throws {
        try run(.install(self.app(app), source: nil), on: device)
    }

    mutating func uninstall(_ app: String, on device: String = "phone") throws { try run(.uninstall(self.app(app)), on: device) }

    /// Launches and returns the report.
    @discardableResult
    mutating func launch(_ app: String, _ mode: LaunchMode = .foreground, on device: String = "phone") throws -> LaunchReport {
        try run(.launch(self.app(app), mode: mode), on: device)
        return world.devices[self.device(device)].launches[self.app(app)]!.latest.report
    }

    /// The primary ID of a fresh launch.
    mutating func id(_ app: String, _ mode: LaunchMode = .foreground, on device: String = "phone") throws -> String? {
        try launch(app, mode, on: device).primaryID
    }
}
