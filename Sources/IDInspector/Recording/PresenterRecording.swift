import IDScenario

/// `idscope export --format cast`: the presenter walking the story, recorded as asciicast v2
/// (https://docs.asciinema.org/manual/asciicast/v2/): a JSON header line, then one
/// `[seconds, "o", text]` line per frame. The frames are the presenter's own screens, drawn by
/// the same views at the chosen size with no terminal, so the recording is what a room sees:
/// the setup, each step `interval` seconds apart, then the end.
public enum PresenterRecording {
    public static func cast(_ session: Session, width: Int, height: Int, interval: Double) -> String {
        var inspector = Inspector(state: InspectorState(session: session, theme: Theme(colour: true, ascii: false)), files: NoFiles())
        inspector.handle(.resize(width: width, height: height))
        inspector.reduce(.firstStep)
        inspector.reduce(.presenter)
        let header = JSONText.object([
            ("version", "2"), ("width", String(width)), ("height", String(height)),
            // A player shows the title on the viewer's terminal (asciinema sets the window title
            // with it): caret-escaped as every frame's text is, not only JSON-escaped.
            ("title", JSONText.string(TerminalText.escaped(session.scenario.name))),
            ("env", JSONText.object([("TERM", JSONText.string("xterm-256color"))])),
        ])
        var lines = [header]
        var time = 0.0
        func frame(_ text: String) {
            lines.append("[" + seconds(time) + ", \"o\", " + JSONText.string(text) + "]")
        }
        // Clear once and hide the cursor; then every frame redraws every row.
        frame("\u{1B}[?25l\u{1B}[2J" + ANSIFrame.text(Screen.render(inspector.state, width: width, height: height)))
        while inspector.state.presenter?.atEnd == false {
            inspector.reduce(.stepForward)
            time += interval
            frame(ANSIFrame.text(Screen.render(inspector.state, width: width, height: height)))
        }
        // The end stays on screen for one more interval; the cursor comes back.
        time += interval
        frame("\u{1B}[0m\u{1B}[?25h")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A recording reads and writes no file.
    struct NoFiles: ScenarioFiles {
        func exists(_ path: String) -> Bool { false }
        func read(_ path: String) throws -> String { throw Refused() }
        func write(_ text: String, to path: String) throws { throw Refused() }
        struct Refused: Error {}
    }
}
