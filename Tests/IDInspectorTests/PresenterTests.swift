import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

@Suite("Presenter mode")
struct PresenterTests {
    @Test("the narration in a band, the device and app named, the step's changes with their rules, notes hidden until n")
    func presenter() throws {
        var h = try Harness()
        h.press(.right)
        h.type("P")
        #expect(h.screen.contains("The first ACME app on the phone creates ACME's IDFV."))
        #expect(!h.screen.contains("T h e "))
        #expect(h.screen.contains("showing phone › com.acme.shop"))
        let idfv = try #require(h.idfv).uuidString
        let line = try #require(h.canvas.lines.first { $0.contains("▲ IDFV") })
        #expect(line.contains("ACME1234  \(idfv)") && line.hasSuffix("IDFV-2  "))
        #expect(!h.screen.contains("Notes: "), "the speaker's notes are not the room's")
        h.type("n")
        // Step 1's own speaker note; the scenario's presenterNotes belong to the setup and the end.
        #expect(h.screen.contains("Notes: Point at the IDFV row"))
        #expect(!h.screen.contains("Step forward slowly"))
        h.press(.left)
        #expect(h.screen.contains("Notes: Step forward slowly"))
        h.press(.right)
        h.press(.right)
        #expect(!h.screen.contains("Notes: "), "step 2 has no speaker note")
        h.press(.left)
        h.type("n")
        #expect(!h.screen.contains("Notes: "))
        h.type("29")
        h.press(.enter)
        #expect(h.state.session.cursor == 29 && h.screen.contains("showing newphone"))
    }

    @Test("at 80×24 the tour's restore shows the narrated GUID carried over, without scrolling; the rest scrolls and the footer counts it")
    func restoreAt80x24() throws {
        var h = try Harness(width: 80, height: 24)
        h.type("29")
        h.press(.enter)
        h.type("P")
        let lines = h.canvas.lines
        let keychain = try #require(lines.firstIndex { $0.contains("keychain") && $0.contains("device.guid in ACME1234.com.acme.shop") })
        // Its value (on its own row under a place this long) is on screen too, in full.
        #expect(lines[keychain].contains("KC-21"))
        #expect(lines[keychain + 1].contains("225EC07A-9950-4761-A9C3-A27688795369"))
        // IDFV first, as the story reads: a new one, not carried by the backup.
        let idfvRow = try #require(lines.firstIndex { $0.contains("▲ IDFV") })
        #expect(idfvRow < keychain)
        let more = try #require(h.footer.components(separatedBy: "↓ ").last, "the footer counts the rows below")
        let count = try #require(Int(more.prefix { $0.isNumber }))
        #expect(count > 0 && more == "\(count) more")
        #expect(h.screen.contains("\(count) more lines below (j, Space)"))
        // j scrolls a line, Space a page, k back; never past the end.
        let top = lines[10]
        h.type("j")
        #expect(h.state.presenter?.scroll == 1 && h.canvas.lines[9] == top)
        h.type(" ")
        h.type(" ")
        h.type(" ")
        #expect(h.state.presenter?.scroll == count)
        #expect(!h.footer.contains("more") && h.screen.contains("the bottom of the page"))
        h.press(.up)
        #expect(h.state.presenter?.scroll == count - 1)
        // A step starts at its top.
        h.press(.left)
        #expect(h.state.presenter?.scroll == 0)
    }

