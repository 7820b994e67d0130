import IDSim
@testable import IDStrategies
import Testing

@Suite("Strategy library")
struct StrategyLibraryTests {
    @Test("the library has the contract's strategies, in order, each with its value names")
    func catalog() {
        #expect(StrategyLibrary.builtIn.names == ["id-kit", "keychain-idfv", "svudid", "zbuuid", "fcuuid", "rndi", "devicecheck", "openudid", "appattest"])
        #expect(IDKit.valueNames == ["idfa", "idfv", "guid"])
        #expect(FCUUID.valueNames == ["uuidForInstallation", "uuidForVendor", "uuidForDevice", "uuidsOfUserDevices"])
        #expect(DeviceCheckStrategy.valueNames == ["bit0", "bit1", "lastUpdate", "token"])
    }

    @Test("unknown strategies and options name the nearest valid one; wrong types say what is expected")
    func validation() {
        #expect(StrategyLibrary.builtIn.problems(strategy: "idkit", options: [:]).map(\.description)
                == ["unknown strategy 'idkit'; did you mean 'id-kit'?"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "xyz", options: [:]).first?.description.contains("expected one of id-kit") == true)
        #expect(StrategyLibrary.builtIn.problems(strategy: "id-kit", options: ["polcy": .string("cn")]).map(\.description)
                == ["unknown option 'polcy' for strategy id-kit; did you mean 'policy'?"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "id-kit", options: ["policy": .string("chinaa")]).map(\.description)
                == ["invalid value 'chinaa' for option 'policy'; expected one of global, cn, strict"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "id-kit", options: ["policy": .string("stric")]).map(\.description)
                == ["invalid value 'stric' for option 'policy'; expected one of global, cn, strict; did you mean 'strict'?"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "id-kit", options: ["strict": .string("yes")]).map(\.description)
                == ["option 'strict' must be true or false, not a string"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "id-kit", options: ["include": .list(["idfa", "ifdv"])]).map(\.description)
                == ["invalid item 'ifdv' in option 'include'; expected a list of idfa, idfv, guid; did you mean 'idfv'?"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "zbuuid", options: ["salt": .string("x")]).map(\.description)
                == ["unknown option 'salt' for strategy zbuuid; it takes no options"])
        #expect(StrategyLibrary.builtIn.problems(strategy: "rndi", options: ["accessible": .string("afterFirstUnlock")]).isEmpty)
    }

    @Test("an unknown strategy name at launch time runs the basic app instead of trapping")
    func unknownAtRuntime() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "nonexistent")])
        try w.install("shop")
        #expect(try w.launch("shop").primaryID == w.world.identifierForVendor(app: 0, on: 0)?.uuidString)
    }

    @Test("each strategy declares its stores as users see them")
    func stores() {
        let app = AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234")
        #expect(IDKit.stores(for: app).last?.description
                == "keychain service 'uts.sdk.modules.idKit' account 'device.guid' group (app default) kSecAttrAccessibleAfterFirstUnlock not synchronizable")
        #expect(SvUDID.stores(for: app).first?.group == "ACME1234.com.cnblogs.smileEvday")
        #expect(RNDI.stores(for: app).first?.accessible == .afterFirstUnlockThisDeviceOnly)
        #expect(FCUUID.stores(for: app).contains { $0.synchronizable && $0.account == "fc_uuidsOfUserDevices" })
        #expect(KeychainIDFV.stores(for: app).first?.description.contains("WhenUnlocked (default)") == true)
        for strategy in StrategyLibrary.builtIn.all { #expect(!strategy.stores(for: app).isEmpty, "\(strategy.name)") }
    }

    @Test("FCUUID and ZBUUID keep lowercase IDs without dashes; uuidsOfUserDevices is the union across the account's devices")
    func formats() throws {
        let pad = DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")
        var w = try AppWorld(extraDevices: [pad], accounts: [Account(id: "alice")], appleID: "alice",
                             apps: [AppWorld.app("com.acme.shop", "fcuuid"), AppWorld.app("com.acme.zb", "zbuuid")])
        for device in ["phone", "pad"] {
            try w.install("shop", on: device)
            try w.install("zb", on: device)
        }
        let phone = try w.launch("shop")
        let device = try #require(phone.primaryID)
        #expect(device.count == 32 && device == device.lowercased() && !device.contains("-"))
        let tablet = try w.launch("shop", on: "pad")
        let both = try w.launch("shop")
        #expect(both.value("uuidsOfUserDevices") == [device, tablet.primaryID!].sorted().joined(separator: "|"))
        let zb = try w.launch("zb")
        #expect(zb.primaryID == w.world.identifierForVendor(app: w.app("zb"), on: 0)?.compactLowercase)
        #expect(zb.value("uuidForVendor") == zb.primaryID)
    }

    @Test("DeviceCheck: a new token every launch; unsupported in the Simulator and before iOS 11")
    func deviceCheck() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "devicecheck")])
        try w.install("shop")
        let a = try w.launch("shop"), b = try w.launch("shop")
        #expect(a.value("token") != nil && a.value("token") != b.value("token"))
        #expect(a.primaryID == nil)
        #expect(a.value("bit0") == nil)
        try w.run(.deviceCheck(w.app("shop"), bit0: true, bit1: false))
        let c = try w.launch("shop")
        #expect(c.value("bit0") == "true" && c.value("bit1") == "false" && c.value("lastUpdate") != nil)
        var sim = try AppWorld(kind: .simulator, apps: [AppWorld.app("com.acme.shop", "devicecheck")])
        try sim.install("shop")
        #expect(try sim.launch("shop").notes == ["DCDevice is not supported in the Simulator"])
        var old = try AppWorld(os: "10.3", apps: [AppWorld.app("com.acme.shop", "devicecheck")])
        try old.install("shop")
        #expect(try old.launch("shop").notes == ["DCDevice needs iOS 11"])
    }

    @Test("SvUDID uses the Wi-Fi MAC on iOS 6 and the IDFV from iOS 7")
    func svudidSeed() throws {
        var ios6 = try AppWorld(os: "6.1", apps: [AppWorld.app("com.acme.shop", "svudid", groups: ["ACME1234.com.cnblogs.smileEvday"])])
        try ios6.install("shop")
        #expect(try ios6.id("shop")?.split(separator: ":").count == 6)
        var ios7 = try AppWorld(os: "7.1", apps: [AppWorld.app("com.acme.shop", "svudid", groups: ["ACME1234.com.cnblogs.smileEvday"])])
        try ios7.install("shop")
        #expect(try ios7.id("shop") == ios7.world.identifierForVendor(app: 0, on: 0)?.uuidString)
    }

    @Test("no strategy traps, whatever the OS returns: thousands of random events with every strategy")
    func neverTraps() {
        var rng = SeededGenerator(seed: 12)
        var launches = 0
        for round in 0..<800 {
            let os = ["6.1", "7.0", "10.3", "13.5", "14.4", "16.0", "17.5", "18.0"][round % 8]
            let apps = StrategyLibrary.builtIn.names.enumerated().map { i, name in
                AppDeclaration(bundleID: "com.v\(i % 3).app\(i)", teamID: "TEAM\(i % 3)", strategy: name,
                               keychainAccessGroups: i % 2 == 0 ? ["TEAM\(i % 3).com.cnblogs.smileEvday"] : [])
            }
            let devices = [DeviceSpec(name: "a", os: OSVersion(parsing: os)!, appleID: "u"),
                           DeviceSpec(name: "b", kind: .ipad, os: OSVersion(parsing: os)!, appleID: "u"),
                           DeviceSpec(name: "s", kind: .simulator, os: OSVersion(parsing: os)!, passcode: false)]
            guard var world = try? World(seed: UInt64(round), accounts: [Account(id: "u")], devices: devices, apps: apps) else {
                Issue.record("setup failed")
                return
            }
            for _ in 0..<80 {
                let app = Int(rng.next() % UInt64(apps.count)), device = Int(rng.next() % 3)
                let events: [Event] = [.install(app, source: nil), .install(app, source: nil), .install(app, source: nil),
                                       .launch(app, mode: .foreground), .launch(app, mode: .foreground), .launch(app, mode: .background),
                                       .launch(app, mode: .prewarm), .uninstall(app), .reboot, .unlock, .lock, .erase,
                                       .backup(.encrypted, name: "b"), .restore(backup: "b"), .migrate(from: (device + 1) % 3),
                                       .consent(app), .requestTracking(app, answer: .allow, otherPromptPending: false),
                                       .passcode(rng.next() & 1 == 0), .deviceCheck(app, bit0: true, bit1: nil), .launch(app, mode: .foreground)]
                let event = events[Int(rng.next() % UInt64(events.count))]
                if (try? world.apply(Step(event, on: device), programs: StrategyLibrary.builtIn)) != nil, case .launch = event { launches += 1 }
            }
        }
        #expect(launches > 1_500, "enough launches ran to mean something")
    }
}
