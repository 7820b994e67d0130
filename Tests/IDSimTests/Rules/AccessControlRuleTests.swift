import IDSim
import Testing

/// Rule KC-40: keychain items with access control (issue 35, point 5).
@Suite struct AccessControlRuleTests {
    /// Reads the item; on any failure mints an ID and adds it with the control the app's options
    /// name (`control`), so each app of a test keeps its ID in its own way.
    static let program = ClosureProgram { os in
        var control: AccessControl?
        if case .string(let name)? = os.declaration.options["control"] { control = AccessControl(rawValue: name) }
        var sync = false
        if case .bool(let s)? = os.declaration.options["sync"] { sync = s }
        let query = KeychainQuery(service: "guid", account: "device", synchronizable: sync ? .yes : .no)
        let (status, item) = os.secItemCopyMatching(query)
        if status == .success, let item {
            return LaunchReport(primaryID: item.value, values: [NamedValue("guid", item.value)], notes: ["read"])
        }
        let fresh = os.newUUID().uuidString
        let write = os.secItemAdd(KeychainAttributes(service: "guid", account: "device", value: fresh, accessible: .afterFirstUnlock,
                                                     synchronizable: sync, accessControl: control))
        return LaunchReport(primaryID: fresh, values: [NamedValue("guid", fresh)], notes: ["read \(status.name)", "write \(write.name)"])
    }

    static func sim(_ controls: [String: AccessControl?], devices: [DeviceSpec]? = nil, accounts: [Account] = []) -> Sim {
        let apps = [Sim.shop, Sim.news, Sim.other].map { app in
            var options: [String: OptionValue] = [:]
            if let control = controls[app.bundleID] ?? nil { options["control"] = .string(control.rawValue) }
            return app.with(options)
        }
        return Sim(devices: devices, apps: apps, accounts: accounts, programs: program)
    }

    @Test("KC-40: an item with access control is read in the foreground, refused in the background and at a prewarm")
    func readsNeedTheUser() {
        var sim = Self.sim(["com.acme.shop": .userPresence, "com.acme.news": nil])
        sim.install("shop")
        sim.install("news")
        sim.launch("shop")
        sim.launch("news")
        let shop = sim.lastID("shop"), news = sim.lastID("news")
        // A reboot ends the processes; after the unlock the class is open, only the user is missing.
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop", .background)
        #expect(sim.lastID("shop") != shop, "no read in the background: the program mints another")
        #expect(sim.lastLaunch("shop")?.notes.contains("read errSecInteractionNotAllowed") == true, "\(String(describing: sim.lastLaunch("shop")?.notes))")
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop", .prewarm)
        #expect(sim.lastID("shop") != shop)
        sim.launch("news", .background)
        #expect(sim.lastID("news") == news, "an item without access control is read in the background")
        sim.launch("shop")
        #expect(sim.lastID("shop") == shop, "the item is still there: the foreground reads it")
    }

    @Test("KC-40: an item with access control comes back onto the same device, never onto another")
    func boundToTheDevice() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        for kind in [BackupKind.encrypted, .unencrypted] {
            var sim = Self.sim(["com.acme.shop": .biometryAny, "com.acme.news": nil], devices: devices, accounts: [Account(id: "alice")])
            sim.install("shop")
            sim.install("news")
            sim.launch("shop")
            sim.launch("news")
            sim.run(.backup(kind, name: "b"))
            sim.run(.restore(backup: "b"), on: "spare")
            let groups = Set(sim.dev("spare").keychain.keys.map(\.group))
            #expect(!groups.contains(Sim.shop.applicationIdentifier), "\(kind): the access-controlled item stays behind")
            #expect(groups.contains(Sim.news.applicationIdentifier) == (kind == .encrypted), "\(kind): the plain item as KC-21 says")
            sim.run(.restore(backup: "b"), on: "phone")
            #expect(sim.dev("phone").keychain.keys.contains { $0.group == Sim.shop.applicationIdentifier }, "\(kind): same device: back")
        }
        var sim = Self.sim(["com.acme.shop": .devicePasscode], devices: devices, accounts: [Account(id: "alice")])
        sim.install("shop")
        sim.launch("shop")
        sim.run(.migrate(from: sim.device("phone")), on: "spare")
        #expect(sim.dev("spare").keychain.isEmpty, "a migration leaves it behind too")
    }

    @Test("KC-40: a new face or finger invalidates biometryCurrentSet items only")
    func biometryChangeInvalidatesTheCurrentSet() {
        var sim = Self.sim(["com.acme.shop": .biometryCurrentSet, "com.acme.news": .biometryAny, "org.other.game": .userPresence])
        for app in ["shop", "news", "game"] {
            sim.install(app)
            sim.launch(app)
        }
        let ids = ["shop", "news", "game"].map { sim.lastID($0) }
        let changes = sim.run(.biometryChange)
        #expect(changes.touching("keychain:").count == 1)
        #expect(changes.touching("keychain:").first?.rule == .kc40)
        #expect(!sim.dev().keychain.keys.contains { $0.group == Sim.shop.applicationIdentifier })
        for app in ["shop", "news", "game"] { sim.launch(app) }
        #expect(sim.lastID("shop") != ids[0], "the invalidated item is gone: a new ID")
        #expect(sim.lastID("news") == ids[1] && sim.lastID("game") == ids[2])
    }

    @Test("KC-40: an item with access control cannot sync: the add fails with errSecParam")
    func noSync() {
        var sim = Sim(apps: [Sim.shop.with(["control": .string("userPresence"), "sync": .bool(true)])], programs: Self.program)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes.contains("write errSecParam") == true, "\(String(describing: sim.lastLaunch("shop")?.notes))")
        #expect(sim.dev().keychain.isEmpty)
    }
}
