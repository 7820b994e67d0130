import Foundation
import IDSim
import Testing

@Suite("Rule registry")
struct RuleRegistryTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    @Test("every rule of the default set is registered once, in the reference's order, with a source")
    func registryIsComplete() {
        #expect(RuleRegistry.all.map(\.id) == RuleID.allCases)
        #expect(RuleID.allCases.count == 44, "rules 1–43 and 22a")
        for rule in RuleRegistry.all {
            #expect(!rule.sources.isEmpty, "\(rule.id.rawValue) has no source")
            #expect(rule.sources.allSatisfy { $0.hasPrefix("http") }, "\(rule.id.rawValue)")
            #expect(!rule.statement.isEmpty && !rule.title.isEmpty)
            for name in rule.switches {
                #expect(Profile.switch(named: name) != nil, "\(rule.id.rawValue) names unknown switch \(name)")
            }
        }
    }

    @Test("every rule has at least one test named after it")
    func everyRuleHasATest() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.testsFolder.path).filter { $0.hasSuffix(".swift") }
        var text = ""
        for file in files {
            text += try String(contentsOf: Self.testsFolder.appendingPathComponent(file), encoding: .utf8)
        }
        for id in RuleID.allCases {
            #expect(text.contains("@Test(\"\(id.rawValue):"), "no @Test named \"\(id.rawValue): …\"")
        }
    }

    @Test("RuleDocs: docs/rules.md is the registry's own text")
    func docsMatchRegistry() throws {
        let url = Self.packageRoot.appendingPathComponent("docs/rules.md")
        let expected = RuleRegistry.markdown()
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_DOCS"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let actual = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "docs/rules.md is out of date: run IDSCOPE_RECORD_DOCS=1 swift test --filter docsMatchRegistry")
    }

    @Test("rule IDs parse case-insensitively and sort in the reference's order")
    func ruleIDs() {
        #expect(RuleID(parsing: "kc-22a") == .kc22a)
        #expect(RuleID(parsing: "KC-23") == nil)
        #expect(RuleID.kc22 < .kc22a && RuleID.kc22a < .ct23)
    }

    @Test("profile switches parse by name, reject unknown names and values with a suggestion")
    func profileSwitches() throws {
        var profile = Profile.default
        try profile.set("keychainOnUninstall", to: "deleteUnshared")
        #expect(profile.keychainOnUninstall == .deleteUnshared)
        try profile.set("idfaRegenerateOnStopTracking", to: "false")
        #expect(profile.nonDefaultSwitches.map(\.name) == ["keychainOnUninstall", "idfaRegenerateOnStopTracking"])
        #expect(throws: ProfileError.self) { try profile.set("keychainOnUninstal", to: "persist") }
        do {
            try profile.set("keychainOnUninstal", to: "persist")
        } catch {
            #expect(error.description == "unknown profile switch 'keychainOnUninstal'; did you mean 'keychainOnUninstall'?")
        }
        do {
            try profile.set("keychainOnUninstall", to: "deleteUnshard")
        } catch {
            #expect(error.description.contains("did you mean 'deleteUnshared'?"))
        }
        #expect(Profile.switches.count == 23)
        #expect(Profile.switch(named: "deviceCheckNotFoundBody")?.defaultValue == "Failed to find bit state")
    }
}
