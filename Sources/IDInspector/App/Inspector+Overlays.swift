import IDScenario
import IDSim

/// Keys while a picker, a question, or a text to read is over the panes.
extension Inspector {
    mutating func handleOverlayKey(_ key: Key, _ overlay: Overlay) {
        let intent = KeyTable.intent(for: key, in: state.scope)
        switch overlay {
        case .picker(var picker):
            switch intent {
            case .up?: picker.selected = max(0, picker.selected - 1)
            case .down?: picker.selected = min(picker.options.count - 1, picker.selected + 1)
            case .apply?:
                state.overlay = nil
                take(picker.options[picker.selected].action)
                return
            case .cancel?:
                state.overlay = nil
                return
            default:
                // 1–9 take that option at once.
                if case .character(let c) = key, let n = c.wholeNumberValue, n >= 1, n <= picker.options.count {
                    state.overlay = nil
                    take(picker.options[n - 1].action)
                    return
                }
            }
            state.overlay = .picker(picker)
        case .confirm(_, let action):
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
        case .reading(var reading):
            let page = max(1, state.size.height - 8)
            switch intent {
            case .cancel?:
                state.overlay = nil
                return
            case .help?:
                // ? in the help closes it; in any other text it opens the help.
                state.overlay = reading.isHelp ? nil : .reading(HelpText.reading(width: state.size.width, at: state.presenter != nil ? .presenter : nil))
                return
            case .up?: move(&reading, by: -1)
            case .down?: move(&reading, by: 1)
            case .pageUp?: move(&reading, by: -page)
            case .pageDown?: move(&reading, by: page)
            case .open?:
                if let chosen = reading.chosen, let rule = reading.lines[chosen].rule {
                    state.overlay = .reading(Details.rule(rule))
                } else {
                    state.overlay = nil
                }
                return
            default:
                break
            }
            state.overlay = .reading(reading)
        case .compare:
            state.overlay = nil   // any key closes it
        }
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
        case .wheelUp: reduce(.stepBack)
        case .wheelDown: reduce(.stepForward)
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
