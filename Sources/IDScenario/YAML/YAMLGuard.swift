/// Reads YAML text into a node tree with positions, refusing input that would exhaust time or
/// memory before anything expands it.
///
/// Every YAML the program reads comes through here: scenario and recipe files, the inspector's
/// `:` line, and the steps a server is sent. Limits: the size of the text
/// (`ScenarioLimits.maxBytes`); how far aliases may expand the document (the "billion laughs"
/// bomb is small as text and as a tree of shared nodes, but anything that visits it, a
/// duplicate-key check hashing a mapping key included, expands it to billions of nodes); and the
/// nesting depth, aliases included. `YAMLComposer` checks the last two while it builds the tree
/// from libyaml's events, so nothing ever expands an alias before it is counted.
enum YAMLGuard {
    /// How many nodes aliases may add to a document, beyond the nodes written out in it.
    static let maxAliasExpansion = 1_000_000
    /// How deep collections may nest, counting what aliases bring in.
    static let maxDepth = 64

    /// - Parameter what: what the text is, for the size message ("scenarios", "commands").
    static func compose(_ rawText: String, file: String, what: String = "scenarios") throws(ScenarioError) -> YAMLNode {
        let text = rawText.hasPrefix("\u{FEFF}") ? String(rawText.dropFirst()) : rawText   // a BOM would shift columns
        let bytes = text.utf8.count
        guard bytes <= ScenarioLimits.maxBytes else { throw ScenarioError([sizeDiagnostic(bytes: bytes, file: file, what: what)]) }
        switch YAMLComposer.compose(text, file: file) {
        case .failure(let problem):
            throw ScenarioError([problem])
        case .success(nil):
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1, message: "the file is empty; a scenario needs name, devices, apps and steps")])
        case .success(let root?):
            return root
        }
    }

    /// The size-limit error, located at the start of the file like every other error.
    /// - Parameter bytes: the size, when known (nil: it is only known to be over the limit).
    static func sizeDiagnostic(bytes: Int?, file: String, what: String = "scenarios") -> Diagnostic {
        Diagnostic(file: file, line: 1, column: 1,
                   message: "the file is \(bytes.map { "\($0) bytes" } ?? "over \(ScenarioLimits.maxBytes) bytes"); \(what) are limited to \(ScenarioLimits.maxBytes) bytes (8 MiB)")
    }

}
