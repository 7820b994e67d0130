import IDSim
import Testing

/// A program that keeps a UUID in UserDefaults: read it, or mint and store one.
let defaultsProgram = ClosureProgram { os in
    if let id = os.defaultsString(forKey: "uid") {
        return LaunchReport(primaryID: id, values: [NamedValue("uid", id)], notes: ["read"])
    }
    let id = os.newUUID().uuidString
    os.setDefaults(id, forKey: "uid")
    return LaunchReport(primaryID: id, values: [NamedValue("uid", id)], notes: ["minted", "available \(os.userDefaultsAvailable)"])
}

@Suite("Container rules")
struct ContainerRuleTests {
    @Test("CT-23: the container dies with the app, survives updates and offloads")
    func containerLifetime() {
        var sim = Sim(programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.update(sim.app("shop"), newTeam: nil))
        sim.launch("shop")
        #expect(sim.lastID("shop") == id)
        sim.run(.offload(sim.app("shop")))
        #expect(sim.reject(.launch(sim.app("shop"), mode: .foreground)) == .appOffloaded(app: "com.acme.shop", device: "phone"))
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") == id)
        let changes = sim.uninstall("shop")
        #expect(changes.touching("defaults:").first?.rule == .ct23)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") != id)
    }

    @Test("CT-24: a restore brings the container back on the same and on another device")
    func containerRestores() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.consent(sim.app("shop")))
        let id = sim.lastID("shop")
        sim.run(.backup(.unencrypted, name: "b"))
        let changes = sim.run(.restore(backup: "b"), on: "spare")
        #expect(changes.touching("defaults:").first?.rule == .ct24)
        sim.launch("shop", on: "spare")
        #expect(sim.lastID("shop", on: "spare") == id, "dup on two devices")
        #expect(sim.dev("spare").apps[sim.app("shop")]?.container.consent == true)
    }

    @Test("CT-25 (emptyCached): a process started before first unlock sees empty UserDefaults until it restarts; its writes are lost")
    func emptyDefaultsBeforeFirstUnlock() {
        var profile = Profile.default
        profile.defaultsBeforeFirstUnlock = .emptyCached
        var sim = Sim(profile: profile, programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.reboot)
        let changes = sim.launch("shop", .prewarm)
        #expect(changes.rules.contains(.ct25))
        let stale = sim.lastID("shop")
        #expect(stale != id)
        let unlock = sim.run(.unlock)
        #expect(unlock.touching("defaults:").isEmpty)
        sim.launch("shop", .foreground)       // the prewarmed process comes forward (field report B11)
        #expect(sim.lastID("shop") == stale, "still the in-memory empty store")
        #expect(sim.dev().apps[sim.app("shop")]?.container.defaults["uid"] == id, "the stored value was never overwritten")
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == id)
    }

    @Test("CT-25 (flushAfterUnlock, the default): what a process wrote before the first unlock reaches the disk at the unlock, over the stored value")
    func flushAfterUnlock() {
        #expect(Profile.default.defaultsBeforeFirstUnlock == .flushAfterUnlock)
        var sim = Sim(programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.reboot)
        sim.launch("shop", .background)
        let minted = sim.lastID("shop")
        #expect(minted != id, "the empty store made the app mint a new ID")
        #expect(sim.dev().apps[sim.app("shop")]?.container.defaults["uid"] == id, "nothing on disk yet")
        let unlock = sim.run(.unlock)
        let flushed = unlock.touching("defaults:")
        #expect(flushed.count == 1 && flushed.first?.rule == .ct25)
        #expect(sim.dev().apps[sim.app("shop")]?.container.defaults["uid"] == minted, "the buffered write overwrote the stored ID")
        // The same process reads the store from now on; a new one finds the new ID too (RevenueCat 4623).
        sim.launch("shop")
        #expect(sim.lastID("shop") == minted)
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == minted)
    }

    @Test("CT-25 (flushAfterUnlock): a process that ended before the unlock took its writes with it")
    func flushNeedsTheProcess() {
        var sim = Sim(programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.reboot)
        sim.launch("shop", .background)
        sim.run(.reboot)                       // the process ends with its buffer
        let unlock = sim.run(.unlock)
        #expect(unlock.touching("defaults:").isEmpty)
        #expect(sim.dev().apps[sim.app("shop")]?.container.defaults["uid"] == id)
    }

    @Test("a prewarm launch needs iOS 15 (prewarming began there); before it, the launch is refused and the world kept")
    func prewarmNeedsIOS15() {
        var old = Sim(os: "14.8")
        old.install("shop")
        let error = old.reject(.launch(old.app("shop"), mode: .prewarm))
        #expect(error?.description == "a prewarm launch is not available on phone: iOS prewarms apps from iOS 15 on, and it runs iOS 14.8")
        #expect(old.world.certainlyRefuses(Step(.launch(old.app("shop"), mode: .prewarm), on: 0)), "explore skips it too")
        var new = Sim(os: "15.0")
        new.install("shop")
        new.launch("shop", .prewarm)
        #expect(!new.world.certainlyRefuses(Step(.launch(new.app("shop"), mode: .prewarm), on: 0)))
    }

    @Test("CT-25: with defaultsBeforeFirstUnlock = error, reads fail and nothing is cached")
    func errorProfile() {
        var profile = Profile.default
        profile.defaultsBeforeFirstUnlock = .error
        var sim = Sim(profile: profile, programs: defaultsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.reboot)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes.last == "available false")
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == id, "the same process reads the real store once unlocked")
    }
}
