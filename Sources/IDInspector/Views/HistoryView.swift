import IDScenario
import IDSim

/// Each identifier of the selected app across the steps as letters: one letter per distinct
/// value, in the order values first appear in the whole history (so a letter means the same
/// value however the lanes are scrolled), with a legend. The cursor's column is marked.
enum HistoryView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "History", glyphs: g, style: theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let device = state.selection.device
        guard let app = state.selection.app else { return }
        let session = state.session
        let labelWidth = 7, cellWidth = 4
        let columns = max(1, (inner.width - labelWidth - 1) / cellWidth)
        let count = session.count
        var start = max(0, session.cursor - columns / 2)
        start = max(0, min(start, count + 1 - columns))
        let end = min(count, start + columns - 1)
        var x = inner.x + labelWidth
        for n in start...end {
            canvas.write(String(n), x: x, y: inner.y, style: n == session.cursor ? CellStyle(bold: true, reverse: true) : theme.dim, limit: cellWidth - 1)
            x += cellWidth
        }
        var lanes: [LaneHistory.Lane] = [.idfv, .idfa, .id]
        if session.world.apps[app].strategy == "id-kit" { lanes.append(.best) }
        for (row, lane) in lanes.enumerated() where row + 2 < inner.height {
            let y = inner.y + 1 + row
            canvas.write(lane.title, x: inner.x, y: y, style: CellStyle(bold: true), limit: labelWidth)
            var x = inner.x + labelWidth
            var previous: String??
            for (column, cell) in session.lanes.values(lane, device: device, app: app, steps: start...end).enumerated() {
                let n = start + column
                let text = letter(cell.value, cell.number, lane: lane)
                let changed = previous != nil && previous! != cell.value
                canvas.write(text, x: x, y: y, style: n == session.cursor ? CellStyle(bold: true, reverse: true) : (changed ? theme.new : .plain),
                             limit: cellWidth - 1)
                previous = .some(cell.value)
                x += cellWidth
            }
        }
        // The legend: what the letters are.
        var legend = "A B …: each value, in the order first seen · 0: zeros · ·: none"
        if lanes.contains(.best) {
            let best = session.lanes.legend(.best, device: device, app: app)
            // The best lane holds id-kit's choice of source, so its letters stand for sources.
            let sources = best.prefix(6).enumerated().map { "\(letter(nil, $0.offset, lane: .best))=\($0.element)" }
            if !sources.isEmpty { legend = "best: " + sources.joined(separator: " ") + " · " + legend }
        }
        canvas.write(DisplayWidth.fit(legend, to: inner.width), x: inner.x, y: inner.maxY - 1, style: theme.dim, limit: inner.width)
    }

    /// The letter of a value: A, B, … in order of first appearance (lowercase for the app's own
    /// id), `0` for the all-zero UUID, `·` for nothing.
    static func letter(_ value: String?, _ number: Int?, lane: LaneHistory.Lane) -> String {
        if value == SimUUID.zero.uuidString { return "0" }
        guard let number else { return value == nil ? "·" : "?" }
        let base = Array(lane == .id ? "abcdefghijklmnopqrstuvwxyz" : "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return number < base.count ? String(base[number]) : "#"
    }
}
