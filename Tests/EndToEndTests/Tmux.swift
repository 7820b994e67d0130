import Foundation
import IDPlatform
import Testing
import TestSupport

/// A private tmux server running the real `idscope` in a pane, for end-to-end tests.
///
/// tmux is started with posix_spawn rather than Foundation's Process (whose wait never returns
/// when the daemonized tmux server keeps its pipe open), and with an empty signal mask (test
/// threads block signals and children inherit that, which would stop SIGWINCH and SIGTERM).
final class Tmux {
    /// Debian's, a hand-built one, or Homebrew's (Apple silicon, then Intel).
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { path != nil }

    let directory: URL
    let socket: String
    /// Idle probes sent; the inspector answers each in the pane's title (IDSCOPE_IDLE_PROBE).
    private var probes = 0

    init(width: Int = 120, height: Int = 36, command: String) throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("idscope-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("s").path
        let config = directory.appendingPathComponent("tmux.conf")
        try "set -g default-terminal tmux-256color\nset -g remain-on-exit on\nset -g status off\nset -g escape-time 0\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let shell = "cd \(directory.path) && env LANG=\(Host.utf8Locale) LC_ALL=\(Host.utf8Locale) SWIFT_BACKTRACE=interactive=no NO_COLOR= "
            + "IDSCOPE_IDLE_PROBE=1 \(command); "
            + "echo \"[exit $?]\"; stty -a; sleep 600"
        _ = try tmux(["-f", config.path, "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", shell])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    static var binary: String { BuiltProducts.executable("idscope").path }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Self.spawn(Self.path!, ["tmux", "-S", socket] + arguments)
    }

    func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "e2e"])) ?? "" }
    /// The screen's lines, trailing spaces dropped (and the empty line after the last newline).
    func lines() -> [String] {
        var lines = screen().split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
    /// The screen and the scrollback above it.
    func history() -> String { (try? tmux(["capture-pane", "-p", "-S", "-", "-t", "e2e"])) ?? "" }
    func keys(_ keys: String...) { _ = try? tmux(["send-keys", "-t", "e2e"] + keys) }
    func literal(_ text: String) { _ = try? tmux(["send-keys", "-t", "e2e", "-l", text]) }
    /// Pastes text as a terminal does when the app asked for bracketed paste (tmux adds the markers).
    func pasteBracketed(_ text: String) {
        // Through a file: tmux refuses long command-line arguments.
        let file = directory.appendingPathComponent("paste.txt")
        try? text.write(to: file, atomically: true, encoding: .utf8)
        _ = try? tmux(["load-buffer", "-b", "p", file.path])
        _ = try? tmux(["paste-buffer", "-p", "-d", "-b", "p", "-t", "e2e"])
    }
    func resize(width: Int, height: Int) { _ = try? tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"]) }
    func format(_ f: String) -> String { ((try? tmux(["display", "-p", "-t", "e2e", f])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Sends keys, then waits until the inspector has handled them and drawn the result: it
    /// sends the idle probe (F12) after them and waits for the inspector's answer, the pane
    /// title `idscope-idle-N`. tmux reads the pane's output in order, so the screen captured
    /// after that is the one those keys made, never an earlier one.
    func press(_ keys: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        if !keys.isEmpty { _ = try? tmux(["send-keys", "-t", "e2e"] + keys) }
        settle(sourceLocation: sourceLocation)
    }

    /// Types text literally, then waits as `press` does.
    func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        literal(text)
        settle(sourceLocation: sourceLocation)
    }

    /// Waits until the inspector has handled everything sent so far and drawn it.
    func settle(timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) {
        probes += 1
        _ = try? tmux(["send-keys", "-t", "e2e", "F12"])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if format("#{pane_title}") == "idscope-idle-\(probes)" { return }
            usleep(5_000)
        }
        Issue.record("the inspector did not answer idle probe \(probes); the screen was:\n\(screen())", sourceLocation: sourceLocation)
    }

    /// The screen now; with `press` first, the screen those keys made.
    func expectScreen(_ text: String, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let now = screen()
        #expect(now.contains(text), "\(comment?.description ?? "") — wanted '\(text)'; the screen was:\n\(now)", sourceLocation: sourceLocation)
    }

    /// Waits until the screen shows the text (polling every 10 ms), failing after a timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen().contains(text) { return true }
            usleep(10_000)
        }
        Issue.record("timed out waiting for '\(text)'; the screen was:\n\(screen())", sourceLocation: sourceLocation)
        return false
    }

    /// The pid of the process in the pane's shell that runs idscope: from Linux's /proc, else
    /// from pgrep (a Mac's, or procps').
    func appPID() -> Int32? {
        let shell = Int32(format("#{pane_pid}")) ?? 0
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8))
            ?? (try? Self.spawn("/usr/bin/pgrep", ["pgrep", "-P", "\(shell)"]))
        return children?.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }.first
    }

    /// Runs a program to its end with an empty signal mask and default actions (posix_spawn:
    /// Foundation's Process never returns while the daemonized tmux server keeps its pipe
    /// open); what it printed, through a temporary file.
    static func spawn(_ path: String, _ argv: [String]) throws -> String {
        let out = URL(fileURLWithPath: "/tmp/idscope-e2e-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let pid = try Platform.spawn(path, arguments: argv, environment: environment,
                                     stdio: (.file("/dev/null"), .file(out.path), .file("/dev/null")), resetSignals: true)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }
}
