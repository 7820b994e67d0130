import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

@Suite("What the Identity pane says of a step")
struct IdentityStoryTests {
    /// The tour at step n, with the story followed (the step's own device and app shown).
    static func tour(at step: Int) throws -> Harness {
        var h = try Harness()
        h.type(":goto \(step)")
        h.press(.enter)
        return h
    }

    @Test("an install that reads the IDFV its vendor's other app already reads says so: same, not new (tour step 3)")
    func sameIDFVAtInstall() throws {
        let h = try Self.tour(at: 3)
        let row = try #require(IdentityRows.make(h.state).first { $0.label == "IDFV" })
        #expect(row.mark == .same(as: "com.acme.shop's") && row.rule == .idfv1, "\(row)")
        #expect(h.screen.contains("= same as com.acme.shop's"), "\(h.screen)")
    }

    @Test("an app deleted while its vendor's other app stays: IDFV and IDFA are not gone, only unread (tour step 17)")
    func deletedAppRule() throws {
        let h = try Self.tour(at: 17)
        let rows = IdentityRows.make(h.state)
        let world = h.state.session.world
        let news = try #require(h.state.selection.app)
        #expect(world.apps[news].bundleID == "com.acme.news")
        // Replayed: the vendor's other app is still there, and reads the vendor's IDFV.
        let shop = try #require(world.apps.firstIndex { $0.bundleID == "com.acme.shop" })
        let alive = try #require(world.identifierForVendor(app: shop, on: h.state.selection.device)).uuidString
        let idfv = try #require(rows.first { $0.label == "IDFV" })
        #expect(idfv.mark == .none && idfv.value == nil, "\(idfv)")
        #expect(idfv.detail?.contains("the vendor's stays " + alive.prefix(4)) == true, "\(String(describing: idfv.detail))")
        let idfa = try #require(rows.first { $0.label == "IDFA" })
        #expect(idfa.mark == .none && idfa.detail == "not installed", "\(idfa)")
        // What does go with the app is still said so: its tracking permission (CT-23).
        let att = try #require(rows.first { $0.label == "ATT" })
        #expect(att.mark == .gone && att.rule == .ct23, "\(att)")
        #expect(!h.screen.contains("IDFV-3") && !h.screen.contains("IDFA-9"), "\(h.screen)")
    }

    @Test("a launch that gives an ID another device holds is marked dup where it happens (tour step 30), in the Timeline too")
    func duplicateWhereItHappens() throws {
        let h = try Self.tour(at: 30)
        let row = try #require(IdentityRows.make(h.state).first { $0.label == "guid" })
        #expect(row.mark == .dup && row.detail == "same as phone's guid (step 26)", "\(row)")
        #expect(h.screen.contains("⚠ dup"), "\(h.screen)")
        #expect(h.screen.contains("30  launch com.acme.shop · newphone  ⚠ dup guid"), "\(h.screen)")
    }

    @Test("an expectation shows each check, the value it compared and the verdict (tour step 27)")
    func expectationChecks() throws {
        let h = try Self.tour(at: 27)
        let rows = IdentityRows.make(h.state).filter { $0.label == "expect" }
        #expect(rows.count == 1 && rows[0].mark == .held && rows[0].value == "guid same as 'first'" && rows[0].detail == "225E…5369",
                "\(rows)")
        #expect(h.screen.contains("expect guid same as 'first'  ✔"), "\(h.screen)")
    }
}
