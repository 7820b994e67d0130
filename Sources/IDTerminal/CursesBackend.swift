import CNcursesw
import Glibc
import IDInspector
import Synchronization

/// The inspector on a real terminal through ncursesw: draws canvases, reads keys and the mouse.
public final class CursesBackend: TerminalBackend {
    private let colour: Bool
    private var pairs: [Int: Int16] = [:]

    /// Takes over the terminal. Call `TerminalCheck.problem()` first.
    public init(mouse: Bool, colour: Bool) {
        Self.ensureUTF8Locale()
        TerminalGuard.install()
        TerminalGuard.captureStderr()
        // newterm, not initscr: initscr exits on its own when the terminal is unusable.
        let screen = newterm(nil, idscope_stdout(), idscope_stdin())
        set_term(screen)
        cursesActive.store(true, ordering: .relaxed)
        cbreak()
        noecho()
        nonl()
        keypad(idscope_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        self.colour = colour && has_colors()
        if self.colour {
            start_color()
            use_default_colors()
        }
        if mouse {
            mousemask(idscope_mouse_mask(), nil)
            mouseinterval(0)
        }
        // Bracketed paste: the terminal marks pasted text, which then arrives as one event.
        define_key("\u{1B}[200~", Self.pasteStart)
        define_key("\u{1B}[201~", Self.pasteEnd)
        TerminalGuard.setBracketedPaste(true)
    }

    /// Key codes for the paste markers, above every code ncurses defines (KEY_MAX is 0777).
    static let pasteStart: Int32 = 0o1001
    static let pasteEnd: Int32 = 0o1002
    /// The most characters of one paste kept (the rest is read and dropped, never run as keys).
    static let maxPaste = 1 << 16

    deinit {
        TerminalGuard.restore()
    }

    /// Gives the terminal back (also done on exit, signals and crashes).
    public func close() {
        TerminalGuard.restore()
    }

    /// A UTF-8 LC_CTYPE, without which ncursesw draws CJK and box lines as garbage.
    static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        let ctype = String(cString: setlocale(LC_CTYPE, nil)).lowercased()
        if !(ctype.contains("utf-8") || ctype.contains("utf8")) { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    public var size: (width: Int, height: Int) {
        (Int(getmaxx(idscope_stdscr())), Int(getmaxy(idscope_stdscr())))
    }

    public func draw(_ canvas: Canvas) {
        let window = idscope_stdscr()
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
                wattr_set(window, attributes(style), pair(style), nil)
                // The last cell of the screen would scroll it; ncurses reports ERR there, harmlessly.
                _ = mvwaddstr(window, Int32(y), Int32(start), run)
            }
        }
        wnoutrefresh(window)
        doupdate()
    }

    func attributes(_ style: Style) -> attr_t {
        var attrs = idscope_A_NORMAL()
        if style.bold { attrs |= idscope_A_BOLD() }
        if style.dim { attrs |= idscope_A_DIM() }
        if style.reverse { attrs |= idscope_A_REVERSE() }
        if style.underline { attrs |= idscope_A_UNDERLINE() }
        return attrs
    }

    /// A colour pair for the style's colours (the terminal's default background).
    func pair(_ style: Style) -> Int16 {
        guard colour, style.foreground != nil || style.background != nil else { return 0 }
        let key = Int(style.foreground?.rawValue ?? 9) * 16 + Int(style.background?.rawValue ?? 9)
        if let existing = pairs[key] { return existing }
        let number = Int16(pairs.count + 1)
        init_pair(number, style.foreground.map { Int16($0.rawValue) } ?? -1, style.background.map { Int16($0.rawValue) } ?? -1)
        pairs[key] = number
        return number
    }

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent {
        read(timeoutMilliseconds: timeoutMilliseconds ?? -1) ?? .tick
    }

    public func pendingEvent() -> InputEvent? {
        read(timeoutMilliseconds: 0)
    }

    /// The next event within the timeout (-1: wait), nil when none came.
    func read(timeoutMilliseconds: Int) -> InputEvent? {
        let window = idscope_stdscr()
        wtimeout(window, Int32(timeoutMilliseconds))
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if caughtSignal.load(ordering: .relaxed) != 0 { return .hangup }
        if result == ERR {
            // A timeout, or the terminal is gone (a hang-up would otherwise spin here).
            if errno == EIO || isatty(STDIN_FILENO) == 0 { return .hangup }
            return nil
        }
        if result == KEY_CODE_YES {
            return Int32(character) == Self.pasteStart ? readPaste() : special(Int32(character))
        }
        return ordinary(character)
    }

    /// Everything up to the end-of-paste marker, as text (a marker that never comes ends it
    /// after a pause, so a terminal that drops it cannot hang the inspector).
    func readPaste() -> InputEvent {
        let window = idscope_stdscr()
        wtimeout(window, 200)
        var text = ""
        var kept = 0
        while caughtSignal.load(ordering: .relaxed) == 0 {
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == Self.pasteEnd { break }
                continue
            }
            guard kept < Self.maxPaste, let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            text.unicodeScalars.append(scalar)
            kept += 1
        }
        return .paste(text)
    }

    func special(_ code: Int32) -> InputEvent {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_RESIZE:
            let (w, h) = size
            return .resize(width: w, height: h)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .tick }
            let kind: MouseEvent.Kind
            if event.bstate & idscope_BUTTON4_PRESSED() != 0 {
                kind = .wheelUp
            } else if event.bstate & idscope_BUTTON5_PRESSED() != 0 {
                kind = .wheelDown
            } else if event.bstate & idscope_BUTTON1_RELEASED() != 0 {
                kind = .release
            } else {
                kind = .press
            }
            return .mouse(MouseEvent(x: Int(event.x), y: Int(event.y), kind: kind))
        default:
            for n in 1...12 where code == idscope_KEY_F(Int32(n)) { return .key(.function(n)) }
            return .tick
        }
    }

    func ordinary(_ character: wint_t) -> InputEvent {
        switch character {
        case 27: return .key(.escape)
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 127, 8: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(character) + 96))))
        default:
            guard let scalar = Unicode.Scalar(UInt32(character)) else { return .tick }
            return .key(.character(Character(scalar)))
        }
    }

    /// The exit status for the signal that stopped us, if one did (128 + signal, as shells report).
    public static var signalExitStatus: Int32? {
        let sig = caughtSignal.load(ordering: .relaxed)
        return sig == 0 ? nil : 128 + sig
    }
}
