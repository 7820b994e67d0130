import Foundation
import IDScenario
import IDSim

/// The selected app's identifiers at the cursor: what it read, whether that is new, kept, gone
/// or back since the step before, and the rule behind it.
enum IdentityView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        let device = state.selection.device, app = state.selection.app
        let world = state.session.world
        let title: String
        if let app {
            let options = world.apps[app].options.keys.sorted().map { "\($0)=\(world.apps[app].options[$0]!)" }.joined(separator: " ")
            title = "Identity · \(world.devices[device].name) › \(world.apps[app].bundleID) (\(world.apps[app].strategy)\(options.isEmpty ? "" : ", " + options))"
        } else {
            title = "Identity · \(world.devices[device].name)"
        }
        canvas.box(rect, title: title, glyphs: g, style: state.focus == .identity ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let inner = rect.inner
        guard app != nil else {
            canvas.write("No app selected: ↑/↓ to pick one in the World pane, i to install one.", x: inner.x + 1, y: inner.y, style: theme.dim, limit: inner.width - 1)
            return
        }
        let rows = IdentityRows.make(state)
        let selected = min(state.identityRow, rows.count - 1)
        let top = max(0, selected - inner.height + 1)
        for (i, row) in rows.enumerated().dropFirst(top).prefix(inner.height) {
            let y = inner.y + i - top
            var x = inner.x + 1
            x += canvas.write(row.label.padding(toLength: max(7, row.label.count + 1), withPad: " ", startingAt: 0), x: x, y: y, style: CellStyle(bold: true))
            // The mark always shows: a value too long for the pane gives way (ending in …) to it.
            let markWidth = 7
            let room = max(0, inner.maxX - x - markWidth - 2)
            x += canvas.write(DisplayWidth.fit(row.value ?? "∅", to: room) + "  ", x: x, y: y,
                              style: row.mark == .gone ? theme.gone : .plain, limit: inner.maxX - x)
            let limit = max(0, inner.maxX - x)
            let (markText, markStyle) = Self.mark(row.mark, theme)
            x += canvas.write(markText, x: x, y: y, style: markStyle, limit: limit)
            if let rule = row.rule {
                x += canvas.write(rule.rawValue, x: x, y: y, style: theme.rule, limit: max(0, inner.maxX - x))
                canvas.write(DisplayWidth.fit(": " + rule.rule.title, to: max(0, inner.maxX - x)), x: x, y: y, style: theme.dim, limit: inner.maxX - x)
            } else if let detail = row.detail {
                canvas.write(DisplayWidth.fit(detail, to: max(0, inner.maxX - x)), x: x, y: y,
                             style: row.mark == .dup || row.mark == .lost || row.mark == .failed ? theme.warning : theme.dim, limit: inner.maxX - x)
            }
            if state.focus == .identity && i == selected {
                canvas.restyle(CanvasRect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// A row's mark as drawn, seven cells or more, and its style: read without colour too.
    static func mark(_ mark: IdentityRow.Mark, _ theme: Theme) -> (String, CellStyle) {
        let g = theme.glyphs
        switch mark {
        case .new: return ("\(g.new) new  ", theme.new)
        case .gone: return ("\(g.gone) gone ", theme.gone)
        case .kept: return ("\(g.kept) kept ", theme.kept)
        case .back: return ("\(g.kept) back ", theme.kept)
        case .same(let other): return ("\(g.kept) same as \(other)  ", theme.kept)
        case .dup: return ("\(g.duplicate) dup  ", theme.warning)
        case .lost: return ("\(g.duplicate) lost: ", theme.warning)
        case .held: return ("\(g.passed)      ", theme.new)
        case .failed: return ("\(g.failed)      ", theme.warning)
        case .none: return ("       ", .plain)
        }
    }
}
