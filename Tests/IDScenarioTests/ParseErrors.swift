import IDScenario

/// The diagnostics a scenario's text gets, as the lines `idscope run` would print; none when it
/// parses.
func parseErrors(_ text: String, file: String = "t.yaml") -> [String] {
    do {
        _ = try ScenarioParser.parse(text, file: file)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}
