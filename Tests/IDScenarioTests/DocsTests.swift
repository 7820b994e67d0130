import Foundation
@testable import IDScenario
import Testing
import TestSupport

@Suite("Docs in step with the code")
struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/scenarios.md lists the built-in library as it is")
    func scenarioIndexIsCurrent() throws {
        let url = Self.root.appendingPathComponent("docs/scenarios.md")
        let expected = try ScenarioLibrary.markdownIndex()
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_DOCS"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == expected,
                "docs/scenarios.md is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter scenarioIndexIsCurrent")
    }

    @Test("docs/scenario-format.md's events table is generated from the event specs")
    func eventTableIsCurrent() throws {
        let section = try #require(try GeneratedSection.compare("docs/scenario-format.md", begin: "swift test --filter eventTableIsCurrent -->\n",
                                                                end: "<!-- end of events -->", content: EventSpec.markdownTable()))
        #expect(section.actual == section.expected,
                "the events table is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter eventTableIsCurrent")
    }

    @Test("docs/scenario-format.md documents every event key, expectation key and profile switch")
    func formatDocCoversEverything() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        for key in IDSimNames.eventKeys + ["expect"] { #expect(text.contains("`\(key)`"), "event \(key) is not documented") }
        for key in ["installed", "att", "idfa", "idfv", "guid", "id", "best", "sameOn", "values", "sameAs", "differsFrom"] {
            #expect(text.contains("`\(key)`"), "expectation key \(key) is not documented")
        }
        for name in IDSimNames.profileSwitches { #expect(text.contains("`\(name)`"), "profile switch \(name) is not documented") }
        for name in IDSimNames.strategies { #expect(text.contains("`\(name)`"), "strategy \(name) is not documented") }
    }

    @Test("every example in docs/scenario-format.md parses")
    func examplesParse() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 1)
        for block in blocks where block.hasPrefix("name:") {
            #expect(throws: Never.self) { _ = try ScenarioParser.parse(block, file: "docs example") }
        }
    }
}

import IDSim
import IDStrategies

enum IDSimNames {
    static let eventKeys = Event.keys
    static let profileSwitches = Profile.switches.map(\.name)
    static let strategies = StrategyLibrary.builtIn.names
}
