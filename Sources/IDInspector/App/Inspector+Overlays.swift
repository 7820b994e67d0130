import IDScenario
import IDSim

/// Keys while a picker, a question, or a text to read is over the panes.
extension Inspector {
    // MARK: - A list (a picker)

    mutating func list(_ intent: ListIntent) {
        guard case .picker(var picker)? = state.overlay else { return }
        switch intent {
        case .up: picker.selected = max(0, picker.selected - 1)
        case .down: picker.selected = min(picker.options.count - 1, picker.selected + 1)
        case .apply:
            state.overlay = nil
            return take(picker.options[picker.selected].action)
        case .cancel:
            state.overlay = nil
            return
        }
        state.overlay = .picker(picker)
    }

    /// 1–9 take that option at once; other keys do nothing in a list.
    mutating func unboundListKey(_ key: Key) {
        guard case .picker(let picker)? = state.overlay, case .character(let c) = key,
              let n = c.wholeNumberValue, n >= 1, n <= picker.options.count else { return }
        state.overlay = nil
        take(picker.options[n - 1].action)
    }

    // MARK: - A question

    /// y runs the question's action; any other key (nil) is no.
    mutating func question(_ intent: QuestionIntent?) {
        guard case .confirm(_, let action)? = state.overlay else { return }
        state.overlay = nil
        guard intent == .yes else {
            state.status = Status("cancelled")
            return
        }
        switch action {
        case .act(let step): act(step)
        case .branch(let step): apply(step)
        case .overwrite(let path): save(to: path)
        case .quit: state.quit = true
        case .open(let name): open(name)
        case .openBreak(let found): openBreak(found)
        }
    }

    // MARK: - A text to read (help, details) and a comparison

    mutating func reading(_ intent: ReadingIntent) {
        guard case .reading(var reading)? = state.overlay else {
            state.overlay = nil   // a comparison: any key closes it
            return
        }
        let page = max(1, state.size.height - 8)
        switch intent {
        case .close:
            state.overlay = nil
            return
        case .help:
            // ? in the help closes it; in any other text it opens the help.
            if reading.isHelp { state.overlay = nil } else { openHelp() }
            return
        case .up: move(&reading, by: -1)
        case .down: move(&reading, by: 1)
        case .pageUp: move(&reading, by: -page)
        case .pageDown: move(&reading, by: page)
        case .open:
            if let chosen = reading.chosen, let rule = reading.lines[chosen].rule {
                state.overlay = .reading(Details.rule(rule))
            } else {
                state.overlay = nil
            }
            return
        }
        state.overlay = .reading(reading)
    }

    /// A key the text does not bind: a comparison closes, a text stays.
    mutating func unboundReadingKey() {
        if case .compare? = state.overlay { state.overlay = nil }
    }

    /// Does what a picker's option says.
    private mutating func take(_ action: PickerAction) {
        switch action {
        case .act(let step): act(step)
        case .explore(let app, let id, let goal): chooseExplore(app: app, id: id, goal: goal)
        }
    }

    /// Moves the chosen line (in texts whose lines open rules) or scrolls.
    private func move(_ reading: inout Reading, by delta: Int) {
        if let chosen = reading.chosen {
            let openable = reading.lines.indices.filter { reading.lines[$0].rule != nil }
            guard let position = openable.firstIndex(of: chosen) else { return }
            reading.chosen = openable[max(0, min(openable.count - 1, position + (delta < 0 ? -1 : 1)))]
        } else {
            // Rows as wrapped on screen, not lines: a text of long lines scrolls to its last row.
            let rows = OverlayView.rows(of: reading, screenWidth: state.size.width).count
            reading.top = max(0, min(reading.top + delta, rows - 1))
        }
    }

    // MARK: - Mouse

    mutating func handleMouse(_ mouse: MouseEvent) {
        guard state.overlay == nil, state.prompt == nil else { return }
        switch mouse.kind {
        case .wheelUp: if state.presenter != nil { presenting(.stepBack) } else { panes(.stepBack) }
        case .wheelDown: if state.presenter != nil { presenting(.stepForward) } else { panes(.stepForward) }
        case .release: break
        case .press:
            guard state.presenter == nil else { return }
            let layout = Layout(width: state.size.width, height: state.size.height)
            if layout.world.inner.contains(x: mouse.x, y: mouse.y) {
                if let index = WorldView.rowIndex(atScreenY: mouse.y, layout: layout, state: state) {
                    switch state.worldRows[index] {
                    case .device(let d): state.selection = Selection(device: d, app: nil)
                    case .app(let d, let a): state.selection = Selection(device: d, app: a)
                    default: break
                    }
                }
                state.focus = .world
            } else if layout.timeline.inner.contains(x: mouse.x, y: mouse.y) {
                if let n = TimelineView.step(atScreenY: mouse.y, layout: layout, state: state) { jump(to: n) }
                state.focus = .timeline
            } else if layout.identity.inner.contains(x: mouse.x, y: mouse.y) {
                state.focus = .identity
                state.identityRow = mouse.y - layout.identity.inner.y
            } else if layout.storage.inner.contains(x: mouse.x, y: mouse.y) {
                state.focus = .storage
            }
        }
    }
}
