import Foundation
import IDScenario
import IDSim

/// The texts Enter opens: a rule in full, and a step with all of its rules and failures.
enum Details {
    static func rule(_ id: RuleID) -> Reading {
        let rule = id.rule
        var lines = [ReadingLine(rule.statement), ReadingLine(""),
                     ReadingLine("iOS: \(rule.versions)", .dim), ReadingLine("confidence: \(rule.confidence.rawValue)", .dim)]
        if !rule.switches.isEmpty { lines.append(ReadingLine("profile switches: " + rule.switches.joined(separator: ", "), .dim)) }
        lines += rule.sources.map { ReadingLine("source: \($0)", .dim) }
        return Reading(title: "\(rule.id.rawValue): \(rule.title)", lines: lines)
    }

    /// Step n: what it was, every rule behind it (Enter opens the chosen one), what changed when
    /// it is the cursor's step, and for an expectation each check that failed.
    static func step(_ n: Int, in session: Session) -> Reading {
        guard let entry = session.entry(at: n), let record = session.record(at: n) else {
            return Reading(title: "Step \(n)", lines: [ReadingLine("no such step")])
        }
        let world = session.world
        var lines: [ReadingLine] = []
        let (what, device) = StepSummary.title(of: entry, in: world)
        lines.append(ReadingLine(what + " on " + world.devices[device].name, .heading))
        if let narration = session.narration(at: n) { lines.append(ReadingLine(narration)) }
        if let failures = record.failures {
            lines.append(ReadingLine(""))
            if failures.isEmpty {
                lines.append(ReadingLine("✔ every check held"))
            } else {
                for failure in failures { lines.append(ReadingLine("✘ " + failure.description, .warning)) }
            }
        }
        if !record.rules.isEmpty {
            lines.append(ReadingLine(""))
            lines.append(ReadingLine("Rules (Enter opens one):", .dim))
            for rule in record.rules { lines.append(ReadingLine("\(rule.rawValue)  \(rule.rule.title)", .key, rule: rule)) }
        }
        if n == session.cursor, let outcome = session.outcomeAtCursor, record.changeCount > 0 || record.lost != nil || !record.duplicates.isEmpty {
            lines.append(ReadingLine(""))
            lines.append(ReadingLine(record.tally() + ":", .dim))
            // The launch's ID first: it is one of the changes counted (run lists it too).
            if let idLine = StepSummary.launchIDChange(outcome) { lines.append(ReadingLine(idLine)) }
            for duplicate in record.duplicates {
                lines.append(ReadingLine("⚠ dup \(duplicate.name) \(duplicate.value): \(duplicate.sameAs)", .warning))
            }
            if let lost = record.lost { lines.append(ReadingLine("⚠ " + lost.marker + ", " + lost.after, .warning)) }
            for change in session.atCursor.changes {
                lines.append(ReadingLine(change.subject.text(in: world) + ": " + (change.from?.description ?? "∅") + " → "
                                         + (change.to?.description ?? "∅") + (change.rule.map { "  " + $0.rawValue } ?? "")))
            }
        }
        let first = lines.firstIndex { $0.rule != nil }
        return Reading(title: "Step \(n)", lines: lines, chosen: first)
    }
}

/// `?`: every key, from the key table, by where it is read.
enum HelpText {
    /// Every key, by scope; opened at the section of `scope` (where the user is), the rest above
    /// and below it.
    static func reading(width: Int, at scope: KeyScope? = nil) -> Reading {
        var lines: [ReadingLine] = []
        for scope in KeyScope.allCases {
            let rows = KeyTable.bindings.filter { $0.scope == scope }
            guard !rows.isEmpty else { continue }
            if !lines.isEmpty { lines.append(ReadingLine("")) }
            lines.append(ReadingLine("In \(scope.rawValue)", .heading))
            for binding in rows {
                lines.append(ReadingLine(binding.label.padding(toLength: 16, withPad: " ", startingAt: 0) + binding.help, .key,
                                         hangingIndent: 16))
            }
        }
        var reading = Reading(title: "Keys (↑↓ scroll, Esc closes)", lines: lines)
        reading.isHelp = true
        if let scope, let heading = lines.firstIndex(where: { $0.style == .heading && $0.text == "In \(scope.rawValue)" }) {
            // `top` counts rows as the overlay wraps them (OverlayView.read).
            let wrapWidth = min(width - 4, 100) - 4
            reading.top = lines.prefix(heading).reduce(0) {
                $0 + ($1.text.isEmpty ? 1 : OverlayView.wrap($1.text, width: wrapWidth, hangingIndent: $1.hangingIndent).count)
            }
        }
        return reading
    }
}
