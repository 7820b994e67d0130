import IDPlatform
import Synchronization

/// Ctrl-C or SIGTERM during a long search (`explore --depth 12` runs for minutes): the first asks
/// the search to stop and the command to print what it found so far; a second ends the process at
/// once, as if nothing were caught, so a user is never stuck.
///
/// Once it has printed, the command ends by the same signal (`endBySignal`) rather than with an
/// exit status of its own: the shell then reports an interrupted command (130 after Ctrl-C, 143
/// after SIGTERM), as it did before the signal was caught, and a script looping over commands
/// stops as well instead of taking the output for a finished search.
enum StopRequest {
    /// The signal that asked to stop, or 0. Written only in the handler.
    private static let caught = Atomic<Int32>(0)

    static let signals = [SIGINT, SIGTERM]

    /// Catches the stop signals from now on.
    static func install() {
        // Touched here so the handler never runs the lazy initializer.
        _ = caught.load(ordering: .relaxed)
        for sig in signals {
            Platform.Signals.catchStop(sig) { sig in
                if StopRequest.caught.compareExchange(expected: 0, desired: sig, ordering: .relaxed).exchanged { return }
                // The second: sigaction and raise are async-signal-safe; the default action ends the process.
                Platform.Signals.setDefault(sig)
                raise(sig)
            }
        }
    }

    static var isRequested: Bool { caught.load(ordering: .relaxed) != 0 }

    /// Ends the process by the signal that asked it to stop. Call after the output is flushed.
    static func endBySignal() -> Never {
        let sig = caught.load(ordering: .relaxed)
        Platform.Signals.setDefault(sig)
        raise(sig)
        // Not reached: the signal is not blocked outside a handler, and its default ends the process.
        Platform.exitProcess(128 + sig)
    }
}
