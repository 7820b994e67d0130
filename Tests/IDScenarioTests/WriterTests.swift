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
