import Foundation
import IDExplore
import IDSim
import IDStrategies

/// The explore table: per strategy (or app) and property, `holds ≤ N (S states)` or the shortest
/// breaking sequence in words.
public struct ExploreWriter {
    public struct Row: Sendable {
        public var target: String
        public var property: ExploreProperty
        /// The breaking steps in words; nil when the property held.
        public var steps: [String]?
        public var depth: Int
        public var states: Int
        public var stopped: ExploreOutcome.StopReason?
        /// Where the counterexample was saved (`--save`).
        public var saved: String?
        /// Why it broke (nil when it held).
        public var why: BreakExplanation?
        /// What to change, as searched (nil when it held or nothing was asked).
        public var fix: FixSearch?

        /// The fix search in lines: each suggestion with what it breaks instead, or why there is none.
        public var fixLines: [String] {
            guard let fix else { return [] }
            if let reason = fix.notSearched { return ["fixes: " + reason] }
            let suggestions = fix.suggestions
            guard !suggestions.isEmpty else {
                return ["fixes: no one-key change of \(fix.recipe?.name ?? "the recipe") holds \(property.rawValue) (\(fix.variations.count) searched)"]
            }
            return suggestions.map { variation in
                "try: \(variation.change) → \(property.rawValue) holds ≤ \(depth)"
                    + (variation.breaksInstead.isEmpty ? "" : "; breaks " + variation.breaksInstead.map(\.rawValue).joined(separator: ", ") + " instead")
            }
        }

        /// The rules of the why, each with its title, as the inspector names them.
        public var rulesLine: String? {
            guard let why, !why.rules.isEmpty else { return nil }
            return why.rules.map { "\($0.rawValue) \(RuleRegistry.rule($0).title)" }.joined(separator: "; ")
        }

