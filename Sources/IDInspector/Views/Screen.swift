import IDSim

/// Draws the whole screen for a state: the canvas the terminal then shows.
public enum Screen {
    public static func render(_ state: InspectorState, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let layout = Layout(width: width, height: height)
        if layout.isTooSmall {
            TooSmallView.draw(width: width, height: height, into: &canvas)
            return canvas
        }
        if state.presenter {
            PresenterView.draw(state, into: &canvas)
        } else {
            HeaderView.draw(state, layout.header, into: &canvas)
            WorldView.draw(state, layout, into: &canvas)
            KeychainView.draw(state, layout.keychain, into: &canvas)
            IdentityView.draw(state, layout.identity, into: &canvas)
            HistoryView.draw(state, layout.history, into: &canvas)
            TimelineView.draw(state, layout, into: &canvas)
        }
        StatusView.draw(state, layout.status, into: &canvas)
        FooterView.draw(state, layout.footer, into: &canvas)
        if let overlay = state.overlay { OverlayView.draw(overlay, state, layout, into: &canvas) }
        if state.theme.glyphs.horizontal == Glyphs.ascii.horizontal { canvas.asciiOnly() }
        return canvas
    }
}

enum TooSmallView {
    static func draw(width: Int, height: Int, into canvas: inout Canvas) {
        let lines = ["Terminal too small: \(width)×\(height)", "idscope needs at least \(Layout.minimumWidth)×\(Layout.minimumHeight)",
                     "(q quits)"]
        for (i, line) in lines.enumerated() {
            let y = max(0, height / 2 - 1 + i)
            let x = max(0, (width - DisplayWidth.of(line)) / 2)
            canvas.write(line, x: x, y: y, style: Style(bold: i == 0))
        }
    }
}

enum HeaderView {
    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        let g = state.theme.glyphs
        canvas.fill(rect, style: state.theme.header)
        let session = state.session
        let left = " idscope · \(session.scenario.name) · seed \(session.scenario.seed)"
        let switches = session.world.profile.nonDefaultSwitches
        let profile = switches.isEmpty ? "profile: default" : "profile: " + switches.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        let right = "step \(session.cursor)/\(session.count) \(g.back) \(g.forward)   \(profile) "
        let rightWidth = DisplayWidth.of(right)
        canvas.write(DisplayWidth.fit(left, to: max(0, rect.width - rightWidth - 1)), x: 0, y: rect.y, style: state.theme.header)
        canvas.write(DisplayWidth.fit(right, to: rect.width), x: max(0, rect.width - rightWidth), y: rect.y, style: state.theme.header)
    }
}

enum StatusView {
    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        if let prompt = state.prompt {
            let label: String
            switch prompt.purpose {
            case .command: label = ":"
            case .save: label = "save as: "
            case .open: label = "open: "
            case .filter: label = "/"
            }
            // The end of the line, where typing happens: drawing costs the screen's width, not the line's length.
            let room = max(0, rect.width - DisplayWidth.of(label) - 1)
            let tail = prompt.length <= room ? prompt.text : "…" + String(prompt.text.suffix(max(0, room - 1)))
            canvas.write(label + tail + "█", x: 0, y: rect.y, style: .plain, limit: rect.width)
        } else if let status = state.status {
            canvas.write(" " + status.text, x: 0, y: rect.y, style: status.error ? state.theme.warning : state.theme.dim, limit: rect.width)
        } else if let narration = state.session.narration(at: state.session.cursor), !state.presenter {
            canvas.write(" \(state.theme.glyphs.note) " + narration, x: 0, y: rect.y, style: Style(bold: true), limit: rect.width)
        }
    }
}

enum FooterView {
    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        // While a line is being typed the status line is that line; what the keys reported goes here.
        if state.prompt != nil, let status = state.status {
            canvas.write(" " + status.text, x: 0, y: rect.y, style: status.error ? state.theme.warning : state.theme.dim, limit: rect.width)
            return
        }
        let hints: [(String, String)]
        if state.prompt?.purpose == .command {
            hints = [("Enter", "apply"), ("Tab", "complete"), ("↑/↓", "history"), ("Esc", "cancel")]
        } else if state.prompt != nil {
            hints = [("Enter", "confirm"), ("Esc", "cancel")]
        } else if let overlay = state.overlay {
            switch overlay {
            case .picker: hints = [("↑/↓", "choose"), ("Enter", "apply"), ("1-9", "pick"), ("Esc", "cancel")]
            case .confirm: hints = [("y", "yes"), ("any other key", "no")]
            default: hints = [("any key", "close")]
            }
        } else if state.presenter {
            hints = [("←/→", "step"), ("a", state.autoAdvance ? "stop auto" : "auto-advance"), ("P", "leave presenter"), ("q", "quit")]
        } else {
            var common = [("←/→", "step"), ("i", "install"), ("d", "delete"), ("L", "launch"), ("t", "tracking"), ("r", "reboot"),
                          ("U", "unlock"), ("e", "erase"), ("b", "backup"), ("R", "restore"), (":", "command"), ("?", "help"), ("q", "quit")]
            if state.focus == .identity || state.focus == .timeline { common.insert(("Enter", "rule"), at: 1) }
            hints = common
        }
        var x = 0
        for (key, what) in hints {
            let keyWidth = DisplayWidth.of(key), whatWidth = DisplayWidth.of(what)
            guard x + keyWidth + whatWidth + 3 <= rect.width else { break }
            canvas.write(" " + key, x: x, y: rect.y, style: state.theme.hint)
            canvas.write(" " + what + " ", x: x + keyWidth + 1, y: rect.y, style: state.theme.dim)
            x += keyWidth + whatWidth + 3
        }
    }
}
