import IDSim
import Testing

@Suite("ATT rules")
struct ATTRuleTests {
    @Test("ATT-12: a new install reads notDetermined, or restricted under management or a restricted Apple ID")
    func initialStatus() {
        var sim = Sim()
        sim.install("shop")
        #expect(sim.att("shop") == .notDetermined)

        var managed = Sim()
        managed.run(.setting(SettingsChange(trackingRestricted: true)))
        let changes = managed.install("shop")
        #expect(managed.att("shop") == .restricted)
        #expect(changes.touching("att:").first?.rule == .att12)

        let teen = Account(id: "teen", trackingRestricted: true)
        var child = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "teen")], accounts: [teen])
        child.install("shop")
        #expect(child.att("shop") == .restricted)
        child.request("shop", .allow)
        #expect(child.att("shop") == .restricted, "no prompt when restricted (field report B19)")
        #expect(child.idfa("shop") == .zero)
        child.run(.signOut())
        #expect(child.att("shop") == .notDetermined)
    }

    @Test("ATT-13: the prompt stores the user's answer; later requests return it without a prompt")
    func promptThenRemembered() {
        var sim = Sim()
        sim.install("shop")
        let changes = sim.request("shop", .deny)
        #expect(changes.first?.rule == .att13)
        #expect(sim.att("shop") == .denied)
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .denied)
    }

    @Test("ATT-13: no purpose string crashes the app and leaves the status alone")
    func missingUsageDescriptionCrashes() {
        var quiet = Sim.shop
        quiet.hasTrackingUsageDescription = false
        var sim = Sim(apps: [quiet])
        sim.install("shop")
        sim.launch("shop")
        let changes = sim.request("shop", .allow)
        #expect(changes.first?.to?.description.contains("crashed") == true)
        #expect(sim.dev().processes[sim.app("shop")] == nil)
        #expect(sim.att("shop") == .notDetermined)
    }

    @Test("ATT-13: no prompt while the app is in the background or another prompt is up (field report B18)")
    func noPromptWhenNotActive() {
        var sim = Sim()
        sim.install("shop")
        sim.launch("shop", .background)
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .notDetermined)
        sim.run(.requestTracking(sim.app("shop"), answer: .allow, otherPromptPending: true))
        #expect(sim.att("shop") == .notDetermined)
        sim.launch("shop", .foreground)
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .authorized)
    }

    @Test("ATT-13: with the global switch off a request is denied without a prompt (field report B17)")
    func globalOffDenies() {
        var sim = Sim()
        sim.install("shop")
        sim.run(.setting(SettingsChange(allowTrackingRequests: false)))
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .denied)
        #expect(sim.idfa("shop") == .zero)

        var profile = Profile.default
        profile.attStatusWhenGlobalOff = .restricted
        var alt = Sim(profile: profile)
        alt.install("shop")
        alt.run(.setting(SettingsChange(allowTrackingRequests: false)))
        #expect(alt.att("shop") == .restricted)
    }

    @Test("ATT-13: the API needs iOS 14, and on a Mac the status stays notDetermined")
    func versionAndMac() {
        var old = Sim(os: "13.7")
        old.install("shop")
        let error = old.reject(.requestTracking(old.app("shop"), answer: .allow, otherPromptPending: false))
        #expect(error?.description.contains("iOS 14") == true)
        var mac = Sim(kind: .mac)
        mac.install("shop")
        mac.request("shop", .allow)
        #expect(mac.att("shop") == .notDetermined)
    }

    @Test("ATT-14: the per-app switch flips apps that asked; others are not in the list")
    func perAppToggle() {
        var sim = Sim()
        sim.install("shop")
        sim.install("news")
        sim.request("shop", .allow)
        let changes = sim.run(.trackingToggle(sim.app("shop"), on: false))
        #expect(changes.first?.rule == .att14)
        #expect(sim.att("shop") == .denied)
        sim.run(.trackingToggle(sim.app("shop"), on: true))
        #expect(sim.att("shop") == .authorized)
        #expect(sim.reject(.trackingToggle(sim.app("news"), on: true)) == .notInTrackingSettings(app: "com.acme.news", device: "phone"))
    }

    @Test("ATT-14: the global switch: authorized apps are denied unless they continue; never-asked apps read denied until it is back on")
    func globalSwitch() {
        var sim = Sim()
        for app in ["shop", "news", "game"] { sim.install(app) }
        sim.request("shop", .allow)
        let changes = sim.run(.setting(SettingsChange(allowTrackingRequests: false)))
        #expect(sim.att("shop") == .denied)
        #expect(sim.att("news") == .denied, "never asked: reads denied while the switch is off")
        #expect(changes.touching("att:").allSatisfy { $0.rule == .att14 })
        sim.request("game", .allow)      // asks while off: denied, and stays so
        sim.run(.setting(SettingsChange(allowTrackingRequests: true)))
        #expect(sim.att("news") == .notDetermined)
        #expect(sim.att("game") == .denied)
        #expect(sim.att("shop") == .denied)
    }

    @Test("ATT-15: reinstall forgets the decision; offload keeps it; erase clears all (field report B21)")
    func reinstallForgets() {
        var sim = Sim()
        sim.install("shop")
        sim.request("shop", .allow)
        sim.run(.offload(sim.app("shop")))
        sim.install("shop")
        #expect(sim.att("shop") == .authorized)
        let changes = sim.uninstall("shop")
        #expect(changes.touching("att:").first?.rule == .att15)
        sim.install("shop")
        #expect(sim.att("shop") == .notDetermined)
        #expect(sim.idfa("shop") == .zero)
        sim.request("shop", .allow)
        sim.run(.erase)
        sim.install("shop")
        #expect(sim.att("shop") == .notDetermined)
    }

    @Test("ATT-15: a restore does not bring the decision back, unless attInBackup = restored")
    func restoreDropsDecision() {
        var sim = Sim()
        sim.install("shop")
        sim.request("shop", .allow)
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"))
        #expect(sim.att("shop") == .notDetermined)

        var profile = Profile.default
        profile.attInBackup = .restored
        var keep = Sim(profile: profile)
        keep.install("shop")
        keep.request("shop", .allow)
        keep.run(.backup(.encrypted, name: "b"))
        keep.run(.restore(backup: "b"))
        #expect(keep.att("shop") == .authorized)
    }

    @Test("ATT-12: under a child, managed or new Apple ID apps read restricted, or denied with attStatusRestrictedAccount = denied")
    func restrictedAccountStatus() {
        func status(_ value: Profile.RestrictedAccountStatus, byProfile: Bool = false) -> ATTStatus {
            var profile = Profile.default
            profile.attStatusRestrictedAccount = value
            var account = Account(id: "kid")
            account.trackingRestricted = !byProfile
            var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 5), appleID: "kid")], accounts: [account], profile: profile)
            if byProfile { sim.run(.setting(SettingsChange(trackingRestricted: true))) }
            sim.install("shop")
            #expect(sim.idfa("shop") == .zero)
            return sim.att("shop")
        }
        #expect(status(.restricted) == .restricted)
        #expect(status(.denied) == .denied)
        #expect(status(.denied, byProfile: true) == .restricted, "a configuration profile is documented as restricted")
    }
}
