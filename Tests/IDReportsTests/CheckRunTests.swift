import IDReports
import IDScenario
import IDSim
import Testing

/// `idscope check` without the binary: each verdict is held against what the session itself
/// says of the same scenario, so a verdict the runner got wrong cannot pass.
@Suite("check's run, in process")
struct CheckRunTests {
    static let setup = """
        devices: [{ name: phone, os: "17.5" }]
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: id-kit }]
        """

    /// A scenario from text, loaded by `CheckRun` as if from a file of that name.
    static func checking(_ texts: [String: String], strict: Bool = false) -> CheckRun {
        CheckRun(strict: strict) { (argument: String) throws(ScenarioLoader.LoadError) -> Scenario in
            guard let text = texts[argument] else { throw .unreadable("\(argument): error: no such file") }
            do throws(ScenarioError) { return try ScenarioParser.parse(text, file: argument) } catch { throw .invalid(error) }
        }
    }

    /// The expectation steps the session evaluated, and how many failed: the independent count.
    static func sessionCount(_ text: String, file: String) throws -> (expectations: Int, failed: Int) {
        try sessionCount(ScenarioParser.parse(text, file: file))
    }

    static func sessionCount(_ scenario: Scenario) throws -> (expectations: Int, failed: Int) {
        var expectations = 0, failed = 0
        _ = try Session.run(scenario) { outcome in
            guard case .expect = outcome.step.action else { return }
            expectations += 1
            if !outcome.failures.isEmpty { failed += 1 }
        }
        return (expectations, failed)
    }

    @Test("expectations that hold pass, counted as the session counts them, one JUnit case each")
    func holding() throws {
        let text = Self.setup + """

            name: holds
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
              - expect: { app: com.acme.shop, idfv: changed }
              - expect: { app: com.acme.shop, guid: { sameAs: first } }
            """
        let checked = Self.checking(["a.yaml": text]).check("a.yaml")
        let session = try Self.sessionCount(text, file: "a.yaml")
        #expect(session == (expectations: 2, failed: 0))
        #expect(checked.verdict == .passed(session.expectations))
        #expect(checked.suite.cases.count == session.expectations)
        #expect(checked.suite.cases.allSatisfy { $0.failure == nil && $0.error == nil && $0.file == "a.yaml" })
        #expect(checked.suite.name == "holds")
        #expect(checked.lines() == ["PASS a.yaml: 2 expectations held"])
        #expect(!checked.failed)
        #expect(checked.diagnostics.isEmpty)
    }

