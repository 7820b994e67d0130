import IDSim
import Testing

/// Reads every legacy identifier the OS offers.
let legacyProgram = ClosureProgram { os in
    LaunchReport(primaryID: os.uniqueIdentifier(),
                 values: [NamedValue("udid", os.uniqueIdentifier()), NamedValue("mac", os.wifiMACAddress()),
                          NamedValue("hostuuid", os.gethostuuid()?.uuidString),
                          NamedValue("idfv", os.identifierForVendor()?.uuidString)])
}

/// OpenUDID's trick in miniature: keep an ID in a named persistent pasteboard, read it back.
let pasteboardProgram = ClosureProgram { os in
    if let id = os.namedPasteboardString("org.shared.slot") {
        return LaunchReport(primaryID: id, values: [NamedValue("id", id)], notes: ["from pasteboard"])
    }
    let id = os.newUUID().uuidString
    os.setNamedPasteboard("org.shared.slot", value: id, persistent: true)
    return LaunchReport(primaryID: id, values: [NamedValue("id", id)], notes: ["minted"])
}

/// Keeps an ID in each of six named pasteboards: more than a process's table is searched by
/// comparing keys (see `AppOS.namedPasteboardString`).
let sixSlotProgram = ClosureProgram { os in
    var ids: [String] = []
    for slot in 0..<6 {
        let name = "org.shared.slot.\(slot)"
        let id = os.namedPasteboardString(name) ?? os.newUUID().uuidString
        os.setNamedPasteboard(name, value: id, persistent: true)
        ids.append(id)
    }
    return LaunchReport(primaryID: ids.joined(separator: ","), values: [])
}

@Suite("Historical and Simulator rules")
struct HistoricalRuleTests {
    @Test("UDID-29: the hardware UDID before iOS 7, FFFFFFFF + IDFV from iOS 7")
    func udid() {
        var ios6 = Sim(os: "6.1", programs: legacyProgram)
        ios6.install("shop")
        ios6.launch("shop")
        let udid = ios6.lastLaunch("shop")?.value("udid")
        #expect(udid?.count == 40)
        ios6.uninstall("shop")
        ios6.install("shop")
        ios6.launch("shop")
        #expect(ios6.lastLaunch("shop")?.value("udid") == udid, "hardware-bound")

        var ios7 = Sim(os: "7.0", programs: legacyProgram)
        ios7.install("shop")
        ios7.launch("shop")
        let idfv = ios7.idfv("shop")!
        #expect(ios7.lastLaunch("shop")?.value("udid") == "FFFFFFFF" + idfv.compactLowercase.uppercased())
    }

    @Test("MAC-30: a real MAC before iOS 7, 02:00:00:00:00:00 after; gethostuuid returns the IDFV from 7")
    func macAndHostUUID() {
        var ios6 = Sim(os: "6.1", programs: legacyProgram)
        ios6.install("shop")
        ios6.launch("shop")
        let mac = ios6.lastLaunch("shop")?.value("mac")
        #expect(mac != "02:00:00:00:00:00")
        #expect(mac?.split(separator: ":").count == 6)
        #expect(ios6.lastLaunch("shop")?.value("hostuuid") != ios6.idfv("shop")?.uuidString)

        var ios7 = Sim(os: "7.1", programs: legacyProgram)
        ios7.install("shop")
        ios7.launch("shop")
        #expect(ios7.lastLaunch("shop")?.value("mac") == "02:00:00:00:00:00")
        #expect(ios7.lastLaunch("shop")?.value("hostuuid") == ios7.idfv("shop")?.uuidString)
    }

    @Test("PB-31: named pasteboards are shared before iOS 7, team-scoped on 7–9, per process from 10")
    func namedPasteboardEras() {
        // iOS 6: two teams share the slot.
        var ios6 = Sim(os: "6.1", programs: pasteboardProgram)
        ios6.install("shop")
        ios6.install("game")
        ios6.launch("shop")
        ios6.launch("game")
        #expect(ios6.lastID("game") == ios6.lastID("shop"))
        // iOS 7: another team can't see it; the same team can.
        var ios7 = Sim(os: "7.0", programs: pasteboardProgram)
        for app in ["shop", "news", "game"] { ios7.install(app); ios7.launch(app) }
        #expect(ios7.lastID("news") == ios7.lastID("shop"))
        #expect(ios7.lastID("game") != ios7.lastID("shop"))
        // Deleting the owner removes its pasteboard (field report B15).
        let changes = ios7.uninstall("shop")
        #expect(changes.touching("pasteboard:").first?.rule == .pb31)
        ios7.run(.reboot)
        ios7.run(.unlock)
        ios7.launch("news")
        #expect(ios7.lastLaunch("news")?.notes == ["minted"])
        // iOS 10: gone with the process.
        var ios10 = Sim(os: "10.0", programs: pasteboardProgram)
        ios10.install("shop")
        ios10.launch("shop")
        let first = ios10.lastID("shop")
        ios10.launch("shop")
        #expect(ios10.lastID("shop") == first, "same process")
        ios10.run(.reboot)
        ios10.run(.unlock)
        ios10.launch("shop")
        #expect(ios10.lastID("shop") != first)
    }

