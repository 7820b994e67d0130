import CCurses
import IDPlatform
import Synchronization

/// The signal that asked us to stop (0: none). Written by signal handlers, read by the loop.
let caughtSignal = Atomic<Int32>(0)
/// Whether curses currently owns the terminal (so crash paths know to give it back).
let cursesActive = Atomic<Bool>(false)
/// Set by SIGTSTP (Ctrl-Z): the loop gives the terminal back and stops (see `TerminalGuard.suspend`).
let suspendAsked = Atomic<Bool>(false)
/// stderr while curses runs goes to a log, replayed afterwards (a crash message would otherwise
/// be drawn into the alternate screen and lost). The log is an unlinked temporary file, so
/// nothing is left behind however the process ends, `kill -9` included.
nonisolated(unsafe) var savedStderr: Int32 = -1
nonisolated(unsafe) var stderrLog: Int32 = -1

/// Gives the terminal back however the program ends: quit, Ctrl-C, SIGTERM, SIGHUP, exit(), a
/// crash, any signal whose default is to end the process. Only async-signal-tolerable work
/// happens in the handlers.
enum TerminalGuard {
    /// Signals that ask to stop: the loop notices, leaves cleanly and exits with 128 + signal.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]
    /// Faults: the terminal is restored, then the previous handler (Swift's backtracer, which
    /// prints where it happened) or the default action ends the process with the signal.
    static let crashSignals = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS]

    static func install() {
        for sig in stopSignals {
            Platform.Signals.catchStop(sig) { sig in caughtSignal.store(sig, ordering: .relaxed) }
        }
        // Ctrl-Z. Caught here, before curses starts, ncurses leaves it to us: its own handler
        // stopped the process in the middle of a read, which went on after `fg` without the keypad
        // mode sent again, so the first arrow key came in the terminal's other encoding and was
        // lost. Caught without SA_RESTART, the read returns, and the loop suspends (`suspend`).
        Platform.Signals.catchStop(SIGTSTP) { _ in suspendAsked.store(true, ordering: .relaxed) }
        for sig in crashSignals + Platform.Signals.otherFatal {
            Platform.Signals.catchFatal(sig) { sig, sentByProcess in
                TerminalGuard.endFromSignal(sig, sentByProcess: sentByProcess != 0)
            }
        }
        atexit { TerminalGuard.restore() }
    }

    /// Gives the terminal back as a quit would, stops the process as Ctrl-Z asked, and after `fg`
    /// takes the terminal again with every mode sent anew. Called by the loop, not in a handler.
    static func suspend() {
        setBracketedPaste(false)
        idscope_curses_end()
        releaseStderr()
        // Stop as SIGTSTP does by default (the shell reports it as a Ctrl-Z), then catch it again.
        Platform.Signals.setDefault(SIGTSTP)
        raise(SIGTSTP)
        Platform.Signals.catchStop(SIGTSTP) { _ in suspendAsked.store(true, ordering: .relaxed) }
        captureStderr()
        idscope_curses_resume()
        setBracketedPaste(true)
    }

    /// Restores the terminal, then lets the signal end the process.
    ///
    /// A real fault (the kernel's) goes back to the handler that was there before ours, Swift's
    /// backtracer, which prints where it happened: returning re-runs the faulting instruction,
    /// which faults again into it. Anything else, a fault signal sent with `kill` included (the
    /// backtracer ignores those, and the inspector would carry on drawing), ends the process
    /// through the default action, with that signal's status: `raise` is delivered as soon as
    /// the handler returns, the signal being blocked while it runs.
    static func endFromSignal(_ sig: Int32, sentByProcess: Bool) {
        restore()
        if !sentByProcess && crashSignals.contains(sig) && Platform.Signals.previousIsFunction(sig) {
            Platform.Signals.restorePrevious(sig)
            return
        }
        Platform.Signals.setDefault(sig)
        raise(sig)
    }

    /// Sends stderr to a temporary log while curses draws.
    static func captureStderr() {
        var template = Array("/tmp/idscope-stderr-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        unlink(template)   // the open descriptor keeps it; no name is left to clean up
        fflush(nil)
        savedStderr = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        stderrLog = fd
    }

    /// Puts stderr back and copies what was logged to it (read/write only: safe in handlers).
    static func releaseStderr() {
        guard savedStderr >= 0 else { return }
        dup2(savedStderr, STDERR_FILENO)
        close(savedStderr)
        savedStderr = -1
        guard stderrLog >= 0 else { return }
        lseek(stderrLog, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(stderrLog, &buffer, buffer.count)
            if n <= 0 { break }
            _ = write(STDERR_FILENO, buffer, n)
        }
        close(stderrLog)
        stderrLog = -1
    }

    /// Asks the terminal to mark pasted text (or to stop: the shell after us expects plain keys).
    static func setBracketedPaste(_ on: Bool) {
        let sequence: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }

    /// Leaves curses: cursor back, echo and line mode back, paste marking off, alternate screen gone.
    static func restore() {
        guard cursesActive.exchange(false, ordering: .relaxed) else { return }
        setBracketedPaste(false)
        idscope_curses_end()
        releaseStderr()
    }
}
