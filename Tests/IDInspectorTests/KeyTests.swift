import IDInspector
import IDScenario
import IDSim
import Testing

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
        h.type("l")
        h.type("h")
        #expect(h.state.session.cursor == 17)
        h.press(.end)
        #expect(h.state.session.cursor == 32)
        h.type("g")
        #expect(h.state.session.cursor == 0)
        h.type("99")
        h.press(.enter)
        #expect(h.state.status?.error == true && h.state.session.cursor == 0)
    }

    @Test("i installs through a picker; d deletes; u undoes")
    func installDelete() throws {
        var h = try Harness()
        h.press(.end)
        h.type("i")
        #expect(h.screen.contains("install on phone"))
        h.press(.enter)                      // the first app not installed: com.acme.news
        #expect(h.world.presence(of: 1, on: 0) == .installed)
        #expect(h.state.session.count == 33)
        h.type("d")
        h.type("2")                          // the second installed app in the list
        #expect(h.state.session.count == 34)
        h.type("u")
        h.type("u")
        #expect(h.state.session.count == 32 && h.world.presence(of: 1, on: 0) == .absent)
    }

    @Test(": takes any event in YAML form, with Tab completion and history; errors stay in the status line")
    func commandLine() throws {
        var h = try Harness()
        h.press(.end)
        h.type(":")
        h.type("inst")
        h.press(.tab)
        h.type("com.acme.n")
        h.press(.tab)
        #expect(h.state.prompt?.text == "install com.acme.news ")
        h.press(.enter)
        #expect(h.world.presence(of: 1, on: 0) == .installed)
        h.type(":restore nightly to phone")
        h.press(.enter)
        #expect(h.state.session.entries.last?.key == "restore")
        h.type(":instal com.acme.news")
        h.press(.enter)
        #expect(h.state.status?.error == true)
        #expect(h.state.status?.text == "unknown event 'instal'; did you mean 'install'?")
        h.type(":")
        h.press(.up)
        #expect(h.state.prompt?.text == "instal com.acme.news")
        h.press(.escape)
        h.type(":uninstall org.other.game")
        h.press(.enter)
        #expect(h.state.status?.text == "org.other.game is not installed on phone" || h.world.presence(of: 2, on: 0) == .absent)
    }

    @Test("acting at an earlier step starts a branch")
    func branch() throws {
        var h = try Harness()
        h.type("5")
        h.press(.enter)
        h.type(":reboot")
        h.press(.enter)
        #expect(h.state.session.count == 6 && h.state.session.cursor == 6)
        #expect(h.state.status?.text.hasPrefix("branched") == true)
    }

    @Test("? shows every key; Enter opens the rule behind a change; any key closes")
    func helpAndRules() throws {
        var h = try Harness()
        h.type("?")
        #expect(h.screen.contains("Keys") && h.screen.contains("presenter mode"))
        h.press(.escape)
        #expect(h.state.overlay == nil)
        h.press(.right)                      // install: IDFV-2
        h.press(.enter)
        #expect(h.screen.contains("IDFV-2: first app of a vendor gets a new IDFV"))
        #expect(h.screen.contains("source: https://developer.apple.com/documentation/uikit/uidevice/identifierforvendor"))
        h.type("x")
        h.type(":rule KC-19")
        h.press(.enter)
        #expect(h.screen.contains("KC-19: keychain items outlive the app"))
    }

    @Test("w saves the session as a scenario that replays to the same IDs; an existing file needs a yes")
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
        let world = try ScenarioRunner(replay).run()
        let news = world.devices[0].launches[1]?.latest.report.primaryID
        #expect(news != nil && news == h.world.devices[0].launches[1]?.latest.report.primaryID)
        h.type("w")
        h.press(.control("u"))
        h.type("saved.yaml")
        h.press(.enter)
        #expect(h.screen.contains("saved.yaml exists. Overwrite it?"))
        h.type("n")
        #expect(h.state.status?.text == "cancelled")
    }

    @Test("o opens another scenario; a broken one leaves the session alone with a located error")
    func openFile() throws {
        let files = MemoryFiles(["b01.yaml": ScenarioLibrary.text(named: "b01-reinstall-resets-idfv")!, "bad.yaml": "name: x\nsteps: [\n"])
        var h = try Harness(files: files)
        h.type(":o bad.yaml")
        h.press(.enter)
        #expect(h.state.status?.error == true && h.state.status?.text.hasPrefix("bad.yaml:") == true)
        #expect(h.state.session.scenario.name == "A tour of iOS identifiers")
        h.type(":o b01.yaml")
        h.press(.enter)
        #expect(h.state.session.count == 7)
    }

    @Test("m and C compare two devices' IDs and flag duplicates")
    func compare() throws {
        var h = try Harness()
        h.press(.end)
        h.press(.down, times: 1)             // com.acme.shop on phone
        h.type("m")
        while h.state.selection.device != 1 { h.press(.down) }
        h.press(.down)                       // com.acme.shop on newphone
        h.type("C")
        #expect(h.screen.contains("Compare"))
        #expect(h.screen.contains("duplicate"))
    }

    @Test("presenter mode shows the narration large and auto-advances on ticks")
    func presenter() throws {
        var h = try Harness()
        h.press(.right)
        h.type("P")
        #expect(h.screen.contains("T h e   f i r s t   A C M E   a p p"))
        h.type("a")
        h.send(.tick, .tick)
        #expect(h.state.session.cursor == 3)
        h.type("P")
        #expect(!h.state.presenter)
    }

    @Test("mouse: a click selects or jumps, the wheel steps; --no-mouse ignores it")
    func mouse() throws {
        var h = try Harness()
        h.send(.mouse(MouseEvent(x: 60, y: 23, kind: .press)))   // a timeline row
        #expect(h.state.focus == .timeline)
        let jumped = h.state.session.cursor
        h.send(.mouse(MouseEvent(x: 60, y: 20, kind: .wheelDown)))
        #expect(h.state.session.cursor == jumped + 1)
        h.inspector.state.mouse = false
        h.send(.mouse(MouseEvent(x: 60, y: 20, kind: .wheelDown)))
        #expect(h.state.session.cursor == jumped + 1)
    }

    @Test("q and Ctrl-C quit")
    func quitting() throws {
        var h = try Harness()
        h.type("q")
        #expect(h.state.quit)
        var c = try Harness()
        c.press(.control("c"))
        #expect(c.state.quit)
    }
}

@Suite("Identity pane")
struct IdentityPaneTests {
    @Test("a GUID minted because the keychain was locked names KC-17; a vendor's new IDFV names IDFV-2")
    func rulesOnRows() throws {
        var h = try Harness()
        h.press(.down)                       // select com.acme.shop on the phone
        h.type("23")
        h.press(.enter)
        #expect(h.screen.contains("guid   E12E…26C7  ▲ new  KC-17: accessibility classes gate reads"))
        h.type("19")
        h.press(.enter)
        #expect(h.screen.contains("IDFV   DD2F…85F8  ▲ new  IDFV-2: first app of a vendor gets a new IDFV"))
        h.press(.left)
        #expect(h.screen.contains("IDFV   ∅  ▼ gone IDFV-5"))
    }
}
