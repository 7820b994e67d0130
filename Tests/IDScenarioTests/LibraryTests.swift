import Foundation
@testable import IDScenario
import IDSim
import Testing
import TestSupport

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

@Suite("Built-in files compiled into the binary")
struct BuiltInFilesTests {
    @Test("BuiltInFiles.swift holds every YAML file of the library as it is")
    func builtInFilesAreCurrent() throws {
        let url = GeneratedSection.root.appendingPathComponent(BuiltInSource.path)
        let expected = try BuiltInSource.render()
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_DOCS"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let actual = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(BuiltInSource.path) is out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter builtInFilesAreCurrent")
    }

    @Test("what is compiled in is what the files say, text for text")
    func compiledInMatchesTheFiles() throws {
        let folder = GeneratedSection.root.appendingPathComponent(BuiltInSource.folder)
        let files = try #require(LibraryFiles(folder: folder.path))
        #expect(LibraryFiles.compiledIn.scenarios == files.scenarios)
        #expect(LibraryFiles.compiledIn.recipes == files.recipes)
        #expect(files.scenarios.count >= 40 && files.recipes.count >= 10)
    }

    @Test("a literal keeps any text exactly: hashes, quotes, backslashes, interpolation, blank lines")
    func literalsKeepTheText() {
        // The rendering is checked against the compiler by compiledInMatchesTheFiles; here, that
        // the delimiter outgrows every run of # in the text.
        let literal = BuiltInSource.literal("a \"\"\"## \\#(x)\n\n")
        #expect(literal.hasPrefix("###\"\"\"\n") && literal.hasSuffix("\n\"\"\"###"))
    }
}