    @Test("a failed expectation fails with its file, line and column, and its JUnit case says the step")
    func failing() throws {
        let text = Self.setup + """

            name: fails
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - uninstall: com.acme.shop
              - install: com.acme.shop
              - launch: com.acme.shop
              - expect: { app: com.acme.shop, idfv: { sameAs: first } }
            """
        let checked = Self.checking(["b.yaml": text]).check("b.yaml")
        let session = try Self.sessionCount(text, file: "b.yaml")
        #expect(session == (expectations: 1, failed: 1))
        guard case .failed(let failures) = checked.verdict else {
            Issue.record("expected a failure, got \(checked.verdict)")
            return
        }
        // The expect step is the scenario's 11th line: the setup's two, then name, steps: and six lines of steps.
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("b.yaml:11:5: step 6: idfv: expected sameAs first, got ") == true, "\(failures)")
        #expect(checked.suite.cases.count == 1)
        #expect(checked.suite.cases.first?.failure?.hasPrefix("step 6: ") == true)
        #expect(checked.suite.cases.first?.line == 11)
        #expect(checked.failed)
        let report = CheckReport(scenarios: [checked])
        #expect(report.anyFailed && !report.anyInvalid)
        #expect(report.junit.split(separator: "<failure", omittingEmptySubsequences: false).count - 1 == 1)
    }

    @Test("no expectations checks nothing: NONE, or FAIL with a JUnit failure under --strict")
    func empty() {
        let text = Self.setup + """

            name: proves nothing
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """
        let lenient = Self.checking(["c.yaml": text]).check("c.yaml")
        #expect(lenient.verdict == .empty(failed: false))
        #expect(!lenient.failed && lenient.suite.cases.isEmpty)
        #expect(lenient.lines() == ["NONE c.yaml: no expectations, so nothing was checked (--strict fails this)"])
        let strict = Self.checking(["c.yaml": text], strict: true).check("c.yaml")
        #expect(strict.verdict == .empty(failed: true))
        #expect(strict.failed)
        #expect(strict.suite.cases.map(\.name) == ["expectations"])
        #expect(strict.suite.cases.first?.failure != nil)
    }

    @Test("a scenario that cannot be read or parsed is invalid: its errors for stderr, no verdict line, a JUnit error")
    func invalid() {
        let checking = Self.checking(["bad.yaml": Self.setup + "\nname: bad\nsteps:\n  - instal: com.acme.shop\n"])
        let missing = checking.check("gone.yaml")
        #expect(missing.verdict == .invalid)
        #expect(missing.diagnostics == ["gone.yaml: error: no such file"])
        #expect(missing.lines().isEmpty)
        #expect(missing.suite.cases.map(\.name) == ["load"])
        #expect(missing.suite.cases.first?.error == "gone.yaml: error: no such file")
        let bad = checking.check("bad.yaml")
        #expect(bad.verdict == .invalid)
        #expect(bad.diagnostics.first?.hasPrefix("bad.yaml:5:5: error:") == true, "\(bad.diagnostics)")
        let report = checking.run(["gone.yaml", "bad.yaml"])
        #expect(report.anyInvalid && !report.anyFailed)
        #expect(report.suites.map(\.name) == ["gone.yaml", "bad.yaml"])
    }

    @Test("expectations that failed before a step could not apply are still said, and the scenario is invalid")
    func failedThenInvalid() {
        let text = Self.setup + """

            name: fails, then cannot go on
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
                label: first
              - expect: { app: com.acme.shop, idfv: { differsFrom: first } }
              - uninstall: com.acme.shop
              - launch: com.acme.shop
            """
        let checked = Self.checking(["e.yaml": text]).check("e.yaml")
        guard case .failed(let failures) = checked.verdict else {
            Issue.record("expected the failure to be said, got \(checked.verdict)")
            return
        }
        #expect(failures.count == 1 && failures[0].hasPrefix("e.yaml:8:5: step 3: idfv: expected differsFrom first"), "\(failures)")
        #expect(!checked.ran && checked.failed)
        #expect(checked.diagnostics.count == 1 && checked.diagnostics[0].hasPrefix("e.yaml:10:5: error:"), "\(checked.diagnostics)")
        #expect(checked.lines().first == "FAIL e.yaml: 1 check failed")
        #expect(checked.suite.cases.map(\.name).last == "run")
        let report = CheckReport(scenarios: [checked])
        // Invalid wins the exit status (2), as it did: both are true.
        #expect(report.anyInvalid && report.anyFailed)
    }

    @Test("every built-in scenario's verdict is the session's: as many cases as expectation steps, failed only where one failed")
    func builtIns() throws {
        let checking = CheckRun(strict: false)
        for name in ScenarioLibrary.names {
            let checked = checking.check(name)
            let (expectations, failed) = try Self.sessionCount(ScenarioLoader.load(name))
            #expect(checked.suite.cases.count == expectations, "\(name)")
            #expect(checked.suite.cases.filter { $0.failure != nil }.count == failed, "\(name)")
            // Every built-in holds what it expects (LibraryTests runs them): the session says so too.
            #expect(failed == 0 && expectations > 0, "\(name)")
            #expect(checked.verdict == .passed(expectations), "\(name)")
        }
    }

    @Test("the verdict's word is painted, nothing else on its line")
    func painted() throws {
        let text = Self.setup + "\nname: p\nsteps:\n  - install: com.acme.shop\n"
        let checked = Self.checking(["\u{1B}d.yaml": text]).check("\u{1B}d.yaml")
        let line = try #require(checked.lines(paint: { "<" + $0.rawValue + ">" }).first)
        // The file's name is caret-escaped: it may hold anything.
        #expect(line == "<NONE> ^[d.yaml: no expectations, so nothing was checked (--strict fails this)")
    }
}
