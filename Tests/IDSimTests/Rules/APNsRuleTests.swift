import IDSim
import Testing

/// The APNs device token an app is given when it registers at launch (rule APNS-35).
@Suite("APNs token rules")
struct APNsRuleTests {
    func token(_ sim: Sim, _ app: String = "shop", on d: String = "phone") -> String? {
        sim.dev(d).apnsToken(sim.app(app))?.hex
    }

    @Test("APNS-35: an app is given a token at its first launch and keeps it across launches, reboots and updates")
    func registersAtLaunch() {
        var sim = Sim()
        sim.install("shop")
        #expect(token(sim) == nil, "no token before the app registers")
        let first = sim.launch("shop")
        let issued = token(sim)
        #expect(issued?.count == 64 && issued?.allSatisfy(\.isHexDigit) == true)
        #expect(first.touching("apns:").first?.rule == .apns35)
        #expect(sim.dev().launches[sim.app("shop")]?.latest.apnsToken?.hex == issued)
        sim.run(.reboot)
        sim.run(.unlock)
        sim.run(.update(sim.app("shop"), newTeam: nil))
        sim.launch("shop")
        #expect(token(sim) == issued)
        sim.install("news")
        sim.launch("news")
        #expect(token(sim, "news") != issued, "one token per app")
    }

    @Test("APNS-35: a restore, a migration and an erase give new tokens; a reinstall does too unless apnsTokenOnReinstall = keep")
    func newTokens() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 5)), DeviceSpec(name: "new", os: OSVersion(17, 5))]
        var sim = Sim(devices: devices)
        sim.install("shop")
        sim.launch("shop")
        let original = token(sim)
        sim.run(.backup(.encrypted, name: "b"))
        let restored = sim.run(.restore(backup: "b"))
        #expect(token(sim) == nil && restored.touching("apns:").first?.rule == .apns35)
        sim.launch("shop")
        #expect(token(sim) != nil && token(sim) != original, "same device, restored from a backup: a new token")
        sim.run(.migrate(from: sim.device("phone")), on: "new")
        sim.launch("shop", on: "new")
        #expect(token(sim, on: "new") != token(sim))
        let beforeErase = token(sim)
        sim.run(.erase)
        sim.install("shop")
        sim.launch("shop")
        #expect(token(sim) != beforeErase)

        for (value, same) in [(Profile.APNsTokenOnReinstall.new, false), (.keep, true)] {
            var profile = Profile.default
            profile.apnsTokenOnReinstall = value
            var reinstall = Sim(profile: profile)
            reinstall.install("shop")
            reinstall.launch("shop")
            let before = token(reinstall)
            reinstall.uninstall("shop")
            reinstall.install("shop")
            reinstall.launch("shop")
            #expect((token(reinstall) == before) == same, "\(value)")
        }
    }

    @Test("APNS-35: an app extension registers nothing of its own")
    func extensionsHaveNone() {
        var widget = AppDeclaration(bundleID: "com.acme.shop.widget", teamID: "ACME1234")
        widget.role = .appExtension(host: 0)
        var sim = Sim(apps: [Sim.shop, widget])
        sim.install("shop")
        sim.launch("widget", .background)
        #expect(token(sim, "widget") == nil)
    }

    @Test("APNS-35: tokens come from their own stream, so registering leaves every other generated value as it was")
    func ownStream() {
        var a = Sim()
        a.install("shop")
        a.launch("shop")
        a.install("news")
        var b = Sim()
        b.install("shop")
        b.install("news")
        #expect(a.idfv("news") == b.idfv("news"))
    }

    @Test("APNS-35: an Xcode build's token is a sandbox token, every other build's a production one; another environment's reinstall registers anew")
    func environments() {
        var sim = Sim()
        sim.install("shop", .xcode)
        sim.install("news", .testflight)
        sim.install("game", .enterprise)
        for app in ["shop", "news", "game"] { sim.launch(app) }
        func environment(_ app: String) -> APNsEnvironment? { sim.dev().apnsToken(sim.app(app))?.environment }
        #expect(environment("shop") == .sandbox)
        #expect(environment("news") == .production && environment("game") == .production)
        #expect(sim.dev().launches[sim.app("shop")]?.latest.apnsToken?.environment == .sandbox, "the launch records it")
        // Offloaded and reinstalled from the App Store: the sandbox token is dropped at once, and
        // the next launch registers in production.
        let sandbox = token(sim)
        sim.run(.offload(sim.app("shop")))
        let reinstalled = sim.install("shop", .appstore)
        #expect(reinstalled.touching("apns:").first?.rule == .apns35)
        #expect(token(sim) == nil)
        sim.launch("shop")
        #expect(token(sim) != sandbox && environment("shop") == .production)
        // Offloaded and reinstalled from TestFlight, the same environment: the token stays.
        let production = token(sim)
        sim.run(.offload(sim.app("shop")))
        sim.install("shop", .testflight)
        sim.launch("shop")
        #expect(token(sim) == production)
    }

    @Test("APNS-35: a token kept for a reinstall (apnsTokenOnReinstall = keep) comes back only in its own environment")
    func keptTokenKeepsItsEnvironment() {
        var profile = Profile.default
        profile.apnsTokenOnReinstall = .keep
        var sim = Sim(profile: profile)
        sim.install("shop", .xcode)
        sim.launch("shop")
        let sandbox = token(sim)
        sim.uninstall("shop")
        sim.install("shop", .xcode)
        sim.launch("shop")
        #expect(token(sim) == sandbox, "the same environment: the kept token")
        sim.uninstall("shop")
        sim.install("shop", .appstore)
        sim.launch("shop")
        #expect(token(sim) != sandbox && sim.dev().apnsToken(sim.app("shop"))?.environment == .production)
    }
}
