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
        typealias Member = StructuredValue.Member
        func strings(_ items: [String]) -> StructuredValue { .array(items.map(StructuredValue.string)) }
        var lines = report.rows.map { row in
            var fields = [Member("strategy", .string(row.target))]
            if let goal = report.goal { fields.append(Member("goal", .string(goal.rawValue))) }
            fields += [Member("property", .string(row.property.rawValue)), Member("holds", .bool(row.steps == nil)),
                       Member("depth", .int(row.depth)), Member("states", .int(row.states))]
            if let steps = row.steps { fields.append(Member("steps", strings(steps))) }
            if let saved = row.saved { fields.append(Member("saved", .string(saved))) }
            if let why = row.why {
                fields.append(Member("why", .object([
                    Member("step", .int(why.decisiveStep)),
                    Member("causes", .array(why.causeSteps.map(StructuredValue.int))),
                    Member("rules", strings(why.rules.map(\.rawValue))),
                    Member("stores", strings(why.stores)),
                    Member("code", strings(why.code)),
                    Member("byApp", .bool(why.byApp)),
                    Member("sentence", .string(why.sentence)),
                ])))
            }
            if let fix = row.fix {
                var members = [Member("tried", .int(fix.tried)), Member("searched", .int(fix.searched))]
                if fix.cutShort { members.append(Member("cutShort", .bool(true))) }
                if let recipe = fix.recipe { members.append(Member("recipe", .string(recipe.name))) }
                if let reason = fix.notSearched { members.append(Member("reason", .string(reason))) }
                members.append(Member("suggestions", .array(fix.suggestions.enumerated().map { number, suggestion in
                    var parts = [Member("change", .string(suggestion.change)), Member("keys", strings(suggestion.keys)),
                                 Member("depth", .int(suggestion.depth)), Member("states", .int(suggestion.states)),
                                 Member("holds", strings(suggestion.watched.map(\.rawValue))),
                                 Member("better", strings(suggestion.better)),
                                 Member("costs", strings(suggestion.costs))]
                    if row.savedFixes.indices.contains(number) { parts.append(Member("saved", .string(row.savedFixes[number]))) }
                    return .object(parts)
                })))
                fields.append(Member("fixes", .object(members)))
            }
            if row.stopped != nil { fields.append(Member("stopped", .bool(true))) }
            return JSONText.encode(.object(fields))
        }
        if let conflict = report.conflict {
            lines.append(JSONText.encode(.object([Member("conflict", strings(["unique", "follows"])), Member("steps", strings(conflict.steps)),
                                                  Member("sentence", .string(conflict.sentence))])))
        }
        return lines
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
