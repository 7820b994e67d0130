internal import CPlatform

extension Platform {
    /// Signal handling that differs between systems: the handler fields of `struct sigaction`
    /// (a union whose member names differ), which signals exist, and how a handler tells a fault
    /// from a signal another process sent.
    package enum Signals {
        /// A handler for a signal that asks the program to stop.
        package typealias StopHandler = @convention(c) (Int32) -> Void
        /// A handler for a fault or another fatal signal; the second argument is 1 when a process
        /// sent it (kill, raise), 0 when the kernel raised it for a fault.
        package typealias FatalHandler = @convention(c) (Int32, Int32) -> Void

        /// Signals whose default action ends the process, besides the stop requests (INT, TERM,
        /// HUP) and the faults: each system's own.
        package static let otherFatal: [Int32] = {
            var signals = [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ]
            #if os(Linux)
            // Linux only. On Darwin SIGIO's default is to ignore it (xnu-11417.121.6
            // bsd/sys/signalvar.h:153, SA_IGNORE), so ending the process on it would be ours alone.
            signals += [SIGSTKFLT, SIGPWR, SIGIO]
            #elseif canImport(Darwin)
            // Darwin only: the emulator trap, whose default ends the process with a core
            // (xnu-11417.121.6 bsd/sys/signal.h:94, `#define SIGEMT 7`).
            signals += [SIGEMT]
            #endif
            return signals
        }()

        /// Installs a stop handler, without SA_RESTART: a blocking read returns, and the loop sees
        /// the signal. The signal is unblocked in this thread too, whatever mask the parent left us.
        package static func catchStop(_ signal: Int32, _ handler: StopHandler) {
            _ = idscope_signal_catch(signal, handler)
        }

        /// Installs a fatal handler on the alternate stack, keeping the action it replaces.
        package static func catchFatal(_ signal: Int32, _ handler: FatalHandler) {
            _ = idscope_signal_catch_fatal(signal, handler)
        }

        /// How `catchFatal`'s handler reads a signal: whether a process sent it (kill, raise, a
        /// timer) rather than the kernel for a fault, under Linux's or Darwin's codes (platform.c).
        package static func readsAsSent(_ signal: Int32, code: Int32, darwinRules: Bool) -> Bool {
            idscope_signal_reads_as_sent(signal, code, darwinRules ? 1 : 0) != 0
        }

        /// Whether the action `catchFatal` replaced was a function (Swift's backtracer, say).
        package static func previousIsFunction(_ signal: Int32) -> Bool {
            idscope_signal_previous_is_function(signal) != 0
        }

        /// Puts back the action `catchFatal` replaced.
        package static func restorePrevious(_ signal: Int32) {
            _ = idscope_signal_restore_previous(signal)
        }

        /// The default action for the signal.
        package static func setDefault(_ signal: Int32) {
            _ = idscope_signal_default(signal)
        }

        /// Ignores the signal.
        package static func ignore(_ signal: Int32) {
            _ = idscope_signal_ignore(signal)
        }

        /// Whether the signal is ignored now: as a shell starts a background job for SIGINT and
        /// SIGQUIT, and nohup for SIGHUP, meaning the signal is not for this process.
        package static func isIgnored(_ signal: Int32) -> Bool {
            idscope_signal_is_ignored(signal) != 0
        }
    }
}
