import CCurses
import IDPlatform
import IDScenario

/// Checks that we can take over the terminal before touching it: `initscr` would exit on a bad
/// TERM and happily draw escape codes into a pipe or onto a dumb terminal.
package enum TerminalCheck {
    /// The terminal type the inspector will draw with, and a note when it is not TERM's.
    package struct Choice: Sendable, Equatable {
        package var type: String
        /// Set when TERM has no terminfo entry here and a close one stands in for it.
        package var note: String?
    }

    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    /// The terminal type to use, or why the inspector cannot run.
    ///
    /// A TERM that terminfo does not know is replaced by a close entry that it does, with a
    /// note: macOS 13's terminfo (ncurses 5.7, Apple's ncurses-61) has no `tmux-256color`, tmux's
    /// default inside it; macOS 14 and later ship ncurses 6.0's terminfo.src, which has it
    /// (ncurses-71 and ncurses-79). Remote hosts and containers often lack one too.
    package static func choose() throws(Problem) -> Choice {
        let hint = "; use 'idscope run SCENARIO' for output without a terminal"
        guard isatty(STDIN_FILENO) == 1 else { throw Problem(description: "idscope: the inspector needs a terminal, and standard input is not one" + hint) }
        guard isatty(STDOUT_FILENO) == 1 else { throw Problem(description: "idscope: the inspector needs a terminal, and standard output is not one (piped or redirected)" + hint) }
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else {
            throw Problem(description: "idscope: TERM is not set, so the terminal type is unknown" + hint)
        }
        guard term != "dumb" else { throw Problem(description: "idscope: TERM is 'dumb', which cannot position the cursor" + hint) }
        switch idscope_terminfo_check(term) {
        case 1: return Choice(type: term)
        case 0: throw Problem(description: "idscope: terminal type '\(TerminalText.escaped(term))' cannot position the cursor" + hint)
        default: break
        }
        for stand in standIns(for: term) where idscope_terminfo_check(stand) == 1 {
            return Choice(type: stand, note: "TERM '\(TerminalText.escaped(term))' has no terminfo entry here; drawing as '\(stand)'")
        }
        throw Problem(description: "idscope: terminal type '\(TerminalText.escaped(term))' is unknown to terminfo, and so are its stand-ins" + hint)
    }

    /// The entries tried, in order, for a TERM that terminfo does not know: tmux's own
    /// `screen-256color` for a `tmux…` TERM, then the two that every terminfo has.
    static func standIns(for term: String) -> [String] {
        (term.hasPrefix("tmux") ? ["screen-256color"] : []) + ["xterm-256color", "screen"]
    }
}
