import IDScenario
import IDSim
import IDStrategies

/// The inspector's behaviour: input in, state changed. No terminal here, so every key
/// sequence can be tested by feeding events and reading the screen as text.
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
        case .mouse(let mouse): if state.mouse { handleMouse(mouse) }
        case .resize: break
        case .paste(let text): handlePaste(text)
        case .tick:
            if state.presenter && state.autoAdvance && state.session.cursor < state.session.count {
                state.session.jump(to: state.session.cursor + 1)
            }
        case .hangup: state.quit = true
        }
    }

    mutating func handleKey(_ key: Key) {
        if key == .control("c") {
            state.quit = true
            return
        }
        if state.prompt != nil { return handlePromptKey(key) }
        if let overlay = state.overlay { return handleOverlayKey(key, overlay) }
        state.status = nil
        if case .character(let c) = key, c.isNumber, c.isASCII {
            state.pendingNumber.append(c)
            state.status = ("go to step \(state.pendingNumber) (Enter)", false)
            return
        }
        let pending = state.pendingNumber
        state.pendingNumber = ""
        switch key {
        case .left, .character("h"): step(by: -1)
        case .right, .character("l"): step(by: 1)
        case .pageUp: step(by: -10)
        case .pageDown: step(by: 10)
        case .home, .character("g"): state.session.jump(to: 0)
        case .end, .character("G"): state.session.jump(to: state.session.count)
        case .up, .character("k"): moveSelection(-1)
        case .down, .character("j"): moveSelection(1)
        case .tab: state.focus = Pane(rawValue: (state.focus.rawValue + 1) % Pane.allCases.count)!
        case .backTab: state.focus = Pane(rawValue: (state.focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count)!
        case .enter:
            if let n = Int(pending) { jump(to: n) } else { openRule() }
        case .escape: state.filter = ""
        case .character("q"): state.quit = true
        case .character("?"): state.overlay = .help
        case .character(":"): state.prompt = Prompt(purpose: .command)
        case .character("/"): state.prompt = Prompt(purpose: .filter, text: state.filter)
        case .character("w"): state.prompt = Prompt(purpose: .save, text: state.path ?? "session.yaml")
        case .character("o"): state.prompt = Prompt(purpose: .open, text: state.path ?? "")
        case .character("u"): undo()
        case .character("P"): state.presenter.toggle()
        case .character("a"):
            state.autoAdvance.toggle()
            state.status = (state.autoAdvance ? "auto-advance on (every 3 s in presenter mode)" : "auto-advance off", false)
        case .character("m"):
            if let app = state.selection.app {
                state.marked = (state.selection.device, app)
                state.status = ("marked \(state.session.world.apps[app].bundleID) on \(state.session.world.devices[state.selection.device].name); select another and press C", false)
            }
        case .character("C"):
            if state.marked == nil {
                state.status = ("mark one app with m first, then select another and press C", true)
            } else {
                state.overlay = .compare
            }
        default:
            handleActionKey(key)
        }
    }

    mutating func step(by delta: Int) {
        state.session.jump(to: state.session.cursor + delta)
    }

    mutating func jump(to n: Int) {
        guard n >= 0, n <= state.session.count else {
            state.status = ("no step \(n); the session has steps 0 to \(state.session.count)", true)
            return
        }
        state.session.jump(to: n)
    }

    mutating func moveSelection(_ delta: Int) {
        if state.focus == .identity {
            state.identityRow = max(0, state.identityRow + delta)
            return
        }
        let rows = state.worldRows
        guard !rows.isEmpty else { return }
        var index = min(state.selectedRow, rows.count - 1)
        repeat {
            index += delta
        } while index >= 0 && index < rows.count && !rows[index].isSelectable
        if index >= 0 && index < rows.count { state.selectedRow = index }
    }

    /// Enter: the rule behind the highlighted change (identity pane) or behind the step (timeline).
    mutating func openRule() {
        let rules = IdentityView.rows(state).compactMap(\.rule)
        let stepRules = state.session.timeline.changes(at: state.session.cursor).rules
        if state.focus == .identity, state.identityRow < IdentityView.rows(state).count,
           let rule = IdentityView.rows(state)[state.identityRow].rule {
            state.overlay = .rule(rule)
        } else if let rule = (state.focus == .timeline ? stepRules.first : rules.first ?? stepRules.first) {
            state.overlay = .rule(rule)
        } else {
            state.status = ("no rule changed anything at this step", false)
        }
    }

    mutating func undo() {
        guard let previous = state.undoStack.popLast() else {
            state.status = ("nothing to undo", false)
            return
        }
        state.session = previous
        state.status = ("undone", false)
    }

    // MARK: - Mouse

    mutating func handleMouse(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: step(by: -1)
        case .wheelDown: step(by: 1)
        case .release: break
        case .press:
            let layout = Layout(width: lastSize.width, height: lastSize.height)
            if layout.world.inner.contains(x: mouse.x, y: mouse.y) {
                let index = WorldView.rowIndex(atScreenY: mouse.y, layout: layout, state: state)
                if let index, state.worldRows[index].isSelectable {
                    state.selectedRow = index
                    state.focus = .world
                }
            } else if layout.timeline.inner.contains(x: mouse.x, y: mouse.y) {
                if let n = TimelineView.step(atScreenY: mouse.y, layout: layout, state: state) { jump(to: n) }
                state.focus = .timeline
            } else if layout.identity.inner.contains(x: mouse.x, y: mouse.y) {
                state.focus = .identity
                state.identityRow = mouse.y - layout.identity.inner.y
            }
        }
    }

    /// The size the screen was last drawn at (for mouse hit-testing).
    public var lastSize: (width: Int, height: Int) = (120, 36)

    // MARK: - Acting

    /// Applies a step at the cursor (a branch if the cursor is not at the end), with undo.
    mutating func act(_ step: ScenarioStep) {
        if let refusal = state.session.growthRefusal(for: step) {
            state.status = (refusal, true)
            return
        }
        let before = state.session
        let branching = state.session.cursor < state.session.count
        do {
            let changes = try state.session.act(step)
            state.undoStack.append(before)
            let rules = changes.rules.map(\.rawValue)
            state.status = ((branching ? "branched: " : "") + "\(step.key): \(changes.count) change\(changes.count == 1 ? "" : "s")"
                            + (rules.isEmpty ? "" : " (" + rules.joined(separator: " ") + ")"), false)
        } catch {
            state.status = (error.description, true)
        }
    }

    mutating func handleActionKey(_ key: Key) {
        let world = state.session.world
        let (device, selected) = state.selection
        let deviceName = world.devices[device].name
        func stepFor(_ event: Event) -> ScenarioStep { ScenarioStep(.event(event), device: device) }
        func appPicker(_ title: String, _ apps: [AppIndex], _ make: (AppIndex) -> Event) -> Overlay? {
            guard !apps.isEmpty else {
                state.status = ("no app to \(title) on \(deviceName)", true)
                return nil
            }
            var picker = Picker(title: "\(title) on \(deviceName)", options: apps.map { (world.apps[$0].bundleID, stepFor(make($0))) })
            picker.selected = selected.flatMap { apps.firstIndex(of: $0) } ?? 0
            return .picker(picker)
        }
        switch key {
        case .character("i"):
            let apps = world.apps.indices.filter { world.presence(of: $0, on: device) != .installed }
            state.overlay = appPicker("install", apps) { .install($0, source: nil) }
        case .character("d"):
            let apps = world.apps.indices.filter { world.presence(of: $0, on: device) != .absent }
            state.overlay = appPicker("uninstall", apps) { .uninstall($0) }
        case .character("L"):
            guard let app = selected else { return state.status = ("select an app to launch", true) }
            state.overlay = .picker(Picker(title: "launch \(world.apps[app].bundleID)", options: LaunchMode.allCases.map {
                ($0.rawValue, stepFor(.launch(app, mode: $0)))
            }))
        case .character("t"):
            guard let app = selected else { return state.status = ("select an app first", true) }
            state.overlay = .picker(Picker(title: "tracking: \(world.apps[app].bundleID)", options: [
                ("request, user taps Allow", stepFor(.requestTracking(app, answer: .allow, otherPromptPending: false))),
                ("request, user taps Ask App Not to Track", stepFor(.requestTracking(app, answer: .deny, otherPromptPending: false))),
                ("Settings switch on", stepFor(.trackingToggle(app, on: true))),
                ("Settings switch off", stepFor(.trackingToggle(app, on: false))),
            ]))
        case .character("c"):
            guard let app = selected else { return state.status = ("select an app first", true) }
            act(stepFor(.consent(app)))
        case .character("r"): act(stepFor(.reboot))
        case .character("U"): act(stepFor(.unlock))
        case .character("e"):
            state.overlay = .confirm("Erase all content and settings of \(deviceName)?", .act(stepFor(.erase)))
        case .character("b"):
            let name = "b\(world.backups.count + 1)"
            state.overlay = .picker(Picker(title: "back up \(deviceName) as \(name)", options: BackupKind.allCases.map {
                ($0.rawValue, stepFor(.backup($0, name: name)))
            }))
        case .character("R"):
            let names = world.backups.keys.sorted()
            guard !names.isEmpty else { return state.status = ("no backup yet; press b to make one", true) }
            state.overlay = .picker(Picker(title: "restore onto \(deviceName)", options: names.map {
                ("\($0): \(world.backups[$0]!.summary)", stepFor(.restore(backup: $0)))
            }))
        default:
            break
        }
    }

    // MARK: - Overlays

    mutating func handleOverlayKey(_ key: Key, _ overlay: Overlay) {
        switch overlay {
        case .picker(var picker):
            switch key {
            case .up, .character("k"): picker.selected = max(0, picker.selected - 1)
            case .down, .character("j"): picker.selected = min(picker.options.count - 1, picker.selected + 1)
            case .enter:
                state.overlay = nil
                if let step = picker.options[picker.selected].step { act(step) }
                return
            case .escape, .character("q"): state.overlay = nil; return
            default:
                if case .character(let c) = key, let n = c.wholeNumberValue, n >= 1, n <= picker.options.count {
                    state.overlay = nil
                    if let step = picker.options[n - 1].step { act(step) }
                    return
                }
            }
            state.overlay = .picker(picker)
        case .confirm(_, let action):
            state.overlay = nil
            guard key == .character("y") || key == .character("Y") else {
                state.status = ("cancelled", false)
                return
            }
            switch action {
            case .act(let step): act(step)
            case .overwrite(let path): save(to: path, overwrite: true)
            case .quit: state.quit = true
            }
        case .help, .rule, .compare:
            state.overlay = nil   // any key closes them
        }
    }

    // MARK: - Prompt

    mutating func handlePromptKey(_ key: Key) {
        guard var prompt = state.prompt else { return }
        state.status = nil
        switch key {
        case .escape:
            state.prompt = nil
            return
        case .enter:
            state.prompt = nil
            submit(prompt)
            return
        case .backspace, .delete, .control("h"):
            if prompt.length == 0 { state.prompt = nil; return }
            prompt.removeLast()
        case .character(let c):
            guard prompt.append(c) else {
                state.status = ("the line holds at most \(Prompt.maxLength) characters", true)
                return
            }
        case .tab:
            if prompt.purpose == .command { prompt.replace(with: complete(prompt.text)) }
        case .up, .down:
            guard prompt.purpose == .command, !state.commandHistory.isEmpty else { break }
            let count = state.commandHistory.count
            var index = prompt.historyIndex ?? count
            index = key == .up ? max(0, index - 1) : min(count, index + 1)
            prompt.historyIndex = index
            prompt.replace(with: index < count ? state.commandHistory[index] : "")
        case .control("u"):
            prompt.replace(with: "")
        default:
            break
        }
        if prompt.purpose == .filter { state.filter = prompt.text }
        state.prompt = prompt
    }

    /// Pasted text goes into the open line, control characters as spaces (a pasted newline must
    /// not run a half-pasted command) and cut at the line's limit; with no line open it is
    /// ignored rather than read as action keys.
    mutating func handlePaste(_ text: String) {
        guard var prompt = state.prompt else {
            state.status = ("paste ignored: press : first to paste a command", true)
            return
        }
        for character in text {
            let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
            guard prompt.append(printable ? character : " ") else {
                state.status = ("paste cut: the line holds at most \(Prompt.maxLength) characters", true)
                break
            }
        }
        if prompt.purpose == .filter { state.filter = prompt.text }
        state.prompt = prompt
    }

    func complete(_ text: String) -> String {
        let options = CommandParser.completions(for: text, scenario: state.session.scenario, backups: state.session.backupsSoFar)
        guard !options.isEmpty else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let prefix = commonPrefix(options)
        words[words.count - 1] = options.count == 1 ? options[0] + " " : max(prefix, words[words.count - 1])
        return words.joined(separator: " ")
    }

    func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    mutating func submit(_ prompt: Prompt) {
        let text = prompt.text.trimmingCharacters(in: .whitespaces)
        switch prompt.purpose {
        case .filter:
            state.filter = text
            state.selectedRow = 0
        case .save:
            guard !text.isEmpty else { return }
            if files.exists(text) {
                state.overlay = .confirm("\(text) exists. Overwrite it?", .overwrite(path: text))
            } else {
                save(to: text, overwrite: false)
            }
        case .open:
            guard !text.isEmpty else { return }
            open(text)
        case .command:
            guard !text.isEmpty else { return }
            if state.commandHistory.last != text { state.commandHistory.append(text) }
            runCommand(text)
        }
    }

    mutating func runCommand(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words.first {
        case "q", "quit": state.quit = true; return
        case "w", "write":
            if words.count > 1 { submit(Prompt(purpose: .save, text: words[1])) } else { state.prompt = Prompt(purpose: .save, text: state.path ?? "session.yaml") }
            return
        case "o", "open":
            if words.count > 1 { open(words[1]) } else { state.prompt = Prompt(purpose: .open) }
            return
        case "rule":
            if words.count > 1, let id = RuleID(parsing: words[1]) { state.overlay = .rule(id) } else {
                state.status = ("unknown rule" + (words.count > 1 ? " '\(words[1])'" + NameSuggester.hint(for: words[1], among: RuleID.allCases.map(\.rawValue)) : ""), true)
            }
            return
        case "goto":
            if words.count > 1, let n = Int(words[1]) { jump(to: n) }
            return
        default:
            if let n = Int(text) { jump(to: n); return }
        }
        do {
            let step = try CommandParser.step(text, scenario: state.session.scenario, device: state.selection.device,
                                              backups: state.session.backupsSoFar, labels: state.session.labelsSoFar)
            act(step)
        } catch {
            state.status = (error.diagnostics.first?.message ?? "could not read that command", true)
        }
    }

    // MARK: - Files

    mutating func save(to path: String, overwrite: Bool) {
        do {
            try files.write(ScenarioWriter.yaml(state.session.asScenario), to: path)
            state.path = path
            state.status = ("saved \(state.session.count) steps to \(path); replay with: idscope run \(path)", false)
        } catch {
            state.status = ("could not save \(path): \(error)", true)
        }
    }

    mutating func open(_ path: String) {
        do {
            let text = try files.read(path)
            let scenario = try ScenarioParser.parse(text, file: path)
            let session = try Session(scenario)
            state.undoStack.append(state.session)
            state.session = session
            state.path = path
            state.selectedRow = 0
            state.status = ("opened \(path): \(scenario.name)", false)
        } catch let error as ScenarioError {
            state.status = (error.diagnostics.first?.description ?? "invalid scenario", true)
        } catch {
            state.status = ("could not open \(path): \(error)", true)
        }
    }
}
