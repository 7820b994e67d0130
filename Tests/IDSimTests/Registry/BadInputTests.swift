import IDSim
import Testing

@Suite("Bad input")
struct BadInputTests {
    @Test("OS versions outside 6.0–18.x, or malformed, are refused")
    func osVersions() {
        for good in ["6.0", "17", "17.5", "18.7.1", "10.3.3"] { #expect(OSVersion(parsing: good) != nil, "\(good)") }
        for bad in ["5.1", "19.0", "17.x", "", "abc", "17..5", "1.2.3.4", "-7", "１７.０", "17.5 "] {
            #expect(OSVersion(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("bundle IDs are reverse-DNS: ASCII letters, digits, '-' and '.', no empty component")
    func bundleIDs() {
        for good in ["com.acme.shop", "a", "a-b.c1", "COM.Acme.9"] { #expect(World.isValidBundleID(good), "\(good)") }
        for bad in ["", ".", ".a", "a.", "a..b", "a b", "ä.b", "a_b", "a/b", "ａ.b"] { #expect(!World.isValidBundleID(bad), "\(bad)") }
    }

    @Test("a backup name with a line break of any kind is refused; any other name, ASCII or not, is kept")
    func backupNameLineBreaks() {
        var sim = Sim()
        for bad in ["a\nb", "a\rb", "a\r\nb", "tab\u{0B}", "feed\u{0C}", "next\u{85}line", "line\u{2028}sep", "para\u{2029}", "\n"] {
            #expect(sim.reject(.backup(.encrypted, name: bad)) == .invalidName(bad, what: "backup name"), "\(bad.debugDescription)")
        }
        for good in ["daily", "phone-encrypted", "Été ☀️", "名前", "a b\tc", "ends with é\u{301}"] {
            sim.run(.backup(.encrypted, name: good))
            #expect(sim.world.backups[good] != nil, "\(good.debugDescription)")
        }
    }

    @Test("events that can't apply say what and why, and leave the world alone")
    func rejectedEvents() {
        var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "old", os: OSVersion(12, 0))])
        #expect(sim.reject(.uninstall(sim.app("shop")))?.description == "com.acme.shop is not installed on phone")
        sim.install("shop")
        #expect(sim.reject(.install(sim.app("shop"), source: nil))?.description.contains("already installed") == true)
        sim.run(.backup(.encrypted, name: "daily"))
        #expect(sim.reject(.restore(backup: "dialy"))?.description == "no backup named 'dialy'; did you mean 'daily'?")
        #expect(sim.reject(.upgrade(OSVersion(16, 0)))?.description.contains("must be newer") == true)
        #expect(sim.reject(.restore(backup: "daily"), on: "old")?.description.contains("iOS 17.0") == true)
        #expect(sim.reject(.backup(.icloud, name: "c"))?.description.contains("not signed in") == true)
        #expect(sim.reject(.signIn(account: 3)) == .noSuchAccount(3))
        #expect(sim.reject(.setting(SettingsChange(limitAdTracking: true)))?.description.contains("iOS 14 replaced") == true)
        #expect(sim.reject(.setting(SettingsChange(allowTrackingRequests: false)), on: "old") != nil)
        #expect(sim.reject(.iCloudKeychain(true)) != nil)
        #expect(sim.reject(.backup(.encrypted, name: "")) != nil)
        #expect(sim.reject(.launch(42, mode: .foreground)) == .noSuchApp(42))
        #expect(throws: EventError.noSuchDevice(9)) { try sim.world.apply(Step(.reboot, on: 9)) }
        sim.run(.reboot)
        #expect(sim.reject(.passcode(false))?.description.contains("unlock it") == true)
    }

    @Test("setting up a world refuses duplicates, unknown accounts and malformed IDs")
    func setupErrors() {
        let phone = DeviceSpec(name: "phone", os: OSVersion(17, 0))
        #expect(throws: SetupError.noDevices) { try World(devices: [], apps: []) }
        #expect(throws: SetupError.duplicateDevice("phone")) { try World(devices: [phone, phone], apps: []) }
        #expect(throws: SetupError.duplicateApp("com.acme.shop")) { try World(devices: [phone], apps: [Sim.shop, Sim.shop]) }
        #expect(throws: SetupError.invalidBundleID("com..x")) {
            try World(devices: [phone], apps: [AppDeclaration(bundleID: "com..x", teamID: "T1")])
        }
        #expect(throws: SetupError.invalidTeamID("T 1", app: "com.x")) {
            try World(devices: [phone], apps: [AppDeclaration(bundleID: "com.x", teamID: "T 1")])
        }
        do {
            _ = try World(accounts: [Account(id: "alice")], devices: [DeviceSpec(name: "p", os: OSVersion(17, 0), appleID: "alise")], apps: [])
            Issue.record("unknown account accepted")
        } catch {
            #expect(error.description == "device 'p' signs in to unknown account 'alise'; did you mean 'alice'?")
        }
    }

    @Test("name suggestions find near misses and stay quiet for unrelated names")
    func suggestions() {
        #expect(NameSuggester.nearest(to: "instal", among: Event.keys) == "install")
        #expect(NameSuggester.nearest(to: "resetAdvertisingID", among: Event.keys) == "resetAdvertisingId")
        #expect(NameSuggester.nearest(to: "xyzzy", among: Event.keys) == nil)
        #expect(NameSuggester.distance("kitten", "sitting") == 3)
    }
}
