import Foundation
import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// The explore table, from a report: per strategy (or app) and property, `holds ≤ N (S states)`
/// or the shortest breaking sequence in words, with its why and its proven fixes.
package struct ExploreWriter {
    package let report: ExploreReport

    package init(_ report: ExploreReport) {
        self.report = report
    }

    /// The goal in one line: its name, what it asks, and after which events a new ID is allowed.
    package var goalLine: String? {
        report.goal.map { goal in
            "goal \(goal.rawValue): \(goal.summary); a new ID is allowed after " + goal.allowedEvents.joined(separator: ", ")
                + (goal.alsoForgiven.map { ", and " + $0 } ?? "")
        }
    }

    /// A step in words with its device: "launch com.acme.app (background) on phone".
    static func describe(_ step: Step, _ world: World?) -> String {
        guard let world, world.devices.indices.contains(step.device) else { return step.event.key }
        return StepSummary.describe(step.event, in: world) + " on " + world.devices[step.device].name
    }

    static func result(_ row: ExploreReport.Row) -> String {
        guard let steps = row.steps else {
            let why = switch row.stopped {
            case .cancelled?: "; stopped"
            case .stateLimit?: "; stopped at the state limit"
            case nil: ""
            }
            return "holds ≤ \(row.depth) (\(grouped(row.states)) states\(why))"
        }
        return "breaks in \(steps.count): " + steps.joined(separator: " → ")
    }

    /// The why in lines: the sentence, the recipe's parts it rests on, the rules with their titles.
    static func whyLines(_ row: ExploreReport.Row) -> [String] {
        guard let why = row.why else { return [] }
        var lines = ["why: step \(why.decisiveStep): " + why.sentence]
        if !why.code.isEmpty { lines.append("code: " + why.code.joined(separator: "; ")) }
        if !why.rules.isEmpty { lines.append("rules: " + why.rules.map { "\($0.rawValue) \(RuleRegistry.rule($0).title)" }.joined(separator: "; ")) }
        return lines
    }

    /// The fix search in lines: each proven change with what proves it and what it costs, or why
    /// there is none.
    static func fixLines(_ row: ExploreReport.Row) -> [String] {
        guard let fix = row.fix else { return [] }
        if let reason = fix.notSearched { return ["fixes: " + reason] }
        guard !fix.suggestions.isEmpty else {
            let recipe = fix.recipe?.name ?? "the recipe"
            let tried = "\(fix.tried) tried, \(fix.searched) searched in full"
            return [fix.cutShort ? "fixes: none proven within the budget (\(tried))"
                    : "fixes: no change of \(recipe) holds \(row.property.rawValue) without making something worse (\(tried))"]
        }
        return fix.suggestions.enumerated().map { number, suggestion in
            let others = suggestion.watched.filter { $0 != row.property }
            let still = others.isEmpty ? "" : ", " + others.map(\.rawValue).joined(separator: " and ") + (others.count == 1 ? " still holds" : " still hold")
            let matrix = suggestion.better.isEmpty ? "no matrix cell worse" : "matrix: " + suggestion.better.joined(separator: ", ") + ", none worse"
            return "try: \(suggestion.change) → \(row.property.rawValue) holds ≤ \(suggestion.depth)\(still) "
                + "(\(grouped(suggestion.states)) states); \(matrix)"
                + (suggestion.costs.isEmpty ? "" : "; ⚠ costs: " + suggestion.costs.joined(separator: ", "))
                + (row.savedFixes.indices.contains(number) ? "; saved: " + row.savedFixes[number] : "")
        }
    }

    /// The table for a terminal: names from recipe files (a strategy's) and paths shown with
    /// their control characters visible, as everything printed is.
    package func table() -> [String] {
        let targets = report.rows.map { TerminalText.escaped($0.target) }
        let strategyWidth = max("strategy".count, targets.map(\.count).max() ?? 0) + 2
        let propertyWidth = "available".count + 2
        var lines = goalLine.map { [$0] } ?? []
        lines.append("strategy".padded(strategyWidth) + "property".padded(propertyWidth) + "result")
        let indent = String(repeating: " ", count: strategyWidth + propertyWidth)
        for (row, target) in zip(report.rows, targets) {
            lines.append(target.padded(strategyWidth) + row.property.rawValue.padded(propertyWidth) + TerminalText.escaped(Self.result(row)))
            for line in Self.whyLines(row) + Self.fixLines(row) { lines.append(indent + TerminalText.escaped(line)) }
            if let saved = row.saved { lines.append(indent + "saved: " + TerminalText.escaped(saved)) }
        }
        if let conflict = report.conflict { lines.append("conflict: " + TerminalText.escaped(conflict.sentence)) }
        return lines
    }

    package func markdown() -> [String] {
        var lines = goalLine.map { [TerminalText.markdownCell($0), ""] } ?? []
        lines += ["| strategy | property | result |", "|---|---|---|"]
        for row in report.rows {
            var cell = TerminalText.markdownCell(Self.result(row)) + (row.saved.map { " (saved: \(MarkdownText.code($0)))" } ?? "")
            for line in Self.whyLines(row) + Self.fixLines(row) { cell += "<br>" + TerminalText.markdownCell(line) }
            lines.append("| \(TerminalText.markdownCell(row.target)) | \(row.property.rawValue) | \(cell) |")
        }
        if let conflict = report.conflict { lines += ["", "conflict: " + TerminalText.markdownCell(conflict.sentence)] }
        return lines
    }

    package func jsonl() -> [String] {
        var lines = report.rows.map { row in
            var fields = [("strategy", JSONText.string(row.target))]
            if let goal = report.goal { fields.append(("goal", JSONText.string(goal.rawValue))) }
            fields += [("property", JSONText.string(row.property.rawValue)),
                       ("holds", row.steps == nil ? "true" : "false"), ("depth", String(row.depth)), ("states", String(row.states))]
            if let steps = row.steps { fields.append(("steps", Self.array(steps.map(JSONText.string)))) }
            if let saved = row.saved { fields.append(("saved", JSONText.string(saved))) }
            if let why = row.why {
                fields.append(("why", JSONText.object([
                    ("step", String(why.decisiveStep)),
                    ("causes", Self.array(why.causeSteps.map(String.init))),
                    ("rules", Self.array(why.rules.map { JSONText.string($0.rawValue) })),
                    ("stores", Self.array(why.stores.map(JSONText.string))),
                    ("code", Self.array(why.code.map(JSONText.string))),
                    ("byApp", why.byApp ? "true" : "false"),
                    ("sentence", JSONText.string(why.sentence)),
                ])))
            }
            if let fix = row.fix {
                var members = [("tried", String(fix.tried)), ("searched", String(fix.searched))]
                if fix.cutShort { members.append(("cutShort", "true")) }
                if let recipe = fix.recipe { members.append(("recipe", JSONText.string(recipe.name))) }
                if let reason = fix.notSearched { members.append(("reason", JSONText.string(reason))) }
                members.append(("suggestions", Self.array(fix.suggestions.enumerated().map { number, suggestion in
                    var parts = [("change", JSONText.string(suggestion.change)), ("keys", Self.array(suggestion.keys.map(JSONText.string))),
                                 ("depth", String(suggestion.depth)), ("states", String(suggestion.states)),
                                 ("holds", Self.array(suggestion.watched.map { JSONText.string($0.rawValue) })),
                                 ("better", Self.array(suggestion.better.map(JSONText.string))),
                                 ("costs", Self.array(suggestion.costs.map(JSONText.string)))]
                    if row.savedFixes.indices.contains(number) { parts.append(("saved", JSONText.string(row.savedFixes[number]))) }
                    return JSONText.object(parts)
                })))
                fields.append(("fixes", JSONText.object(members)))
            }
            if row.stopped != nil { fields.append(("stopped", "true")) }
            return "{" + fields.map { "\(JSONText.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        if let conflict = report.conflict {
            lines.append("{\"conflict\": [\"unique\", \"follows\"], \"steps\": " + Self.array(conflict.steps.map(JSONText.string))
                         + ", \"sentence\": " + JSONText.string(conflict.sentence) + "}")
        }
        return lines
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}

private extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