    @Test("a label never runs into its value: b05's long value names at 80×24")
    func longLabels() throws {
        var h = try Harness("b05-icloud-restore-duplicates", width: 80, height: 24)
        h.type("6")
        h.press(.enter)
        h.type("P")
        var found = 0
        for line in h.canvas.lines {
            // A row that it labels: only a mark before it.
            guard let range = line.range(of: "uuidForInstallation"),
                  ["", "⚠"].contains(line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)) else { continue }
            found += 1
            #expect(line[range.upperBound...].hasPrefix("  "), "\(line)")
        }
        #expect(found >= 2)
        #expect(h.screen.contains("⚠ uuidForInstallation") && h.screen.contains("same as ipadB's uuidForInstallation (step 5)"))
    }

    @Test("a launch that gives an ID another device holds is marked dup where it happens")
    func duplicateAtLaunch() throws {
        var h = try Harness(width: 80, height: 24)
        h.type("30")
        h.press(.enter)
        h.type("P")
        #expect(h.screen.contains("⚠ guid"))
        #expect(h.screen.contains("same as phone's guid (step 26)"))
    }

    @Test("after the last step, the end: each app's IDs, the duplicates, every verdict; ← goes back; Home and End")
    func theEnd() throws {
        var h = try Harness(width: 80, height: 24)
        h.type("P")
        h.press(.end)
        #expect(h.state.session.cursor == 32 && h.state.presenter?.atEnd == false)
        h.press(.right)
        #expect(h.state.presenter?.atEnd == true)
        #expect(h.screen.contains("The end: 32 steps") && h.screen.contains("the end · step 32 of 32"))
        #expect(h.screen.contains("All 16 checks of the expectations held. 1 launch value was already held"))
        #expect(h.screen.contains("phone › com.acme.shop") && h.screen.contains("IDFV  77CBC4…02BEFE → DD2F9B2D-0B5F-45E6-8C5C-906B1AEB85F8"))
        // The rest is below: the duplicates and the verdicts.
        var pages = h.screen
        for _ in 0..<6 {
            h.press(.pageDown)
            pages += h.screen
        }
        #expect(pages.contains("⚠ step 30  newphone › com.acme.shop  guid"))
        #expect(pages.contains("      225EC07A-9950-4761-A9C3-A27688795369  same as phone's guid (step 26)"))
        #expect(pages.contains("✔ step 31  com.acme.shop  guid same as 'first'"))
        h.press(.right)
        #expect(h.state.presenter?.atEnd == true, "nothing after the end")
        h.press(.left)
        #expect(h.state.presenter?.atEnd == false && h.state.session.cursor == 32)
        h.type("g")
        #expect(h.state.session.cursor == 0)
        h.type("G")
        #expect(h.state.session.cursor == 32)
        h.press(.home)
        #expect(h.state.session.cursor == 0)
    }

    @Test("without colour the change marks still read")
    func noColour() throws {
        var h = try Harness(colour: false)
        h.press(.right)
        h.type("P")
        #expect(h.screen.contains("▲ "))
        #expect(!h.canvas.cells.contains { $0.style.foreground != nil })
    }

    @Test("a toggles auto-advance; + and - change its interval (60 s at the slowest); ticks step, and stop at the end; P leaves")
    func autoAdvance() throws {
        var h = try Harness()
        h.press(.right)
        h.type("P")
        h.send(.tick)
        #expect(h.state.session.cursor == 1, "no auto-advance until asked")
        h.type("a")
        #expect(h.state.presenter?.autoAdvance == true && h.screen.contains("auto every 3 s"))
        h.send(.tick, .tick)
        #expect(h.state.session.cursor == 3)
        h.type("+")
        #expect(h.state.presenter?.interval == 2)
        h.type("--")
        #expect(h.state.presenter?.interval == 5 && h.screen.contains("auto every 5 s"))
        h.type("----------")
        #expect(h.state.presenter?.interval == 60)
        h.type("30")
        h.press(.enter)
        h.send(.tick, .tick)
        #expect(h.state.session.cursor == 32 && h.state.presenter?.atEnd == false)
        h.send(.tick)
        #expect(h.state.presenter?.atEnd == true && h.state.presenter?.autoAdvance == false)
        #expect(h.screen.contains("auto-advance stopped"))
        h.send(.tick)
        #expect(h.state.presenter?.atEnd == true)
        h.type("P")
        #expect(h.state.presenter == nil)
    }

    static let failing = """
        name: two failures
        devices: [{ name: phone, os: "17.5", passcode: true }, { name: pad, os: "17.5" }]
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: device-info-plus }]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop
            label: first
          - expect: { app: com.acme.shop, idfv: { sameAs: first } }
          - uninstall: com.acme.shop
          - install: com.acme.shop
          - launch: com.acme.shop
          - expect: { app: com.acme.shop, idfv: { sameAs: first } }
          - install: com.acme.shop
            device: pad
          - launch: com.acme.shop
            device: pad
          - expect: { app: com.acme.shop, device: pad, idfv: { sameAs: first } }
        """

    @Test("f goes to the next failed expectation and F to the one before, in the panes and in presenter mode", arguments: [false, true])
    func failures(_ presenting: Bool) throws {
        var h = try Harness(scenarioText: Self.failing)
        if presenting { h.type("P") }
        h.type("f")
        #expect(h.state.session.cursor == 7)
        #expect(h.screen.contains("failed expectation 1 of 2, step 7"))
        h.type("f")
        #expect(h.state.session.cursor == 10 && h.state.selection.device == 1)
        h.type("f")
        #expect(h.state.session.cursor == 7 && h.screen.contains("(from the start)"))
        h.type("F")
        #expect(h.state.session.cursor == 10 && h.screen.contains("(from the end)"))
        h.type("F")
        #expect(h.state.session.cursor == 7)
        if presenting { #expect(h.screen.contains("✘ expect")) }
        var passing = try Harness(width: 80, height: 24)
        passing.type("f")
        #expect(passing.state.session.cursor == 0 && passing.screen.contains("every expectation held"))
    }
}
