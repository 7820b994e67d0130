import Foundation
import IDScenario
import IDSim

/// Presenter mode: the story for a room. The narration in a full-width band; under it what the
/// step checked and changed, in the order the story needs (the app's IDs, then IDFV, IDFA,
/// keychain), marked with ▲ ▼ ⚠ ✔ ✘ that read without colour; then the shown app's values now.
/// What does not fit scrolls, and the status line says how much is below. The presenter's notes
/// show only while `n` has them on; after the last step, the end.
enum PresenterView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let theme = state.theme
        let session = state.session
        let width = canvas.width
        let presenter = state.presenter ?? Presenter()
        let page = PresenterPage(state, width: width, height: canvas.height)

        canvas.fill(CanvasRect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        let auto = presenter.autoAdvance ? " · auto every \(presenter.interval) s" : ""
        let counter = (presenter.atEnd ? " the end · " : " ") + "step \(session.cursor) of \(session.count)\(auto) "
        canvas.write(" " + DisplayWidth.fit(session.scenario.name, to: width - DisplayWidth.of(counter) - 3), x: 0, y: 0, style: theme.header)
        canvas.write(counter, x: width - DisplayWidth.of(counter), y: 0, style: theme.header)

        // The step, and whose values are shown: the title gives way to the "showing" part.
        let showing = DisplayWidth.fit(page.showing, to: width / 2)
        let showingWidth = DisplayWidth.of(showing)
        canvas.write(DisplayWidth.fit(page.title, to: width - 4 - (showingWidth == 0 ? 0 : showingWidth + 2)), x: 2, y: 2,
                     style: CellStyle(bold: true))
        if showingWidth > 0 { canvas.write(showing, x: width - showingWidth - 2, y: 2, style: theme.dim) }

        if !page.band.isEmpty {
            canvas.fill(CanvasRect(x: 0, y: 4, width: width, height: page.band.count + 2), style: CellStyle(reverse: true))
            for (i, line) in page.band.enumerated() {
                canvas.write(line, x: 3, y: 5 + i, style: CellStyle(bold: true, reverse: true), limit: width - 6)
            }
        }

        let scroll = min(presenter.scroll, page.maxScroll)
        for (i, row) in page.body.dropFirst(scroll).prefix(page.bodyRows).enumerated() {
            draw(row, y: page.bodyTop + i, width: width, into: &canvas)
        }

        // The presenter's notes, at the bottom, over a rule.
        if !page.notes.isEmpty {
            let top = canvas.height - 2 - page.notes.count
            canvas.write(String(repeating: theme.glyphs.horizontal, count: width - 4), x: 2, y: top - 1, style: theme.dim)
            for (i, line) in page.notes.enumerated() {
                canvas.write(line, x: 2, y: top + i, style: theme.dim, limit: width - 4)
            }
        }
    }

    static func draw(_ row: PresenterPage.Row, y: Int, width: Int, into canvas: inout Canvas) {
        var x = 2
        let rightWidth = row.right.map { DisplayWidth.of($0.text) + 2 } ?? 0
        for piece in row.pieces {
            x += canvas.write(piece.text, x: x, y: y, style: piece.style, limit: max(0, width - 2 - x - rightWidth))
        }
        if let right = row.right {
            canvas.write(right.text, x: width - 2 - DisplayWidth.of(right.text), y: y, style: right.style)
        }
    }

    /// How many rows of the page are below the screen.
    static func linesBelow(_ state: InspectorState, width: Int, height: Int) -> Int {
        let page = PresenterPage(state, width: width, height: height)
        return max(0, page.body.count - min(state.presenter?.scroll ?? 0, page.maxScroll) - page.bodyRows)
    }

    /// The status line's words in presenter mode: how much of the page is below, or the step's
    /// change count and rules.
    static func status(_ state: InspectorState, width: Int, height: Int) -> String? {
        let page = PresenterPage(state, width: width, height: height)
        let scroll = min(state.presenter?.scroll ?? 0, page.maxScroll)
        let below = page.body.count - scroll - page.bodyRows
        var parts: [String] = []
        if state.presenter?.atEnd != true, let record = state.session.record(at: state.session.cursor) {
            parts.append("step \(state.session.cursor): " + record.tally(glyph: state.theme.glyphs.duplicate))
        }
        if state.presenter?.recording == true {
            // A recording turns the pages itself: say which one this is.
            let pages = PresenterRecording.pageCount(page)
            if pages > 1 { parts.append("page \(PresenterRecording.pageIndex(page, scroll: scroll) + 1) of \(pages)") }
        } else if below > 0 {
            parts.append("\(below) more line\(below == 1 ? "" : "s") below (j, Space)")
        } else if scroll > 0 {
            parts.append("the bottom of the page (k or PgUp goes back up)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
