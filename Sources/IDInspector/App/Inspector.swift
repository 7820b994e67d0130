import IDScenario
import IDSim

/// The inspector's behaviour: input in, state changed. No terminal here, so every key sequence
/// can be tested by feeding events and reading the screen as text.
///
/// A key goes through the key table (`KeyTable`) to an intent, and `reduce` acts on the intent;
/// overlays and the `:` line read their keys through the same table's scopes. The only effect
/// outside the state is reading and writing scenario files, through `files`.
public struct Inspector: Sendable {
    public var state: InspectorState
    let files: ScenarioFiles

    public init(state: InspectorState, files: ScenarioFiles) {
        self.state = state
        self.files = files
    }

    // MARK: - Input

    public mutating func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse): if state.mouse && !tooSmall { handleMouse(mouse) }
        case .resize(let width, let height): state.size = (width, height)
        case .paste(let text): if !tooSmall { handlePaste(text) }
        case .tick: advanceIfPresenting()
        case .hangup: state.quit = true
        }
    }

    /// Whether the terminal is below the smallest layout (only q, Ctrl-C and resizing act then).
    var tooSmall: Bool {
        Layout(width: state.size.width, height: state.size.height).isTooSmall
    }

    mutating func handleKey(_ key: Key) {
        if tooSmall {
            if key == .control("c") || key == .character("q") { state.quit = true }
            return
        }
        switch KeyTable.intent(for: key, in: .anywhere) {
        case .quit?: return quitNow()
        case .help?: return state.overlay = .reading(HelpText.reading(width: state.size.width, at: state.presenter != nil ? .presenter : nil))
        default: break
        }
        if state.exploring != nil {
            // While a search runs, Esc stops it; other keys wait.
            if key == .escape { cancelExplore() }
            return
        }
        if let overlay = state.overlay { return handleOverlayKey(key, overlay) }
        if state.prompt != nil { return handlePromptKey(key) }
        state.status = nil
        if case .character(let c) = key, c.isASCII, c.isNumber {
            state.pendingNumber.append(c)
            state.status = Status("go to step \(state.pendingNumber) (Enter)")
            return
        }
        let pending = state.pendingNumber
        state.pendingNumber = ""
        if key == .enter, let n = Int(pending) { return jump(to: n) }
        // Esc while a step number is being typed cancels the number, not the mode (presenter
        // mode or a filter): the user is one step from where they were.
        if key == .escape, !pending.isEmpty { return state.status = Status("go to step cancelled") }
        guard let intent = KeyTable.intent(for: key, in: state.scope) else { return }
        reduce(intent)
    }

    mutating func quitNow() {
        state.quit = true
    }

    // MARK: - Intents

    /// Acts on an intent in the panes or in presenter mode.
    public mutating func reduce(_ intent: Intent) {
        switch intent {
        case .stepBack:
            // From the end summary, back to the last step.
            if state.presenter?.atEnd == true { return leaveEnd() }
            jump(to: state.session.cursor - 1)
        case .stepForward:
            // In presenter mode the story has an end after its last step: the summary.
            if state.presenter != nil && state.session.cursor == state.session.count { return reachEnd() }
            jump(to: state.session.cursor + 1)
        case .tenBack: jump(to: max(0, state.session.cursor - 10))
        case .tenForward: jump(to: min(state.session.count, state.session.cursor + 10))
        case .firstStep: jump(to: 0)
        case .lastStep: jump(to: state.session.count)
        case .up: if state.presenter != nil { scrollPresenter(by: -1) } else { moveRow(-1) }
        case .down: if state.presenter != nil { scrollPresenter(by: 1) } else { moveRow(1) }
        case .focusNext: state.focus = Pane(rawValue: (state.focus.rawValue + 1) % Pane.allCases.count)!
        case .focusPrevious: state.focus = Pane(rawValue: (state.focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count)!
        case .open: openFocused()
        case .cancel:
            if state.presenter != nil { state.presenter = nil } else { state.filter = "" }
        case .pin:
            state.pinned.toggle()
            state.status = Status(state.pinned ? "pinned: the panes stay on this device and app (p unpins)"
                                               : "unpinned: the panes follow each step's device and app")
            if !state.pinned { state.followStory() }
        case .install, .delete, .launch, .tracking, .consent, .reboot, .unlock, .erase, .backup, .restore:
            actionKey(intent)
        case .command: state.prompt = Prompt(purpose: .command)
        case .undo: undo()
        case .redo: redo()
        case .save: state.prompt = Prompt(purpose: .save, text: state.path ?? "session.yaml", prefilled: true)
        case .openFile: state.prompt = Prompt(purpose: .open, text: state.path ?? "", prefilled: true)
        case .filter: state.prompt = Prompt(purpose: .filter, text: state.filter)
        case .mark: mark()
        case .compare:
            if let marked = state.marked {
                state.overlay = .compare(marked)
            } else {
                state.status = Status("mark an app or a device with m first, then select another and press C", error: true)
            }
        case .explore: startExplore()
        case .presenter:
            state.presenter = state.presenter == nil ? Presenter() : nil
        case .autoAdvance:
            guard var presenter = state.presenter else { return }
            presenter.autoAdvance.toggle()
            state.presenter = presenter
            state.status = Status(presenter.autoAdvance ? "auto-advance on, every \(presenter.interval) s (+ and - change it)" : "auto-advance off")
        case .faster, .slower:
            guard var presenter = state.presenter else { return }
            let steps = Presenter.intervals
            let index = steps.firstIndex(of: presenter.interval) ?? 2
            presenter.interval = steps[intent == .faster ? max(0, index - 1) : min(steps.count - 1, index + 1)]
            state.presenter = presenter
            state.status = Status("auto-advance every \(presenter.interval) s")
        case .notes:
            guard var presenter = state.presenter else { return }
            presenter.showsNotes.toggle()
            state.presenter = presenter
            state.status = Status(presenter.showsNotes ? "the presenter's notes are on screen (n hides them)" : "notes hidden")
        case .nextFailure: jumpToFailure(forward: true)
        case .previousFailure: jumpToFailure(forward: false)
        case .help: state.overlay = .reading(HelpText.reading(width: state.size.width, at: state.presenter != nil ? .presenter : nil))
        case .pageUp, .pageDown:
            // A page of presenter mode; in overlays these are read there.
            if state.presenter != nil { scrollPresenter(by: (intent == .pageUp ? -1 : 1) * max(1, presenterPage.bodyRows - 1)) }
        case .apply, .yes, .complete, .clearLine, .deleteBack, .historyBack, .historyForward:
            break   // the intents of overlays and the line, read there
        case .quit:
            if state.session.count > 0 && state.hasUnsavedChanges {
                state.overlay = .confirm("Quit without saving the changes to this session?", .quit)
            } else {
                state.quit = true
            }
        }
    }

    /// A tick of the clock: the next step while presenting with auto-advance; after the last
    /// step, the end, where auto-advance stops.
    mutating func advanceIfPresenting() {
        guard state.presenter?.autoAdvance == true, state.presenter?.atEnd == false else { return }
        if state.session.cursor < state.session.count { return jump(to: state.session.cursor + 1) }
        reachEnd()
    }

    // MARK: - Moving in time

    mutating func jump(to n: Int) {
        guard n >= 0, n <= state.session.count else {
            state.status = Status("no step \(n); the session has steps 0 to \(state.session.count)", error: true)
            return
        }
        state.session.jump(to: n)
        if var presenter = state.presenter {
            presenter.scroll = 0
            presenter.atEnd = false
            state.presenter = presenter
        }
        state.timelineRow = n
        state.identityRow = 0
        state.followStory()
    }

    // MARK: - Rows

    mutating func moveRow(_ delta: Int) {
        switch state.focus {
        case .identity:
            state.identityRow = max(0, min(state.identityRow + delta, IdentityRows.make(state).count - 1))
        case .storage:
            // Headings (an access group, a UserDefaults domain) are passed over: nothing to open.
            let rows = StorageRows.make(state)
            var index = state.storageRow
            repeat { index += delta } while rows.indices.contains(index) && rows[index].isHeading
            if rows.indices.contains(index) { state.storageRow = index }
        case .timeline:
            state.timelineRow = max(0, min(state.timelineRow + delta, state.session.count))
        case .world:
            let rows = state.worldRows
            guard !rows.isEmpty else { return }
            var index = state.selectedRow ?? 0
            repeat {
                index += delta
            } while index >= 0 && index < rows.count && !rows[index].isSelectable
            guard index >= 0 && index < rows.count else { return }
            switch rows[index] {
            case .device(let d): state.selection = Selection(device: d, app: nil)
            case .app(let d, let a): state.selection = Selection(device: d, app: a)
            default: break
            }
            state.storageRow = 0
            state.identityRow = 0
        }
    }

    /// Enter: what the focused row holds.
    mutating func openFocused() {
        switch state.focus {
        case .identity:
            let rows = IdentityRows.make(state)
            if state.identityRow < rows.count, let rule = rows[state.identityRow].rule {
                state.overlay = .reading(Details.rule(rule))
            } else {
                openStep(state.session.cursor)
            }
        case .storage:
            let rows = StorageRows.make(state)
            if state.storageRow < rows.count, let detail = rows[state.storageRow].detail {
                state.overlay = .reading(detail)
            } else {
                state.status = Status("select a keychain item or stored value (↑/↓) to open it")
            }
        case .timeline:
            if state.timelineRow != state.session.cursor { return jump(to: state.timelineRow) }
            openStep(state.timelineRow)
        case .world:
            let rules = IdentityRows.make(state).compactMap(\.rule)
            if let rule = rules.first { state.overlay = .reading(Details.rule(rule)) } else { openStep(state.session.cursor) }
        }
    }

    /// A step's details: what it was, all of its rules (each opens with Enter), and for an
    /// expectation every check that failed, in full.
    mutating func openStep(_ n: Int) {
        guard n >= 1 else {
            state.status = Status("step 0 is the setup: no rule changed anything yet")
            return
        }
        state.overlay = .reading(Details.step(n, in: state.session))
    }

    // MARK: - Marking

    mutating func mark() {
        state.marked = Mark(device: state.selection.device, app: state.selection.app)
        let world = state.session.world
        let what = state.selection.app.map { "\(world.apps[$0].bundleID) on \(world.devices[state.selection.device].name)" }
            ?? "device \(world.devices[state.selection.device].name)"
        state.status = Status("marked \(what); select another and press C to compare")
    }
}
