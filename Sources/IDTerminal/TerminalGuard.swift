import CNcursesw
import Glibc
import Synchronization

/// The signal that asked us to stop (0: none). Written by signal handlers, read by the loop.
let caughtSignal = Atomic<Int32>(0)
/// Whether curses currently owns the terminal (so crash paths know to give it back).
let cursesActive = Atomic<Bool>(false)
/// stderr while curses runs goes to a log, replayed afterwards (a crash message would otherwise
/// be drawn into the alternate screen and lost). The log is an unlinked temporary file, so
/// nothing is left behind however the process ends, `kill -9` included.
nonisolated(unsafe) var savedStderr: Int32 = -1
nonisolated(unsafe) var stderrLog: Int32 = -1
nonisolated(unsafe) var previousActions = Array<sigaction>(repeating: sigaction(), count: 65)

/// Gives the terminal back however the program ends: quit, Ctrl-C, SIGTERM, SIGHUP, exit(), a
/// crash, any signal whose default is to end the process. Only async-signal-tolerable work
/// happens in the handlers.
enum TerminalGuard {
    /// Signals that ask to stop: the loop notices, leaves cleanly and exits with 128 + signal.
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]
    /// Faults: the terminal is restored, then the previous handler (Swift's backtracer, which
    /// prints where it happened) or the default action ends the process with the signal.
    static let crashSignals = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS]
    /// Every other signal whose default action ends the process: the terminal is restored, then
    /// the default action ends the process with that signal's status.
    static let fatalSignals = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
                               SIGSTKFLT, SIGPWR, SIGIO]

    static func install() {
        for sig in stopSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in caughtSignal.store(sig, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0          // no SA_RESTART: a blocking read returns, and the loop sees the flag
            sigaction(sig, &action, nil)
        }
        for sig in crashSignals + fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { sig, info, _ in
                TerminalGuard.endFromSignal(sig, fromKernel: (info?.pointee.si_code ?? 0) > 0)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | Int32(SA_ONSTACK)
            sigaction(sig, &action, &previousActions[Int(sig)])
        }
        atexit { TerminalGuard.restore() }
    }

    /// Restores the terminal, then lets the signal end the process.
    ///
    /// A real fault (the kernel's, `si_code > 0`) goes back to the handler that was there before
    /// ours, Swift's backtracer, which prints where it happened: returning re-runs the faulting
    /// instruction, which faults again into it. Anything else, a fault signal sent with `kill`
    /// included (the backtracer ignores those, and the inspector would carry on drawing), ends the
    /// process through the default action, with that signal's status: `raise` is delivered as
    /// soon as the handler returns, the signal being blocked while it runs.
    static func endFromSignal(_ sig: Int32, fromKernel: Bool) {
        restore()
        // SIG_DFL is 0 and SIG_IGN 1; anything else is a function (whichever member of the union).
        let previousIsHandler = unsafeBitCast(previousActions[Int(sig)].__sigaction_handler.sa_handler, to: Int.self) > 1
        if fromKernel && crashSignals.contains(sig) && previousIsHandler {
            sigaction(sig, &previousActions[Int(sig)], nil)
            return
        }
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(sig, &fallback, nil)
        raise(sig)
    }

    /// Sends stderr to a temporary log while curses draws.
    static func captureStderr() {
        var template = Array("/tmp/idscope-stderr-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        unlink(template)   // the open descriptor keeps it; no name is left to clean up
        fflush(idscope_stderr())
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
        curs_set(1)
        endwin()
        releaseStderr()
    }
}
