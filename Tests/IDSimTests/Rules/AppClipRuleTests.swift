import IDSim
import Testing

/// App Clips as iOS treats them (fidelity round 4): what stays when the full app replaces its clip,
/// the clip's keychain (CLIP-41), and the OS floors of clips and extensions (CLIP-34, EXT-33).
@Suite("App Clip rules")
struct AppClipRuleTests {
    static let group = "group.com.acme.shared"

    /// The full app and its clip, both in one App Group.
    static var apps: [AppDeclaration] {
        var shop = Sim.shop
        shop.appGroups = [group]
        var clip = CompanionRuleTests.clip
        clip.appGroups = [group]
        return [shop, clip]
    }

    static func sim(os: String = "17.5", profile: Profile = .default, programs: any AppProgramResolver = guidProgram()) -> Sim {
        Sim(os: os, apps: apps, profile: profile, seed: 7, programs: programs)
    }

    /// The clip's GUID, kept in its keychain: what its launch reported.
    static func clipGUID(_ sim: inout Sim) throws -> String {
        sim.install("Clip")
        sim.launch("Clip")
        return try #require(sim.lastID("Clip"))
    }

    @Test("CLIP-41: from iOS 16 the full app that replaces its clip finds the clip's keychain item under its own group; the clip's group holds nothing")
    func promotedToTheFullApp() throws {
        var sim = Self.sim()
        let guid = try Self.clipGUID(&sim)
        let replaced = sim.install("shop")
        #expect(replaced.touching("keychain:").map(\.rule) == [.clip41, .clip41], "moved: gone from the clip's group, added to the app's")
        let items = sim.dev().keychain.values
        #expect(items.map(\.group) == ["ACME1234.com.acme.shop"] && items.first?.value == guid)
        // Replayed: the full app's own launch reads it, and mints nothing.
        sim.launch("shop")
        #expect(sim.lastID("shop") == guid)
        #expect(sim.lastLaunch("shop")?.notes == ["read"])
    }

    @Test("CLIP-41: before iOS 16 nothing moves: the clip's items go with it, and the full app mints a new ID")
    func notPromotedBeforeSixteen() throws {
        var sim = Self.sim(os: "15.7")
        let guid = try Self.clipGUID(&sim)
        let replaced = sim.install("shop")
        #expect(replaced.touching("keychain:").map(\.rule) == [.clip41])
        #expect(sim.dev().keychain.values.isEmpty)
        sim.launch("shop")
        #expect(sim.lastID("shop") != nil && sim.lastID("shop") != guid)
    }

    @Test("CLIP-41: a clip deleted on its own takes its items with it; switch appClipKeychainOnRemoval = keep leaves them")
    func deletedWithTheClip() throws {
        var sim = Self.sim()
        _ = try Self.clipGUID(&sim)
        let removed = sim.uninstall("Clip")
        #expect(removed.touching("keychain:").map(\.rule) == [.clip41] && sim.dev().keychain.values.isEmpty)
        var profile = Profile.default
        profile.appClipKeychainOnRemoval = .keep
        var kept = Self.sim(profile: profile)
        let guid = try Self.clipGUID(&kept)
        kept.uninstall("Clip")
        #expect(kept.dev().keychain.values.map(\.value) == [guid])
    }

