import IDScenario
import IDSim

/// Draws the whole screen for a state: the canvas the terminal then shows. Views read the state
/// and what the session recorded; none of them applies an event.
package enum Screen {
    package static func render(_ state: InspectorState, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let layout = Layout(width: width, height: height)
        if layout.isTooSmall {
            TooSmallView.draw(width: width, height: height, into: &canvas)
            return canvas
        }
        if state.presenter != nil {
            PresenterView.draw(state, layout, into: &canvas)
        } else {
            HeaderView.draw(state, layout.header, into: &canvas)
            WorldView.draw(state, layout, into: &canvas)
            StorageView.draw(state, layout.storage, into: &canvas)
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
            canvas.write(line, x: x, y: y, style: CellStyle(bold: true && i == 0))
        }
    }
}

enum HeaderView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
        let g = state.theme.glyphs
        canvas.fill(rect, style: state.theme.header)
        let session = state.session
        let switches = session.world.profile.nonDefaultSwitches
        let profile = switches.isEmpty ? "profile: default" : "profile: " + switches.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        var flags: [String] = []
        if let branch = state.branchedAt { flags.append("branch from \(branch)") }
        if state.hasUnsavedChanges && session.count > 0 { flags.append("unsaved") }
        if state.pinned { flags.append("pinned") }
        let right = "step \(session.cursor)/\(session.count) \(g.back) \(g.forward)" + (flags.isEmpty ? "" : "  [" + flags.joined(separator: ", ") + "]")
            + "   " + profile + " "
        // The right part is fitted first; the title gets what is left, ending in … and two spaces clear.
        let rightText = DisplayWidth.fit(right, to: max(20, rect.width * 2 / 3))
        let rightWidth = DisplayWidth.of(rightText)
        let left = " idscope · \(session.scenario.name) · seed \(session.seed)"
        canvas.write(DisplayWidth.fit(left, to: max(0, rect.width - rightWidth - 2)), x: 0, y: rect.y, style: state.theme.header)
        canvas.write(rightText, x: max(0, rect.width - rightWidth), y: rect.y, style: state.theme.header)
    }
}

enum StatusView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
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
            let x = canvas.write(label, x: 0, y: rect.y, style: .plain, limit: rect.width)
            // A filled-in suggestion shows selected: typing replaces it.
            let used = canvas.write(tail, x: x, y: rect.y, style: prompt.prefilled ? CellStyle(reverse: true) : .plain, limit: rect.width - x)
            canvas.write("█", x: x + used, y: rect.y, style: .plain, limit: max(0, rect.width - x - used))
        } else if let status = state.status {
            canvas.write(" " + DisplayWidth.fit(status.text, to: rect.width - 1), x: 0, y: rect.y,
                         style: status.isError ? state.theme.warning : state.theme.dim, limit: rect.width)
        } else {
            if state.presenter != nil {
                guard let text = PresenterView.status(state, width: rect.width, height: canvas.height) else { return }
                canvas.write(" " + DisplayWidth.fit(text, to: rect.width - 1), x: 0, y: rect.y, style: CellStyle(bold: true), limit: rect.width)
                return
            }
            // The cursor step's change count (what `idscope run` lists for it), then its narration.
            let session = state.session
            var text = ""
            if let record = session.record(at: session.cursor) {
                text = "step \(session.cursor): " + record.tally(glyph: state.theme.glyphs.duplicate)
            }
            if let narration = session.narration(at: session.cursor), state.presenter == nil {
                text += (text.isEmpty ? "" : " · ") + "\(state.theme.glyphs.note) " + narration
            } else if let record = session.record(at: session.cursor), !record.rules.isEmpty {
                text += " (" + record.rules.map(\.rawValue).joined(separator: " ") + ")"
            }
            guard !text.isEmpty else { return }
            canvas.write(" " + DisplayWidth.fit(text, to: rect.width - 1), x: 0, y: rect.y, style: CellStyle(bold: true), limit: rect.width)
        }
    }
}

/// The keys that matter where the user is, from the key table; `? help` always last.
enum FooterView {
    static func draw(_ state: InspectorState, _ rect: CanvasRect, into canvas: inout Canvas) {
        // While a line is being typed the status line is that line; what the keys reported goes here.
        if state.prompt != nil, let status = state.status {
            canvas.write(" " + status.text, x: 0, y: rect.y, style: status.isError ? state.theme.warning : state.theme.dim, limit: rect.width)
            return
        }
        // A recording offers no keys: its viewer cannot press them.
        if state.presenter?.recording == true { return }
        // Presenter mode: how much of the page is below, at the right end.
        var more = ""
        if state.presenter != nil, state.overlay == nil {
            let below = PresenterView.linesBelow(state, width: rect.width, height: canvas.height)
            if below > 0 { more = " \(state.theme.glyphs.below) \(below) more " }
        }
        let moreWidth = DisplayWidth.of(more)
        if moreWidth > 0 { canvas.write(more, x: rect.width - moreWidth, y: rect.y, style: state.theme.hint.with(bold: true)) }
        var hints = KeyTable.footer(state.scope)
        // Help is always offered, last: `?` where it opens the help, F1 where `?` is typed or answers.
        let help = hints.first { $0.words == "help" } ?? ("F1", "help")
        hints.removeAll { $0.words == "help" }
        let helpWidth = DisplayWidth.of(help.keys) + DisplayWidth.of(help.words) + 3
        var x = 0
        for (key, what) in hints {
            let keyWidth = DisplayWidth.of(key), whatWidth = DisplayWidth.of(what)
            guard x + keyWidth + whatWidth + 3 + helpWidth + moreWidth <= rect.width else { break }
            x += hint(key, what, x: x, state, rect, &canvas)
        }
        _ = hint(help.keys, help.words, x: x, state, rect, &canvas)
    }

    private static func hint(_ key: String, _ what: String, x: Int, _ state: InspectorState, _ rect: CanvasRect, _ canvas: inout Canvas) -> Int {
        let keyWidth = DisplayWidth.of(key)
        canvas.write(" " + key, x: x, y: rect.y, style: state.theme.hint)
        canvas.write(" " + what + " ", x: x + keyWidth + 1, y: rect.y, style: state.theme.dim)
        return keyWidth + DisplayWidth.of(what) + 3
    }
}
