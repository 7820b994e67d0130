import CNcursesw
import Glibc
import Synchronization

/// The signal that asked us to stop (0: none). Written by signal handlers, read by the loop.
let caughtSignal = Atomic<Int32>(0)
/// Whether curses currently owns the terminal (so crash paths know to give it back).
let cursesActive = Atomic<Bool>(false)
/// stderr while curses runs goes to a log, replayed afterwards (a crash message would otherwise
/// be drawn into the alternate screen and lost).
nonisolated(unsafe) var savedStderr: Int32 = -1
nonisolated(unsafe) var stderrLogPath: [CChar] = []
nonisolated(unsafe) var previousCrashActions = Array<sigaction>(repeating: sigaction(), count: 65)

/// Gives the terminal back however the program ends: quit, Ctrl-C, SIGTERM, SIGHUP, exit(), a
/// crash. Only async-signal-tolerable work happens in the handlers.
enum TerminalGuard {
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]
    static let crashSignals = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP]

    static func install() {
        for sig in stopSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in caughtSignal.store(sig, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0          // no SA_RESTART: a blocking read returns, and the loop sees the flag
            sigaction(sig, &action, nil)
        }
        for sig in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { sig, _, _ in
                TerminalGuard.restoreFromSignal()
                // Hand the signal back to the previous owner (Swift's backtracer) and let it run.
                sigaction(sig, &previousCrashActions[Int(sig)], nil)
                if sig == SIGABRT || sig == SIGTRAP { raise(sig) }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | Int32(SA_ONSTACK)
            sigaction(sig, &action, &previousCrashActions[Int(sig)])
        }
        atexit { TerminalGuard.restore() }
    }

    /// Sends stderr to a temporary log while curses draws.
    static func captureStderr() {
        var template = Array("/tmp/idscope-stderr-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        fflush(idscope_stderr())
        savedStderr = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        close(fd)
        stderrLogPath = template
    }

    /// Puts stderr back and copies what was logged to it (read/write only: safe in handlers).
    static func releaseStderr() {
        guard savedStderr >= 0 else { return }
        dup2(savedStderr, STDERR_FILENO)
        close(savedStderr)
        savedStderr = -1
        stderrLogPath.withUnsafeBufferPointer { path in
            guard let base = path.baseAddress else { return }
            let fd = open(base, O_RDONLY)
            if fd >= 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    _ = write(STDERR_FILENO, buffer, n)
                }
                close(fd)
            }
            unlink(base)
        }
    }

    /// Leaves curses: cursor back, echo and line mode back, alternate screen gone.
    static func restore() {
        guard cursesActive.exchange(false, ordering: .relaxed) else { return }
        curs_set(1)
        endwin()
        releaseStderr()
    }

    static func restoreFromSignal() {
        restore()
    }
}
