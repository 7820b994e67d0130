import IDSim
import Testing

@Suite("IDFV rules")
struct IDFVRuleTests {
    @Test("IDFV-1: App Store apps of one team share a vendor; TestFlight has its own namespace")
    func vendorIsTeamForAppStore() {
        var sim = Sim()
        sim.install("shop")
        sim.install("news")
        sim.install("game")
        #expect(sim.idfv("shop") == sim.idfv("news"))
        #expect(sim.idfv("shop") != sim.idfv("game"))
        sim.uninstall("news")
        sim.install("news", .testflight)
        #expect(sim.idfv("news") != sim.idfv("shop"))
        #expect(sim.dev().apps[sim.app("news")]?.vendorKey == VendorKey(.testflight, "ACME1234"))

        var profile = Profile.default
        profile.idfvTestFlightNamespace = .sameAsAppStore
        var same = Sim(profile: profile)
        same.install("shop")
        same.install("news", .testflight)
        #expect(same.idfv("shop") == same.idfv("news"))
    }

    @Test("IDFV-1: Xcode installs use the bundle prefix, two components on iOS 6, all but the last from iOS 7")
    func vendorIsBundlePrefixForDevelopmentBuilds() {
        let a = AppDeclaration(bundleID: "com.example.alpha.app1", teamID: "EX1")
        let b = AppDeclaration(bundleID: "com.example.beta.app2", teamID: "EX1")
        let single = AppDeclaration(bundleID: "standalone", teamID: "EX1")
        var ios6 = Sim(os: "6.1", apps: [a, b, single])
        ios6.install("app1", .xcode)
        ios6.install("app2", .xcode)
        ios6.install("standalone", .xcode)
        #expect(ios6.idfv("app1") == ios6.idfv("app2"), "iOS 6: both are vendor com.example")
        #expect(ios6.dev().apps[ios6.app("standalone")]?.vendorKey == VendorKey(.bundle, "standalone"))

        var ios7 = Sim(os: "7.0", apps: [a, b, single])
        ios7.install("app1", .xcode)
        ios7.install("app2", .xcode)
        #expect(ios7.idfv("app1") != ios7.idfv("app2"), "iOS 7: com.example.alpha vs com.example.beta")
        #expect(ios7.dev().apps[ios7.app("app1")]?.vendorKey == VendorKey(.bundle, "com.example.alpha"))
    }

    @Test("IDFV-1: the Simulator computes the vendor from the bundle prefix even for App Store builds")
    func simulatorUsesBundlePrefix() {
        var sim = Sim(kind: .simulator, passcode: false)
        sim.install("shop")
        #expect(sim.dev().apps[sim.app("shop")]?.vendorKey == VendorKey(.bundle, "com.acme"))
    }

    @Test("IDFV-2: the vendor's first app creates the IDFV, later apps share it")
    func firstAppCreatesIDFV() {
        var sim = Sim()
        let first = sim.install("shop")
        #expect(first.rules.contains(.idfv2))
        let second = sim.install("news")
        #expect(second.touching("idfv:").isEmpty)
        #expect(sim.idfv("news") == sim.idfv("shop"))
        #expect(sim.idfv("shop") != nil)
    }

    @Test("IDFV-3: nil after a reboot until the first unlock; a device without passcode unlocks itself")
    func nilBeforeFirstUnlock() {
        var sim = Sim()
        sim.install("shop")
        let value = sim.idfv("shop")
        sim.run(.reboot)
        #expect(sim.idfv("shop") == nil)
        sim.run(.unlock)
        #expect(sim.idfv("shop") == value)
        sim.run(.lock)
        #expect(sim.idfv("shop") == value, "locking after the first unlock does not hide it")

        var open = Sim(passcode: false)
        open.install("shop")
        open.run(.reboot)
        #expect(open.idfv("shop") != nil)
    }

