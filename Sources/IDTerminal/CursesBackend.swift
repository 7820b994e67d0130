import CCurses
import IDInspector
import IDPlatform
import Synchronization

/// The inspector on a real terminal through ncurses (the C target CCurses): draws canvases,
/// reads keys and the mouse.
package final class CursesBackend: TerminalBackend {
    private let colour: Bool
    private var pairs: [Int: Int16] = [:]

    /// Takes over the terminal as `terminal` (from `TerminalCheck.choose()`).
    package init(terminal: TerminalCheck.Choice, mouse: Bool, colour: Bool) throws(TerminalCheck.Problem) {
        // Without a UTF-8 LC_CTYPE, ncurses draws CJK and box lines as garbage.
        _ = idscope_use_utf8_locale()
        TerminalGuard.install()
        TerminalGuard.captureStderr()
        let colours = idscope_curses_start(terminal.type, mouse ? 1 : 0, colour ? 1 : 0)
        guard colours >= 0 else {
            TerminalGuard.releaseStderr()
            throw TerminalCheck.Problem(description: "idscope: ncurses could not start on terminal type '\(terminal.type)'")
        }
        cursesActive.store(true, ordering: .relaxed)
        self.colour = colours == 1
        TerminalGuard.setBracketedPaste(true)
    }
    /// The most characters of one paste kept (the rest is read and dropped, never run as keys).
    static let maxPaste = 1 << 16

    deinit {
        TerminalGuard.restore()
    }

    /// Gives the terminal back (also done on exit, signals and crashes).
    package func close() {
        TerminalGuard.restore()
    }

    package var size: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        idscope_curses_size(&width, &height)
        return (Int(width), Int(height))
    }

    package func draw(_ canvas: Canvas) {
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let style = canvas[x, y].style
                var run = ""
                let start = x
                while x < canvas.width, canvas[x, y].style == style {
                    if !canvas[x, y].isContinuation { run.append(canvas[x, y].character) }
                    x += 1
                }
                idscope_curses_put(Int32(y), Int32(start), run, attributes(style), Int32(pair(style)))
            }
        }
        idscope_curses_refresh()
    }

    func attributes(_ style: CellStyle) -> Int32 {
        var attrs: Int32 = 0
        if style.bold { attrs |= IDSCOPE_ATTR_BOLD }
        if style.dim { attrs |= IDSCOPE_ATTR_DIM }
        if style.reverse { attrs |= IDSCOPE_ATTR_REVERSE }
        if style.underline { attrs |= IDSCOPE_ATTR_UNDERLINE }
        return attrs
    }

    /// A colour pair for the style's colours (the terminal's default background).
    func pair(_ style: CellStyle) -> Int16 {
        guard colour, style.foreground != nil || style.background != nil else { return 0 }
        let key = Int(style.foreground?.rawValue ?? 9) * 16 + Int(style.background?.rawValue ?? 9)
        if let existing = pairs[key] { return existing }
        let number = Int16(pairs.count + 1)
        idscope_curses_define_pair(Int32(number), style.foreground.map { Int32($0.rawValue) } ?? -1,
                                   style.background.map { Int32($0.rawValue) } ?? -1)
        pairs[key] = number
        return number
    }

    package func nextEvent(timeoutMilliseconds: Int?) -> InputEvent {
        read(timeoutMilliseconds: timeoutMilliseconds ?? -1) ?? .tick
    }

    package func pendingEvent() -> InputEvent? {
        read(timeoutMilliseconds: 0)
    }

    /// The next event within the timeout (-1: wait), nil when none came.
    func read(timeoutMilliseconds: Int) -> InputEvent? {
        var value: Int32 = 0
        let kind = idscope_curses_read(Int32(timeoutMilliseconds), &value)
        if caughtSignal.load(ordering: .relaxed) != 0 { return .hangup }
        if suspendAsked.exchange(false, ordering: .relaxed) {
            // Ctrl-Z: stopped until `fg`; then a full redraw at the terminal's size then.
            TerminalGuard.suspend()
            let (w, h) = size
            return .resize(width: w, height: h)
        }
        switch kind {
        case IDSCOPE_INPUT_KEY:
            return value == IDSCOPE_KEY_PASTE_START ? readPaste() : special(value)
        case IDSCOPE_INPUT_CHARACTER:
            return ordinary(value)
        case IDSCOPE_INPUT_GONE:
            return .hangup
        default:
            // A timeout, or the terminal is gone (a hang-up would otherwise spin here). errno is
            // not read here: the C side read it right after the call (a stale EIO is no hang-up).
            if isatty(STDIN_FILENO) == 0 { return .hangup }
            return nil
        }
    }

    /// Everything up to the end-of-paste marker, as text (a marker that never comes ends it
    /// after a pause, so a terminal that drops it cannot hang the inspector).
    func readPaste() -> InputEvent {
        var text = ""
        var kept = 0
        while caughtSignal.load(ordering: .relaxed) == 0 {
            var value: Int32 = 0
            let kind = idscope_curses_read(200, &value)
            if kind == IDSCOPE_INPUT_NONE { break }
            if kind == IDSCOPE_INPUT_KEY {
                if value == IDSCOPE_KEY_PASTE_END { break }
                continue
            }
            guard kept < Self.maxPaste, let scalar = Unicode.Scalar(UInt32(bitPattern: value)) else { continue }
            text.unicodeScalars.append(scalar)
            kept += 1
        }
        return .paste(text)
    }

    func special(_ key: Int32) -> InputEvent {
        switch key {
        case IDSCOPE_KEY_UP: return .key(.up)
        case IDSCOPE_KEY_DOWN: return .key(.down)
        case IDSCOPE_KEY_LEFT: return .key(.left)
        case IDSCOPE_KEY_RIGHT: return .key(.right)
        case IDSCOPE_KEY_HOME: return .key(.home)
        case IDSCOPE_KEY_END: return .key(.end)
        case IDSCOPE_KEY_PAGE_UP: return .key(.pageUp)
        case IDSCOPE_KEY_PAGE_DOWN: return .key(.pageDown)
        case IDSCOPE_KEY_ENTER: return .key(.enter)
        case IDSCOPE_KEY_BACKSPACE: return .key(.backspace)
        case IDSCOPE_KEY_DELETE: return .key(.delete)
        case IDSCOPE_KEY_BACK_TAB: return .key(.backTab)
        case IDSCOPE_KEY_RESIZE:
            let (w, h) = size
            return .resize(width: w, height: h)
        case IDSCOPE_KEY_MOUSE:
            var x: Int32 = 0, y: Int32 = 0, kind: Int32 = 0
            guard idscope_curses_mouse(&x, &y, &kind) == 1 else { return .tick }
            let mouse: MouseEvent.Kind = switch kind {
            case IDSCOPE_MOUSE_WHEEL_UP: .wheelUp
            case IDSCOPE_MOUSE_WHEEL_DOWN: .wheelDown
            case IDSCOPE_MOUSE_RELEASE: .release
            default: .press
            }
            return .mouse(MouseEvent(x: Int(x), y: Int(y), kind: mouse))
        case IDSCOPE_KEY_F1..<IDSCOPE_KEY_F1 + 12:
            return .key(.function(Int(key - IDSCOPE_KEY_F1) + 1))
        default:
            return .tick
        }
    }

    func ordinary(_ character: Int32) -> InputEvent {
        switch character {
        case 27: return .key(.escape)
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 127, 8: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(character) + 96))))
        default:
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: character)) else { return .tick }
            return .key(.character(Character(scalar)))
        }
    }

    /// The exit status for the signal that stopped us, if one did (128 + signal, as shells report).
    package static var signalExitStatus: Int32? {
        let sig = caughtSignal.load(ordering: .relaxed)
        return sig == 0 ? nil : 128 + sig
    }
}
