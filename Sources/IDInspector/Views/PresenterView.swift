import Foundation
import IDScenario
import IDSim

/// Presenter mode: the story for a room. The narration in a full-width band, the device and app
/// being shown named, what the step changed as old → new in full (marked with ▲ ▼ → that read
/// without colour), the presenter's notes, and the selected app's values in full.
enum PresenterView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        let session = state.session
        let world = session.world
        let width = canvas.width
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        let auto = state.presenter?.autoAdvance == true ? " · auto every \(state.presenter!.interval) s" : ""
        let counter = " step \(session.cursor) of \(session.count)\(auto) "
        canvas.write(" " + DisplayWidth.fit(session.scenario.name, to: width - DisplayWidth.of(counter) - 3), x: 0, y: 0, style: theme.header)
        canvas.write(counter, x: width - DisplayWidth.of(counter), y: 0, style: theme.header)
        var y = 2
        // What the step is, and where.
        let device = state.selection.device
        let shown = world.devices[device].name + (state.selection.app.map { " › " + world.apps[$0].bundleID } ?? "")
        if let entry = session.entry(at: session.cursor) {
            let title: String
            switch entry.action {
            case .event(let event): title = StepSummary.describe(event, in: world)
            case .expect(let e): title = "expect \(world.apps[e.app].bundleID)" + ((session.record(at: session.cursor)?.failures ?? []).isEmpty ? " \(g.passed) holds" : " \(g.failed) fails")
            }
            canvas.write(DisplayWidth.fit(title, to: width - 4), x: 2, y: y, style: Style(bold: true), limit: width - 4)
        } else {
            canvas.write("The setup", x: 2, y: y, style: Style(bold: true))
        }
        canvas.write(DisplayWidth.fit("showing " + shown, to: width / 2), x: width - min(width / 2, DisplayWidth.of("showing " + shown)) - 2, y: y,
                     style: theme.dim)
        y += 2
        // The narration band.
        let narration = session.narration(at: session.cursor) ?? (session.cursor == 0 ? session.scenario.description ?? "" : "")
        let band = OverlayView.wrap(narration.trimmingCharacters(in: .whitespacesAndNewlines), width: width - 6)
        if !band.isEmpty {
            canvas.fill(Rect(x: 0, y: y, width: width, height: band.count + 2), style: Style(reverse: true))
            for (i, line) in band.enumerated() {
                canvas.write(line, x: 3, y: y + 1 + i, style: Style(bold: true, reverse: true), limit: width - 6)
            }
            y += band.count + 3
        }
        // What changed, then the shown app's values, all in full: long lines wrap under their text.
        // The presenter's notes: at most a quarter of what is left, the rest in the scenario file.
        var notes = session.scenario.presenterNotes.map { OverlayView.wrap("Notes: " + $0, width: width - 4) } ?? []
        let noteRoom = max(2, (canvas.height - 12) / 4)
        if notes.count > noteRoom {
            notes = Array(notes.prefix(noteRoom))
            notes[noteRoom - 1] = DisplayWidth.truncate(notes[noteRoom - 1], to: width - 6) + "…"
        }
        var lines: [(text: String, style: Style)] = []
        func add(_ text: String, _ style: Style, indent: Int) {
            let wrapped = OverlayView.wrap(text, width: width - 4 - indent)
            for (i, line) in wrapped.enumerated() {
                lines.append(((i == 0 ? "" : String(repeating: " ", count: indent)) + line, style))
            }
        }
        let changes = changeLines(state)
        if !changes.isEmpty {
            lines.append(("What changed:", theme.dim))
            for change in changes { add(change.text, change.gone ? theme.gone : theme.new, indent: 2) }
            lines.append(("", .plain))
        }
        for row in IdentityRows.make(state) {
            let mark = IdentityView.mark(row.mark, theme).0.trimmingCharacters(in: .whitespaces)
            let text = row.label.padding(toLength: 8, withPad: " ", startingAt: 0) + (row.full ?? row.detail ?? "∅") + "  " + mark
                + (row.rule.map { "  " + $0.rawValue + ": " + $0.rule.title } ?? "")
            add(text, row.mark == .new ? theme.new : row.mark == .gone ? theme.gone : .plain, indent: 8)
        }
        let room = canvas.height - y - 2 - (notes.isEmpty ? 0 : notes.count + 1)
        for (i, line) in lines.prefix(max(0, room)).enumerated() {
            if i == room - 1 && lines.count > room {
                canvas.write("… \(lines.count - room + 1) more lines: P for the panes, where Enter opens the step", x: 2, y: y, style: theme.dim)
            } else {
                canvas.write(line.text, x: 2, y: y, style: line.style, limit: width - 4)
            }
            y += 1
        }
        // The presenter's notes, at the bottom.
        for (i, line) in notes.enumerated() {
            canvas.write(line, x: 2, y: canvas.height - 2 - notes.count + i, style: theme.dim, limit: width - 4)
        }
    }

    /// The cursor step's changes as `▲ subject: old → new (RULE)`, values in full; a launch's ID first
    /// when it is new or changed (as `idscope run` lists it).
    static func changeLines(_ state: InspectorState) -> [(text: String, gone: Bool)] {
        let g = state.theme.glyphs
        let session = state.session
        let world = session.world
        var lines: [(text: String, gone: Bool)] = []
        if let step = session.entry(at: session.cursor), case .event(.launch(let app, _)) = step.action,
           let history = world.devices[step.device].launches[app], history.latest.step == session.cursor {
            let report = history.latest.report
            let before = history.previous?.report.primaryID
            if history.previous == nil || before != report.primaryID {
                let now = IDText.human(report.primaryID, hash: IDText.hash(of: report), full: true)
                let best = report.best.map { " (best \($0))" } ?? ""
                lines.append(("\(g.new) id: " + (history.previous == nil ? "" : (before ?? "∅") + " \(g.arrow) ") + now + best,
                              report.primaryID == nil))
            }
        }
        for change in session.atCursor.changes {
            let mark = change.to == nil ? g.gone : g.new
            lines.append(("\(mark) " + change.subject.text(in: world) + ": " + (change.from?.description ?? "∅") + " \(g.arrow) "
                          + (change.to?.description ?? "∅") + (change.rule.map { "  (\($0.rawValue))" } ?? ""), change.to == nil))
        }
        return lines
    }
}
