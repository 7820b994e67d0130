import IDSim

/// The benchmark world and its event stream: 10 devices, 200 apps from 40 teams, two accounts.
enum Workload {
    static func world(seed: UInt64 = 1) -> World {
        var apps: [AppDeclaration] = []
        for i in 0..<200 {
            let team = "TEAM\(i % 40)"
            apps.append(AppDeclaration(bundleID: "com.vendor\(i % 40).app\(i)", teamID: team))
        }
        let versions = ["12.4", "14.3", "15.8", "16.7", "17.5", "17.5", "18.2", "18.2", "13.7", "17.0"]
        let devices = (0..<10).map { i in
            DeviceSpec(name: "device\(i)", kind: i == 9 ? .simulator : (i % 3 == 0 ? .ipad : .iphone),
                       os: OSVersion(parsing: versions[i])!, passcode: i != 9, appleID: i < 9 ? (i % 2 == 0 ? "alice" : "bob") : nil)
        }
        return try! World(seed: seed, accounts: [Account(id: "alice"), Account(id: "bob")], devices: devices, apps: apps)
    }

    /// App code that keeps a GUID in the keychain, like the seeds do: one read per launch,
    /// one write the first time.
    static let guidApp = ClosureProgram { os in
        let query = KeychainQuery(service: "guid", account: "device")
        let (status, item) = os.secItemCopyMatching(query)
        if status == .success, let item { return LaunchReport(primaryID: item.value, values: []) }
        let fresh = os.newUUID().uuidString
        os.secItemAdd(KeychainAttributes(service: "guid", account: "device", value: fresh, accessible: .afterFirstUnlock))
        return LaunchReport(primaryID: fresh, values: [])
    }

    /// A stream of steps that apply, drawn with frequencies like a long interactive session:
    /// mostly launches and installs, some settings and reboots, rare erases and restores.
    static func steps(count: Int, seed: UInt64, programs: any AppProgramResolver) -> (World, [Step]) {
        let initial = world()
        var world = initial
        var rng = SeededGenerator(seed: seed)
        var steps: [Step] = []
        steps.reserveCapacity(count)
        while steps.count < count {
            let step = randomStep(&rng, world)
            if (try? world.apply(step, programs: programs)) != nil { steps.append(step) }
        }
        return (initial, steps)
    }

    /// Events applied per second on one core, the median of five runs of `initial` through
    /// `stream`. Without a change list (as a timeline replays them) it is the core's speed on this
    /// host, which explore's goal is stated against.
    static func eventRate(_ initial: World, _ stream: [Step], programs: any AppProgramResolver, recordingChanges: Bool) -> Double {
        var rates: [Double] = []
        for _ in 0..<5 {
            var world = initial
            let start = Measure.now()
            for step in stream { _ = try? world.apply(step, programs: programs, recordingChanges: recordingChanges) }
            rates.append(Double(stream.count) / (Double(Measure.now() - start) / 1e9))
        }
        return Measure.median(rates)
    }

    static func randomStep(_ rng: inout SeededGenerator, _ world: World) -> Step {
        let device = Int(rng.next() % 10)
        let app = Int(rng.next() % 200)
        let roll = rng.next() % 10_000
        let event: Event
        switch roll {
        case 0..<3_000: event = .launch(app, mode: rng.next() % 8 == 0 ? .background : .foreground)
        case 3_000..<5_000: event = world.devices[device].apps[app] == nil ? .install(app, source: nil) : .uninstall(app)
        case 5_000..<5_600: event = .update(app, newTeam: nil)
        case 5_600..<6_000: event = .offload(app)
        case 6_000..<7_000: event = .requestTracking(app, answer: rng.next() & 1 == 0 ? .allow : .deny, otherPromptPending: false)
        case 7_000..<7_500: event = .trackingToggle(app, on: rng.next() & 1 == 0)
        case 7_500..<8_000: event = .consent(app)
        case 8_000..<8_600: event = .reboot
        case 8_600..<9_600: event = rng.next() % 3 == 0 ? .lock : .unlock
        case 9_600..<9_800: event = .setting(SettingsChange(allowTrackingRequests: rng.next() & 1 == 0))
        case 9_800..<9_900: event = .deviceCheck(app, bit0: rng.next() & 1 == 0, bit1: nil)
        case 9_900..<9_950: event = .backup(.encrypted, name: "b\(rng.next() % 3)")
        case 9_950..<9_980: event = .note("narration")
        case 9_980..<9_990: event = .restore(backup: "b\(rng.next() % 3)")
        case 9_990..<9_995: event = .erase
        default: event = .migrate(from: Int(rng.next() % 10))
        }
        return Step(event, on: device)
    }
}
