import IDScenario
import IDSim

/// The steps around the cursor, each with the rules it applied; expectations with ✔ or ✘.
enum TimelineView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let rect = layout.timeline
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "Timeline", glyphs: g, style: state.focus == .timeline ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let session = state.session
        let (first, last) = window(state, height: inner.height)
        guard first <= last else { return }
        let rules = rulesByStep(session, from: first, to: last)
        for n in first...last {
            let y = inner.y + n - first
            let mark = n == session.cursor ? g.cursor : " "
            var x = inner.x
            x += canvas.write("\(mark) \(String(n).padding(toLength: 4, withPad: " ", startingAt: 0))", x: x, y: y,
                              style: n == session.cursor ? Style(bold: true) : theme.dim)
            let text: String
            var textStyle = Style.plain
            if n == 0 {
                text = "start: \(session.world.devices.count) device\(session.world.devices.count == 1 ? "" : "s"), \(session.world.apps.count) app\(session.world.apps.count == 1 ? "" : "s")"
                textStyle = theme.dim
            } else if let entry = session.entry(at: n) {
                let world = session.world   // names only: the same at every step
                switch entry.action {
                case .event(let event):
                    text = StepSummary.describe(event, in: world) + (entry.device == 0 && world.devices.count == 1 ? "" : " · \(world.devices[entry.device].name)")
                case .expect(let expectation):
                    let failures = session.expectationFailures(at: n) ?? []
                    text = (failures.isEmpty ? g.passed : g.failed) + " expect " + world.apps[expectation.app].bundleID
                        + (failures.isEmpty ? "" : ": " + failures.map(\.description).joined(separator: "; "))
                    textStyle = failures.isEmpty ? theme.new : theme.warning
                }
            } else {
                text = ""
            }
            let ruleText = rules[n].map { $0.map(\.rawValue).joined(separator: " ") } ?? ""
            let ruleWidth = min(DisplayWidth.of(ruleText), inner.width / 3)
            x += canvas.write(text, x: x, y: y, style: textStyle, limit: inner.maxX - x - ruleWidth - 1)
            if !ruleText.isEmpty {
                canvas.write(DisplayWidth.fit(ruleText, to: ruleWidth), x: inner.maxX - ruleWidth, y: y, style: theme.rule)
            }
        }
    }

    /// The steps shown: the cursor kept in view, a little context before it.
    static func window(_ state: InspectorState, height: Int) -> (Int, Int) {
        let count = state.session.count
        guard height > 0 else { return (1, 0) }
        var first = max(0, state.session.cursor - height / 3)
        first = max(0, min(first, count + 1 - height))
        return (first, min(count, first + height - 1))
    }

    /// The rules each step applied, by one replay over the window.
    static func rulesByStep(_ session: Session, from first: Int, to last: Int) -> [Int: [RuleID]] {
        guard last >= 1 else { return [:] }
        let start = max(1, first)
        var world = session.timeline.world(at: start - 1)
        var result: [Int: [RuleID]] = [:]
        for n in start...last {
            let changes = (try? world.apply(session.timeline.steps[n - 1], programs: session.timeline.programs)) ?? []
            result[n] = changes.rules
        }
        return result
    }

    static func step(atScreenY y: Int, layout: Layout, state: InspectorState) -> Int? {
        let inner = layout.timeline.inner
        let (first, last) = window(state, height: inner.height)
        let n = first + y - inner.y
        return n >= first && n <= last ? n : nil
    }
}
