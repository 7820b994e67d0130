import IDSim
import Testing

@Suite("Keychain rules")
struct KeychainRuleTests {
    @Test("KC-16: items go to the first group; apps share through an entitled group; other teams can't read")
    func accessGroups() {
        let shared = "ACME1234.com.acme.shared"
        let shop = Sim.shop.with(["group": .string(shared)], groups: [shared])
        let news = Sim.news.with(["group": .string(shared)], groups: [shared])
        var sim = Sim(apps: [shop, news, Sim.other], programs: optionGUIDProgram)
        #expect(shop.keychainGroups == [shared, "ACME1234.com.acme.shop"])
        sim.install("shop")
        sim.install("news")
        sim.install("game")
        sim.launch("shop")
        sim.launch("news")
        sim.launch("game")
        #expect(sim.lastID("shop") == sim.lastID("news"), "one item in the shared group")
        #expect(sim.lastID("game") != sim.lastID("shop"), "another team can't reach it")
        #expect(sim.dev().keychain.keys.contains { $0.group == shared })
    }

    @Test("KC-16: an unentitled group fails with -34018 without keychain sharing, -25243 with it (B12, B13)")
    func entitlementErrors() {
        // No keychain-access-groups at all: errSecMissingEntitlement.
        let missing = Sim.shop.with(["group": .string("ACME1234.com.acme.shared")])
        // Sharing entitlement present, but the group lacks the team prefix: errSecNoAccessForItem.
        let wrong = Sim.news.with(["group": .string("com.acme.shared")], groups: ["ACME1234.com.acme.other"])
        var sim = Sim(apps: [missing, wrong], programs: optionGUIDProgram)
        sim.install("shop")
        sim.install("news")
        sim.launch("shop")
        sim.launch("news")
        #expect(sim.lastLaunch("shop")?.notes == ["read errSecMissingEntitlement", "write errSecMissingEntitlement"])
        #expect(sim.lastLaunch("news")?.notes == ["read errSecNoAccessForItem", "write errSecNoAccessForItem"])
        let first = sim.lastID("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") != first, "the write never lands, so every launch mints a new ID")
        #expect(sim.dev().keychain.isEmpty, "nothing was ever persisted")
    }

    @Test("KC-16: entitlement entries without the Team ID prefix are ignored")
    func prefixRequired() {
        let app = Sim.shop.with([:], groups: ["com.acme.shared", "ACME1234.com.acme.shared"])
        #expect(app.keychainGroups == ["ACME1234.com.acme.shared", "ACME1234.com.acme.shop"])
    }

    @Test("KC-17: the default class is WhenUnlocked, which a locked device refuses with -25308")
    func defaultClassNeedsUnlock() {
        let shop = Sim.shop.with(["accessible": .string("default")])   // not a class name: use the default
        var sim = Sim(apps: [shop], programs: optionGUIDProgram)
        sim.install("shop")
        sim.launch("shop")
        let item = sim.dev().keychain.values.first
        #expect(item?.accessible == .whenUnlocked)
        let id = sim.lastID("shop")
        sim.run(.lock)
        sim.run(.reboot)
        sim.run(.unlock)
        sim.run(.lock)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes.first == "read errSecInteractionNotAllowed")
        #expect(sim.lastID("shop") != id, "the naive program minted a new ID (field report B10)")
        #expect(sim.dev().keychain.values.first?.value == id, "but could not overwrite the item")
    }

    @Test("KC-17: AfterFirstUnlock items are readable while locked once unlocked since boot, never before")
    func afterFirstUnlock() {
        var sim = Sim(programs: guidProgram(accessible: .afterFirstUnlock))
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.run(.lock)
        sim.launch("shop", .background)
        #expect(sim.lastID("shop") == id)
        sim.run(.reboot)
        sim.launch("shop", .prewarm)
        #expect(sim.lastLaunch("shop")?.notes == ["read errSecInteractionNotAllowed", "write errSecInteractionNotAllowed"])
        sim.run(.unlock)
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == id)
    }

    @Test("KC-17: WhenPasscodeSetThisDeviceOnly needs a passcode and dies when it is turned off")
    func passcodeClass() {
        var sim = Sim(programs: guidProgram(accessible: .whenPasscodeSetThisDeviceOnly))
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.dev().keychain.count == 1)
        let changes = sim.run(.passcode(false))
        #expect(sim.dev().keychain.isEmpty)
        #expect(changes.touching("keychain:").first?.rule == .kc17)
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes.last == "write errSecAuthFailed")
    }

    @Test("KC-18: a synchronizable item reaches the account's other devices; updates and deletes follow; ThisDeviceOnly can't sync")
    func iCloudKeychainSync() {
        let alice = Account(id: "alice")
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "other", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, accounts: [alice], programs: guidProgram(synchronizable: true))
        sim.install("shop")
        sim.install("shop", on: "pad")
        sim.install("shop", on: "other")
        let changes = sim.launch("shop")
        #expect(changes.rules.contains(.kc18))
        sim.launch("shop", on: "pad")
        sim.launch("shop", on: "other")
        #expect(sim.lastID("shop", on: "pad") == sim.lastID("shop"), "field report B7: the same ID on both")
        #expect(sim.lastID("shop", on: "other") != sim.lastID("shop"))

        let cleaner = ClosureProgram { os in
            let status = os.secItemDelete(KeychainQuery(service: "guid", account: "device", synchronizable: .any))
            return LaunchReport(primaryID: nil, values: [], notes: [status.name])
        }
        sim.programs = cleaner
        sim.launch("shop", on: "pad")
        #expect(sim.dev().keychain.isEmpty, "the delete reached the phone")

        var bad = Sim(programs: guidProgram(accessible: .afterFirstUnlockThisDeviceOnly, synchronizable: true))
        bad.install("shop")
        bad.launch("shop")
        #expect(bad.lastLaunch("shop")?.notes.last == "write errSecParam")
    }

    @Test("KC-18: nothing syncs with iCloud Keychain off; turning it on merges")
    func keychainSwitch() {
        let alice = Account(id: "alice", iCloudKeychain: false)
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")]
        var sim = Sim(devices: devices, accounts: [alice], programs: guidProgram(synchronizable: true))
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.dev("pad").keychain.isEmpty)
        sim.run(.iCloudKeychain(true))
        sim.run(.iCloudKeychain(true), on: "pad")
        #expect(sim.dev("pad").keychain.values.first?.value == sim.lastID("shop"))
    }

    @Test("KC-18: signing out keeps the synced items on the device unless keep: false deletes them; the account and its other devices keep them")
    func signOutKeepsACopyOrNot() {
        let alice = Account(id: "alice")
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")]
        for keep in [true, false] {
            var sim = Sim(devices: devices, accounts: [alice], programs: guidProgram(synchronizable: true))
            sim.install("shop")
            sim.launch("shop")
            let id = sim.lastID("shop")
            let local = ClosureProgram { os in
                os.secItemAdd(KeychainAttributes(service: "local", account: "a", value: "L"))
                return LaunchReport(primaryID: nil, values: [], notes: [])
            }
            sim.programs = local
            sim.launch("shop")
            let changes = sim.run(.signOut(keep: keep))
            #expect(sim.dev().appleID == nil)
            let synced = sim.dev().keychain.values.filter(\.synchronizable).map(\.value)
            #expect(synced == (keep ? [id!] : []), "keep: \(keep)")
            #expect(changes.touching("keychain:").map(\.rule) == (keep ? [] : [.kc18]))
            #expect(sim.dev().keychain.values.filter { !$0.synchronizable }.map(\.value) == ["L"], "an item that never synced stays")
            #expect(sim.dev("pad").keychain.values.map(\.value) == [id!], "the account's other device keeps its copy")
            // The account still holds it: signing in again brings it back.
            sim.run(.signIn(account: 0))
            #expect(sim.dev().keychain.values.filter(\.synchronizable).map(\.value) == [id!])
        }
    }

    @Test("KC-19: items outlive the app by default; the 10.3-beta profile deletes unshared ones (field reports B2, B3)")
    func itemsOutliveApp() {
        var sim = Sim(programs: guidProgram())
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.uninstall("shop")
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") == id)

        var profile = Profile.default
        profile.keychainOnUninstall = .deleteUnshared
        var beta = Sim(profile: profile, programs: guidProgram())
        beta.install("shop")
        beta.launch("shop")
        let old = beta.lastID("shop")
        let changes = beta.uninstall("shop")
        #expect(changes.touching("keychain:").first?.rule == .kc19)
        beta.install("shop")
        beta.launch("shop")
        #expect(beta.lastID("shop") != old)
    }

    @Test("KC-19: under deleteUnshared a shared item stays while another app can reach it; the Simulator never deletes")
    func sharedItemsStay() {
        let shared = "ACME1234.shared"
        let shop = Sim.shop.with(["group": .string(shared)], groups: [shared])
        let news = Sim.news.with(["group": .string(shared)], groups: [shared])
        var profile = Profile.default
        profile.keychainOnUninstall = .deleteUnshared
        var sim = Sim(apps: [shop, news], profile: profile, programs: optionGUIDProgram)
        sim.install("shop")
        sim.install("news")
        sim.launch("shop")
        sim.uninstall("shop")
        #expect(sim.dev().keychain.count == 1)
        sim.uninstall("news")
        #expect(sim.dev().keychain.isEmpty)

        var simulator = Sim(kind: .simulator, passcode: false, profile: profile, programs: guidProgram())
        simulator.install("shop")
        simulator.launch("shop")
        simulator.uninstall("shop")
        #expect(simulator.dev().keychain.count == 1)
    }

    @Test("KC-20: moving the app to another team makes its old items unreachable")
    func teamChangeLosesItems() {
        var sim = Sim(programs: guidProgram())
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        let changes = sim.run(.update(sim.app("shop"), newTeam: "NEWTEAM9"))
        #expect(changes.rules.contains(.kc20))
        sim.launch("shop")
        #expect(sim.lastID("shop") != id)
        #expect(sim.dev().keychain.count == 2, "the old item is still there, out of reach")
        #expect(sim.reject(.update(sim.app("shop"), newTeam: "bad team")) != nil)
    }

    @Test("KC-21: restores bring items back by backup kind and hardware (field reports B5, B6)")
    func restoreByKind() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        let portable = Sim.shop.with(["accessible": .string("afterFirstUnlock")])
        let bound = Sim.news.with(["accessible": .string("afterFirstUnlockThisDeviceOnly")])
        func restored(_ kind: BackupKind, onto target: String, profile: Profile = .default) -> (portable: Bool, bound: Bool) {
            var sim = Sim(devices: devices, apps: [portable, bound], accounts: [Account(id: "alice")],
                          profile: profile, programs: optionGUIDProgram)
            sim.install("shop")
            sim.install("news")
            sim.launch("shop")
            sim.launch("news")
            sim.run(.backup(kind, name: "b"))
            let changes = sim.run(.restore(backup: "b"), on: target)
            #expect(changes.touching("keychain:").allSatisfy { $0.rule == .kc21 || $0.rule == .kc18 })
            let groups = Set(sim.dev(target).keychain.keys.map(\.group))
            return (groups.contains(portable.applicationIdentifier), groups.contains(bound.applicationIdentifier))
        }
        #expect(restored(.unencrypted, onto: "phone") == (true, true))
        #expect(restored(.encrypted, onto: "spare") == (true, false))
        #expect(restored(.unencrypted, onto: "spare") == (false, false))
        #expect(restored(.icloud, onto: "spare") == (false, false))
        var profile = Profile.default
        profile.icloudBackupKeychainToNewDevice = .migratable
        #expect(restored(.icloud, onto: "spare", profile: profile) == (true, false))
    }

    @Test("KC-21: synchronizable items come back through iCloud Keychain after a restore to new hardware")
    func syncItemsReturnViaICloud() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, accounts: [Account(id: "alice")], programs: guidProgram(synchronizable: true))
        sim.install("shop")
        sim.launch("shop")
        sim.run(.backup(.unencrypted, name: "b"))
        sim.run(.restore(backup: "b"), on: "spare")
        #expect(sim.dev("spare").keychain.values.first?.value == sim.lastID("shop"))
        #expect(sim.dev("spare").appleID == sim.world.accountIndex(id: "alice"))
    }

    @Test("KC-22: erase wipes the keychain; synced items return after signing in; reboot keeps items")
    func eraseWipes() {
        var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice")],
                      accounts: [Account(id: "alice")], programs: guidProgram(synchronizable: true))
        sim.install("shop")
        sim.launch("shop")
        sim.run(.reboot)
        #expect(sim.dev().keychain.count == 1)
        sim.run(.unlock)
        let changes = sim.run(.erase)
        #expect(changes.touching("keychain:").first?.rule == .kc22)
        #expect(sim.dev().keychain.isEmpty)
        #expect(sim.dev().appleID == nil)
        let signIn = sim.run(.signIn(account: 0))
        #expect(sim.dev().keychain.count == 1)
        #expect(signIn.rules.contains(.kc18))
    }

    @Test("KC-22a: migration moves portable items and data; hardware-bound values start fresh")
    func migration() {
        let devices = [DeviceSpec(name: "old", os: OSVersion(16, 0)), DeviceSpec(name: "new", os: OSVersion(17, 0))]
        let portable = Sim.shop.with(["accessible": .string("afterFirstUnlock")])
        let bound = Sim.news.with(["accessible": .string("afterFirstUnlockThisDeviceOnly")])
        var sim = Sim(devices: devices, apps: [portable, bound], programs: optionGUIDProgram)
        for app in ["shop", "news"] {
            sim.install(app, on: "old")
            sim.launch(app, on: "old")
        }
        let idfv = sim.idfv("shop", on: "old")
        let changes = sim.run(.migrate(from: sim.device("old")), on: "new")
        // The apps and their containers come as a restore brings them (CT-24), the rest by KC-22a.
        #expect(changes.rules == [.kc22a, .ct24])
        for change in changes {
            switch change.subject {
            case .app, .container, .defaults, .suiteDefaults, .file, .consent: #expect(change.rule == .ct24, "\(change)")
            case .keychain, .idfv, .idfa: #expect(change.rule == .kc22a, "\(change)")
            default: break
            }
        }
        sim.launch("shop", on: "new")
        sim.launch("news", on: "new")
        #expect(sim.lastID("shop", on: "new") == sim.lastID("shop", on: "old"), "dup: the portable GUID moved")
        #expect(sim.lastID("news", on: "new") != sim.lastID("news", on: "old"))
        #expect(sim.idfv("shop", on: "new") != idfv)
        #expect(sim.dev("new").idfa != sim.dev("old").idfa)
        #expect(sim.reject(.migrate(from: sim.device("new")), on: "old") != nil, "iOS 17 data can't go onto iOS 16")
        #expect(sim.reject(.migrate(from: sim.device("new")), on: "new") == .migrateFromItself(device: "new"))
    }

    @Test("KC-21: WhenPasscodeSetThisDeviceOnly items are never backed up, so no restore brings them back, not even onto the same device")
    func passcodeItemsNeverBackedUp() {
        for kind in BackupKind.allCases {
            var sim = Sim(devices: [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice")], accounts: [Account(id: "alice")],
                          programs: guidProgram(accessible: .whenPasscodeSetThisDeviceOnly))
            sim.install("shop")
            sim.launch("shop")
            #expect(sim.dev().keychain.count == 1)
            sim.run(.backup(kind, name: "b"))
            let changes = sim.run(.restore(backup: "b"))
            #expect(sim.dev().keychain.isEmpty, "\(kind)")
            #expect(changes.touching("keychain:").first?.rule == .kc21)
        }
    }

    @Test("KC-17: WhenPasscodeSetThisDeviceOnly arrived in iOS 8: an add with it before fails with errSecParam (-50)")
    func passcodeClassNeedsIOS8() {
        var old = Sim(os: "7.1", programs: guidProgram(accessible: .whenPasscodeSetThisDeviceOnly))
        old.install("shop")
        old.launch("shop")
        #expect(old.lastLaunch("shop")?.notes.last == "write errSecParam")
        #expect(old.dev().keychain.isEmpty)
        var new = Sim(os: "8.0", programs: guidProgram(accessible: .whenPasscodeSetThisDeviceOnly))
        new.install("shop")
        new.launch("shop")
        #expect(new.dev().keychain.count == 1)
    }

    @Test("KC-22a: below iOS 12.4 on either device, Quick Start restores an iCloud backup, so no keychain item moves")
    func migrationBelow12_4() {
        func moved(old: String, new: String, profile: Profile = .default) -> Bool {
            let devices = [DeviceSpec(name: "old", os: OSVersion(parsing: old)!), DeviceSpec(name: "new", os: OSVersion(parsing: new)!)]
            var sim = Sim(devices: devices, apps: [Sim.shop.with(["accessible": .string("afterFirstUnlock")])], profile: profile,
                          programs: optionGUIDProgram)
            sim.install("shop", on: "old")
            sim.launch("shop", on: "old")
            let changes = sim.run(.migrate(from: sim.device("old")), on: "new")
            #expect(changes.rules == [.kc22a, .ct24])
            sim.launch("shop", on: "new")
            return sim.lastID("shop", on: "new") == sim.lastID("shop", on: "old")
        }
        #expect(moved(old: "12.4", new: "13.0"))
        #expect(!moved(old: "12.3", new: "13.0"), "the old device is below 12.4")
        #expect(!moved(old: "12.1", new: "12.3"), "both below")
        var profile = Profile.default
        profile.icloudBackupKeychainToNewDevice = .migratable
        #expect(moved(old: "12.1", new: "12.3", profile: profile), "iCloud backups that migrate the keychain")
    }
}