    @Test("CLIP-41: a clip's add or update that syncs fails with errSecRestrictedAPI (-34020) and stores nothing; the full app's succeeds")
    func clipCannotSync() {
        let program = ClosureProgram { os in
            let add = os.secItemAdd(KeychainAttributes(service: "svc", account: "id", value: "S", synchronizable: true))
            _ = os.secItemAdd(KeychainAttributes(service: "svc", account: "local", value: "L"))
            let update = os.secItemUpdate(KeychainQuery(service: "svc", account: "local"), KeychainUpdate(value: "L2", synchronizable: true))
            return LaunchReport(primaryID: nil, values: [], notes: ["add \(add.description)", "update \(update.description)"])
        }
        var sim = Self.sim(programs: program)
        sim.install("Clip")
        sim.launch("Clip")
        #expect(sim.lastLaunch("Clip")?.notes == ["add errSecRestrictedAPI (-34020)", "update errSecRestrictedAPI (-34020)"])
        #expect(sim.dev().keychain.values.map(\.synchronizable) == [false], "only the item that does not sync was stored")
        #expect(sim.dev().keychain.values.first?.value == "L", "the refused update changed nothing")
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes == ["add errSecSuccess (0)", "update errSecSuccess (0)"])
    }

    @Test("CLIP-41: a clip has no iCloud key-value store: its write is dropped and its read finds nothing, where the full app's works")
    func clipHasNoKeyValueStore() {
        let program = ClosureProgram { os in
            os.setUbiquitous("V", forKey: "id")
            return LaunchReport(primaryID: os.ubiquitousString(forKey: "id"), values: [], notes: [])
        }
        var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 5), appleID: "alice")], apps: Self.apps,
                      accounts: [Account(id: "alice")], programs: program)
        sim.install("Clip")
        let clipLaunch = sim.launch("Clip")
        #expect(sim.lastID("Clip") == nil && clipLaunch.touching("kvs:").isEmpty && clipLaunch.touching("keyValueStore:").isEmpty)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") == "V")
    }

    @Test("CLIP-41: a backup holds none of a clip's items: restored onto the same phone, the full app's item is back and the clip's is not")
    func notBackedUp() throws {
        var apps = Self.apps
        apps.append(Sim.news)
        var sim = Sim(apps: apps, programs: guidProgram())
        _ = try Self.clipGUID(&sim)
        sim.install("news")
        sim.launch("news")
        let news = try #require(sim.lastID("news"))
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"))
        #expect(sim.dev().keychain.values.map(\.value) == [news])
        #expect(sim.dev().keychain.values.map(\.group) == ["ACME1234.com.acme.news"])
    }

    @Test("CLIP-34: the full app replacing its clip keeps the App Group container they share; the clip deleted alone, the group's last app, does not")
    func sharedContainerStays() {
        let program = ClosureProgram { os in
            let kept = os.defaultsString(forKey: "id", suite: AppClipRuleTests.group)
            if kept == nil { os.setDefaults("G-" + os.newUUID().uuidString, forKey: "id", suite: AppClipRuleTests.group) }
            return LaunchReport(primaryID: os.defaultsString(forKey: "id", suite: AppClipRuleTests.group), values: [], notes: [])
        }
        var sim = Self.sim(programs: program)
        sim.install("Clip")
        sim.launch("Clip")
        let shared = sim.lastID("Clip")
        let replaced = sim.install("shop")
        #expect(replaced.touching("groupDefaults:").isEmpty, "nothing of the group was deleted")
        sim.launch("shop")
        #expect(shared != nil && sim.lastID("shop") == shared)
        var alone = Self.sim(programs: program)
        alone.install("Clip")
        alone.launch("Clip")
        let removed = alone.uninstall("Clip")
        #expect(removed.touching("groupDefaults:").map(\.rule) == [.ct36])
    }

    @Test("CLIP-34: an App Clip installs from iOS 14 and is refused before it, naming the version")
    func clipFloor() {
        var old = Self.sim(os: "13.7")
        let error = old.reject(.install(old.app("Clip"), source: nil))
        #expect(error?.description == "an App Clip is not available on phone: App Clips arrived in iOS 14, and it runs iOS 13.7 (rule CLIP-34)")
        var new = Self.sim(os: "14.0")
        new.install("Clip")
        #expect(new.world.presence(of: new.app("Clip"), on: 0) == .installed)
    }

    @Test("EXT-33: on iOS 7 the host installs and runs; its extension never launches, refused naming the version")
    func extensionFloor() {
        var sim = Sim(os: "7.1", apps: [Sim.shop, CompanionRuleTests.widget])
        sim.install("shop")
        sim.launch("shop")
        let error = sim.reject(.launch(sim.app("widget"), mode: .background))
        #expect(error?.description == "an app extension is not available on phone: app extensions arrived in iOS 8, and it runs iOS 7.1 (rule EXT-33)")
        var eight = Sim(os: "8.0", apps: [Sim.shop, CompanionRuleTests.widget])
        eight.install("shop")
        eight.launch("widget", .background)
    }

    @Test("AA-28: App Attest in an App Clip from iOS 15; in the full app from iOS 14")
    func appAttestInClips() {
        let program = ClosureProgram { os in LaunchReport(primaryID: os.appAttestSupported ? "yes" : "no", values: [], notes: []) }
        for (os, clip) in [("14.8", "no"), ("15.0", "yes")] {
            var sim = Self.sim(os: os, programs: program)
            sim.install("Clip")
            sim.launch("Clip")
            #expect(sim.lastID("Clip") == clip, "iOS \(os)")
            sim.install("shop")
            sim.launch("shop")
            #expect(sim.lastID("shop") == "yes", "iOS \(os)")
        }
    }

    @Test("CLIP-34: restoring a backup whose only app of a team is a clip makes no IDFV for that team")
    func restoreMakesNoVendorForAClip() {
        var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 5)), DeviceSpec(name: "newphone", os: OSVersion(17, 5))],
                      apps: Self.apps)
        sim.install("Clip")
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"), on: "newphone")
        #expect(sim.world.presence(of: sim.app("Clip"), on: sim.device("newphone")) == .installed)
        #expect(sim.dev("newphone").vendorTable.isEmpty)
    }
}
