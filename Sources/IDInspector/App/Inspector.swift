import IDScenario
import IDSim

/// The inspector's behaviour: an action in, the state changed, and the effects to run returned.
/// No terminal and no thread here, so every key sequence can be tested by sending actions,
/// comparing the whole state and reading the screen as text.
///
/// A key goes through the key table (`KeyTable`) to an intent of the scope it is read in, and
/// that scope's handler acts on it: the panes, presenter mode, the line, a list, a question, a
/// text to read. What happens outside the state (a search on another thread, a file written) is
/// returned as an `Effect` for the loop to run; files are read through `files`.
package struct Inspector: Sendable {
    package var state: InspectorState
    let files: ScenarioFiles
    /// The effects asked for while one action is reduced; `reduce` hands them over and empties it.
    private var effects: [Effect] = []

    package init(state: InspectorState, files: ScenarioFiles) {
        self.state = state
        self.files = files
    }

    // MARK: - Actions

    /// Acts on one action; returns the effects the loop must run, in order.
    package mutating func reduce(_ action: Action) -> [Effect] {
        switch action {
        case .input(let event): handle(event)
        case .exploreProgressed(let seconds, let states): showExploreProgress(seconds: seconds, states: states)
        case .exploreFinished(let report): finishExplore(report)
        case .wrote(let path, let failure): wrote(path, failure: failure)
        }
        defer { effects = [] }
        return effects
    }

    /// Asks the loop to run an effect once this action is reduced.
    mutating func run(_ effect: Effect) {
        effects.append(effect)
    }

    private mutating func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse): if state.mouse && !tooSmall { handleMouse(mouse) }
        case .resize(let width, let height): state.size = TerminalSize(width: width, height: height)
        case .paste(let text): if !tooSmall { handlePaste(text) }
        case .tick: advanceIfPresenting()
        case .hangup: state.quit = true
        }
    }

    /// Whether the terminal is below the smallest layout (only q, Ctrl-C and resizing act then).
    var tooSmall: Bool {
        Layout(width: state.size.width, height: state.size.height).isTooSmall
    }

    /// A key to the handler of the scope it is read in.
    private mutating func handleKey(_ key: Key) {
        if tooSmall {
            if key == .control("c") || key == .character("q") { state.quit = true }
            return
        }
        let intent = KeyTable.intent(for: key, in: state.scope)
        if case .anywhere(let anywhere)? = intent { return self.anywhere(anywhere) }
        if state.exploring != nil {
            // While a search runs, Esc stops it; other keys wait.
            if key == .escape { cancelExplore() }
            return
        }
        switch intent {
        case .list(let list)?: self.list(list)
        case .question(let question)?: self.question(question)
        case .reading(let reading)?: self.reading(reading)
        case .line(let line)?: self.line(line)
        case .panes, .presenter, .anywhere, nil:
            switch state.scope {
            case .list: unboundListKey(key)
            case .question: question(nil)
            case .reading: unboundReadingKey()
            case .line: type(key)
            case .panes, .presenter, .anywhere: paneOrPresenterKey(key, intent)
            }
        }
    }

    /// Ctrl-C and F1, in every scope.
    private mutating func anywhere(_ intent: AnywhereIntent) {
        switch intent {
        case .quit: state.quit = true
        case .help: openHelp()
        }
    }

    /// The panes and presenter mode read a step number's digits themselves: digits then Enter jump.
    private mutating func paneOrPresenterKey(_ key: Key, _ intent: Intent?) {
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
        switch intent {
        case .panes(let panes)?: self.panes(panes)
        case .presenter(let presenter)?: presenting(presenter)
        default: return   // a key this scope does not bind
        }
    }

    mutating func openHelp() {
        state.overlay = .reading(HelpText.reading(width: state.size.width, at: state.presenter != nil ? .presenter : nil))
    }

    // MARK: - The panes

    /// The panes' intents.
    mutating func panes(_ intent: PanesIntent) {
        switch intent {
        case .stepBack: jump(to: state.session.cursor - 1)
        case .stepForward: jump(to: state.session.cursor + 1)
        case .tenBack: jump(to: max(0, state.session.cursor - 10))
        case .tenForward: jump(to: min(state.session.count, state.session.cursor + 10))
        case .firstStep: jump(to: 0)
        case .lastStep: jump(to: state.session.count)
        case .up: moveRow(-1)
        case .down: moveRow(1)
        case .focusNext: state.focus = Pane(rawValue: (state.focus.rawValue + 1) % Pane.allCases.count)!
        case .focusPrevious: state.focus = Pane(rawValue: (state.focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count)!
        case .open: openFocused()
        case .clearFilter: state.filter = ""
        case .pin:
            state.pinned.toggle()
            state.status = Status(state.pinned ? "pinned: the panes stay on this device and app (p unpins)"
                                               : "unpinned: the panes follow each step's device and app")
            if !state.pinned { state.followStory() }
        case .act(let action): actionKey(action)
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
        case .presenter: state.presenter = Presenter()
        case .nextFailure: jumpToFailure(forward: true)
        case .previousFailure: jumpToFailure(forward: false)
        case .help: openHelp()
        case .quit: askToQuit()
        }
    }

    /// q: at once, or asking first when the session has unsaved changes.
    mutating func askToQuit() {
        if state.session.count > 0 && state.hasUnsavedChanges {
            state.overlay = .confirm("Quit without saving the changes to this session?", .quit)
        } else {
            state.quit = true
        }
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
