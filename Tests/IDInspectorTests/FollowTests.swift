import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

@Suite("Follow the story")
struct FollowTests {
    @Test("the panes follow each step's device and app: the restore shows the new phone, its launch that app")
    func follows() throws {
        var h = try Harness()
        h.type("29")
        h.press(.enter)                      // restore nightly onto newphone
        #expect(h.state.selection.device == 1)
        #expect(h.screen.contains("Identity · newphone"))
        h.type("4")
        h.press(.enter)                      // launch com.acme.news on the phone
        #expect(h.state.selection == Selection(device: 0, app: 1))
        h.type("5")
        h.press(.enter)                      // expect com.acme.news
        #expect(h.state.selection == Selection(device: 0, app: 1))
    }

    @Test("p pins the selection (the header says so) and p again unpins, back on the step's device")
    func pinning() throws {
        var h = try Harness()
        h.type("4")
        h.press(.enter)
        h.type("p")
        #expect(h.state.pinned && h.screen.contains("pinned"))
        h.type("30")
        h.press(.enter)
        #expect(h.state.selection == Selection(device: 0, app: 1), "pinned: still the phone's news app")
        h.type("p")
        #expect(!h.state.pinned && h.state.selection == Selection(device: 1, app: 0))
    }

    @Test("b05: the restored iPad's duplicate uuidForDevice is on screen at the step that shows it")
    func b05Duplicate() throws {
        var h = try Harness("b05-icloud-restore-duplicates")
        h.press(.end)
        let checks = h.state.session.scenario.steps.enumerated().filter { if case .expect = $0.element.action { true } else { false } }
        let step = try #require(checks.last).offset + 1
        h.type(String(step))
        h.press(.enter)
        let shown = h.state.selection
        let device = h.world.devices[shown.device].name
        #expect(h.screen.contains("Identity · \(device)"))
        let app = try #require(shown.app)
        let id = try #require(h.world.devices[shown.device].launches[app]?.latest.report.primaryID)
        let others = h.world.devices.indices.filter { $0 != shown.device }
            .compactMap { h.world.devices[$0].launches[app]?.latest.report.primaryID }
        #expect(others.contains(id), "the other iPad holds the same ID")
        #expect(h.screen.contains(IDText.short(id)))
    }
}
