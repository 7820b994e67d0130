import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

/// Key sequences fed to the inspector without a terminal.
@Suite("Inspector keys")
struct KeyTests {
    @Test("→ and ← step through time; IDFV appears at install, goes with the vendor's last app, and returns when stepping back")
    func stepping() throws {
        var h = try Harness()
        #expect(h.state.session.cursor == 0 && h.idfv == nil)
        h.press(.right)
        let first = try #require(h.idfv)
        #expect(h.screen.contains("step 1/32"))
        h.type("18")
        h.press(.enter)
        #expect(h.state.session.cursor == 18)
        #expect(h.idfv == nil, "step 18 deleted ACME's last app")
        h.press(.right)
        #expect(h.idfv != nil && h.idfv != first)
        h.press(.left, times: 2)
        #expect(h.idfv == first)
        h.type("lh")
        #expect(h.state.session.cursor == 17)
        h.press(.end)
        #expect(h.state.session.cursor == 32)
        h.type("g")
        #expect(h.state.session.cursor == 0)
        h.type("99")
        h.press(.enter)
        #expect(h.state.status == Status("no step 99; the session has steps 0 to 32", error: true))
        #expect(h.state.session.cursor == 0)
    }

    @Test("i installs through a picker; d deletes; u undoes and Ctrl-R redoes")
    func installDeleteUndoRedo() throws {
        var h = try Harness()
        h.press(.end)
        h.type("i")
        #expect(h.screen.contains("install on phone"))
        h.press(.enter)                      // the only app not installed on the phone: com.acme.news
        #expect(h.world.presence(of: 1, on: 0) == .installed)
        #expect(h.state.session.count == 33)
        h.type("d")
        h.type("2")                          // the second installed app: com.acme.news
        #expect(h.state.session.count == 34 && h.world.presence(of: 1, on: 0) == .absent)
        h.type("uu")
        #expect(h.state.session.count == 32 && h.world.presence(of: 1, on: 0) == .absent)
        #expect(!h.state.hasUnsavedChanges)
        h.press(.control("r"))
        #expect(h.state.session.count == 33 && h.world.presence(of: 1, on: 0) == .installed)
        #expect(h.state.status?.text == "redone")
        h.press(.control("r"))
        h.press(.control("r"))
        #expect(h.state.status?.text == "nothing to redo" && h.state.session.count == 34)
    }

    @Test(": takes any event in YAML form, with Tab completion and history; errors stay in the status line")
    func commandLine() throws {
        var h = try Harness()
        h.press(.end)
        h.type(":inst")
        h.press(.tab)
        h.type("com.acme.n")
        h.press(.tab)
        #expect(h.state.prompt?.text == "install com.acme.news ")
        h.press(.enter)
        #expect(h.world.presence(of: 1, on: 0) == .installed)
        h.type(":restore nightly to phone")
        h.press(.enter)
        #expect(h.state.session.scenario.steps.last?.key == "restore")
        h.type(":instal com.acme.news")
        h.press(.enter)
        #expect(h.state.status == Status("unknown event 'instal'; did you mean 'install'?", error: true))
        h.type(":")
        h.press(.up)
        #expect(h.state.prompt?.text == "instal com.acme.news")
        h.press(.escape)
        #expect(h.world.presence(of: 2, on: 0) == .installed)
        h.type(":uninstall org.other.game")
        h.press(.enter)
        #expect(h.world.presence(of: 2, on: 0) == .absent)
        h.type(":uninstall org.other.game")
        h.press(.enter)
        #expect(h.state.status?.isError == true && h.state.status?.text.contains("not installed") == true)
    }

