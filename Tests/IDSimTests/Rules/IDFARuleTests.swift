import IDSim
import Testing

@Suite("IDFA rules")
struct IDFARuleTests {
    @Test("IDFA-8: a device gets a random IDFA at setup and a new one after erase")
    func newIDFAAtSetupAndErase() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(12, 0)), DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(12, 0))]
        var sim = Sim(devices: devices)
        let idfa = sim.dev().idfa
        #expect(!idfa.isZero)
        #expect(idfa != sim.dev("pad").idfa)
        let changes = sim.run(.erase)
        #expect(changes.touching("idfa:").first?.rule == .idfa8)
        #expect(sim.dev().idfa != idfa)
    }

    @Test("IDFA-9: Limit Ad Tracking zeros the IDFA from iOS 10 but not on iOS 9")
    func latZerosFromIOS10() {
        for (os, zeroed) in [("9.3", false), ("10.0", true), ("13.7", true)] {
            var sim = Sim(os: os)
            sim.install("shop")
            #expect(sim.idfa("shop") == sim.dev().idfa)
            sim.run(.setting(SettingsChange(limitAdTracking: true)))
            #expect((sim.idfa("shop") == .zero) == zeroed, "iOS \(os)")
        }
    }

    @Test("IDFA-9: from iOS 14.5 the IDFA is real only when ATT is authorized")
    func attGovernsFrom14_5() {
        var sim = Sim(os: "14.5")
        sim.install("shop")
        sim.install("news")
        #expect(sim.idfa("shop") == .zero, "notDetermined")
        sim.request("shop", .allow)
        sim.request("news", .deny)
        #expect(sim.idfa("shop") == sim.dev().idfa)
        #expect(sim.idfa("news") == .zero)
    }

    @Test("IDFA-9: on iOS 14.0–14.4 the IDFA is real unless opted out, or zeros under the alternative profile")
    func earlyATTEra() {
        var sim = Sim(os: "14.4")
        sim.install("shop")
        sim.install("news")
        #expect(sim.idfa("shop") == sim.dev().idfa, "never asked: still available on 14.4")
        sim.request("news", .deny)
        #expect(sim.idfa("news") == .zero)
        sim.run(.setting(SettingsChange(allowTrackingRequests: false)))
        #expect(sim.idfa("shop") == .zero)

        var profile = Profile.default
        profile.ios14_0to14_4Idfa = .zeros
        var strict = Sim(os: "14.2", profile: profile)
        strict.install("shop")
        #expect(strict.idfa("shop") == .zero)
    }

    @Test("IDFA-9: the Simulator and a Mac always read zeros, even when authorized (field report B20)")
    func simulatorAndMacAreZeros() {
        var sim = Sim(kind: .simulator, passcode: false)
        sim.install("shop")
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .authorized)
        #expect(sim.idfa("shop") == .zero)
        var mac = Sim(kind: .mac)
        mac.install("shop")
        #expect(mac.idfa("shop") == .zero)
    }

    @Test("IDFA-9: zeros before the first unlock (nil under the legacy switch) and when restricted")
    func zerosBeforeFirstUnlockAndWhenRestricted() {
        var sim = Sim(os: "12.0")
        sim.install("shop")
        sim.run(.reboot)
        #expect(sim.idfa("shop") == .zero)
        var profile = Profile.default
        profile.idfaBeforeFirstUnlock = .nil
        var legacy = Sim(os: "12.0", profile: profile)
        legacy.install("shop")
        legacy.run(.reboot)
        #expect(legacy.idfa("shop") == nil)

        var managed = Sim(os: "17.0")
        managed.install("shop")
        managed.request("shop", .allow)
        managed.run(.setting(SettingsChange(trackingRestricted: true)))
        #expect(managed.att("shop") == .restricted)
        #expect(managed.idfa("shop") == .zero)
    }

    @Test("IDFA-9: with continue-tracking the IDFA stays real while the global switch is off, unless the profile says zeros")
    func continueTrackingKeepsIDFA() {
        var sim = Sim()
        sim.install("shop")
        sim.request("shop", .allow)
        sim.run(.setting(SettingsChange(allowTrackingRequests: false, continueTracking: true)))
        #expect(sim.att("shop") == .authorized)
        #expect(sim.idfa("shop") == sim.dev().idfa)

        var profile = Profile.default
        profile.idfaAfterGlobalOffContinue = .zeros
        var qiita = Sim(profile: profile)
        qiita.install("shop")
        qiita.request("shop", .allow)
        qiita.run(.setting(SettingsChange(allowTrackingRequests: false, continueTracking: true)))
        #expect(qiita.idfa("shop") == .zero)
    }

    @Test("IDFA-9: isAdvertisingTrackingEnabled is false for Xcode 12+ builds, else follows LAT before 14")
    func advertisingTrackingEnabledFlag() {
        var sim = Sim(os: "12.0")
        sim.install("shop")
        #expect(!sim.world.isAdvertisingTrackingEnabled(app: sim.app("shop"), on: 0))
        var profile = Profile.default
        profile.linkedSDKXcode12Plus = false
        var old = Sim(os: "9.0", profile: profile)
        old.install("shop")
        #expect(old.world.isAdvertisingTrackingEnabled(app: old.app("shop"), on: 0))
        old.run(.setting(SettingsChange(limitAdTracking: true)))
        #expect(!old.world.isAdvertisingTrackingEnabled(app: old.app("shop"), on: 0))
        #expect(old.idfa("shop") == old.dev().idfa, "iOS 9 still hands out the real IDFA")
    }

    @Test("IDFA-10: Reset Advertising Identifier exists on 6.1–13; a running app sees the new value only after relaunch")
    func resetButtonAndProcessCache() {
        let reader = ClosureProgram { os in
            let idfa = os.advertisingIdentifier()?.uuidString
            return LaunchReport(primaryID: idfa, values: [NamedValue("idfa", idfa)])
        }
        var sim = Sim(os: "13.3", programs: reader)
        sim.install("shop")
        sim.launch("shop")
        let first = sim.lastID("shop")
        let changes = sim.run(.resetAdvertisingID)
        #expect(changes.first?.rule == .idfa10)
        sim.launch("shop")           // the same process comes forward: still the cached value
        #expect(sim.lastID("shop") == first)
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == sim.dev().idfa.uuidString)
        #expect(sim.lastID("shop") != first)

        var ios14 = Sim(os: "14.0")
        #expect(ios14.reject(.resetAdvertisingID) != nil)
        var ios60 = Sim(os: "6.0")
        #expect(ios60.reject(.resetAdvertisingID) != nil)
        var ios61 = Sim(os: "6.1")
        ios61.run(.resetAdvertisingID)
    }

    @Test("IDFA-10: asking apps to stop tracking draws a new IDFA; Reset Location & Privacy does too")
    func stopTrackingAndResetPrivacy() {
        var sim = Sim()
        sim.install("shop")
        sim.request("shop", .allow)
        let idfa = sim.dev().idfa
        sim.run(.setting(SettingsChange(allowTrackingRequests: false, continueTracking: true)))
        #expect(sim.dev().idfa == idfa, "continue: same IDFA")
        sim.run(.setting(SettingsChange(allowTrackingRequests: true)))
        let changes = sim.run(.setting(SettingsChange(allowTrackingRequests: false, continueTracking: false)))
        #expect(sim.dev().idfa != idfa)
        #expect(changes.touching("idfa:").first?.rule == .idfa10)

        var profile = Profile.default
        profile.idfaRegenerateOnStopTracking = false
        var steady = Sim(profile: profile)
        let kept = steady.dev().idfa
        steady.run(.setting(SettingsChange(allowTrackingRequests: false)))
        #expect(steady.dev().idfa == kept)

        var privacy = Sim()
        privacy.install("shop")
        privacy.request("shop", .allow)
        let before = privacy.dev().idfa
        privacy.run(.resetLocationAndPrivacy)
        #expect(privacy.dev().idfa != before)
        #expect(privacy.att("shop") == .notDetermined)
    }

    @Test("IDFA-11: the IDFA survives app deletion and a same-device restore; new hardware gets a new one")
    func idfaIsDeviceBound() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(13, 0)), DeviceSpec(name: "spare", os: OSVersion(13, 0))]
        var sim = Sim(devices: devices)
        let idfa = sim.dev().idfa
        sim.install("shop")
        sim.uninstall("shop")
        sim.install("shop")
        #expect(sim.dev().idfa == idfa)
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"))
        #expect(sim.dev().idfa == idfa)
        let spareBefore = sim.dev("spare").idfa
        let changes = sim.run(.restore(backup: "b"), on: "spare")
        #expect(sim.dev("spare").idfa != idfa)
        #expect(sim.dev("spare").idfa != spareBefore)
        #expect(changes.touching("idfa:").first?.rule == .idfa11)
    }

    @Test("IDFA-9: iPhone and iPad apps on visionOS read zeros, even when authorized")
    func visionZeros() {
        var sim = Sim(kind: .vision)
        sim.install("shop")
        sim.launch("shop")
        sim.request("shop", .allow)
        #expect(sim.att("shop") == .authorized)
        #expect(sim.idfa("shop") == .zero)
    }
}
