import IDScenario
import IDSim

/// Acting at the cursor: the single keys, branches (asked for), undo and redo.
extension Inspector {
    /// Applies a step at the cursor. At an earlier step, where it would drop the later steps,
    /// it asks first, saying how many.
    mutating func act(_ step: ScenarioStep) {
        let dropped = state.session.count - state.session.cursor
        if dropped > 0 {
            state.overlay = .confirm("Acting at step \(state.session.cursor) drops the \(dropped) later step\(dropped == 1 ? "" : "s"). Branch here?",
                                     .branch(step))
            return
        }
        apply(step)
    }

    /// Applies a step at the cursor, with undo, branching if the cursor is not at the end.
    mutating func apply(_ step: ScenarioStep) {
        if let refusal = state.session.growthRefusal(for: step) {
            state.status = Status(refusal, error: true)
            return
        }
        let before = Snapshot(session: state.session, version: state.version, branchedAt: state.branchedAt)
        let branching = state.session.cursor < state.session.count
        let cursor = state.session.cursor
        do {
            let outcome = try state.session.take(step)
            state.undoStack.append(before)
            state.redoStack = []
            state.newVersion()
            if branching { state.branchedAt = state.branchedAt.map { min($0, cursor) } ?? cursor }
            state.timelineRow = state.session.cursor
            state.followStory()
            let tally = StepSummary.tally(changes: StepSummary.changeCount(outcome), duplicates: outcome.duplicates.count,
                                          lost: outcome.lost != nil, glyph: state.theme.glyphs.duplicate)
            let rules = outcome.changes.rules.map(\.rawValue)
            state.status = Status((branching ? "branched at step \(cursor): " : "") + "\(step.key): " + tally
                                  + (rules.isEmpty ? "" : " (" + rules.joined(separator: " ") + ")"))
        } catch {
            state.status = Status(error.event?.description ?? error.diagnostic.message, error: true)
        }
    }

    mutating func undo() {
        guard let previous = state.undoStack.popLast() else {
            state.status = Status("nothing to undo")
            return
        }
        state.redoStack.append(Snapshot(session: state.session, version: state.version, branchedAt: state.branchedAt))
        restore(previous)
        state.status = Status("undone (Ctrl-R redoes)")
    }

    mutating func redo() {
        guard let next = state.redoStack.popLast() else {
            state.status = Status("nothing to redo")
            return
        }
        state.undoStack.append(Snapshot(session: state.session, version: state.version, branchedAt: state.branchedAt))
        restore(next)
        state.status = Status("redone")
    }

    private mutating func restore(_ snapshot: Snapshot) {
        state.session = snapshot.session
        state.version = snapshot.version
        state.keepSelectionInSession()   // undoing an open brings back a session of other devices
        // The branch mark goes with the session it marks: redoing a branch brings it back.
        state.branchedAt = snapshot.branchedAt
        if state.session.count <= (state.branchedAt ?? .max) || !state.hasUnsavedChanges { state.branchedAt = nil }
        state.timelineRow = state.session.cursor
        state.followStory()
    }

    /// The single-key actions: each asks, in a picker, for what it needs.
    mutating func actionKey(_ action: WorldAction) {
        let world = state.session.world
        let device = state.selection.device, selected = state.selection.app
        let deviceName = world.devices[device].name
        func stepFor(_ event: Event) -> ScenarioStep { ScenarioStep(.event(event), device: device) }
        func appPicker(_ title: String, _ apps: [AppIndex], _ make: (AppIndex) -> Event) -> Overlay? {
            guard !apps.isEmpty else {
                state.status = Status("no app to \(title) on \(deviceName)", error: true)
                return nil
            }
            var picker = Picker(title: "\(title) on \(deviceName)", options: apps.map { PickerOption(world.apps[$0].bundleID, .act(stepFor(make($0)))) })
            picker.selected = selected.flatMap { apps.firstIndex(of: $0) } ?? 0
            return .picker(picker)
        }
        // Extensions come and go with their host (EXT-33): they are not offered on their own.
        let fullApps = world.apps.indices.filter { world.apps[$0].role.host == nil }
        switch action {
        case .install:
            let apps = fullApps.filter { world.presence(of: $0, on: device) != .installed }
            if let overlay = appPicker("install", apps, { .install($0, source: nil) }) { state.overlay = overlay }
        case .delete:
            let apps = fullApps.filter { world.presence(of: $0, on: device) != .absent }
            if let overlay = appPicker("uninstall", apps, { .uninstall($0) }) { state.overlay = overlay }
        case .launch:
            guard let app = selected else { return state.status = Status("select an app to launch", error: true) }
            state.overlay = .picker(Picker(title: "launch \(world.apps[app].bundleID)", options: LaunchMode.allCases.map {
                PickerOption($0.rawValue, .act(stepFor(.launch(app, mode: $0))))
            }))
        case .tracking:
            guard let app = selected else { return state.status = Status("select an app first", error: true) }
            state.overlay = .picker(Picker(title: "tracking: \(world.apps[app].bundleID)", options: [
                PickerOption("request, user taps Allow", .act(stepFor(.requestTracking(app, answer: .allow, otherPromptPending: false)))),
                PickerOption("request, user taps Ask App Not to Track", .act(stepFor(.requestTracking(app, answer: .deny, otherPromptPending: false)))),
                PickerOption("Settings switch on", .act(stepFor(.trackingToggle(app, on: true)))),
                PickerOption("Settings switch off", .act(stepFor(.trackingToggle(app, on: false)))),
            ]))
        case .consent:
            guard let app = selected else { return state.status = Status("select an app first", error: true) }
            act(stepFor(.consent(app)))
        case .reboot: act(stepFor(.reboot))
        case .unlock: act(stepFor(.unlock))
        case .erase:
            state.overlay = .confirm("Erase all content and settings of \(deviceName)?", .act(stepFor(.erase)))
        case .backup:
            var number = world.backups.count + 1
            while world.backups["b\(number)"] != nil { number += 1 }
            let name = "b\(number)"
            state.overlay = .picker(Picker(title: "back up \(deviceName) as \(name)", options: BackupKind.allCases.map {
                PickerOption($0.rawValue, .act(stepFor(.backup($0, name: name))))
            }))
        case .restore:
            let names = world.backups.keys.sorted()
            guard !names.isEmpty else { return state.status = Status("no backup yet; press b to make one", error: true) }
            state.overlay = .picker(Picker(title: "restore onto \(deviceName)", options: names.map {
                PickerOption("\($0): \(world.backups[$0]!.summary)", .act(stepFor(.restore(backup: $0))))
            }))
        }
    }
}
