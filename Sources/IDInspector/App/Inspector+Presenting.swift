import IDScenario

/// Presenter mode's own moves: scrolling its page, its end, and the failed expectations (which
/// the panes step through too).
extension Inspector {
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
