import IDInspector
import IDReports
import IDScenario
import IDSim
import Testing

/// What the inspector tells of a step, checked against the world: the presenter's kept lines,
/// the details' count, the step-number cancel, path completion and the branch mark through undo.
@Suite("Telling a step")
struct StoryTellingTests {
    static func tour(at step: Int, width: Int = 120, height: Int = 36) throws -> Harness {
        var h = try Harness(width: width, height: height)
        h.type(":goto \(step)")
        h.press(.enter)
        return h
    }

    @Test("at an uninstall the presenter lists what the app kept, = kept, each a value the world still holds (tour step 17)")
    func keptAtUninstall() throws {
        var h = try Self.tour(at: 17)
        h.type("P")
        guard let outcome = h.state.session.outcomeAtCursor, let app = h.state.selection.app else { Issue.record("no step"); return }
        let story = StepStory(outcome, shownDevice: h.state.selection.device, shownApp: app)
        let kept = story.lines.filter { $0.mark == .kept }
        #expect(!kept.isEmpty)
        // Each kept value is in the world after the step, and was before it, unchanged.
        let world = h.state.session.world, before = h.state.session.atCursor.before
        let device = h.state.selection.device
        let keychainNow = Set(world.devices[device].keychain.values.map(\.value))
        let keychainBefore = Set(before.devices[device].keychain.values.map(\.value))
        for line in kept where line.label == "keychain" {
            let value = try #require(line.to)
            #expect(keychainNow.contains(value) && keychainBefore.contains(value), "\(line)")
        }
        let idfvLine = try #require(kept.first { $0.label == "IDFV" })
        let shop = try #require(world.apps.firstIndex { $0.bundleID == "com.acme.shop" })
        #expect(idfvLine.to == world.identifierForVendor(app: shop, on: device)?.uuidString, "the vendor's IDFV, read through its other app")
        #expect(h.screen.contains("= keychain"), "\(h.screen)")
        // Not at a launch: what a launch gave is its story.
        h.press(.right)
        h.press(.right)
        if let launch = h.state.session.outcomeAtCursor, case .event(.launch) = launch.step.action {
            #expect(!StepStory(launch, shownDevice: device, shownApp: app).lines.contains { $0.mark == .kept && $0.label == "keychain" })
        }
    }

    @Test("Esc while typing a step number in presenter mode cancels the number and stays in presenter mode")
    func escapeCancelsTheNumber() throws {
        var h = try Harness(width: 80, height: 24)
        h.type("P7")
        #expect(h.state.pendingNumber == "7")
        h.press(.escape)
        #expect(h.state.presenter != nil, "still presenting")
        #expect(h.state.pendingNumber.isEmpty && h.state.session.cursor == 0)
        h.press(.escape)
        #expect(h.state.presenter == nil, "a second Esc leaves presenter mode")
    }

    @Test("the details' count matches the lines listed: the launch's new ID is one of them (tour step 20)")
    func detailsCount() throws {
        var h = try Self.tour(at: 20)
        h.press(.tab, times: 3)                    // world → identity → storage → timeline: Enter opens the step
        #expect(h.state.focus == .timeline)
        h.press(.enter)
        guard case .reading(let reading)? = h.state.overlay else { Issue.record("no details"); return }
        let record = try #require(h.state.session.record(at: 20))
        let head = try #require(reading.lines.firstIndex { $0.text.hasPrefix("\(record.changeCount) change") })
        // Counted: the changes and the ID line; the dup and lost lines are findings beside them.
        let listed = reading.lines[(head + 1)...].filter { !$0.text.hasPrefix("⚠") }
        #expect(listed.count == record.changeCount, "\(reading.lines.map(\.text))")
        #expect(listed.first?.text.hasPrefix("id of com.acme.shop: ") == true)
        #expect(reading.lines[head].text.contains("⚠ lost"))
    }

    @Test("Tab in the o prompt completes a path from the folder, and a built-in name")
    func pathCompletion() throws {
        let files = MemoryFiles(["scenarios/reinstall.yaml": "x", "scenarios/restore.yaml": "x", "scenarios/notes.txt": "x",
                                 "scenarios/old/a.yaml": "x"])
        var h = try Harness(files: files)
        h.type("o")
        h.press(.control("u"))
        h.type("scenarios/rei")
        h.press(.tab)
        #expect(h.state.prompt?.text == "scenarios/reinstall.yaml")
        h.press(.control("u"))
        h.type("scenarios/re")
        h.press(.tab)
        #expect(h.state.prompt?.text == "scenarios/re", "two matches: their common prefix")
        #expect(h.footer.contains("reinstall.yaml") && h.footer.contains("restore.yaml") && !h.footer.contains("notes.txt"))
        h.press(.control("u"))
        h.type("tou")
        h.press(.tab)
        #expect(h.state.prompt?.text == "tour")
    }

    @Test("undo then redo of a branch brings back the header's branch mark")
    func branchMarkThroughUndo() throws {
        var h = try Self.tour(at: 5)
        h.type("r")   // reboot: asks for nothing on a one-device world? then confirm the device if asked
        if case .picker? = h.state.overlay { h.press(.enter) }
        if case .confirm? = h.state.overlay { h.type("y") }
        let branched = try #require(h.state.branchedAt)
        #expect(h.screen.contains("branch from \(branched)"))
        h.type("u")
        #expect(!h.screen.contains("branch from"))
        h.press(.control("r"))
        #expect(h.screen.contains("branch from \(branched)"), "\(h.screen.prefix(200))")
    }
}