    @Test("IDFV-4: update keeps the IDFV; an offloaded app keeps its vendor alive")
    func updateAndOffloadKeep() {
        var sim = Sim()
        sim.install("shop")
        let value = sim.idfv("shop")
        sim.run(.update(sim.app("shop"), newTeam: nil))
        #expect(sim.idfv("shop") == value)
        sim.run(.offload(sim.app("shop")))
        sim.install("shop")
        #expect(sim.idfv("shop") == value)

        var profile = Profile.default
        profile.offloadCountsAsInstalled = false
        var strict = Sim(profile: profile)
        strict.install("shop")
        let before = strict.idfv("shop")
        let changes = strict.run(.offload(strict.app("shop")))
        #expect(changes.touching("idfv:").first?.rule == .idfv4)
        strict.install("shop")
        #expect(strict.idfv("shop") != before)

        profile = .default
        profile.idfvOnUpdate = .regenerate   // field report B8
        var quirk = Sim(profile: profile)
        quirk.install("shop")
        let old = quirk.idfv("shop")
        quirk.run(.update(quirk.app("shop"), newTeam: nil))
        #expect(quirk.idfv("shop") != old)
    }

    @Test("IDFV-4: offloading needs iOS 11")
    func offloadNeedsIOS11() {
        var sim = Sim(os: "10.3")
        sim.install("shop")
        let error = sim.reject(.offload(sim.app("shop")))
        #expect(error?.description.contains("iOS 11") == true)
    }

    @Test("IDFV-5: deleting the vendor's last app erases its IDFV; a reinstall gets a new one")
    func lastAppDeletedErasesIDFV() {
        var sim = Sim()
        sim.install("shop")
        sim.install("news")
        let value = sim.idfv("shop")
        sim.uninstall("news")
        #expect(sim.idfv("shop") == value, "another app of the vendor is still installed")
        let changes = sim.uninstall("shop")
        #expect(changes.touching("idfv:").first?.rule == .idfv5)
        #expect(sim.dev().vendorTable.isEmpty)
        sim.install("shop")
        #expect(sim.idfv("shop") != value)
        #expect(sim.idfv("shop") != nil)
    }

    @Test("IDFV-6: erase gives every vendor a new IDFV; reboot and upgrade keep it")
    func eraseResetsVendorTable() {
        var sim = Sim(os: "16.4")
        sim.install("shop")
        let value = sim.idfv("shop")
        sim.run(.reboot)
        sim.run(.unlock)
        sim.run(.upgrade(OSVersion(17, 2)))
        sim.run(.unlock)
        #expect(sim.idfv("shop") == value)
        let changes = sim.run(.erase)
        #expect(changes.touching("idfv:").allSatisfy { $0.rule == .idfv6 })
        #expect(sim.dev().vendorTable.isEmpty)
        sim.install("shop")
        #expect(sim.idfv("shop") != value)
    }

    @Test("IDFV-7: restoring onto the same hardware keeps the IDFV, onto other hardware gives a new one")
    func restoreKeepsIDFVOnlyOnSameHardware() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 5)), DeviceSpec(name: "spare", os: OSVersion(17, 5))]
        var sim = Sim(devices: devices)
        sim.install("shop")
        let value = sim.idfv("shop")
        sim.run(.backup(.encrypted, name: "b1"))
        sim.run(.restore(backup: "b1"))
        #expect(sim.idfv("shop") == value)
        let changes = sim.run(.restore(backup: "b1"), on: "spare")
        #expect(sim.idfv("shop", on: "spare") != nil)
        #expect(sim.idfv("shop", on: "spare") != value)
        #expect(changes.touching("idfv:").allSatisfy { $0.rule == .idfv7 })

        var profile = Profile.default
        profile.idfvSameDeviceRestore = .regenerate   // rdar 35746735, field report B9
        var radar = Sim(profile: profile)
        radar.install("shop")
        let before = radar.idfv("shop")
        radar.run(.backup(.unencrypted, name: "b"))
        radar.run(.restore(backup: "b"))
        #expect(radar.idfv("shop") != before)
        #expect(radar.idfv("shop") != nil)
    }

    @Test("IDFV-1: enterprise (in-house) installs take their vendor from the bundle prefix, like Xcode builds")
    func enterpriseVendor() {
        var sim = Sim()
        sim.install("shop", .enterprise)
        sim.install("news", .appstore)
        #expect(sim.dev().apps[sim.app("shop")]?.vendorKey == VendorKey(.bundle, "com.acme"))
        #expect(sim.idfv("shop") != sim.idfv("news"), "the App Store install of the same team is another vendor")
    }
}