    @Test("acting at an earlier step asks first, naming how many steps it drops; no keeps them, yes branches; u goes back")
    func branchConfirmation() throws {
        var h = try Harness()
        h.type("5")
        h.press(.enter)
        h.type("r")
        #expect(h.screen.contains("Acting at step 5 drops the 27 later steps. Branch here?"))
        h.type("n")
        #expect(h.state.session.count == 32 && h.state.status?.text == "cancelled")
        h.type(":reboot")
        h.press(.enter)
        #expect(h.screen.contains("drops the 27 later steps"))
        h.type("y")
        #expect(h.state.session.count == 6 && h.state.session.cursor == 6)
        #expect(h.state.status?.text.hasPrefix("branched at step 5") == true)
        #expect(h.screen.contains("branch from 5"), "the header shows the branch")
        h.type("u")
        #expect(h.state.session.count == 32 && h.state.branchedAt == nil && !h.screen.contains("branch from"))
    }

    @Test("at the last step an action needs no question")
    func noQuestionAtTheEnd() throws {
        var h = try Harness()
        h.press(.end)
        h.type("r")
        #expect(h.state.overlay == nil && h.state.session.count == 33)
    }

    @Test("q and o ask before dropping unsaved changes; after w they do not")
    func unsavedChanges() throws {
        let files = MemoryFiles()
        var h = try Harness(files: files)
        h.type("q")
        #expect(h.state.quit, "nothing to lose: q quits at once")
        h = try Harness(files: files)
        h.press(.end)
        h.type("r")
        h.type("q")
        #expect(!h.state.quit && h.screen.contains("Quit without saving the changes to this session?"))
        h.type("n")
        #expect(!h.state.quit)
        h.type(":o b01")
        h.press(.enter)
        #expect(h.screen.contains("Open b01 and drop the unsaved changes to this session?"))
        h.press(.escape)
        #expect(h.state.session.scenario.name == "A tour of iOS identifiers")
        h.type("w")
        h.press(.control("u"))
        h.type("mine.yaml")
        h.press(.enter)
        #expect(files.contents["mine.yaml"] != nil && !h.state.hasUnsavedChanges)
        h.type("q")
        #expect(h.state.quit)
    }

    @Test("w saves a scenario that replays to the same IDs; an existing file needs a yes")
    func saveAndReplay() throws {
        let files = MemoryFiles()
        var h = try Harness(files: files)
        h.press(.end)
        h.type(":install com.acme.news")
        h.press(.enter)
        h.type(":launch com.acme.news")
        h.press(.enter)
        h.type("w")
        h.press(.control("u"))
        h.type("saved.yaml")
        h.press(.enter)
        let text = try #require(files.contents["saved.yaml"])
        let replay = try ScenarioParser.parse(text, file: "saved.yaml")
        let world = try Session.run(replay)
        let news = world.devices[0].launches[1]?.latest.report.primaryID
        #expect(news != nil && news == h.world.devices[0].launches[1]?.latest.report.primaryID)
        h.press(.end)
        h.type("r")
        h.type("w")
        h.press(.control("u"))
        h.type("saved.yaml")
        h.press(.enter)
        #expect(h.screen.contains("saved.yaml exists. Overwrite it?"))
        h.type("n")
        #expect(h.state.status?.text == "cancelled" && files.contents["saved.yaml"] == text)
    }

