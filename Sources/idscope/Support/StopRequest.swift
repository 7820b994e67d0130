import IDPlatform
import Synchronization

/// Ctrl-C or SIGTERM during a long search (`explore --depth 12` runs for minutes): the first asks
/// the search to stop and the command to print what it found so far; a second ends the process at
/// once, as if nothing were caught, so a user is never stuck.
///
/// Once it has printed, the command ends by the same signal (`endBySignal`) rather than with an
/// exit status of its own: the shell then reports an interrupted command (130 after Ctrl-C, 143
/// after SIGTERM), as it would have for an uncaught signal, and a script looping over commands
/// stops as well instead of taking the output for a finished search. A signal that was ignored
/// when the command started (a shell starts background jobs with SIGINT ignored, so that a Ctrl-C
/// meant for the foreground job does not reach them) stays ignored.
enum StopRequest {
    /// The signal that asked to stop, or 0. Written only in the handler.
    private static let caught = Atomic<Int32>(0)
    /// The signals `install` caught (not those that were ignored).
    nonisolated(unsafe) private static var installed: [Int32] = []

    static let signals = [SIGINT, SIGTERM]

    /// Catches the stop signals from now on, but those ignored already.
    static func install() {
        // Touched here so the handler never runs the lazy initializer.
        _ = caught.load(ordering: .relaxed)
        installed = signals.filter { !Platform.Signals.isIgnored($0) }
        for sig in installed {
            Platform.Signals.catchStop(sig) { sig in
                if StopRequest.caught.compareExchange(expected: 0, desired: sig, ordering: .relaxed).exchanged { return }
                // The second: sigaction and raise are async-signal-safe; the default action ends the process.
                Platform.Signals.setDefault(sig)
                raise(sig)
            }
        }
    }

    /// Gives the signals their default action back: past the search, a signal ends the command
    /// as it would any other.
    static func uninstall() {
        for sig in installed { Platform.Signals.setDefault(sig) }
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

/// What a stop request cut short in a command that searches several things in turn: said in one
/// line on stderr once the output is printed.
struct CutShort {
    /// Searches stopped before their depth: "keychain-idfv (depth 4 in full)".
    var searches: [String] = []
    /// Breaks whose fix search was dropped or never began: "keychain-idfv stable".
    var fixes: [String] = []
    /// Targets never searched.
    var notReached: [String] = []

    var isEmpty: Bool { searches.isEmpty && fixes.isEmpty && notReached.isEmpty }

    var sentence: String {
        var parts: [String] = []
        if !searches.isEmpty { parts.append("stopped before its depth (rows marked stopped hold only to the depth they give): " + searches.joined(separator: ", ")) }
        if !fixes.isEmpty { parts.append("no fixes searched for " + fixes.joined(separator: ", ")) }
        if !notReached.isEmpty { parts.append("not searched: " + notReached.joined(separator: ", ")) }
        return "idscope: interrupted; " + parts.joined(separator: "; ")
    }
}
