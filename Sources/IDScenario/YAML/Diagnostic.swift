/// One problem in a scenario file, located: `FILE:LINE:COLUMN: error: MESSAGE` (or `warning:`,
/// for what parses and runs but cannot do what it says).
package struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible, Comparable {
    package enum Severity: String, Hashable, Sendable { case error, warning }

    package var file: String
    /// 1-based; 0 when the problem has no position (the whole file).
    package var line: Int
    /// 1-based, counted in Unicode scalars.
    package var column: Int
    package var message: String
    package var severity: Severity = .error

    package init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// One line, with control characters from the file (in names it echoes) made visible.
    package var description: String {
        TerminalText.escaped("\(file):\(max(line, 1)):\(max(column, 1)): \(severity.rawValue): \(message)")
    }

    package static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.line, a.column, a.message) < (b.line, b.column, b.message)
    }
}

/// All the problems of a scenario (never just the first).
package struct ScenarioError: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]

    /// Sorted by position, each problem once (a node read twice reports its problem once).
    package init(_ diagnostics: [Diagnostic]) {
        var seen: Set<Diagnostic> = []
        self.diagnostics = diagnostics.sorted().filter { seen.insert($0).inserted }
    }

    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
