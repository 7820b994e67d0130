import IDScenario
import IDSim

/// JUnit XML for `idscope check --junit FILE`: a test suite per scenario, a test case per expectation.
package struct JUnitWriter {
    package struct Case: Sendable {
        package var name: String
        package var failure: String?
        package var error: String?
        /// Where the step is written (a CI server links to it).
        package var file: String?
        package var line: Int?

        package init(name: String, failure: String? = nil, error: String? = nil, file: String? = nil, line: Int? = nil) {
            self.name = name
            self.failure = failure
            self.error = error
            self.file = file
            self.line = line
        }
    }

    /// An expectation's case name, stable when steps are inserted or removed around it (a CI
    /// server keeps a case's history by its name): a labelled step by its label and device
    /// ("after-restore on tablet"), any other by what it checks ("expect com.acme.shop on phone:
    /// idfv sameAs first"). No step number: inserting a step would rename every later case.
    package static func caseName(_ outcome: StepOutcome) -> String {
        guard case .expect(let expectation) = outcome.step.action else { return outcome.step.label ?? outcome.step.key }
        let world = outcome.world
        let device = world.devices[expectation.device ?? outcome.step.device].name
        if let label = outcome.step.label { return label + " on " + device }
        let checks = outcome.checks.map { $0.key + " " + $0.expected }.joined(separator: ", ")
        return "expect " + world.apps[expectation.app].bundleID + " on " + device + (checks.isEmpty ? "" : ": " + checks)
    }

    /// Names made unique in a suite: a second case of one name gets " (2)", in file order, so
    /// only repeats of the same check depend on their order.
    package static func uniqued(_ cases: [Case]) -> [Case] {
        var seen: [String: Int] = [:]
        return cases.map { test in
            var test = test
            let count = (seen[test.name] ?? 0) + 1
            seen[test.name] = count
            if count > 1 { test.name += " (\(count))" }
            return test
        }
    }

    package struct Suite: Sendable {
        package var name: String
        package var file: String
        package var cases: [Case]

        package init(name: String, file: String, cases: [Case]) {
            self.name = name
            self.file = file
            self.cases = cases
        }
    }

    package static func document(_ suites: [Suite]) -> String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        let errors = suites.reduce(0) { $0 + $1.cases.filter { $0.error != nil }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"idscope check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for suite in suites {
            let suite = Suite(name: suite.name, file: suite.file, cases: uniqued(suite.cases))
            let f = suite.cases.filter { $0.failure != nil }.count, e = suite.cases.filter { $0.error != nil }.count
            xml += "  <testsuite name=\"\(escape(suite.name))\" file=\"\(escape(suite.file))\" tests=\"\(suite.cases.count)\" failures=\"\(f)\" errors=\"\(e)\">\n"
            for test in suite.cases {
                xml += "    <testcase classname=\"\(escape(suite.file))\" name=\"\(escape(test.name))\""
                if let file = test.file { xml += " file=\"\(escape(file))\"" }
                if let line = test.line { xml += " line=\"\(line)\"" }
                if let failure = test.failure {
                    xml += ">\n      <failure message=\"\(escape(failure))\">\(escape(failure))</failure>\n    </testcase>\n"
                } else if let error = test.error {
                    xml += ">\n      <error message=\"\(escape(error))\">\(escape(error))</error>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        // XML 1.0 forbids most control characters.
        var text = text
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" ? "?" : $0 }))
        }
        return MarkupText.escaped(text, apostrophe: "&apos;")
    }
}
