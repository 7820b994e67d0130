import IDSim
import Testing

/// A program that asks its server for the team's two bits with a fresh token.
let bitsProgram = ClosureProgram { os in
    guard os.deviceCheckSupported, let token = os.generateDeviceCheckToken() else {
        return LaunchReport(primaryID: nil, values: [NamedValue("token", nil)], notes: ["unsupported"])
    }
    switch os.queryTwoBits(token: token) {
    case .bits(let bits):
        return LaunchReport(primaryID: nil, values: [NamedValue("token", token.text), NamedValue("bit0", String(bits.bit0)),
                                                      NamedValue("bit1", String(bits.bit1)), NamedValue("lastUpdate", bits.lastUpdate)])
    case .notFound(let body):
        return LaunchReport(primaryID: nil, values: [NamedValue("token", token.text), NamedValue("bit0", nil)], notes: [body])
    case .ok, .badRequest:
        return LaunchReport(primaryID: nil, values: [NamedValue("token", token.text)], notes: ["error"])
    }
}

@Suite("DeviceCheck and App Attest rules")
struct DeviceCheckRuleTests {
    @Test("DC-26: supported from iOS 11, not in the Simulator; every token is new")
    func support() {
        var sim = Sim(os: "11.0", programs: bitsProgram)
        sim.install("shop")
        sim.launch("shop")
        let first = sim.lastLaunch("shop")?.value("token")
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(first != nil)
        #expect(sim.lastLaunch("shop")?.value("token") != first)

        var old = Sim(os: "10.3", programs: bitsProgram)
        old.install("shop")
        old.launch("shop")
        #expect(old.lastLaunch("shop")?.notes == ["unsupported"])
        var simulator = Sim(kind: .simulator, passcode: false, programs: bitsProgram)
        simulator.install("shop")
        #expect(simulator.reject(.deviceCheck(simulator.app("shop"), bit0: true, bit1: nil)) != nil)
    }

