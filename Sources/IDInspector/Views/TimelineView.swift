import Foundation
import IDScenario
import IDSim

/// The steps around the cursor, each with the rules it applied (as recorded when it was
/// applied); expectations with ✔ or ✘. The timeline has its own row cursor when focused.
enum TimelineView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let rect = layout.timeline
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "Timeline", glyphs: g, style: state.focus == .timeline ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let session = state.session
        let (first, last) = window(state, height: inner.height)
        guard first <= last else { return }
        let world = session.world   // names only: the same at every step
        for n in first...last {
            let y = inner.y + n - first
            let mark = n == session.cursor ? g.cursor : " "
            var x = inner.x
            x += canvas.write("\(mark) \(String(n).padding(toLength: 4, withPad: " ", startingAt: 0))", x: x, y: y,
                              style: n == session.cursor ? CellStyle(bold: true) : theme.dim)
            var text = ""
            var textStyle = CellStyle.plain
            if n == 0 {
                text = "start: \(world.devices.count) device\(world.devices.count == 1 ? "" : "s"), \(world.apps.count) app\(world.apps.count == 1 ? "" : "s")"
                textStyle = theme.dim
            } else if let entry = session.entry(at: n), let record = session.record(at: n) {
                switch entry.action {
                case .event(let event):
                    text = StepSummary.describe(event, in: world) + (world.devices.count == 1 ? "" : " · \(world.devices[entry.device].name)")
                    // The launch that gave an ID another device already holds: where a clone shows.
                    if let duplicate = record.duplicates.first {
                        text += "  \(g.duplicate) dup \(duplicate.name): \(duplicate.sameAs)"
                        textStyle = theme.warning
                    }
                    // The launch whose ID did not follow a restore, a migration, a reinstall or an update.
                    if let lost = record.lost {
                        text += "  \(g.duplicate) " + lost.marker
                        textStyle = theme.warning
                    }
                case .expect(let expectation):
                    let failures = record.failures ?? []
                    // Held: what it compared; failed: what failed.
                    let detail = failures.isEmpty ? (record.checks ?? []).map(\.description) : failures.map(\.description)
                    text = (failures.isEmpty ? g.passed : g.failed) + " expect " + world.apps[expectation.app].bundleID
                        + (detail.isEmpty ? "" : ": " + detail.joined(separator: "; "))
                    textStyle = failures.isEmpty ? theme.new : theme.warning
                }
            }
            let ruleText = session.record(at: n)?.rules.map(\.rawValue).joined(separator: " ") ?? ""
            let ruleWidth = min(DisplayWidth.of(ruleText), inner.width / 3)
            let room = max(0, inner.maxX - x - ruleWidth - 1)
            canvas.write(DisplayWidth.fit(text, to: room), x: x, y: y, style: textStyle, limit: room)
            if !ruleText.isEmpty {
                canvas.write(DisplayWidth.fit(ruleText, to: ruleWidth), x: inner.maxX - ruleWidth, y: y, style: theme.rule)
            }
            if state.focus == .timeline && n == state.timelineRow {
                canvas.restyle(CanvasRect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// The steps shown: the row cursor (or the time cursor) kept in view, a little context before it.
    static func window(_ state: InspectorState, height: Int) -> (Int, Int) {
        let count = state.session.count
        guard height > 0 else { return (1, 0) }
        let focus = state.focus == .timeline ? state.timelineRow : state.session.cursor
        var first = max(0, focus - height / 3)
        first = max(0, min(first, count + 1 - height))
        return (first, min(count, first + height - 1))
    }

    static func step(atScreenY y: Int, layout: Layout, state: InspectorState) -> Int? {
        let inner = layout.timeline.inner
        let (first, last) = window(state, height: inner.height)
        let n = first + y - inner.y
        return n >= first && n <= last ? n : nil
    }
}
