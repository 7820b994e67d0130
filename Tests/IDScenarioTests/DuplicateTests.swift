import IDReports
import IDScenario
import IDSim
import IDStrategies
import Testing

/// Duplicates found where they happen: a launch that gives an ID another device already holds.
@Suite("Duplicates")
struct DuplicateTests {
    /// keychain-idfv's item is restored by an encrypted backup onto the pad, which then reports the
    /// phone's ID; the phone launches last.
    static let clone = """
        name: a clone in the middle
        devices: [{ name: phone, os: "17.5", passcode: true }, { name: pad, kind: ipad, os: "17.5", passcode: true }]
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }, { bundle: com.acme.news, team: ACME1234, strategy: keychain-idfv }]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop
          - backup: { as: nightly, kind: encrypted }
          - restore: nightly
            device: pad
          - launch: com.acme.shop
            device: pad
          - launch: com.acme.shop
        """

    @Test("the launch that reports another device's ID records the duplicate, naming who held it and since when")
    func recordedAtTheLaunch() throws {
        let scenario = try ScenarioParser.parse(Self.clone, file: "clone.yaml")
        var found: [Int: [Duplicate]] = [:]
        try Session.run(scenario) { if !$0.duplicates.isEmpty { found[$0.number] = $0.duplicates } }
        #expect(found.keys.sorted() == [5, 6], "the pad's launch, and the phone's after it")
        let pad = try #require(found[5]?.first)
        #expect(pad.name == "id" && pad.sameAs == "same as phone's id (step 2)", "\(pad)")
        #expect(found[6]?.first?.sameAs == "same as pad's id (step 5)")
    }

    @Test("a call that gives an ID another device holds records the duplicate at the call's step, as a launch does")
    func recordedAtACall() throws {
        // CleverTap's map comes with the backup: on the pad, alice's login returns to her GUID,
        // which the phone's latest call reported.
        let scenario = try ScenarioParser.parse("""
            name: a login on a restored pad
            devices: [{ name: phone, os: "18.5", passcode: true }, { name: pad, kind: ipad, os: "18.5", passcode: true }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: clevertap }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: onUserLogin, value: alice }
              - backup: { as: nightly, kind: encrypted }
              - restore: nightly
                device: pad
              - launch: com.acme.shop
                device: pad
              - call: { app: com.acme.shop, name: onUserLogin, value: bob }
                device: pad
              - call: { app: com.acme.shop, name: onUserLogin, value: alice }
                device: pad
            """, file: "login.yaml")
        var found: [Int: [Duplicate]] = [:]
        var reported: [Int: String] = [:]
        try Session.run(scenario) { outcome in
            if !outcome.duplicates.isEmpty { found[outcome.number] = outcome.duplicates }
            let device = outcome.number >= 6 ? 1 : 0
            if let id = outcome.world.devices[device].launches[0]?.latest.report.primaryID { reported[outcome.number] = id }
        }
        #expect(found.keys.sorted() == [6, 8], "the pad's launch of the restored ID, and alice's login there; bob's new ID is the pad's alone")
        // Checked against what each device's app reported, read from the world.
        let alice = try #require(reported[3])
        #expect(reported[8] == alice && reported[7] != alice)
        let atCall = try #require(found[8]?.first)
        #expect(atCall.value == alice && atCall.sameAs == "same as phone's id (step 3)", "\(atCall)")
    }

    @Test("matrix --scenario says dup when the scenario's own devices share the ID, even with the first and last launch on one device")
    func matrixCell() throws {
        let scenario = try ScenarioParser.parse(Self.clone, file: "clone.yaml")
        let strategy = try #require(StrategyCatalog.builtIn.strategy(named: "keychain-idfv"))
        #expect(ScenarioMatrix.cell(scenario, strategy: strategy) == .duplicate)
    }

    @Test("apps of one team on one device sharing a value is no duplicate; nor is the IDFA every app of a device reads")
    func sameTeamAndIDFA() throws {
        let scenario = try ScenarioParser.parse("""
            name: one device
            devices: [{ name: phone, os: "17.5", passcode: true }]
            apps:
              - { bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }
              - { bundle: com.acme.news, team: ACME1234, strategy: keychain-idfv }
              - { bundle: org.other.game, team: OTHR5678, strategy: id-kit }
            steps:
              - install: com.acme.shop
              - install: com.acme.news
              - install: org.other.game
              - requestTracking: { app: org.other.game, answer: allow }
              - launch: com.acme.shop
              - launch: com.acme.news
              - launch: org.other.game
            """, file: "one.yaml")
        var duplicates: [Duplicate] = []
        try Session.run(scenario) { duplicates += $0.duplicates }
        #expect(duplicates.isEmpty, "\(duplicates)")
    }
}

/// A scenario column of the matrix follows every launch of its first app, not only its first and last.
@Suite("Scenario matrix cells")
struct ScenarioMatrixTests {
    @Test("a reinstall's new ID inside the story shows, though a restore of the device's own backup brings the first one back at the end")
    func everyLaunch() throws {
        let scenario = try ScenarioParser.parse("""
            name: new in the middle
            devices: [{ name: phone, os: "17.5", passcode: true }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: device-info-plus }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - backup: { kind: encrypted, as: before }
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
              - restore: before
              - launch: com.acme.shop
            """, file: "middle.yaml")
        let strategy = try #require(scenario.library.strategy(named: "device-info-plus"))
        // The launches replayed: the first and last agree, the middle one does not.
        var ids: [String?] = []
        try Session.run(scenario.withEveryApp(on: strategy)) { outcome in
            guard case .event(.launch) = outcome.step.action else { return }
            ids.append(outcome.world.devices[0].launches[0].flatMap { strategy.followedValue(in: $0.latest.report) })
        }
        #expect(ids.count == 3 && ids[0] == ids[2] && ids[1] != ids[0], "\(ids)")
        #expect(ScenarioMatrix.cell(scenario, strategy: strategy) == .changed)
        // Without the middle launch the story's launches all agree.
        var quiet = scenario
        quiet.steps.remove(at: 5)
        #expect(ScenarioMatrix.cell(quiet, strategy: strategy) == .same)
    }
}
