/// The rule table as Markdown: what `docs/rules.md` holds, kept in step by a test.
extension RuleRegistry {
    public static func markdown() -> String {
        var out = """
        # Lifecycle rules

        Every rule the simulator applies, as the code has it (`RuleRegistry`). Generated: run
        `IDSCOPE_RECORD_DOCS=1 swift test --filter docsMatchRegistry` after changing a rule; a test fails while
        this file and the code differ. The evidence behind each rule is in the project's reference,
        `identifier-rules.md`; the switches are the OS-behaviour profiles a scenario can set.

        | ID | rule | iOS | confidence | switches |
        |---|---|---|---|---|

        """
        for rule in all {
            let switches = rule.switches.isEmpty ? "—" : rule.switches.map { "`\($0)`" }.joined(separator: ", ")
            out += "| [\(rule.id.rawValue)](#\(anchor(rule.id))) | \(rule.title) | \(rule.versions) | \(rule.confidence.rawValue) | \(switches) |\n"
        }
        for rule in all {
            out += "\n## \(rule.id.rawValue): \(rule.title)\n\n\(rule.statement)\n\n"
            out += "- iOS: \(rule.versions)\n- Confidence: \(rule.confidence.rawValue)\n"
            if !rule.switches.isEmpty {
                out += "- Switches: " + rule.switches.map { "`\($0)`" }.joined(separator: ", ") + "\n"
            }
            out += "- Sources:\n" + rule.sources.map { "  - <\($0)>\n" }.joined()
        }
        out += "\n## Profile switches\n\n| switch | values (default first) | grounded in |\n|---|---|---|\n"
        for sw in Profile.switches {
            out += "| `\(sw.name)` | " + sw.values.map { "`\($0)`" }.joined(separator: " \\| ") + " | \(sw.groundedIn) |\n"
        }
        return out
    }

    private static func anchor(_ id: RuleID) -> String {
        // GitHub's heading anchors: lowercase, spaces to dashes, punctuation dropped.
        let heading = "\(id.rawValue): \(id.rule.title)".lowercased()
        return String(heading.compactMap { c -> Character? in
            if c == " " { return "-" }
            if c.isLetter || c.isNumber || c == "-" || c == "_" { return c }
            return nil
        })
    }
}
