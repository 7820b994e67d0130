import IDSim
import IDStrategies
import Testing

/// The field reports the strategies reproduce (field-reports.md).
@Suite("Field reports through the strategies")
struct FieldReportTests {
    @Test("B4: FCUUID ≤ 1.3.0 kept uuidForInstallation across reinstall; 1.3.1 does not")
    func installationID() throws {
        for (version, survives) in [("1.3.0", true), ("1.3.1", false)] {
            var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "fcuuid", ["version": .string(version)])])
            try w.install("shop")
            let first = try w.launch("shop").value("uuidForInstallation")
            try w.uninstall("shop")
            try w.install("shop")
            #expect((try w.launch("shop").value("uuidForInstallation") == first) == survives, "\(version)")
        }
    }

    @Test("B5/B6: an iCloud backup restored to a second iPad gives FCUUID the same uuidForDevice on both")
    func restoredTwin() throws {
        let pad = DeviceSpec(name: "padB", kind: .ipad, os: OSVersion(16, 0))
        var w = try AppWorld(os: "16.0", kind: .ipad, extraDevices: [pad], accounts: [Account(id: "alice")], appleID: "alice",
                             apps: [AppWorld.app("com.acme.shop", "fcuuid")])
        try w.install("shop")
        let a = try w.id("shop")
        try w.run(.backup(.icloud, name: "cloud"))
        try w.run(.restore(backup: "cloud"), on: "padB")
        #expect(try w.id("shop", on: "padB") == a)
        #expect(try w.id("shop") == a, "device A keeps it too")
    }

    @Test("B7: synchronizable items give two devices on one Apple ID the same ID")
    func iCloudSync() throws {
        let pad = DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")
        var w = try AppWorld(extraDevices: [pad], accounts: [Account(id: "alice")], appleID: "alice",
                             apps: [AppWorld.app("com.acme.shop", "rndi", ["accessible": .string("afterFirstUnlock"), "synchronizable": .bool(true)])])
        try w.install("shop")
        try w.install("shop", on: "pad")
        #expect(try w.id("shop") == w.id("shop", on: "pad"))
    }

    @Test("B10/B24: a background launch after a reboot, before first unlock, mints a new ID; after unlocking the stored one is back")
    func lockedBackgroundLaunch() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "keychain-idfv")])
        try w.install("shop")
        let id = try w.id("shop")
        try w.run(.lock)
        let locked = try w.launch("shop", .background)
        #expect(locked.notes.first == "keychain read: errSecInteractionNotAllowed (-25308)")
        #expect(locked.primaryID == id, "locked after first unlock: the IDFV fallback happens to match")
        try w.run(.reboot)
        let early = try w.launch("shop", .background)
        #expect(early.primaryID != id, "no keychain, no IDFV: a new UUID (B10)")
        #expect(early.notes.last == "keychain write: errSecInteractionNotAllowed (-25308)")
        try w.run(.unlock)
        #expect(try w.id("shop") == id, "alternating values: the stored one is back (B24)")
    }

    @Test("B11: a prewarmed launch before first unlock: FCUUID falls back to empty UserDefaults and mints; the process keeps it when opened")
    func prewarm() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "fcuuid")])
        try w.install("shop")
        let id = try w.id("shop")
        try w.run(.reboot)
        let early = try w.id("shop", .prewarm)
        #expect(early != id)
        try w.run(.unlock)
        let opened = try w.launch("shop", .foreground)
        #expect(opened.primaryID == id, "the keychain item is readable now and wins")
        #expect(w.world.devices[0].keychain.values.contains { $0.value == id }, "nothing overwrote the stored ID")
    }

    @Test("B12: an access group without the entitlement fails with -34018 and the ID is never persisted")
    func missingEntitlement() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "keychain-idfv", ["accessGroup": .string("ACME1234.com.acme.shared")])])
        try w.install("shop")
        let report = try w.launch("shop")
        #expect(report.notes == ["keychain read: errSecMissingEntitlement (-34018)", "keychain write: errSecMissingEntitlement (-34018)"])
        #expect(w.world.devices[0].keychain.isEmpty)
        try w.uninstall("shop")
        try w.install("shop")
        #expect(try w.id("shop") != report.primaryID, "the IDFV it fell back on changed with the reinstall")
    }

    @Test("B13: SvUDID's shared group without the TEAMID prefix in the entitlement fails with -25243; with it, it works")
    func wrongAccessGroup() throws {
        var wrong = try AppWorld(apps: [AppWorld.app("com.acme.shop", "svudid", groups: ["com.cnblogs.smileEvday"])])
        try wrong.install("shop")
        #expect(try wrong.launch("shop").notes.first == "keychain read: errSecNoAccessForItem (-25243)",
                "an entry without the team prefix grants nothing")
        var other = try AppWorld(apps: [AppWorld.app("com.acme.shop", "svudid", groups: ["ACME1234.com.acme.other"])])
        try other.install("shop")
        #expect(try other.launch("shop").notes.first == "keychain read: errSecNoAccessForItem (-25243)")
        var right = try AppWorld(apps: [AppWorld.app("com.acme.shop", "svudid", groups: ["ACME1234.com.cnblogs.smileEvday"])])
        try right.install("shop")
        #expect(try right.launch("shop").notes == ["keychain read: errSecItemNotFound (-25300)"], "first launch: not found, then saved")
        #expect(try right.launch("shop").notes.isEmpty)
        #expect(right.world.devices[0].keychain.values.first?.group == "ACME1234.com.cnblogs.smileEvday")
    }

    @Test("B14: the same device gives FCUUID a different uuidForDevice in apps of different teams")
    func differentTeams() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "fcuuid"), AppWorld.app("org.other.game", team: "OTHR5678", "fcuuid")])
        try w.install("shop")
        try w.install("game")
        #expect(try w.id("shop") != w.id("game"))
    }

    @Test("B15: OpenUDID changes after reinstall when it was the only OpenUDID app; on iOS 7 another team's app can't keep it")
    func openUDIDReinstall() throws {
        var w = try AppWorld(os: "6.1", apps: [AppWorld.app("com.acme.shop", "openudid"), AppWorld.app("org.other.game", team: "OTHR5678", "openudid")])
        try w.install("shop")
        try w.install("game")
        let id = try w.id("shop")
        #expect(try w.id("game") == id, "iOS 6: shared across vendors")
        try w.uninstall("shop")
        try w.install("shop")
        #expect(try w.id("shop") == id, "the other app's slot kept it")
        try w.uninstall("shop")
        try w.uninstall("game")
        try w.install("shop")
        #expect(try w.id("shop") != id, "the last participating app was gone")

        var ios7 = try AppWorld(os: "7.0", apps: [AppWorld.app("com.acme.shop", "openudid"), AppWorld.app("org.other.game", team: "OTHR5678", "openudid")])
        try ios7.install("shop")
        try ios7.install("game")
        #expect(try ios7.id("shop") != ios7.id("game"), "iOS 7 scopes named pasteboards to the team")
    }

    @Test("B16: OpenUDID changes on erase, comes back on restore, duplicates on restore to another device")
    func openUDIDRestore() throws {
        let spare = DeviceSpec(name: "spare", os: OSVersion(6, 1))
        var w = try AppWorld(os: "6.1", extraDevices: [spare], apps: [AppWorld.app("com.acme.shop", "openudid")])
        try w.install("shop")
        let id = try w.id("shop")
        try w.run(.backup(.unencrypted, name: "b"))
        try w.run(.restore(backup: "b"), on: "spare")
        #expect(try w.id("shop", on: "spare") == id)
        try w.run(.erase)
        try w.install("shop")
        #expect(try w.id("shop") != id)
        try w.run(.restore(backup: "b"))
        #expect(try w.id("shop") == id)
    }
}
