import Foundation
import IDScenario
import IDSim
/// `idscope run --format table` and `--format markdown`: one row per step, for people.
package struct TableWriter {
    package enum Style: Sendable { case table, markdown }

    let style: Style
    let colour: Bool
    let full: Bool

    package init(style: Style, colour: Bool, full: Bool) {
        self.style = style
        self.colour = colour
        self.full = full
    }

    package func header(_ scenario: Scenario, seed: UInt64) -> String {
        switch style {
        case .table:
            var text = bold(TerminalText.escaped(scenario.name)) + "  ·  seed \(seed)\n"
            if let description = scenario.description { text += TerminalText.escaped(Self.trimmed(description), keepingNewlines: true) + "\n" }
            let switches = scenario.profile.nonDefaultSwitches
            if !switches.isEmpty { text += "profile: " + switches.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + "\n" }
            return text
        case .markdown:
            var text = "## \(escape(scenario.name))\n\n"
            if let description = scenario.description { text += MarkdownText.prose(Self.trimmed(description)) + "\n\n" }
            // What a bug report needs to reproduce the run: the seed, the file, each app's strategy,
            // and the recipes the strategies name (as YAML, whether inline or from a recipe file).
            text += "Seed \(seed). Scenario: \(MarkdownText.code(scenario.file)).\n\n"
            text += "| app | team | strategy |\n|---|---|---|\n"
            for app in scenario.apps {
                let options = app.options.keys.sorted().map { "\($0)=\(app.options[$0]!)" }.joined(separator: ", ")
                text += "| \(escape(app.bundleID)) | \(escape(app.teamID)) | \(escape(app.strategy + (options.isEmpty ? "" : " (" + options + ")"))) |\n"
            }
            if !scenario.recipes.isEmpty {
                text += "\nThe recipe\(scenario.recipes.count == 1 ? "" : "s") the strategies name:\n\n"
                    + MarkdownText.block(RecipeWriter.section(scenario.recipes), language: "yaml") + "\n"
            }
            text += "\n| # | event | device | what happened |\n|---:|---|---|---|"
            return text
        }
    }

    package func row(_ outcome: StepOutcome) -> String {
        let summary = StepSummary(outcome, full: full)
        switch style {
        case .table:
            let head = pad(String(summary.number), 4, right: true) + "  " + pad(TerminalText.escaped(summary.event), 40) + "  "
                + pad(TerminalText.escaped(summary.device), 8)
            let lines = summary.lines.map { line in
                let mark = line.mark.map { paint($0.symbol, for: $0) + " " } ?? "  "
                return mark + TerminalText.escaped(line.text) + (line.rule.map { "  " + dim($0.rawValue) } ?? "")
            }
            guard let first = lines.first else { return head }
            let indent = String(repeating: " ", count: 58)
            return head + "  " + first + lines.dropFirst().map { "\n" + indent + $0 }.joined()
        case .markdown:
            let cells = summary.lines.map { line in
                (line.mark.map { $0.symbol + " " } ?? "") + escape(line.text) + (line.rule.map { " `\($0.rawValue)`" } ?? "")
            }
            return "| \(summary.number) | \(escape(summary.event)) | \(escape(summary.device)) | \(cells.joined(separator: "<br>")) |"
        }
    }

    /// - Parameter failing: the steps whose expectations failed, in words (markdown lists them).
    package func footer(steps: Int, expectations: Int, failed: Int, failing: [String] = []) -> String {
        let verdict = expectations == 0 ? "no expectations"
            : failed == 0 ? "all \(expectations) expectation\(expectations == 1 ? "" : "s") held"
            : "\(failed) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed"
        switch style {
        case .table: return "\n\(steps) steps; " + (failed == 0 ? verdict : paint(verdict, for: .failed))
        case .markdown:
            return "\n\(steps) steps; \(verdict)." + failing.map { "\n\n**Failed:** " + escape($0) }.joined()
        }
    }

    static func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0.isWhitespace }.reversed())
    }

    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        if count >= width { return text }
        let space = String(repeating: " ", count: width - count)
        return right ? space + text : text + space
    }

    /// A table cell's text: control characters visible, `|` escaped.
    func escape(_ text: String) -> String {
        TerminalText.markdownCell(text)
    }

    // ANSI styling, only when colour is on: the marks carry the meaning without it.
    func paint(_ text: String, for mark: StepSummary.Mark) -> String {
        guard colour else { return text }
        switch mark {
        case .new: return "\u{1B}[32m" + text + "\u{1B}[0m"
        case .gone: return "\u{1B}[31m" + text + "\u{1B}[0m"
        case .failed, .dup, .lost: return "\u{1B}[1;31m" + text + "\u{1B}[0m"
        case .held: return "\u{1B}[32m" + text + "\u{1B}[0m"
        case .kept, .note: return "\u{1B}[2m" + text + "\u{1B}[0m"
        }
    }

    func bold(_ text: String) -> String { colour ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colour ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }
}
