import Foundation
import IDScenario
/// The matrix as text: a terminal table that fits 120 columns, Markdown, or JSON Lines.
package struct MatrixWriter {
    /// A column: its full name (Markdown, JSON, the legend), the heading the table shows, and
    /// what the legend says about it.
    package struct Column: Sendable {
        package var name: String
        package var heading: String
        package var meaning: String
        /// A column made from a scenario (`--scenario FILE`), whose cells follow every launch.
        package var fromScenario: Bool

        package init(name: String, heading: String, meaning: String, fromScenario: Bool = false) {
            self.name = name
            self.heading = heading
            self.meaning = meaning
            self.fromScenario = fromScenario
        }
    }

    package struct Row: Sendable {
        package var strategy: String
        package var cells: [String]

        package init(strategy: String, cells: [String]) {
            self.strategy = strategy
            self.cells = cells
        }
    }

    package let columns: [Column]
    package let rows: [Row]

    package init(columns: [Column], rows: [Row]) {
        self.columns = columns
        self.rows = rows
    }

    package static let cellLegend = "= same value · Δ new value · ∅ nothing · dup the same value on two devices · – no second launch"

    /// A heading for a scenario column: its name when short, else `S1`, `S2`, … spelt out in the legend.
    package static func heading(forScenario name: String, number: Int) -> String {
        name.count <= 10 ? name : "S\(number)"
    }

    /// What a scenario column compares, said under the legend when there is one.
    var scenarioNote: String? {
        columns.contains(where: \.fromScenario) ? ScenarioMatrix.legend : nil
    }

    /// The terminal table: every heading padded apart by at least two spaces, then the legend of
    /// the cells and of every abbreviated heading. Names are escaped for the terminal.
    /// - Parameter colour: ANSI colour for the cells (= green, Δ yellow, ∅ and dup red): only for a terminal.
    package func table(colour: Bool = false) -> [String] {
        let first = max("strategy".count, rows.map { $0.strategy.count }.max() ?? 0) + 2
        let widths = columns.map { max(TerminalText.escaped($0.heading).count, 3) + 2 }
        var lines = [Self.pad("strategy", first) + zip(columns, widths).map { Self.pad(TerminalText.escaped($0.0.heading), $0.1) }.joined()]
        for row in rows {
            lines.append(Self.pad(TerminalText.escaped(row.strategy), first)
                         + zip(row.cells, widths).map { Self.paint(Self.pad($0.0, $0.1), cell: $0.0, colour: colour) }.joined())
        }
        lines = lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        lines.append("")
        lines.append(Self.cellLegend)
        if let note = scenarioNote { lines.append(note) }
        let explained = columns.filter { $0.heading != $0.name || !$0.meaning.isEmpty }
        let headingWidth = explained.map { TerminalText.escaped($0.heading).count }.max() ?? 0
        for column in explained {
            let name = column.heading == column.name ? "" : column.name + (column.meaning.isEmpty ? "" : ": ")
            lines.append("  " + Self.pad(TerminalText.escaped(column.heading), headingWidth + 2) + TerminalText.escaped(name + column.meaning))
        }
        return lines
    }

    /// Markdown: full column names, `|` in a name escaped so it stays one cell.
    package func markdown() -> [String] {
        let cell = TerminalText.markdownCell
        var lines = ["| strategy | " + columns.map { cell($0.name) }.joined(separator: " | ") + " |",
                     "|---|" + columns.map { _ in ":-:" }.joined(separator: "|") + "|"]
        for row in rows { lines.append("| \(cell(row.strategy)) | " + row.cells.joined(separator: " | ") + " |") }
        return lines
    }

    /// One JSON object per strategy: `{"strategy": NAME, "cells": {COLUMN: CELL, …}}`, every string escaped.
    package func jsonl() -> [String] {
        rows.map { row in
            let cells = JSONText.object(zip(columns, row.cells).map { ($0.0.name, JSONText.string($0.1)) })
            return JSONText.object([("strategy", JSONText.string(row.strategy)), ("cells", cells)])
        }
    }

    /// A padded cell in its colour (the padding stays outside the escape codes' effect on width).
    static func paint(_ padded: String, cell: String, colour: Bool) -> String {
        let code = switch cell {
        case "=": "32"
        case "Δ": "33"
        case "∅", "dup": "1;31"
        default: ""
        }
        guard colour, !code.isEmpty else { return padded }
        return "\u{1B}[\(code)m\(cell)\u{1B}[0m" + String(padded.dropFirst(cell.count))
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
