/// One problem in a scenario file, located: `FILE:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible, Comparable {
    public var file: String
    /// 1-based; 0 when the problem has no position (the whole file).
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(file):\(max(line, 1)):\(max(column, 1)): error: \(message)"
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.line, a.column, a.message) < (b.line, b.column, b.message)
    }
}

/// All the problems of a scenario (never just the first).
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
