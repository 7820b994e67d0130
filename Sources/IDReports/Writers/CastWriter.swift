import IDScenario

/// An asciicast v2 recording (https://docs.asciinema.org/manual/asciicast/v2/), written a line at
/// a time: a JSON header, then `[seconds, "o", text]` for what the terminal printed and
/// `[seconds, "m", label]` for a marker (asciinema 2.2 and later play markers as chapters).
/// Only the format lives here; what the frames show is the presenter's (`PresenterRecording`).
package struct CastWriter: Sendable {
    private var lines: [String]

    /// - Parameter title: shown by a player on the viewer's terminal (asciinema sets the window
    ///   title with it), so it is caret-escaped as every frame's text is, not only JSON-escaped.
    package init(width: Int, height: Int, title: String) {
        lines = [JSONText.object([
            ("version", "2"), ("width", String(width)), ("height", String(height)),
            ("title", JSONText.string(TerminalText.escaped(title))),
            ("env", JSONText.object([("TERM", JSONText.string("xterm-256color"))])),
        ])]
    }

    /// What the terminal printed at `time`: written as given, escape sequences and all.
    package mutating func output(_ text: String, at time: Double) {
        lines.append("[" + Self.seconds(time) + ", \"o\", " + JSONText.string(text) + "]")
    }

    /// A chapter at `time`, caret-escaped: a label comes from the scenario.
    package mutating func marker(_ label: String, at time: Double) {
        lines.append("[" + Self.seconds(time) + ", \"m\", " + JSONText.string(TerminalText.escaped(label)) + "]")
    }

    /// The recording: one JSON line each, the header first.
    package var text: String { lines.joined(separator: "\n") + "\n" }

    /// Seconds to the millisecond, always three decimals ("3.000"), so the lines read alike.
    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
