@testable import IDInspector
import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies
import TestSupport
import Testing

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
        h.dispatch(.exploreFinished(try Self.runExplore(h)))
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
        h.dispatch(.exploreFinished(try Self.runExplore(h)))
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
        h.dispatch(.exploreFinished(ExploreReport(targets: [])))
        #expect(h.state.session.count == count)
    }
}
