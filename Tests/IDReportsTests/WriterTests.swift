import IDReports
import IDScenario
import Testing

@Suite("Scenario writer")
struct WriterTests {
    static func jsonl(_ scenario: Scenario) throws -> String {
        var writer = JSONLWriter(scenario)
        var out = ""
        try Session.run(scenario) { out += writer.line(for: $0) + "\n" }
        return out
    }

    @Test("every built-in scenario survives write → parse and replays to the same output")
    func roundTrip() throws {
        for (name, scenario) in try ScenarioLibrary.all() {
            let text = ScenarioWriter.yaml(scenario)
            let again = try ScenarioParser.parse(text, file: "written:\(name)")
            #expect(again.steps.count == scenario.steps.count, "\(name)")
            #expect(try Self.jsonl(again) == Self.jsonl(scenario), "\(name): the written scenario replays differently")
            #expect(ScenarioWriter.yaml(again) == text, "\(name): writing is stable")
        }
    }

    @Test("awkward text is quoted so it reads back unchanged")
    func quoting() throws {
        var scenario = try ScenarioLoader.load("b01-reinstall-resets-idfv")
        scenario.name = "Quotes \" backslash \\ colon: hash # tab\t新闻 newline\nend"
        let again = try ScenarioParser.parse(ScenarioWriter.yaml(scenario), file: "q")
        #expect(again.name == scenario.name)
    }
}

@Suite("run's table")
struct TableTests {
    @Test("an expectation about another device names that device, not the step's")
    func expectationDevice() throws {
        let scenario = try ScenarioParser.parse("""
            name: two phones
            devices: [{ name: phone, os: "17.5" }, { name: tablet, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234 }]
            steps:
              - install: com.acme.shop
                device: tablet
              - launch: com.acme.shop
                device: tablet
              - expect: { app: com.acme.shop, device: tablet, idfv: present }
            """, file: "t.yaml")
        let writer = TableWriter(style: .table, colour: false, full: false)
        var rows: [String] = []
        try Session.run(scenario) { rows.append(writer.row($0)) }
        let expectation = try #require(rows.last)
        #expect(expectation.contains("expect com.acme.shop") && expectation.contains("tablet") && !expectation.contains("phone "),
                "\(expectation)")
    }

    @Test("a launch's ID shows raw first, then the hash the app reported")
    func idThenHash() throws {
        let writer = TableWriter(style: .table, colour: false, full: false)
        var rows: [String] = []
        try Session.run(try ScenarioLoader.load("tour")) { rows.append(writer.row($0)) }
        #expect(rows[1].contains("▲ id 77CB…BEFE · sha256 "), "\(rows[1])")
    }
}
