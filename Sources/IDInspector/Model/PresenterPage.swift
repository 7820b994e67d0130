import Foundation
import IDReports
import IDScenario
import IDSim

/// What presenter mode shows at a size, laid out as rows: the title, the narration band, the
/// rows that scroll (the step's story, then the shown app's values now; or the end summary), and
/// the presenter's notes when they are on. The view draws it; the reducer asks it how far a
/// scroll can go; both get the same answer.
struct PresenterPage {
    /// One screen row: pieces of text, each with its style.
    struct Row {
        var pieces: [(text: String, style: CellStyle)] = []
        /// Text drawn flush right (a rule's ID), when there is room.
        var right: (text: String, style: CellStyle)?

        init(_ pieces: [(String, CellStyle)] = [], right: (String, CellStyle)? = nil) {
            self.pieces = pieces.map { (text: $0.0, style: $0.1) }
            self.right = right.map { (text: $0.0, style: $0.1) }
        }
    }

    var title: String
    var showing: String
    var band: [String]
    var body: [Row]
    var notes: [String]
    /// Where the scrolling rows start, and how many fit.
    var bodyTop: Int
    var bodyRows: Int

    /// The furthest the body scrolls: its last row at the bottom.
    var maxScroll: Int { max(0, body.count - bodyRows) }

    init(_ state: InspectorState, width: Int, height: Int) {
        let theme = state.theme
        let session = state.session
        let world = session.world
        let presenter = state.presenter ?? Presenter()
        let device = state.selection.device
        showing = "showing " + world.devices[device].name + (state.selection.app.map { " › " + world.apps[$0].bundleID } ?? "")
        let text = width - 4
        if presenter.atEnd {
            let end = StoryEnd(session)
            title = "The end: \(end.steps) step\(end.steps == 1 ? "" : "s")"
            showing = ""
            band = OverlayView.wrap(Self.verdict(end), width: width - 6)
            body = Self.endRows(end, theme, width: text)
        } else {
            if let entry = session.entry(at: session.cursor) {
                // The step as run and the page call it, with its device where the world has several.
                let (what, about) = StepSummary.title(of: entry, in: world)
                title = what + (world.devices.count > 1 ? " on " + world.devices[about].name : "")
                if case .expect = entry.action {
                    let failed = !(session.record(at: session.cursor)?.failures ?? []).isEmpty
                    title += " " + (failed ? "\(theme.glyphs.failed) fails" : "\(theme.glyphs.passed) holds")
                }
            } else {
                title = "The setup"
            }
            let narration = session.narration(at: session.cursor) ?? (session.cursor == 0 ? session.scenario.description ?? "" : "")
            band = OverlayView.wrap(narration.trimmingCharacters(in: .whitespacesAndNewlines), width: width - 6)
            body = Self.stepRows(state, width: text)
        }
        // The narration is the point, but leaves room for at least a third of what it narrates.
        let bandRoom = max(2, (height - 8) * 2 / 3 - 2)
        if band.count > bandRoom {
            band = Array(band.prefix(bandRoom))
            band[bandRoom - 1] = DisplayWidth.truncate(band[bandRoom - 1], to: width - 7) + "…"
        }
        bodyTop = 4 + (band.isEmpty ? 0 : band.count + 3)
        notes = []
        if presenter.showsNotes, let text = Self.speakerNote(session, atEnd: presenter.atEnd) {
            notes = OverlayView.wrap("Notes: " + text.trimmingCharacters(in: .whitespacesAndNewlines), width: width - 4)
            let room = max(1, (height - 2 - bodyTop) / 2)
            if notes.count > room {
                notes = Array(notes.prefix(room))
                notes[room - 1] = DisplayWidth.truncate(notes[room - 1], to: width - 5) + "…"
            }
        }
        bodyRows = max(0, height - 2 - bodyTop - (notes.isEmpty ? 0 : notes.count + 1))
    }

    /// The speaker's note where the presenter is: the step's own (`speaker:`); at the setup and
    /// the end, the scenario's `presenterNotes`. A step without one shows none.
    static func speakerNote(_ session: Session, atEnd: Bool) -> String? {
        if atEnd || session.cursor == 0 { return session.scenario.presenterNotes }
        return session.entry(at: session.cursor)?.speaker
    }

    // MARK: - A step