    @Test("o opens files and built-in scenarios, a unique prefix too; a broken file leaves the session alone")
    func openFiles() throws {
        let files = MemoryFiles(["b01.yaml": ScenarioLibrary.text(named: "b01-reinstall-resets-idfv")!, "bad.yaml": "name: x\nsteps: [\n"])
        var h = try Harness(files: files)
        h.type(":o bad.yaml")
        h.press(.enter)
        #expect(h.state.status?.isError == true && h.state.status?.text.hasPrefix("bad.yaml:") == true)
        #expect(h.state.session.scenario.name == "A tour of iOS identifiers")
        h.type(":o b01.yaml")
        h.press(.enter)
        #expect(h.state.session.count == 7 && h.state.path == "b01.yaml")
        h.type("o")
        h.press(.control("u"))
        h.type("b05")
        h.press(.enter)
        #expect(h.state.session.scenario.name == "An iCloud backup restored to a second iPad duplicates uuidForDevice")
        #expect(h.state.path == nil, "a built-in has no file to save back to")
        h.type(":o b1")
        h.press(.enter)
        #expect(h.state.status?.isError == true && h.state.status?.text.contains("b10-locked-keychain-read") == true,
                "an ambiguous prefix names the candidates")
    }

    @Test("opening any built-in from any step of the tour, and undoing it, draws: the old selection never reaches the new session")
    func openFromEveryStep() throws {
        var h = try Harness()
        let steps = h.state.session.count
        for name in ScenarioLibrary.names where name != "tour" {
            for step in 0...steps {
                h.type(":goto \(step)")
                h.press(.enter)
                #expect(h.state.session.cursor == step)
                // Select the last row of the World pane: a device and app a smaller scenario has not.
                h.press(.down, times: 30)
                _ = h.canvas
                h.type(":o \(name)")
                h.press(.enter)
                if case .confirm? = h.state.overlay { h.type("y") }   // after an undo, the session counts as changed
                #expect(h.state.session.scenario.file == "builtin:\(name)", "\(name) from step \(step): \(h.state.status?.text ?? "")")
                _ = h.canvas
                h.type("u")
                #expect(h.state.session.scenario.name == "A tour of iOS identifiers")
                _ = h.canvas
            }
        }
    }

    @Test("Enter on a changed row opens its rule with the source; :rule opens any rule")
    func rules() throws {
        var h = try Harness()
        h.press(.right)                      // install: IDFV-2
        h.press(.tab)                        // the identity pane, first row: IDFV
        h.press(.enter)
        #expect(h.screen.contains("IDFV-2: first app of a vendor gets a new IDFV"))
        #expect(h.screen.contains("https://developer.apple.com/documentation/uikit/uidevice/identifierforvendor"))
        h.press(.escape)
        h.type(":rule KC-19")
        h.press(.enter)
        #expect(h.screen.contains("KC-19: keychain items outlive the app"))
    }

    @Test("Enter on a step lists all of its rules, each opening with Enter; a failed expectation reads in full")
    func stepDetails() throws {
        var h = try Harness()
        h.type("29")
        h.press(.enter)
        let rules = try #require(h.state.session.record(at: 29)?.rules)
        #expect(rules.count >= 4, "the restore onto the new phone applies several rules")
        h.press(.tab, times: 3)              // the timeline, its row on the cursor
        h.press(.enter)
        guard case .reading(let reading)? = h.state.overlay else { Issue.record("no details"); return }
        #expect(Set(reading.lines.compactMap(\.rule)) == Set(rules))
        h.press(.down)
        h.press(.enter)
        guard case .reading(let rule)? = h.state.overlay else { Issue.record("no rule"); return }
        #expect(rule.title.hasPrefix(rules[1].rawValue + ": "), "↓ chose the second rule, Enter opened it")

        var failing = try Harness(scenarioText: """
            name: fails
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234 }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - expect: { app: com.acme.shop, idfv: unchanged, att: authorized }
            """)
        failing.type("3")
        failing.press(.enter)
        failing.press(.tab, times: 3)
        failing.press(.enter)
        #expect(failing.screen.contains("att: expected authorized, got notDetermined"))
    }

    @Test("? lists every key of the table at 80×24, scrolling to the last; ? help stays in every footer")
    func help() throws {
        var h = try Harness(width: 80, height: 24)
        #expect(h.footer.hasSuffix("? help"))
        h.type("?")
        guard case .reading(let reading)? = h.state.overlay else { Issue.record("no help"); return }
        for binding in KeyTable.bindings {
            #expect(reading.lines.contains { $0.text.hasPrefix(binding.label) && $0.text.contains(binding.help) }, "\(binding.label)")
        }
        #expect(h.footer.hasSuffix("? help"))
        h.press(.pageDown, times: 10)
        #expect(h.screen.contains("wheel to step"), "the last line of the table scrolls into view")
        h.type("?")
        #expect(h.state.overlay == nil, "? closes the help")
        h.type("P")
        #expect(h.footer.hasSuffix("? help"))
        h.type("P:")
        #expect(h.footer.hasSuffix("F1 help"), "? types into the line; F1 opens the help")
        h.press(.function(1))
        #expect(h.state.overlay != nil && h.state.prompt != nil)
        h.press(.escape)
        #expect(h.state.overlay == nil && h.state.prompt != nil, "Esc closes the help and the line is still there")
        h.press(.escape)
        h.type("i")
        #expect(h.footer.hasSuffix("F1 help"))
    }

    @Test("m and C compare two devices' copies of an app and flag duplicates")
    func compareApps() throws {
        var h = try Harness()
        h.type("30")
        h.press(.enter)                      // newphone › com.acme.shop, restored from the phone's backup
        h.type("p")                          // pin, so moving the selection is not undone by a step
        h.type("m")
        h.inspector.state.selection = Selection(device: 0, app: 0)
        h.type("C")
        #expect(h.screen.contains("com.acme.shop on newphone") && h.screen.contains("com.acme.shop on phone"))
        #expect(h.screen.contains("⚠ dup"), "the restored keychain GUID is the same on both phones")
    }

    @Test("m on a device row and C show two devices' keychains side by side")
    func compareDevices() throws {
        var h = try Harness()
        h.press(.end)
        h.type("p")
        h.inspector.state.selection = Selection(device: 0, app: nil)
        h.type("m")
        #expect(h.state.marked == Mark(device: 0, app: nil))
        h.inspector.state.selection = Selection(device: 1, app: nil)
        h.type("C")
        #expect(h.screen.contains("keychain of phone") && h.screen.contains("keychain of newphone"))
        #expect(h.screen.contains("ACME1234.com.acme.shop · uts.sdk.modules.idKit · device.guid"))
        #expect(h.screen.contains("⚠ dup"), "the restored GUID is on both phones")
    }

    @Test("mouse: a click on a timeline row jumps there, the wheel steps; --no-mouse ignores it")
    func mouse() throws {
        var h = try Harness()
        let layout = Layout(width: 120, height: 36)
        h.send(.mouse(MouseEvent(x: layout.timeline.inner.x + 4, y: layout.timeline.inner.y + 3, kind: .press)))
        #expect(h.state.focus == .timeline && h.state.session.cursor == 3)
        h.send(.mouse(MouseEvent(x: 60, y: 20, kind: .wheelDown)))
        #expect(h.state.session.cursor == 4)
        h.inspector.state.mouse = false
        h.send(.mouse(MouseEvent(x: 60, y: 20, kind: .wheelDown)))
        #expect(h.state.session.cursor == 4)
    }

    @Test("Ctrl-C quits at once, even with unsaved changes or an overlay open")
    func controlC() throws {
        var h = try Harness()
        h.press(.end)
        h.type("r?")
        h.press(.control("c"))
        #expect(h.state.quit)
    }

    @Test("while the terminal is too small only q, Ctrl-C and resizing act")
    func tooSmall() throws {
        var h = try Harness(width: 60, height: 20)
        #expect(h.screen.contains("Terminal too small"))
        h.press(.right)
        h.type("r:?P")
        h.press(.enter)
        #expect(h.state.session.cursor == 0 && h.state.session.count == 32 && h.state.overlay == nil && h.state.prompt == nil)
        #expect(h.state.presenter == nil)
        h.send(.mouse(MouseEvent(x: 1, y: 1, kind: .wheelDown)))
        #expect(h.state.session.cursor == 0)
        h.resize(width: 120, height: 36)
        h.press(.right)
        #expect(h.state.session.cursor == 1)
        h.resize(width: 60, height: 20)
        h.type("q")
        #expect(h.state.quit)
    }
}