    @Test("DC-27: two bits per team and hardware survive deletion and erase, never move to new hardware")
    func bitsStayWithHardware() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, programs: bitsProgram)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes == ["Failed to find bit state"])
        let changes = sim.run(.deviceCheck(sim.app("shop"), bit0: true, bit1: nil))
        #expect(changes.first?.rule == .dc27)
        sim.install("news")
        sim.launch("news")
        #expect(sim.lastLaunch("news")?.value("bit0") == "true", "the whole team shares the bits")
        sim.run(.backup(.encrypted, name: "b"))
        sim.uninstall("shop")
        sim.uninstall("news")
        sim.run(.erase)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.value("bit0") == "true")
        #expect(sim.lastLaunch("shop")?.value("bit1") == "false", "only the bits given change")
        sim.run(.restore(backup: "b"), on: "spare")
        sim.launch("shop", on: "spare")
        #expect(sim.lastLaunch("shop", on: "spare")?.value("bit0") == nil)
        sim.install("game")
        sim.launch("game")
        #expect(sim.lastLaunch("game")?.value("bit0") == nil, "another team has its own bits")

        var profile = Profile.default
        profile.deviceCheckNotFoundBody = .bitStateNotFound
        var docs = Sim(profile: profile, programs: bitsProgram)
        docs.install("shop")
        docs.launch("shop")
        #expect(docs.lastLaunch("shop")?.notes == ["Bit State Not Found"])
        #expect(docs.reject(.deviceCheck(docs.app("shop"), bit0: nil, bit1: nil)) == .emptyBits)
    }

    @Test("DC-27: an old token is refused with 400")
    func expiredToken() {
        let keeper = ClosureProgram { os in
            if let saved = os.memory("token") {
                let parts = saved.split(separator: "|")
                let token = DeviceCheckToken(hardwareID: UInt64(parts[0])!, environment: .production,
                                             issuedAt: Int(parts[1])!, nonce: .zero)
                let status = os.queryTwoBits(token: token).httpStatus
                return LaunchReport(primaryID: nil, values: [NamedValue("status", String(status))])
            }
            let token = os.generateDeviceCheckToken()!
            os.setMemory("\(token.hardwareID)|\(token.issuedAt)", forKey: "token")
            return LaunchReport(primaryID: nil, values: [])
        }
        var sim = Sim(programs: keeper)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.note("time passes"))
        sim.run(.note("more time"))
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.value("status") == "400")
    }

    @Test("AA-28: App Attest keys survive an update, not a reinstall; unsupported before 14 and in the Simulator")
    func appAttestKeys() {
        let attester = ClosureProgram { os in
            guard os.appAttestSupported else { return LaunchReport(primaryID: nil, values: [], notes: ["unsupported"]) }
            if let keyID = os.defaultsString(forKey: "keyID") {
                return LaunchReport(primaryID: keyID, values: [NamedValue("valid", String(os.appAttestKeyIsValid(keyID)))])
            }
            let keyID = os.generateAttestKey()!
            os.setDefaults(keyID, forKey: "keyID")
            return LaunchReport(primaryID: keyID, values: [NamedValue("valid", "new")])
        }
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, programs: attester)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.update(sim.app("shop"), newTeam: nil))
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.value("valid") == "true")
        sim.run(.backup(.encrypted, name: "b"))
        let changes = sim.run(.restore(backup: "b"), on: "spare")
        #expect(changes.isEmpty == false)
        sim.launch("shop", on: "spare")
        #expect(sim.lastLaunch("shop", on: "spare")?.value("valid") == "false", "the key ID came back, the key did not")
        let restoreSame = sim.run(.restore(backup: "b"))
        #expect(restoreSame.touching("appattest:").first?.rule == .aa28)

        var old = Sim(os: "13.0", programs: attester)
        old.install("shop")
        old.launch("shop")
        #expect(old.lastLaunch("shop")?.notes == ["unsupported"])
    }

    @Test("AA-28: App Attest is unsupported for an iPhone app on a Mac and in an app extension")
    func appAttestUnsupportedOnMacAndInExtensions() {
        let probe = ClosureProgram { os in
            LaunchReport(primaryID: os.appAttestSupported ? os.generateAttestKey() : nil, values: [], notes: [os.appAttestSupported ? "supported" : "unsupported"])
        }
        var mac = Sim(kind: .mac, passcode: false, programs: probe)
        mac.install("shop")
        mac.launch("shop")
        #expect(mac.lastLaunch("shop")?.notes == ["unsupported"] && mac.lastID("shop") == nil)
        var widget = AppDeclaration(bundleID: "com.acme.shop.widget", teamID: "ACME1234")
        widget.role = .appExtension(host: 0)
        var phone = Sim(apps: [Sim.shop, widget], programs: probe)
        phone.install("shop")
        phone.launch("shop")
        phone.launch("widget", .background)
        #expect(phone.lastLaunch("shop")?.notes == ["supported"])
        #expect(phone.lastLaunch("widget")?.notes == ["unsupported"], "generateKey fails in an extension")
    }

    @Test("AA-28: a same-device restore loses the keys too, unless appAttestSameDeviceRestore = valid; environments are separate")
    func appAttestRestoreAndEnvironment() {
        let attester = ClosureProgram { os in
            let environment: DeviceCheckServer.Environment = os.declaration.options["env"] == .string("development") ? .development : .production
            if let keyID = os.defaultsString(forKey: "keyID") {
                return LaunchReport(primaryID: keyID, values: [NamedValue("error", os.appAttestError(keyID: keyID, environment: environment)?.rawValue)])
            }
            let keyID = os.generateAttestKey(environment: environment)!
            os.setDefaults(keyID, forKey: "keyID")
            return LaunchReport(primaryID: keyID, values: [NamedValue("error", nil)])
        }
        func errorAfterSameDeviceRestore(_ value: Profile.AppAttestSameDeviceRestore) -> String? {
            var profile = Profile.default
            profile.appAttestSameDeviceRestore = value
            var sim = Sim(profile: profile, programs: attester)
            sim.install("shop")
            sim.launch("shop")
            sim.run(.backup(.encrypted, name: "b"))
            sim.run(.restore(backup: "b"))
            sim.launch("shop")
            return sim.lastLaunch("shop")?.value("error")
        }
        #expect(errorAfterSameDeviceRestore(.invalid) == "invalidKey")
        #expect(errorAfterSameDeviceRestore(.valid) == nil)
        // A development key does not assert in production.
        var sim = Sim(apps: [Sim.shop.with(["env": .string("development")])], programs: attester)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.configure(sim.app("shop"), ["env": .string("production")]))
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.value("error") == "invalidKey")
    }

    @Test("DC-26: enterprise builds talk to the production environment, Xcode builds to development")
    func environments() {
        let tokenProgram = ClosureProgram { os in
            LaunchReport(primaryID: nil, values: [NamedValue("environment", os.generateDeviceCheckToken()?.environment.rawValue)])
        }
        for (source, environment) in [(InstallSource.enterprise, "production"), (.appstore, "production"), (.testflight, "production"),
                                      (.xcode, "development")] {
            var sim = Sim(programs: tokenProgram)
            sim.install("shop", source)
            sim.launch("shop")
            #expect(sim.lastLaunch("shop")?.value("environment") == environment, "\(source)")
        }
    }
}
