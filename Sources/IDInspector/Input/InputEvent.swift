/// A key as the inspector understands it, whatever the terminal sent.
package enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Ctrl and a letter (lowercase).
    case control(Character)
}

package struct MouseEvent: Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case press, release, wheelUp, wheelDown }

    package var x: Int
    package var y: Int
    package var kind: Kind

    package init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// Everything the app loop reacts to.
package enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// Text pasted as a whole (the terminal's bracketed paste), never read as keys: a paste
    /// must not press a hundred action keys, and it costs one event however long it is.
    case paste(String)
    /// Time passed without input (drives auto-advance in presenter mode).
    case tick
    /// The terminal went away or a signal asked us to stop.
    case hangup
}

/// The small surface the inspector needs from a terminal. The ncurses backend lives in
/// IDTerminal; the inspector tests drive `Inspector` directly and render `Screen` as text.
package protocol TerminalBackend: AnyObject {
    var size: (width: Int, height: Int) { get }
    /// Shows the canvas (a real terminal sends only what changed).
    func draw(_ canvas: Canvas)
    /// The next event, or `.tick` after `timeoutMilliseconds` (nil: wait indefinitely).
    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent
    /// An event that has already arrived, without waiting (nil: none), so the loop can handle
    /// everything queued before it draws again.
    func pendingEvent() -> InputEvent?
}

extension TerminalBackend {
    package func pendingEvent() -> InputEvent? { nil }
}

/// Reading and writing scenario files, kept behind a protocol so the inspector core does no I/O
/// of its own and tests can use a dictionary.
package protocol ScenarioFiles: Sendable {
    func exists(_ path: String) -> Bool
    func read(_ path: String) throws -> String
    /// Writes atomically (temporary file, fsync, rename).
    func write(_ text: String, to path: String) throws
    /// The entries of a directory, a directory's name ending in "/" (Tab in the `o` and `w`
    /// prompts completes paths from them); none where it cannot be read.
    func entries(of directory: String) -> [String]
}

extension ScenarioFiles {
    package func entries(of directory: String) -> [String] { [] }
}
