import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

@Suite("Identity pane")
struct IdentityPaneTests {
    @Test("a GUID minted because the keychain was locked names KC-17; a vendor's new IDFV names IDFV-2")
    func rulesOnRows() throws {
        var h = try Harness()
        h.type("23")
        h.press(.enter)
        #expect(h.screen.contains("guid   E12E…26C7  ▲ new  KC-17: accessibility classes gate reads"))
        h.type("19")
        h.press(.enter)
        #expect(h.screen.contains("IDFV   DD2F…85F8  ▲ new  IDFV-2: first app of a vendor gets a new IDFV"))
        h.press(.left)
        #expect(h.screen.contains("IDFV   ∅  ▼ gone IDFV-5"))
    }

    @Test("a launch that changes the best ID flags it, and the status counts what idscope run lists for the step")
    func bestChange() throws {
        var h = try Harness()
        var counts: [Int: Int] = [:]
        try Session.run(h.state.session.scenario) { counts[$0.number] = StepSummary.changeCount($0) }
        h.type("11")
        h.press(.enter)                      // the launch after tracking was allowed: the best ID becomes the IDFA
        #expect(h.screen.contains("best   ") && h.canvas.lines.first { $0.contains("best   ") }?.contains("▲ new") == true)
        #expect(h.screen.contains("step 11: \(counts[11]!) change"))
        #expect(counts[11]! >= 1)
        for n in [1, 2, 20, 29, 30] {
            h.type(String(n))
            h.press(.enter)
            #expect(h.screen.contains("step \(n): \(counts[n]!) change"), "step \(n)")
        }
    }

    @Test("an app installed beside another of its vendor reads the vendor's IDFV: IDFV-1, not a new one")
    func sharedVendorIDFV() throws {
        var h = try Harness()
        h.press(.end)
        h.type(":install com.acme.news")
        h.press(.enter)
        let idfv = try #require(h.canvas.lines.first { $0.contains("IDFV   ") })
        #expect(idfv.contains("IDFV-1: vendor = Team ID"), "\(idfv)")
    }

    @Test("after a reboot and an unlock, IDFV and IDFA are back, not new")
    func unlockIsNotNew() throws {
        var h = try Harness()
        h.press(.end)
        h.inspector.state.selection = Selection(device: 0, app: 0)
        h.type("p")
        h.type("r")
        #expect(h.screen.contains("IDFV   ∅"))
        h.type("U")
        let idfv = try #require(h.canvas.lines.first { $0.contains("IDFV   ") })
        let idfa = try #require(h.canvas.lines.first { $0.contains("IDFA   ") })
        #expect(!idfv.contains("new") && idfv.contains("= back"))
        #expect(!idfa.contains("new"))
    }

    @Test("after erase, a deleted app's pane shows no IDFA, not zeros marked new")
    func erasedApp() throws {
        var h = try Harness()
        h.press(.end)
        h.inspector.state.selection = Selection(device: 0, app: 0)
        h.type("p")
        h.type("e")
        h.type("y")
        #expect(h.world.presence(of: 0, on: 0) == .absent)
        let idfa = try #require(h.canvas.lines.first { $0.contains("IDFA   ") })
        #expect(!idfa.contains("0000") && !idfa.contains("▲ new") && idfa.contains("∅  ▼ gone"), "\(idfa)")
    }

    @Test("the world pane names never-installed apps 'not installed' and deleted ones 'deleted'")
    func installedOrDeleted() throws {
        var h = try Harness()
        #expect(h.screen.contains("not installed") && !h.screen.contains("deleted"))
        h.type("18")
        h.press(.enter)
        #expect(h.screen.contains("deleted"))
    }

    @Test("TestFlight and Xcode installs are their own vendor: the world pane shows the IDFV they read")
    func testFlightVendor() throws {
        var h = try Harness(scenarioText: """
            name: sources
            devices: [{ name: phone, os: "17.5" }]
            apps:
              - { bundle: com.acme.shop, team: ACME1234 }
              - { bundle: com.acme.beta, team: ACME1234 }
            steps:
              - install: { app: com.acme.beta, source: testflight }
              - launch: com.acme.beta
            """)
        h.press(.end)
        let idfv = try #require(h.world.identifierForVendor(app: 1, on: 0))
        #expect(h.screen.contains(IDText.short(idfv.uuidString)))
        #expect(!h.canvas.lines.contains { $0.contains("com.acme.beta") && $0.contains("no IDFV") })
    }

    @Test("a long title ends with … and never runs into the step counter")
    func header() throws {
        var h = try Harness(width: 80, height: 24, scenarioText: """
            name: \(String(repeating: "A very long scenario title ", count: 5))
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234 }]
            steps:
              - install: com.acme.shop
            """)
        let top = h.canvas.lines[0]
        #expect(top.contains("…") && top.contains(" step 0/1"))
        h.press(.right)
        #expect(h.canvas.lines[0].contains(" step 1/1"))
    }
}
