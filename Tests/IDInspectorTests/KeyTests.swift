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

@Suite("Storage, history and timeline panes")
struct PaneTests {
    @Test("the storage pane shows service, account, class, sync and value at 120×36; Enter opens an item")
    func storage() throws {
        var h = try Harness()
        h.type("20")
        h.press(.enter)
        for text in ["uts.sdk.modules.idKit", "device.guid = 225E…5369", "AfterFirstUnlock · not synced"] {
            #expect(h.screen.contains(text), "\(text)")
        }
        h.press(.tab, times: 2)
        #expect(h.state.focus == .storage)
        h.press(.down, times: 2)             // past com.acme.news's item to com.acme.shop's
        h.press(.enter)
        #expect(h.screen.contains("accessible: kSecAttrAccessibleAfterFirstUnlock"))
        #expect(h.screen.contains("value: 225EC07A-9950-4761-A9C3-A27688795369"))
    }

    @Test("for an app on a recipe the storage pane names each of its stores with its value; suites, group defaults, files and iCloud show too")
    func recipeStores() throws {
        var h = try Harness(width: 120, height: 48, scenarioText: """
            name: recipe stores
            devices: [{ name: phone, os: "9.3", passcode: true, appleID: alice }]
            accounts: [{ id: alice }]
            recipes:
              acme:
                stores:
                  kc: { keychain: { account: device-id, accessible: afterFirstUnlock } }
                  copy: { defaults: { key: acme.id, suite: group.com.acme } }
                  mine: { defaults: { key: acme.mine, suite: acme.private } }
                  disk: { file: { path: Library/acme-id, backup: false } }
                  kvs: { icloud: { key: acme.id } }
                  pb: { pasteboard: { name: com.acme.id } }
                id: [kc, uuid]
                save: [kc, copy, mine, disk, kvs, pb]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: acme, appGroups: [group.com.acme] }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.press(.end)
        let id = try #require(h.world.devices[0].launches[0]?.latest.report.primaryID)
        let short = IDText.short(id, ellipsis: "…")
        for name in ["kc", "copy", "mine", "disk", "kvs", "pb"] {
            #expect(h.canvas.lines.contains { $0.contains(" \(name) = \(short)") }, "\(name)\n\(h.screen)")
        }
        // Further down the pane (scrolled to in the terminal): each place in its own section.
        let lines = StorageRows.make(h.state).flatMap(\.lines)
        for line in ["UserDefaults suite acme.private (private)", " acme.mine = \(short)", "App Group group.com.acme", " acme.id = \(short)",
                     "Files · com.acme.shop", " Library/acme-id = \(short)", "   excluded from backups", "iCloud key-value store · alice",
                     "Named pasteboards (persistent, before iOS 10)", " com.acme.id = \(short)"] {
            #expect(lines.contains(line), "\(line)")
        }
        h.press(.tab, times: 2)
        #expect(h.state.focus == .storage)
        h.press(.down, times: 3)             // kc, copy, mine
        h.press(.enter)
        #expect(h.screen.contains("place: UserDefaults 'acme.mine' in suite 'acme.private' (private)"))
    }

    @Test("a recipe's entries of a keyed file and its files in an App Group show their own values")
    func recipeKeyedAndGroupFiles() throws {
        var h = try Harness(width: 120, height: 48, scenarioText: """
            name: keyed stores
            devices: [{ name: phone, os: "17.5" }]
            recipes:
              acme:
                stores:
                  tokenEntry: { file: { path: Library/prefs, key: token } }
                  anonEntry: { file: { path: Library/prefs, key: anon } }
                  shared: { file: { path: Library/shared-id, group: group.com.acme } }
                ids:
                  token: { id: [tokenEntry, uuid], save: [tokenEntry, shared] }
                  anon: { id: [anonEntry, uuid], save: [anonEntry] }
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: acme, appGroups: [group.com.acme] }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.press(.end)
        let report = try #require(h.world.devices[0].launches[0]?.latest.report)
        let token = try #require(report.value("token")), anon = try #require(report.value("anon"))
        #expect(token != anon)
        let lines = StorageRows.make(h.state).flatMap(\.lines)
        for (name, value) in [("tokenEntry", token), ("anonEntry", anon), ("shared", token)] {
            #expect(lines.contains(" \(name) = " + IDText.short(value, ellipsis: "…")), "\(name)\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test("history letters keep their value over the whole history; the legend says what they stand for")
    func historyLetters() throws {
        var h = try Harness()
        h.type("12")
        h.press(.enter)
        h.type("p")                          // stay on phone › com.acme.shop
        let early = try #require(h.canvas.lines.first { $0.contains("IDFV   ") && $0.contains("·") })
        h.type("20")
        h.press(.enter)
        let later = try #require(h.canvas.lines.first { $0.contains("IDFV   ") && $0.contains("·") })
        // Step 12's column in each window: the same value (77CB…), so the same letter.
        func letter(_ line: String, atStep step: Int, header: String) -> Character? {
            guard let range = header.range(of: " \(step) ") else { return nil }
            let offset = header.distance(from: header.startIndex, to: range.lowerBound) + 1
            return Array(line)[offset]
        }
        let earlyHeader = try #require(h.canvas.lines.first { $0.contains(" 11  12 ") })
        #expect(letter(later, atStep: 12, header: earlyHeader) == "A")
        #expect(early.contains("A"))
        #expect(h.screen.contains("A B …: each value"))
        #expect(h.screen.contains("best: A=idfv"))
    }

    @Test("with the timeline focused, ↓ moves its own row and Enter jumps there; the world selection stays")
    func timelineCursor() throws {
        var h = try Harness()
        h.type("p")
        let selection = h.state.selection
        h.press(.tab, times: 3)
        #expect(h.state.focus == .timeline)
        h.press(.down, times: 3)
        #expect(h.state.timelineRow == 3 && h.state.session.cursor == 0 && h.state.selection == selection)
        h.press(.enter)
        #expect(h.state.session.cursor == 3)
    }
}

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

@Suite("Explore from the inspector (x)")
struct InspectorExploreTests {
    /// What the app loop's worker does for `x`, here with few events and a small depth.
    static func runExplore(_ h: Harness, events: Set<String> = ["reboot", "launch"], depth: Int = 3) throws -> ExploreReport {
        let job = try #require(h.state.exploring)
        var run = try #require(h.inspector.exploreRun(for: job, workers: 1))
        run.events = events
        run.depth = depth
        return try run.run()
    }

    @Test("x asks what the ID is for, then searches from the cursor; its shortest break opens as a narrated branch there, after asking to drop the later steps",
          arguments: [true, false])
    func exploreOpensBranch(_ yes: Bool) throws {
        var h = try Harness(scenarioText: """
            name: explore here
            devices: [{ name: phone, os: "17.5", passcode: true }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - note: later steps, dropped by the branch
            """)
        h.type("2")
        h.press(.enter)
        h.type("p")
        h.type("x")
        // The goal first: device is the default, chosen with Enter.
        #expect(h.state.exploring == nil && h.screen.contains("what is it for?") && h.screen.contains("device: the same on one device"), "\(h.screen)")
        h.press(.enter)
        let job = try #require(h.state.exploring)
        #expect(job.step == 2 && job.app == 0 && job.goal == .device && job.id == nil)
        #expect(h.screen.contains("exploring what breaks com.acme.shop's ID (goal device) from step 2"), "\(h.screen)")
        h.inspector.finishExplore(try Self.runExplore(h))
        #expect(h.state.exploring == nil)
        // The branch would drop the note at step 3: asked first, as every other action asks, and
        // the footer says the keys of a question.
        #expect(h.screen.contains("drops the 1 later step. Open it?"), "\(h.screen)")
        #expect(h.screen.contains("y yes") && h.screen.contains("any other key no") && !h.screen.contains("Enter apply"), "\(h.screen)")
        #expect(h.state.session.count == 3)
        guard yes else {
            h.type("n")
            #expect(h.state.session.count == 3 && h.state.session.scenario.steps[2].key == "note" && h.screen.contains("cancelled"))
            return
        }
        h.type("y")
        // reboot, then a background launch before the first unlock: a new ID; then the expectation that fails.
        #expect(h.state.session.count == 5 && h.state.session.cursor == 5)
        #expect(h.state.session.scenario.steps[2].note?.hasPrefix("explore: the shortest way to break stable") == true)
        #expect(h.state.session.scenario.steps[1].label == "reference")
        #expect(h.screen.contains("the last expect fails; w saves it as a test"), "\(h.screen)")
    }

    @Test("a break opened by x and saved with w is a test: its own name, the why and the fix in its note, and check fails on its last expect")
    func exploreBreakSavedIsATest() throws {
        var h = try Harness(scenarioText: """
            name: explore why
            description: the story before the break
            devices: [{ name: phone, os: "17.5", passcode: true }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.type("2")
        h.press(.enter)
        h.type("p")
        h.type("x")
        h.press(.enter)
        h.inspector.finishExplore(try Self.runExplore(h))
        let scenario = h.state.session.scenario
        #expect(scenario.name == "explore: keychain-idfv breaks stable in 2 steps after explore why", "\(scenario.name)")
        #expect(scenario.description?.contains("the story before the break") == false)
        let note = try #require(scenario.steps.last?.note)
        #expect(note.hasPrefix("explore: the ID changed on the same device\nwhy: step 2: "), "\(note)")
        #expect(note.contains("(KC-17") && note.contains("\ntry: "), "\(note)")
        // What w writes, read back and run as check runs it: the last expect fails, the rest hold.
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("break.yaml").path
        try ScenarioWriter.yaml(scenario).write(toFile: file, atomically: true, encoding: .utf8)
        let loaded = try ScenarioLoader.loadFile(file)
        var failures: [Int] = []
        _ = try Session.run(loaded) { outcome in if !outcome.failures.isEmpty { failures.append(outcome.number) } }
        #expect(failures == [loaded.steps.count], "\(failures)")
    }

    @Test("x on a recipe of several IDs asks which, then the goal; the search follows that ID")
    func exploreChoosesID() throws {
        var h = try Harness(scenarioText: """
            name: explore an ID
            devices: [{ name: phone, os: "17.5", passcode: true }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: two }]
            recipes:
              two:
                stores:
                  kc: { keychain: { account: device } }
                  file: { file: { path: Library/install } }
                ids:
                  device: { id: [kc, uuid], save: [kc] }
                  install: { id: [file, uuid], save: [file] }
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.type("2")
        h.press(.enter)
        h.type("p")
        h.type("x")
        #expect(h.screen.contains("which ID?"), "\(h.screen)")
        h.press(.down)
        h.press(.enter)
        #expect(h.screen.contains("explore com.acme.shop's install: what is it for?"), "\(h.screen)")
        h.type("2")
        let job = try #require(h.state.exploring)
        #expect(job.id == "install" && job.goal == .install)
        let target = try #require(h.inspector.exploreTarget(for: job))
        #expect(target.strategy.matrixValue == "install")
    }

    @Test("Esc stops a search; a result that arrives after is dropped")
    func escapeStops() throws {
        var h = try Harness()
        h.type("5")
        h.press(.enter)
        h.type("p")
        h.type("x")
        h.press(.enter)
        #expect(h.state.exploring != nil)
        h.press(.escape)
        #expect(h.state.exploring == nil && h.screen.contains("explore stopped"))
        let count = h.state.session.count
        h.inspector.finishExplore(ExploreReport(targets: []))
        #expect(h.state.session.count == count)
    }
}

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
