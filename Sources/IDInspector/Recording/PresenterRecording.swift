import IDReports
import IDScenario

/// `idscope export --format cast`: the presenter walking the story, recorded as asciicast v2
/// (`CastWriter`): one frame per screen and a marker at each step. The frames are the presenter's own
/// screens, drawn by the same views at the chosen size with no terminal, so the recording is what
/// a room sees: the setup, each step, then the end. A step longer than the screen is recorded a
/// page at a time, each page held for the interval, so nothing below the fold is lost; no frame
/// offers keys, since a viewer cannot press them.
package enum PresenterRecording {
    /// The most steps a recording holds: at the default 3 s a step, 100 minutes, more than a
    /// talk; a longer scenario's story is read on its page (`--format html`).
    package static let maxSteps = 2_000
    /// The most frames (pages) a recording holds, whatever the steps: a bound on its size.
    package static let maxFrames = 10_000

    /// Why a recording was not made.
    package struct TooLong: Error, CustomStringConvertible {
        package var description: String
    }

    /// - Parameter speakerNotes: the speaker's notes on screen (a rehearsal's recording).
    /// Why a story of `count` steps is not recorded.
    package static func tooManySteps(_ count: Int, interval: Double) -> TooLong {
        TooLong(description: "a recording holds at most \(maxSteps) steps (\(minutes(maxSteps, interval)) at \(interval.formatted) s a step); "
                + "this scenario has \(count): its page (--format html) shows every step")
    }

    /// - Throws: `TooLong` when the story is past `maxSteps` steps or `maxFrames` pages.
    package static func cast(_ session: Session, width: Int, height: Int, interval: Double, speakerNotes: Bool = false) throws(TooLong) -> String {
        guard session.count <= maxSteps else { throw tooManySteps(session.count, interval: interval) }
        var inspector = Inspector(state: InspectorState(session: session, theme: Theme(colour: true, ascii: false)), files: NoFiles())
        // Recording reads no file and starts no search: the reducer returns no effect here.
        _ = inspector.reduce(.input(.resize(width: width, height: height)))
        inspector.panes(.firstStep)
        inspector.panes(.presenter)
        inspector.state.presenter?.recording = true
        inspector.state.presenter?.showsNotes = speakerNotes
        var recording = CastWriter(width: width, height: height, title: session.scenario.name)
        var time = 0.0
        var frames = 0
        func frame(_ text: String) { recording.output(text, at: time) }
        func marker(_ label: String) { recording.marker(label, at: time) }
        /// Every page of what is on screen, each held for the interval.
        func pages(first: Bool) throws(TooLong) {
            var prefix = first ? "\u{1B}[?25l\u{1B}[2J" : ""
            while true {
                frames += 1
                guard frames <= maxFrames else {
                    throw TooLong(description: "a recording holds at most \(maxFrames) screens; this story needs more "
                                  + "(its steps change more than the screen shows): its page (--format html) shows every step")
                }
                frame(prefix + ANSIFrame.text(Screen.render(inspector.state, width: width, height: height)))
                prefix = ""
                time += interval
                let page = inspector.presenterPage
                let scroll = inspector.state.presenter?.scroll ?? 0
                guard scroll < page.maxScroll else { return }
                inspector.scrollPresenter(by: pageStep(page))
            }
        }
        marker("step 0: the setup")
        try pages(first: true)
        while inspector.state.presenter?.atEnd == false {
            inspector.presenting(.stepForward)
            let session = inspector.state.session
            if inspector.state.presenter?.atEnd == true {
                marker("the end")
            } else if let entry = session.entry(at: session.cursor) {
                marker("step \(session.cursor): " + StepSummary.title(of: entry, in: session.world).what)
            }
            try pages(first: false)
        }
        // The cursor comes back once the end has been held.
        frame("\u{1B}[0m\u{1B}[?25h")
        return recording.text
    }

    /// How far one page turn scrolls: a screen of rows less one, so each page repeats the last
    /// row of the one before and a reader keeps their place.
    static func pageStep(_ page: PresenterPage) -> Int { max(1, page.bodyRows - 1) }

    /// How many pages the presenter's page takes at its size.
    static func pageCount(_ page: PresenterPage) -> Int {
        page.maxScroll == 0 ? 1 : 1 + (page.maxScroll + pageStep(page) - 1) / pageStep(page)
    }

    /// Which page (from 0) a scroll position shows.
    static func pageIndex(_ page: PresenterPage, scroll: Int) -> Int {
        scroll >= page.maxScroll ? pageCount(page) - 1 : scroll / pageStep(page)
    }

    static func minutes(_ steps: Int, _ interval: Double) -> String {
        "\(Int((Double(steps) * interval / 60).rounded())) minutes"
    }

    /// A recording reads and writes no file.
    struct NoFiles: ScenarioFiles {
        func exists(_ path: String) -> Bool { false }
        func read(_ path: String) throws -> String { throw Refused() }
        func write(_ text: String, to path: String) throws { throw Refused() }
        struct Refused: Error {}
    }
}

private extension Double {
    /// 3 as "3", 0.5 as "0.5".
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
