import IDScenario

/// Presenter mode's own moves: scrolling its page, its end, and the failed expectations (which
/// the panes step through too).
extension Inspector {
    /// Presenter mode's intents.
    mutating func presenting(_ intent: PresenterIntent) {
        switch intent {
        case .stepBack:
            // From the end summary, back to the last step.
            if state.presenter?.atEnd == true { return leaveEnd() }
            jump(to: state.session.cursor - 1)
        case .stepForward:
            // The story has an end after its last step: the summary.
            if state.session.cursor == state.session.count { return reachEnd() }
            jump(to: state.session.cursor + 1)
        case .firstStep: jump(to: 0)
        case .lastStep: jump(to: state.session.count)
        case .scrollUp: scrollPresenter(by: -1)
        case .scrollDown: scrollPresenter(by: 1)
        case .pageUp: scrollPresenter(by: -max(1, presenterPage.bodyRows - 1))
        case .pageDown: scrollPresenter(by: max(1, presenterPage.bodyRows - 1))
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
        case .leave: state.presenter = nil
        case .help: openHelp()
        case .quit: askToQuit()
        }
    }

    /// A tick of the clock: the next step while presenting with auto-advance; after the last
    /// step, the end, where auto-advance stops.
    mutating func advanceIfPresenting() {
        guard state.presenter?.autoAdvance == true, state.presenter?.atEnd == false else { return }
        if state.session.cursor < state.session.count { return jump(to: state.session.cursor + 1) }
        reachEnd()
    }

    /// Presenter mode's page at the terminal's size.
    var presenterPage: PresenterPage {
        PresenterPage(state, width: state.size.width, height: state.size.height)
    }

    mutating func scrollPresenter(by delta: Int) {
        guard var presenter = state.presenter else { return }
        let limit = presenterPage.maxScroll
        presenter.scroll = max(0, min(limit, min(presenter.scroll, limit) + delta))
        state.presenter = presenter
    }

    mutating func reachEnd() {
        guard var presenter = state.presenter else { return }
        if state.session.cursor < state.session.count { jump(to: state.session.count) }
        let wasAuto = presenter.autoAdvance
        presenter.atEnd = true
        presenter.autoAdvance = false
        presenter.scroll = 0
        state.presenter = presenter
        state.status = Status("the end" + (wasAuto ? ": auto-advance stopped" : "") + " (← goes back to the last step)")
    }

    mutating func leaveEnd() {
        guard var presenter = state.presenter else { return }
        presenter.atEnd = false
        presenter.scroll = 0
        state.presenter = presenter
    }

    /// The next (or previous) expectation that failed, from the cursor; past the last, from the start.
    mutating func jumpToFailure(forward: Bool) {
        let session = state.session
        let failed = (1...max(1, session.count)).filter { !(session.record(at: $0)?.failures ?? []).isEmpty }
        guard !failed.isEmpty else {
            state.status = Status(session.scenario.steps.contains { if case .expect = $0.action { true } else { false } }
                                  ? "every expectation held" : "this session has no expectations")
            return
        }
        let cursor = state.presenter?.atEnd == true ? session.count + 1 : session.cursor
        let target: Int
        var wrapped = false
        if forward {
            if let next = failed.first(where: { $0 > cursor }) { target = next } else { target = failed[0]; wrapped = true }
        } else {
            if let previous = failed.last(where: { $0 < cursor }) { target = previous } else { target = failed[failed.count - 1]; wrapped = true }
        }
        jump(to: target)
        let index = failed.firstIndex(of: target)! + 1
        state.status = Status("failed expectation \(index) of \(failed.count), step \(target)" + (wrapped ? (forward ? " (from the start)" : " (from the end)") : ""))
    }
}
