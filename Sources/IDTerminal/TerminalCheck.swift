import CNcursesw
import Glibc

/// Checks that we can take over the terminal before touching it: `initscr` would exit on a bad
/// TERM and happily draw escape codes into a pipe or onto a dumb terminal.
public enum TerminalCheck {
    /// nil when the inspector can run; otherwise one line saying why not.
    public static func problem() -> String? {
        let hint = "; use 'idscope run SCENARIO' for output without a terminal"
        guard isatty(STDIN_FILENO) == 1 else { return "idscope: the inspector needs a terminal, and standard input is not one" + hint }
        guard isatty(STDOUT_FILENO) == 1 else { return "idscope: the inspector needs a terminal, and standard output is not one (piped or redirected)" + hint }
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else {
            return "idscope: TERM is not set, so the terminal type is unknown" + hint
        }
        guard term != "dumb" else { return "idscope: TERM is 'dumb', which cannot position the cursor" + hint }
        var status: Int32 = 0
        guard setupterm(term, STDOUT_FILENO, &status) == OK else {
            return "idscope: terminal type '\(term)' is unknown to terminfo" + hint
        }
        let canMove = tigetstr("cup").map { Int(bitPattern: $0) != -1 && Int(bitPattern: $0) != 0 } ?? false
        idscope_free_preflight_term()
        guard canMove else { return "idscope: terminal type '\(term)' cannot position the cursor" + hint }
        return nil
    }
}
