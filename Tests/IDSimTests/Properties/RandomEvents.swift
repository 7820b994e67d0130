import IDSim

/// Generates random, often invalid, steps for property tests: the invalid ones must be
/// rejected without a trace, the valid ones must keep every invariant.
struct RandomEvents {
    var rng: SeededGenerator

    static let versions = ["6.1", "7.0", "9.3", "10.3", "12.0", "13.5", "14.3", "14.5", "16.0", "17.5", "18.0"]

    /// A world of three devices (one a Simulator), two teams, a shared keychain group, two accounts.
    static func world(seed: UInt64, os: String, profile: Profile = .default) -> World {
        let shared = "ACME1234.com.acme.shared"
        let apps = [
            AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", options: ["accessible": .string("afterFirstUnlock")]),
            AppDeclaration(bundleID: "com.acme.news", teamID: "ACME1234",
                           options: ["accessible": .string("afterFirstUnlockThisDeviceOnly"), "group": .string(shared)],
                           keychainAccessGroups: [shared]),
            AppDeclaration(bundleID: "com.acme.mail", teamID: "ACME1234", options: ["sync": .bool(true)]),
            AppDeclaration(bundleID: "org.other.game", teamID: "OTHR5678", options: ["accessible": .string("whenUnlocked")]),
            AppDeclaration(bundleID: "org.other.chat", teamID: "OTHR5678",
                           options: ["accessible": .string("whenPasscodeSetThisDeviceOnly")]),
        ]
        let version = OSVersion(parsing: os)!
        let devices = [
            DeviceSpec(name: "phone", os: version, appleID: "alice"),
            DeviceSpec(name: "pad", kind: .ipad, os: version, appleID: "alice"),
            DeviceSpec(name: "sim", kind: .simulator, os: version, passcode: false),
        ]
        return try! World(seed: seed, profile: profile, accounts: [Account(id: "alice"), Account(id: "bob")],
                          devices: devices, apps: apps)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(rng.next() % UInt64(items.count))]
    }

    mutating func bool() -> Bool { rng.next() & 1 == 0 }

    mutating func step(in world: World) -> Step {
        let app = Int(rng.next() % UInt64(world.apps.count))
        let device = Int(rng.next() % UInt64(world.devices.count))
        let event: Event
        switch rng.next() % 30 {
        case 0...3: event = .install(app, source: pick([nil, .appstore, .testflight, .xcode]))
        case 4...6: event = .uninstall(app)
        case 7...11: event = .launch(app, mode: pick([.foreground, .foreground, .background, .prewarm]))
        case 12: event = .offload(app)
        case 13: event = .update(app, newTeam: nil)
        case 14: event = .requestTracking(app, answer: pick([.allow, .deny]), otherPromptPending: rng.next() % 5 == 0)
        case 15: event = .trackingToggle(app, on: bool())
        case 16: event = .setting(SettingsChange(allowTrackingRequests: pick([nil, true, false]), continueTracking: pick([nil, true, false]),
                                                 limitAdTracking: pick([nil, true, false]), trackingRestricted: pick([nil, nil, false, true])))
        case 17: event = pick([.resetAdvertisingID, .resetLocationAndPrivacy, .consent(app)])
        case 18: event = .reboot
        case 19: event = pick([.unlock, .unlock, .lock])
        case 20: event = .passcode(bool())
        case 21: event = .upgrade(OSVersion(parsing: pick(Self.versions))!)
        case 22: event = .erase
        case 23: event = pick([.signIn(account: Int(rng.next() % 2)), .signOut(), .iCloudKeychain(bool())])
        case 24, 25: event = .backup(pick([.encrypted, .unencrypted, .icloud]), name: pick(["b1", "b2"]))
        case 26, 27: event = .restore(backup: pick(["b1", "b2", "nope"]))
        case 28: event = .migrate(from: Int(rng.next() % UInt64(world.devices.count)))
        default: event = .deviceCheck(app, bit0: pick([nil, true, false]), bit1: pick([nil, true]))
        }
        return Step(event, on: device)
    }
}