    /// The step's story (what it checked, the IDs the launch gave, every change, in story order),
    /// then the shown app's values now.
    static func stepRows(_ state: InspectorState, width: Int) -> [Row] {
        let theme = state.theme
        let session = state.session
        var rows: [Row] = []
        if let outcome = session.outcomeAtCursor {
            let story = StepStory(outcome, shownDevice: state.selection.device, shownApp: state.selection.app)
            let labelWidth = min(22, (story.lines.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
            for line in story.lines { rows += Self.rows(line, labelWidth: labelWidth, width: width, theme) }
        }
        let now = IdentityRows.make(state).filter { $0.label != "expect" }
        if let app = state.selection.app, !now.isEmpty {
            if !rows.isEmpty { rows.append(Row()) }
            let world = session.world
            rows.append(Row([(world.apps[app].bundleID + " on " + world.devices[state.selection.device].name + " now", theme.dim.with(bold: true))]))
            // A label never runs into its value: the column is as wide as the longest label (a
            // very long one is cut), and two spaces always follow.
            let labelWidth = min(24, now.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
            for row in now {
                let (markText, markStyle) = IdentityView.mark(row.mark, theme)
                let mark = markText.trimmingCharacters(in: .whitespaces)
                let changed = row.mark != .kept && row.mark != .none
                let label = DisplayWidth.fit(row.label, to: labelWidth - 2)
                // The value column holds values; a state ("not installed") is said beside ∅.
                let value = row.full ?? (row.detail.map { "∅  " + $0 } ?? "∅")
                let room = width - 2 - labelWidth - (mark.isEmpty ? 0 : DisplayWidth.of(mark) + 2) - (row.rule.map { $0.rawValue.count + 2 } ?? 0)
                var pieces: [(String, CellStyle)] = [("  " + label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label)),
                                                   changed ? CellStyle(bold: true) : theme.dim),
                                                  (Self.middle(value, to: max(9, room)), changed ? .plain : theme.dim)]
                if !mark.isEmpty { pieces.append(("  " + mark, markStyle)) }
                rows.append(Row(pieces, right: row.rule.map { ($0.rawValue, theme.rule) }))
                if row.mark == .dup || row.mark == .lost, let detail = row.detail {
                    rows.append(Row([(String(repeating: " ", count: labelWidth + 2) + DisplayWidth.fit(detail, to: width - labelWidth - 2),
                                      theme.warning)]))
                }
            }
        }
        return rows
    }

    /// A story line as one row when it fits, else its place on one row and its values under it;
    /// a long value is shortened in the middle (its start and end are what people compare).
    static func rows(_ line: StepStory.Line, labelWidth: Int, width: Int, _ theme: Theme) -> [Row] {
        let (glyph, style) = mark(line.mark, theme)
        let label = DisplayWidth.fit(line.label, to: labelWidth - 2)
        let head: [(String, CellStyle)] = [(glyph + " ", style), (label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label)), CellStyle(bold: true))]
        let indent = 2 + labelWidth
        let rule = line.rule.map { ($0.rawValue, theme.rule) }
        let ruleWidth = line.rule.map { $0.rawValue.count + 2 } ?? 0
        var rows: [Row] = []
        guard line.hasValues else {
            let wrapped = OverlayView.wrap(line.place, width: max(10, width - indent))
            for (i, text) in wrapped.enumerated() {
                rows.append(Row((i == 0 ? head : [(String(repeating: " ", count: indent), .plain)]) + [(text, theme.dim)]))
            }
            return rows
        }
        let valueStyle = line.mark == .gone ? theme.gone : line.mark == .kept ? theme.dim : .plain
        let place = line.place.isEmpty ? "" : line.place + "  "
        let oneLine = width - indent - ruleWidth - DisplayWidth.of(place)
        // One row when the values fit beside the place; else the place on one row and the values in
        // full under it; values too long even for a row of their own are shortened in the middle.
        let full = valuesWidth(line)
        if oneLine >= full || (oneLine >= 24 && width - indent < full) {
            rows.append(Row(head + [(place, .plain), (values(line, room: oneLine), valueStyle)], right: rule))
        } else {
            rows.append(Row(head + [(DisplayWidth.fit(line.place, to: width - indent - ruleWidth), .plain)], right: rule))
            rows.append(Row([(String(repeating: " ", count: indent), .plain), (values(line, room: width - indent), valueStyle)]))
        }
        if let detail = line.detail {
            let detailStyle = line.mark == .dup || line.mark == .lost || line.mark == .failed ? theme.warning : theme.dim
            for text in OverlayView.wrap(detail, width: max(10, width - indent)) {
                rows.append(Row([(String(repeating: " ", count: indent) + text, detailStyle)]))
            }
        }
        return rows
    }

    static func valuesWidth(_ line: StepStory.Line) -> Int {
        DisplayWidth.of(line.to ?? "∅") + (line.from == nil ? 0 : DisplayWidth.of(line.from!) + 3)
    }

    /// "old → new" in `room` cells: the old value gives way first, then the new, each shortened in
    /// the middle.
    static func values(_ line: StepStory.Line, room: Int) -> String {
        let to = line.to ?? "∅"
        guard let from = line.from else { return middle(to, to: room) }
        if DisplayWidth.of(from) + 3 + DisplayWidth.of(to) <= room { return from + " → " + to }
        let shortFrom = middle(from, to: max(9, room - 3 - DisplayWidth.of(to)))
        return shortFrom + " → " + middle(to, to: max(9, room - 3 - DisplayWidth.of(shortFrom)))
    }

    /// Text in `width` cells, its middle replaced by "…" when it is longer.
    static func middle(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width >= 5 else { return DisplayWidth.fit(text, to: width) }
        let headWidth = (width - 1 + 1) / 2, tailWidth = width - 1 - headWidth
        let head = DisplayWidth.truncate(text, to: headWidth)
        let tail = String(DisplayWidth.truncate(String(text.reversed()), to: tailWidth).reversed())
        return head + "…" + tail
    }

    static func mark(_ mark: StepStory.Line.Mark, _ theme: Theme) -> (String, CellStyle) {
        let g = theme.glyphs
        switch mark {
        case .new: return (g.new, theme.new)
        case .gone: return (g.gone, theme.gone)
        case .kept: return (g.kept, theme.kept)
        case .dup, .lost: return (g.duplicate, theme.warning)
        case .held: return (g.passed, theme.new)
        case .failed: return (g.failed, theme.warning)
        case .note: return (g.note, theme.dim)
        }
    }

    // MARK: - The end

    /// The band at the end: the expectations' verdict and the duplicates, in a sentence or two.
    static func verdict(_ end: StoryEnd) -> String {
        let failed = end.verdicts.filter { !$0.check.held }.count
        let checks = end.verdicts.count
        let expectations = checks == 0 ? "No expectations were checked."
            : failed == 0 ? "All \(checks) check\(checks == 1 ? "" : "s") of the expectations held."
            : "\(failed) of \(checks) check\(checks == 1 ? "" : "s") of the expectations failed."
        return expectations + " " + StoryEnd.findings(end)
    }

    /// Each app's IDs from their first value to the end, the duplicates, every verdict.
    static func endRows(_ end: StoryEnd, _ theme: Theme, width: Int) -> [Row] {
        let g = theme.glyphs
        var rows: [Row] = [Row([("IDs, from the first value to the end", theme.dim.with(bold: true))])]
        var owner = ""
        for span in end.ids {
            let who = span.device + " › " + span.app
            if who != owner {
                rows.append(Row([("  " + who, CellStyle(bold: true))]))
                owner = who
            }
            let label = "    " + span.name.padding(toLength: 6, withPad: " ", startingAt: 0)
            let room = width - DisplayWidth.of(label) - 14
            let text: String
            let style: CellStyle
            if span.first == span.last {
                text = g.kept + " " + middle(span.last ?? "∅", to: room)
                style = theme.dim
            } else {
                let first = middle(span.first ?? "∅", to: 13), last = middle(span.last ?? "∅", to: max(9, room - 16))
                text = first + " " + g.arrow + " " + last
                style = .plain
            }
            rows.append(Row([(label, CellStyle(bold: true)), (text, style)],
                            right: span.values > 1 ? ("\(span.values) values", theme.new) : nil))
        }
        rows.append(Row())
        rows.append(Row([("Duplicates", theme.dim.with(bold: true))]))
        if end.duplicates.isEmpty { rows.append(Row([("  none", theme.dim)])) }
        for found in end.duplicates {
            rows.append(Row([("  \(g.duplicate) step \(found.step)  \(found.device) › \(found.app)  \(found.duplicate.name)", theme.warning)]))
            let value = "      " + middle(found.duplicate.value, to: width - 6)
            let sameAs = "  " + found.duplicate.sameAs
            if DisplayWidth.of(value + sameAs) <= width {
                rows.append(Row([(value, .plain), (sameAs, theme.dim)]))
            } else {
                rows.append(Row([(value, .plain)]))
                rows.append(Row([("      " + DisplayWidth.fit(found.duplicate.sameAs, to: width - 6), theme.dim)]))
            }
        }
        rows.append(Row())
        rows.append(Row([("IDs lost", theme.dim.with(bold: true))]))
        if end.lost.isEmpty { rows.append(Row([("  none", theme.dim)])) }
        for found in end.lost {
            rows.append(Row([("  \(g.duplicate) step \(found.step)  \(found.device) › \(found.app)  id", theme.warning)]))
            rows.append(Row([("      " + middle(found.lost.value, to: width - 6), .plain)]))
            for text in OverlayView.wrap(found.lost.marker + ", " + found.lost.after, width: max(10, width - 6)) {
                rows.append(Row([("      " + text, theme.dim)]))
            }
        }
        rows.append(Row())
        rows.append(Row([("Expectations", theme.dim.with(bold: true))]))
        if end.verdicts.isEmpty { rows.append(Row([("  none", theme.dim)])) }
        for verdict in end.verdicts {
            let check = verdict.check
            let head = "  " + (check.held ? g.passed : g.failed) + " step \(verdict.step)  \(verdict.app)  "
            let what = check.key + " " + check.expectedInWords + (check.held ? "" : ": got " + check.actual)
            rows.append(Row([(head, check.held ? theme.new : theme.warning), (DisplayWidth.fit(what, to: max(9, width - DisplayWidth.of(head))), .plain)]))
        }
        return rows
    }
}