        public var result: String {
            guard let steps else {
                let why = switch stopped {
                case .cancelled?: "; stopped"
                case .stateLimit?: "; stopped at the state limit"
                case nil: ""
                }
                return "holds ≤ \(depth) (\(Self.grouped(states)) states\(why))"
            }
            return "breaks in \(steps.count): " + steps.joined(separator: " → ")
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

    public var rows: [Row] = []
    /// The goal searched for, if the properties came from one (`--goal`, or the default).
    public var goal: ExploreGoal?

    public init(goal: ExploreGoal? = nil) {
        self.goal = goal
    }

    /// The goal in one line: its name, what it asks, and after which events a new ID is allowed.
    public var goalLine: String? {
        goal.map { goal in
            "goal \(goal.rawValue): \(goal.summary); a new ID is allowed after " + goal.allowedEvents.joined(separator: ", ")
                + (goal.alsoForgiven.map { ", and " + $0 } ?? "")
        }
    }

    /// The rows of one search, in the order of the properties asked for.
    public mutating func add(_ outcome: ExploreOutcome, target: ExploreTarget, properties: [ExploreProperty], saved: [ExploreProperty: String] = [:],
                             whys: [ExploreProperty: BreakExplanation] = [:], fixes: [ExploreProperty: FixSearch] = [:]) {
        // Words need only names (devices, apps), which the steps before the start do not change.
        let world = try? target.base.initialWorld()
        for property in properties {
            let words = outcome.breaks[property].map { steps in steps.map { Self.describe($0, world) } }
            rows.append(Row(target: target.label, property: property, steps: words, depth: outcome.completedDepth,
                            states: outcome.states, stopped: outcome.stopReason, saved: saved[property], why: whys[property], fix: fixes[property]))
        }
    }

    /// A step in words with its device: "launch com.acme.app (background) on phone".
    static func describe(_ step: Step, _ world: World?) -> String {
        guard let world, world.devices.indices.contains(step.device) else { return step.event.key }
        return TerminalText.escaped(StepSummary.describe(step.event, in: world)) + " on " + TerminalText.escaped(world.devices[step.device].name)
    }

    /// The table for a terminal: names from recipe files (a strategy's) and paths shown with
    /// their control characters visible, as everything printed is.
    public func table() -> [String] {
        let targets = rows.map { TerminalText.escaped($0.target) }
        let strategyWidth = max("strategy".count, targets.map(\.count).max() ?? 0) + 2
        let propertyWidth = "available".count + 2
        var lines = goalLine.map { [$0] } ?? []
        lines.append("strategy".padded(strategyWidth) + "property".padded(propertyWidth) + "result")
        for (row, target) in zip(rows, targets) {
            lines.append(target.padded(strategyWidth) + row.property.rawValue.padded(propertyWidth) + row.result)
            let indent = String(repeating: " ", count: strategyWidth + propertyWidth)
            if let why = row.why {
                lines.append(indent + "why: step \(why.decisiveStep): " + TerminalText.escaped(why.sentence))
                if let rules = row.rulesLine { lines.append(indent + "rules: " + rules) }
            }
            for line in row.fixLines { lines.append(indent + TerminalText.escaped(line)) }
            if let saved = row.saved {
                lines.append(String(repeating: " ", count: strategyWidth + propertyWidth) + "saved: " + TerminalText.escaped(saved))
            }
        }
        return lines
    }

    public func markdown() -> [String] {
        var lines = goalLine.map { [TerminalText.markdownCell($0), ""] } ?? []
        lines += ["| strategy | property | result |", "|---|---|---|"]
        for row in rows {
            var cell = TerminalText.markdownCell(row.result) + (row.saved.map { " (saved: `\(TerminalText.escaped($0))`)" } ?? "")
            if let why = row.why {
                cell += "<br>why: step \(why.decisiveStep): " + TerminalText.markdownCell(why.sentence)
                if let rules = row.rulesLine { cell += "<br>rules: " + TerminalText.markdownCell(rules) }
            }
            for line in row.fixLines { cell += "<br>" + TerminalText.markdownCell(line) }
            lines.append("| \(TerminalText.markdownCell(row.target)) | \(row.property.rawValue) | \(cell) |")
        }
        return lines
    }

    public func jsonl() -> [String] {
        rows.map { row in
            var fields = [("strategy", JSONText.string(row.target))]
            if let goal { fields.append(("goal", JSONText.string(goal.rawValue))) }
            fields += [("property", JSONText.string(row.property.rawValue)),
                          ("holds", row.steps == nil ? "true" : "false"), ("depth", String(row.depth)), ("states", String(row.states))]
            if let steps = row.steps { fields.append(("steps", "[" + steps.map(JSONText.string).joined(separator: ", ") + "]")) }
            if let saved = row.saved { fields.append(("saved", JSONText.string(saved))) }
            if let why = row.why {
                fields.append(("why", JSONText.object([
                    ("step", String(why.decisiveStep)),
                    ("causes", "[" + why.causeSteps.map(String.init).joined(separator: ", ") + "]"),
                    ("rules", "[" + why.rules.map { JSONText.string($0.rawValue) }.joined(separator: ", ") + "]"),
                    ("stores", "[" + why.stores.map(JSONText.string).joined(separator: ", ") + "]"),
                    ("sentence", JSONText.string(why.sentence)),
                ])))
            }
            if let fix = row.fix {
                var members = [("searched", String(fix.variations.count))]
                if let recipe = fix.recipe { members.append(("recipe", JSONText.string(recipe.name))) }
                if let reason = fix.notSearched { members.append(("reason", JSONText.string(reason))) }
                members.append(("suggestions", "[" + fix.suggestions.map { variation in
                    JSONText.object([("change", JSONText.string(variation.change)),
                                     ("breaksInstead", "[" + variation.breaksInstead.map { JSONText.string($0.rawValue) }.joined(separator: ", ") + "]")])
                }.joined(separator: ", ") + "]"))
                fields.append(("fixes", JSONText.object(members)))
            }
            if row.stopped != nil { fields.append(("stopped", "true")) }
            return "{" + fields.map { "\(JSONText.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
    }
}

private extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
