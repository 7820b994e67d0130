import IDInspector
import IDScenario
import IDSim
import Testing

/// The `:` line under long input: pastes, its limit, what it draws; and a session kept savable.
@Suite("Inspector command line and session limits")
struct PromptTests {
    @Test("a paste is one event into the open line: control characters become spaces, the line keeps its limit")
    func paste() throws {
        var h = try Harness()
        h.press(.end)
        h.type(":")
        h.send(.paste("install\ncom.acme.news\u{1B}"))
        #expect(h.state.prompt?.text == "install com.acme.news ")
        h.send(.paste(String(repeating: "x", count: 100_000)))
        #expect(h.state.prompt?.length == Prompt.maxLength)
        #expect(h.state.prompt?.text.count == Prompt.maxLength)
        #expect(h.state.status?.text == "paste cut: the line holds at most 4096 characters")
        h.type("y")
        #expect(h.state.prompt?.length == Prompt.maxLength, "a full line takes no more")
        #expect(h.state.status?.text == "the line holds at most 4096 characters")
    }

    @Test("w's suggested name is replaced by the first character typed, cleared by Backspace, and taken by Enter")
    func prefilledNameGivesWay() throws {
        let files = MemoryFiles()
        var h = try Harness(files: files)
        h.type("w")
        #expect(h.state.prompt?.text == "session.yaml" && h.state.prompt?.prefilled == true)
        h.type("bug.yaml")
        #expect(h.state.prompt?.text == "bug.yaml", "not session.yamlbug.yaml")
        h.press(.escape)
        h.type("w")
        h.press(.backspace)
        #expect(h.state.prompt?.text == "" && h.state.prompt != nil, "cleared, still open")
        h.press(.escape)
        h.type("w")
        h.send(.paste("~/bugs/b.yaml"))
        #expect(h.state.prompt?.text == "~/bugs/b.yaml", "a paste replaces it too")
        h.press(.escape)
        h.type("w")
        h.press(.enter)
        #expect(files.contents["session.yaml"] != nil, "Enter saves to the suggestion")
    }

    @Test(":note takes everything after it as the text: commas, colons, and what looks like 'on DEVICE'")
    func noteText() throws {
        var h = try Harness()
        h.press(.end)
        for text in ["The backup had no ACME apps, so nothing comes back.", "a: b {c} [d] # e", "the restore on phone"] {
            h.type(":note \(text)")
            h.press(.enter)
            guard case .event(.note(let written))? = h.state.session.scenario.steps.last?.action else {
                Issue.record("no note step: \(h.state.status?.text ?? "")")
                continue
            }
            #expect(written == text)
        }
    }

    @Test("with no line open, a paste is ignored rather than pressing its characters as keys")
    func pasteOutsideTheLine() throws {
        var h = try Harness()
        h.press(.end)
        let count = h.state.session.count
        h.send(.paste("iqdeL"))
        #expect(h.state.session.count == count && !h.state.quit && h.state.overlay == nil)
        #expect(h.state.status?.text == "paste ignored: press : first to paste a command")
    }

    @Test("a long line draws its end, where typing happens")
    func longLineShowsItsEnd() throws {
        var h = try Harness()
        h.type(":")
        h.send(.paste(String(repeating: "a", count: 500) + "THE-END"))
        let status = h.screen.split(separator: "\n")[h.height - 2]
        #expect(status.hasPrefix(":…") && status.contains("THE-END█"), "\(status)")
    }

    @Test("backspace and completion keep the kept length true")
    func lengthStaysTrue() throws {
        var h = try Harness()
        h.type(":ins")
        h.press(.tab)
        #expect(h.state.prompt?.text == "install ")
        #expect(h.state.prompt?.length == 8)
        h.press(.backspace, times: 3)
        #expect(h.state.prompt?.text == "insta" && h.state.prompt?.length == 5)
    }

    @Test("the session never grows past what a scenario file can hold")
    func sessionStaysSavable() throws {
        // A scenario just under the byte limit: one long note.
        let padding = String(repeating: "n", count: ScenarioLimits.maxBytes - 400)
        let text = """
        name: big
        devices:
          - { name: phone, os: "17.5" }
        apps:
          - { bundle: com.acme.shop, team: ACME1234 }
        steps:
          - note: "\(padding)"
        """
        let session = try Session(try ScenarioParser.parse(text, file: "big.yaml"))
        var inspector = Inspector(state: InspectorState(session: session, theme: Theme(colour: false, ascii: false)), files: MemoryFiles())
        _ = inspector.reduce(.key(.end))
        for _ in 0..<20 { _ = inspector.reduce(.key(.character("r"))) }   // reboots until the file would be full
        #expect(inspector.state.status?.text.hasPrefix("the session would no longer fit in a scenario file") == true)
        let saved = ScenarioWriter.yaml(inspector.state.session.scenario)
        #expect(saved.utf8.count <= ScenarioLimits.maxBytes)
        #expect(try ScenarioParser.parse(saved, file: "saved.yaml").steps.count == inspector.state.session.count)
    }
}
