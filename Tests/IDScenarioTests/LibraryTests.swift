import Foundation
@testable import IDScenario
import IDSim
import Testing

@Suite("Built-in scenario library")
struct LibraryTests {
    @Test("the library has the tour and a scenario for every field report B1–B24")
    func coverage() {
        let names = ScenarioLibrary.names
        #expect(names.first == "tour")
        for n in 1...24 {
            let prefix = n < 10 ? "b0\(n)-" : "b\(n)-"
            #expect(names.contains { $0.hasPrefix(prefix) }, "no scenario for field report B\(n)")
        }
    }

    @Test("every built-in scenario parses, runs, and all its expectations hold")
    func everyScenarioHolds() throws {
        var expectations = 0
        for (name, scenario) in try ScenarioLibrary.all() {
            #expect(scenario.description != nil && scenario.presenterNotes != nil, "\(name) needs a description and presenter notes")
            var held = 0
            try Session.run(scenario) { outcome in
                guard case .expect = outcome.step.action else { return }
                #expect(outcome.failures.isEmpty, "\(name) step \(outcome.number): \(outcome.failures)")
                held += 1
            }
            #expect(held > 0, "\(name) has no expectations")
            expectations += held
        }
        #expect(expectations >= 40)
    }

    @Test("each field-report scenario cites its report in the description")
    func citations() throws {
        for (name, scenario) in try ScenarioLibrary.all() where name.hasPrefix("b") {
            let number = Int(name.dropFirst().prefix(2))!
            #expect(scenario.description?.contains("B\(number)") == true, "\(name) should cite field report B\(number)")
        }
    }

    @Test("the tour has about twenty narrated steps")
    func tour() throws {
        let tour = try ScenarioLoader.load("tour")
        let narrated = tour.steps.filter { $0.note != nil || $0.key == "note" }.count
        #expect((18...40).contains(tour.steps.count))
        #expect(narrated >= 10)
    }
}