    @Test("PB-31: a process reads back each of its named pasteboards, however many it holds")
    func manyVolatilePasteboards() {
        var sim = Sim(os: "17.0", programs: sixSlotProgram)
        sim.install("shop")
        sim.launch("shop")
        let first = sim.lastID("shop")
        #expect(Set(first!.split(separator: ",")).count == 6)
        sim.launch("shop")
        #expect(sim.lastID("shop") == first, "same process: every slot read back")
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(Set(sim.lastID("shop")!.split(separator: ",")).isDisjoint(with: first!.split(separator: ",")))
    }

    @Test("PB-31: the upgrade to iOS 10 drops persistent named pasteboards; reading the general one asks on 16")
    func pasteboardUpgradeAndPrompts() {
        var sim = Sim(os: "9.3", programs: pasteboardProgram)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.dev().pasteboards.named.count == 1)
        let changes = sim.run(.upgrade(OSVersion(10, 0)))
        #expect(sim.dev().pasteboards.named.isEmpty)
        #expect(changes.rules.contains(.pb31))

        let reader = ClosureProgram { os in
            os.setGeneralPasteboard("hello")
            return LaunchReport(primaryID: os.generalPasteboardString(), values: [])
        }
        var ios16 = Sim(os: "16.0", programs: reader)
        ios16.install("shop")
        ios16.launch("shop")
        #expect(ios16.lastLaunch("shop")?.notes.first?.contains("Allow Paste") == true)
        ios16.uninstall("shop")
        #expect(ios16.dev().pasteboards.general == "hello", "the general pasteboard outlives the app")
        var ios14 = Sim(os: "14.0", programs: reader)
        ios14.install("shop")
        ios14.launch("shop")
        #expect(ios14.lastLaunch("shop")?.notes.first?.contains("banner") == true)
    }

    @Test("SIM-32: the Simulator has no passcode, no DeviceCheck, zero IDFA and unenforced access groups")
    func simulatorTarget() {
        var sim = Sim(kind: .simulator, passcode: false,
                      apps: [Sim.shop.with(["group": .string("ACME1234.shared")])], programs: optionGUIDProgram)
        #expect(sim.reject(.passcode(true)) != nil)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes.last == "write errSecSuccess", "no -34018 in the Simulator (B12)")
        #expect(!sim.world.deviceCheckSupported(on: 0))
        #expect(sim.idfa("shop") == .zero)
        #expect(throws: SetupError.passcodeOnSimulator("sim")) {
            try World(devices: [DeviceSpec(name: "sim", kind: .simulator, os: OSVersion(17, 0), passcode: true)], apps: [])
        }
        var profile = Profile.default
        profile.simulatorIdfvPerLaunch = true      // field report B22
        var quirky = Sim(kind: .simulator, passcode: false, profile: profile)
        quirky.install("shop")
        let first = quirky.idfv("shop")
        let changes = quirky.launch("shop")
        #expect(quirky.idfv("shop") != first)
        #expect(changes.rules.contains(.sim32))
    }

    @Test("SIM-32: the Simulator gives an APNs token only from iOS 16")
    func simulatorPushFrom16() {
        for (os, hasToken) in [("15.5", false), ("16.0", true)] {
            var sim = Sim(os: os, kind: .simulator, passcode: false)
            sim.install("shop")
            sim.launch("shop")
            #expect((sim.dev().apps[sim.app("shop")]?.apnsToken != nil) == hasToken, "iOS \(os)")
        }
        var phone = Sim(os: "15.5")
        phone.install("shop")
        phone.launch("shop")
        #expect(phone.dev().apps[phone.app("shop")]?.apnsToken != nil, "a device has one on any version")
    }

    @Test("SIM-32: the iOS 10 Simulator (Xcode 8) refused keychain calls with -34018 for apps without an entitlements file")
    func xcode8Simulator() {
        var ten = Sim(os: "10.0", kind: .simulator, passcode: false, programs: guidProgram())
        ten.install("shop")
        ten.launch("shop")
        #expect(ten.lastLaunch("shop")?.notes == ["read errSecMissingEntitlement", "write errSecMissingEntitlement"])
        // With an entitlement (any keychain-access-groups entry), or on another version, it works.
        let entitled = Sim.shop.with([:], groups: ["ACME1234.com.acme.shop"])
        var withEntitlement = Sim(os: "10.0", kind: .simulator, passcode: false, apps: [entitled], programs: guidProgram())
        withEntitlement.install("shop")
        withEntitlement.launch("shop")
        #expect(withEntitlement.dev().keychain.count == 1)
        var eleven = Sim(os: "11.0", kind: .simulator, passcode: false, programs: guidProgram())
        eleven.install("shop")
        eleven.launch("shop")
        #expect(eleven.dev().keychain.count == 1)
    }
}
