/// JUnit XML for `idscope check --junit FILE`: a test suite per scenario, a test case per expectation.
public struct JUnitWriter {
    public struct Case: Sendable {
        public var name: String
        public var failure: String?
        public var error: String?

        public init(name: String, failure: String? = nil, error: String? = nil) {
            self.name = name
            self.failure = failure
            self.error = error
        }
    }

    public struct Suite: Sendable {
        public var name: String
        public var file: String
        public var cases: [Case]

        public init(name: String, file: String, cases: [Case]) {
            self.name = name
            self.file = file
            self.cases = cases
        }
    }

    public static func document(_ suites: [Suite]) -> String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        let errors = suites.reduce(0) { $0 + $1.cases.filter { $0.error != nil }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"idscope check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for suite in suites {
            let f = suite.cases.filter { $0.failure != nil }.count, e = suite.cases.filter { $0.error != nil }.count
            xml += "  <testsuite name=\"\(escape(suite.name))\" file=\"\(escape(suite.file))\" tests=\"\(suite.cases.count)\" failures=\"\(f)\" errors=\"\(e)\">\n"
            for test in suite.cases {
                xml += "    <testcase classname=\"\(escape(suite.file))\" name=\"\(escape(test.name))\""
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
