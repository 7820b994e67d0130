import IDScenario
import IDSim

/// Help, rule details, pickers, questions and the comparison, drawn over the panes.
enum OverlayView {
    static func draw(_ overlay: Overlay, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        switch overlay {
        case .help: help(state, layout, into: &canvas)
        case .rule(let id): rule(id, state, layout, into: &canvas)
        case .picker(let picker): self.picker(picker, state, layout, into: &canvas)
        case .confirm(let question, _):
            let box = centered(width: min(layout.width - 4, DisplayWidth.of(question) + 6), height: 5, layout)
            frame(box, "Confirm", state, into: &canvas)
            canvas.write(question, x: box.x + 2, y: box.y + 1, style: Style(bold: true), limit: box.width - 4)
            canvas.write("y yes · any other key: no", x: box.x + 2, y: box.y + 3, style: state.theme.dim, limit: box.width - 4)
        case .compare: compare(state, layout, into: &canvas)
        }
    }

    static func centered(width: Int, height: Int, _ layout: Layout) -> Rect {
        Rect(x: max(0, (layout.width - width) / 2), y: max(1, (layout.height - height) / 2), width: width, height: height)
    }

    static func frame(_ rect: Rect, _ title: String, _ state: InspectorState, into canvas: inout Canvas) {
        canvas.fill(rect)
        canvas.box(rect, title: title, glyphs: state.theme.glyphs, style: state.theme.focusedBorder, titleStyle: state.theme.title)
    }

    /// Every key, as `?` shows it.
    static let keys: [(String, String)] = [
        ("← → / h l", "step back / forward"), ("Home End / g G", "first / last step"), ("PgUp PgDn", "ten steps back / forward"),
        ("NUMBER Enter", "jump to a step"), ("↑ ↓ / k j", "select a device or app (or a row of the focused pane)"),
        ("Tab / Shift-Tab", "move focus between World, Identity and Timeline"), ("Enter", "open the rule behind a change"),
        ("i", "install an app"), ("d", "delete (uninstall) an app"), ("L", "launch the selected app (foreground, background, prewarm)"),
        ("t", "tracking: request (allow/deny) or flip the Settings switch"), ("c", "the user consents (id-kit register)"),
        ("r / U", "reboot / unlock the device"), ("e", "erase the device (asks first)"), ("b / R", "back up / restore onto the device"),
        (":", "any event in YAML form, e.g. :install com.acme.news, :restore b1 to tablet (Tab completes, ↑↓ history)"),
        (":rule ID  :goto N  :w FILE  :o FILE  :q", "rule details, jump, save, open, quit"),
        ("u", "undo the last action"), ("/", "filter apps by name"), ("m then C", "mark an app, then compare it with the selected one"),
        ("w / o", "save the session as a scenario file / open one"), ("P / a", "presenter mode / auto-advance"),
        ("mouse", "click to select or jump, wheel to step (off with --no-mouse)"), ("? / q / Ctrl-C", "this help / quit / quit"),
    ]

    static func help(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let width = min(layout.width - 4, 100), height = min(layout.height - 2, keys.count + 4)
        let box = centered(width: width, height: height, layout)
        frame(box, "Keys", state, into: &canvas)
        for (i, (key, what)) in keys.prefix(height - 4).enumerated() {
            canvas.write(key, x: box.x + 2, y: box.y + 2 + i, style: state.theme.hint, limit: 22)
            canvas.write(what, x: box.x + 25, y: box.y + 2 + i, limit: box.width - 27)
        }
    }

    static func rule(_ id: RuleID, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let rule = id.rule
        let width = min(layout.width - 4, 96)
        let statement = wrap(rule.statement, width: width - 4)
        let height = min(layout.height - 2, statement.count + rule.sources.count + 8)
        let box = centered(width: width, height: height, layout)
        frame(box, "\(rule.id.rawValue): \(rule.title)", state, into: &canvas)
        var y = box.y + 2
        for line in statement where y < box.maxY - 1 {
            canvas.write(line, x: box.x + 2, y: y, limit: box.width - 4)
            y += 1
        }
        y += 1
        for line in ["iOS: \(rule.versions)", "confidence: \(rule.confidence.rawValue)"] + rule.sources.map({ "source: \($0)" }) where y < box.maxY - 1 {
            canvas.write(line, x: box.x + 2, y: y, style: state.theme.dim, limit: box.width - 4)
            y += 1
        }
    }

