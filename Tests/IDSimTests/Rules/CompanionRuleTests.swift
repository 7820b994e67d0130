import IDSim
import Testing

/// App extensions and App Clips: apps that live beside a full app (rules EXT-33, CLIP-34).
@Suite("Extension and App Clip rules")
struct CompanionRuleTests {
    static let widget: AppDeclaration = {
        var app = AppDeclaration(bundleID: "com.acme.shop.widget", teamID: "ACME1234")
        app.role = .appExtension(host: 0)
        return app
    }()

    static let clip: AppDeclaration = {
        var app = AppDeclaration(bundleID: "com.acme.shop.Clip", teamID: "ACME1234")
        app.role = .appClip(fullApp: 0)
        return app
    }()

    @Test("EXT-33: an extension is installed, offloaded, updated and deleted with its host, and never on its own")
    func comesWithItsHost() {
        var sim = Sim(apps: [Sim.shop, Self.widget])
        let installed = sim.install("shop")
        #expect(sim.world.presence(of: 1, on: 0) == .installed)
        #expect(installed.touching("app:").map(\.rule) == [nil, .ext33])
        #expect(sim.reject(.install(1, source: nil)) == .partOfHost(app: "com.acme.shop.widget", host: "com.acme.shop"))
        #expect(sim.reject(.uninstall(1)) == .partOfHost(app: "com.acme.shop.widget", host: "com.acme.shop"))
        sim.launch("widget", .background)
        sim.run(.update(0, newTeam: nil))
        #expect(!sim.dev().processes.isPresent(1), "the update replaced the extension's binary too")
        sim.run(.offload(0))
        #expect(sim.world.presence(of: 1, on: 0) == .offloaded)
        sim.install("shop")
        #expect(sim.world.presence(of: 1, on: 0) == .installed)
        let removed = sim.uninstall("shop")
        #expect(sim.world.presence(of: 1, on: 0) == .absent)
        #expect(removed.touching("app:").map(\.rule) == [nil, .ext33])
    }

    @Test("EXT-33: an extension has its host's vendor, so its IDFV, whatever the source; its default keychain group is its own")
    func vendorAndKeychain() {
        for source in InstallSource.allCases {
            var sim = Sim(apps: [Sim.shop, Self.widget])
            sim.install("shop", source)
            #expect(sim.idfv("widget") != nil && sim.idfv("widget") == sim.idfv("shop"), "\(source)")
            #expect(sim.dev().vendorTable.count == 1, "one vendor, \(source)")
        }
        // An ID saved without a shared group lands in each one's own group: two different IDs (RNDI PR 751).
        var sim = Sim(apps: [Sim.shop, Self.widget], programs: guidProgram())
        sim.install("shop")
        sim.launch("shop")
        sim.launch("widget", .background)
        #expect(Self.widget.keychainGroups == ["ACME1234.com.acme.shop.widget"])
        #expect(sim.lastID("shop") != sim.lastID("widget"))
        // A shared group gives both the same item.
        let shared = "ACME1234.com.acme.shared"
        var host = Sim.shop.with(["group": .string(shared)], groups: [shared])
        host.role = .app
        var ext = Self.widget.with(["group": .string(shared)], groups: [shared])
        ext.role = .appExtension(host: 0)
        var sharing = Sim(apps: [host, ext], programs: optionGUIDProgram)
        sharing.install("shop")
        sharing.launch("shop")
        sharing.launch("widget", .background)
        #expect(sharing.lastID("shop") == sharing.lastID("widget"))
    }

    @Test("EXT-33: a notification service extension launched before the first unlock cannot read a WhenUnlocked item")
    func beforeFirstUnlock() {
        var sim = Sim(apps: [Sim.shop, Self.widget], programs: guidProgram(accessible: .whenUnlocked))
        sim.install("shop")
        sim.launch("widget", .background)
        sim.run(.reboot)
        sim.launch("widget", .background)
        #expect(sim.lastLaunch("widget")?.notes.first == "read errSecInteractionNotAllowed")
    }

    @Test("EXT-33: an extension cannot show the ATT prompt: the status stays and the change says why")
    func noPromptFromExtensions() {
        var sim = Sim(apps: [Sim.shop, Self.widget])
        sim.install("shop")
        sim.launch("widget", .background)
        let changes = sim.request("widget", .allow)
        #expect(sim.att("widget") == .notDetermined)
        #expect(changes.map(\.subject.kind) == ["prompt"])
        #expect(changes.first?.rule == .ext33)
    }

    @Test("CLIP-34: an App Clip reads the all-zero IDFV, keeps no vendor alive and cannot ask to track")
    func clipHasNoIDFV() {
        var sim = Sim(apps: [Sim.shop, Self.clip])
        let installed = sim.install("Clip")
        #expect(sim.idfv("Clip") == .zero)
        #expect(sim.dev().vendorTable.isEmpty, "a clip creates no vendor entry")
        #expect(installed.touching("idfv:").isEmpty)
        sim.launch("Clip")
        let asked = sim.request("Clip", .allow)
        #expect(sim.att("Clip") == .notDetermined)
        #expect(asked.first?.rule == .clip34)
    }

    @Test("CLIP-34: installing the full app removes the clip; the full app is a new install with its vendor's IDFV")
    func fullAppReplacesClip() {
        var sim = Sim(apps: [Sim.shop, Self.clip])
        sim.install("Clip")
        sim.launch("Clip")
        let changes = sim.install("shop")
        #expect(sim.world.presence(of: 1, on: 0) == .absent)
        #expect(changes.first?.rule == .clip34)
        #expect(sim.idfv("shop") != nil && sim.idfv("shop") != .zero)
        #expect(sim.reject(.install(1, source: nil)) == .fullAppInstalled(clip: "com.acme.shop.Clip", app: "com.acme.shop", device: "phone"))
    }

    @Test("EXT-33, CLIP-34: a world refuses an extension or clip whose host is missing, itself a companion, or from another team")
    func setupChecks() {
        var orphan = Self.widget
        orphan.role = .appExtension(host: 5)
        #expect(throws: SetupError.self) { try World(devices: [DeviceSpec(name: "p", os: OSVersion(17, 5))], apps: [Sim.shop, orphan]) }
        var other = Self.widget
        other.teamID = "OTHR5678"
        #expect(World.roleProblem(other, in: [Sim.shop, other])?.contains("both ship under one Team ID") == true)
        var chained = Self.clip
        chained.role = .appClip(fullApp: 1)
        #expect(World.roleProblem(chained, in: [Sim.shop, Self.widget, chained])?.contains("must be a full app") == true)
    }
}
