import IDScenario
import IDSim

/// The selected device's keychain (service and account, class, sync, value) and the selected
/// app's UserDefaults; Enter opens an item in full.
enum StorageView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
        let theme = state.theme
        let world = state.session.world
        canvas.box(rect, title: "Storage · \(world.devices[state.selection.device].name)", glyphs: theme.glyphs,
                   style: state.focus == .storage ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let rows = StorageRows.make(state)
        let selected = min(state.storageRow, max(0, rows.count - 1))
        // Scroll so the selected row shows, counting each row's lines.
        var top = 0, used = rows[...selected].reduce(0) { $0 + $1.lines.count }
        while used > inner.height, top < selected {
            used -= rows[top].lines.count
            top += 1
        }
        var y = inner.y
        for (i, row) in rows.enumerated().dropFirst(top) {
            guard y + row.lines.count <= inner.maxY else { break }
            for line in row.lines {
                canvas.write(DisplayWidth.fit(line, to: inner.width), x: inner.x, y: y, style: row.isHeading ? CellStyle(bold: true) : .plain,
                             limit: inner.width)
                if state.focus == .storage && i == selected {
                    canvas.restyle(CanvasRect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
                }
                y += 1
            }
        }
    }
}