    static func picker(_ picker: Picker, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let width = min(layout.width - 4, max(40, (picker.options.map { DisplayWidth.of($0.label) }.max() ?? 0) + 10))
        let height = min(layout.height - 2, picker.options.count + 4)
        let box = centered(width: width, height: height, layout)
        frame(box, picker.title, state, into: &canvas)
        for (i, option) in picker.options.prefix(height - 4).enumerated() {
            let y = box.y + 2 + i
            canvas.write("\(i + 1) \(option.label)", x: box.x + 2, y: y, limit: box.width - 4)
            if i == picker.selected { canvas.restyle(Rect(x: box.x + 1, y: y, width: box.width - 2, height: 1)) { $0.reverse = true } }
        }
    }

    /// Two apps (or one app on two devices) side by side; equal IDs on two devices are flagged.
    static func compare(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        guard let (d1, a1) = state.marked else { return }
        let (d2, selected) = state.selection
        let a2 = selected ?? a1
        let world = state.session.world, g = state.theme.glyphs
        func values(_ d: DeviceIndex, _ a: AppIndex) -> [(String, String?)] {
            let report = world.devices[d].launches[a]?.latest.report
            return [("IDFV", world.identifierForVendor(app: a, on: d)?.uuidString),
                    ("IDFA", world.advertisingIdentifier(app: a, on: d)?.uuidString),
                    ("id", report?.primaryID)] + (report?.values.filter { $0.name != "idfv" && $0.name != "idfa" }.map { ($0.name, $0.value) } ?? [])
        }
        let left = values(d1, a1), right = values(d2, a2)
        let width = min(layout.width - 4, 110), height = min(layout.height - 2, max(left.count, right.count) + 6)
        let box = centered(width: width, height: height, layout)
        frame(box, "Compare", state, into: &canvas)
        let column = (box.width - 16) / 2
        canvas.write("\(world.apps[a1].bundleID) on \(world.devices[d1].name)", x: box.x + 12, y: box.y + 1, style: Style(bold: true), limit: column)
        canvas.write("\(world.apps[a2].bundleID) on \(world.devices[d2].name)", x: box.x + 14 + column, y: box.y + 1, style: Style(bold: true), limit: column)
        for (i, (name, value)) in left.enumerated() where i + 3 < box.height - 1 {
            let y = box.y + 3 + i
            let other = right.first { $0.0 == name }?.1
            canvas.write(name, x: box.x + 2, y: y, style: Style(bold: true), limit: 10)
            canvas.write(ShortUUID.text(value, g, full: column > 36), x: box.x + 12, y: y, limit: column)
            canvas.write(ShortUUID.text(other, g, full: column > 36), x: box.x + 14 + column, y: y, limit: column)
            if let value, value == other, value != SimUUID.zero.uuidString {
                let flag = d1 != d2 ? "\(g.duplicate) duplicate" : g.kept
                canvas.write(flag, x: box.maxX - 13, y: y, style: d1 != d2 ? state.theme.warning : state.theme.dim, limit: 12)
            }
        }
    }

    /// Words wrapped to lines of at most `width` cells.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// Presenter mode: the narration large, the identifiers in full, for a room.
enum PresenterView {
    static func draw(_ state: InspectorState, into canvas: inout Canvas) {
        let theme = state.theme
        let session = state.session
        let width = canvas.width
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        canvas.write(" \(session.scenario.name)", x: 0, y: 0, style: theme.header, limit: width - 20)
        let counter = "step \(session.cursor) of \(session.count) "
        canvas.write(counter, x: width - DisplayWidth.of(counter), y: 0, style: theme.header)
        var y = 2
        if let entry = session.entry(at: session.cursor) {
            let title: String
            switch entry.action {
            case .event(let event): title = StepSummary.describe(event, in: session.world)
            case .expect(let e): title = "expect \(session.world.apps[e.app].bundleID)"
            }
            canvas.write(title, x: 4, y: y, style: Style(bold: true, underline: true), limit: width - 8)
            y += 2
        }
        let narration = session.narration(at: session.cursor) ?? (session.cursor == 0 ? session.scenario.description ?? "" : "")
        // "Large": wide spacing and bold, double-spaced lines.
        for line in OverlayView.wrap(narration, width: (width - 8) / 2) where y < canvas.height - 8 {
            canvas.write(spaced(line), x: 4, y: y, style: Style(bold: true), limit: width - 8)
            y += 2
        }
        y += 1
        for row in IdentityView.rows(state) where y < canvas.height - 3 {
            canvas.write(row.label.padding(toLength: 10, withPad: " ", startingAt: 0), x: 4, y: y, style: Style(bold: true))
            canvas.write(row.value ?? "∅", x: 14, y: y, style: row.mark == .new ? theme.new : row.mark == .gone ? theme.gone : .plain, limit: width - 40)
            if let rule = row.rule { canvas.write(rule.rawValue + " " + rule.rule.title, x: max(56, width - 40), y: y, style: theme.rule, limit: 38) }
            y += 1
        }
    }

    static func spaced(_ text: String) -> String {
        text.map { String($0) }.joined(separator: " ")
    }
}
