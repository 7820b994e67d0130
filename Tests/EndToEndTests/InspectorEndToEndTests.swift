import Foundation
import Testing

/// The real binary in a real terminal (tmux): what a user would do, checked on the screen.
@Suite("Inspector end to end (tmux)", .serialized, .enabled(if: Tmux.available, "tmux is not installed; .ci/run installs it"))
struct InspectorEndToEndTests {
    @Test("starts on the tour; stepping forward and back shows IDFV change and return")
    func stepping() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("A tour of iOS identifiers")
        t.waitFor("step 0/32")
        t.literal("17")
        t.keys("Enter")
        t.waitFor("step 17/32")
        t.waitFor("▾ ACME1234  77CB…BEFE")
        t.keys("Right")
        t.waitFor("▾ ACME1234  no IDFV")              // the vendor's last app deleted (IDFV-5)
        t.keys("Right")
        t.waitFor("▾ ACME1234  DD2F…85F8")            // reinstalled: a new IDFV
        t.keys("Left", "Left")
        t.waitFor("▾ ACME1234  77CB…BEFE")            // back in time: the old one again
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("install and uninstall through keys and through the command line; help opens")
    func acting() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("End")
        t.waitFor("step 32/32")
        t.keys("i")
        t.waitFor("install on phone")
        t.keys("Enter")
        t.waitFor("step 33/33")
        t.waitFor("install: 1 change")
        t.literal(":uninstall com.acme.news")
        t.keys("Enter")
        t.waitFor("step 34/34")
        t.literal(":instal com.acme.news")
        t.keys("Enter")
        t.waitFor("did you mean 'install'?")
        t.keys("?")
        t.waitFor("presenter mode / auto-advance")
        t.keys("Escape")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("resizes to 80×24, says too small at 40×10, and comes back")
    func resizing() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.resize(width: 80, height: 24)
        t.waitFor("┌ World ─────────────────────────┐")
        t.resize(width: 40, height: 10)
        t.waitFor("Terminal too small: 40×10")
        t.resize(width: 120, height: 36)
        t.waitFor("┌ World ─────────────────────────────┐")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("a saved session replays with idscope run to the same IDs")
    func saveAndReplay() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("End")
        t.literal(":launch com.acme.shop on newphone")
        t.keys("Enter")
        t.waitFor("step 33/33")
        t.keys("w", "C-u")
        t.literal("session.yaml")
        t.keys("Enter")
        t.waitFor("saved 33 steps to session.yaml")
        t.keys("q")
        t.waitFor("[exit 0]")
        let saved = t.directory.appendingPathComponent("session.yaml").path
        let replay = try Tmux.spawn(Tmux.binary, ["idscope", "run", saved, "--format", "jsonl"])
        let tour = try Tmux.spawn(Tmux.binary, ["idscope", "run", "tour", "--format", "jsonl"])
        let replayLines = replay.split(separator: "\n")
        #expect(replayLines.count == 33)
        #expect(Array(replayLines.prefix(32)) == tour.split(separator: "\n"), "the same steps give the same IDs")
        let check = try Tmux.spawn(Tmux.binary, ["idscope", "check", saved])
        #expect(check.hasPrefix("PASS"))
    }

    @Test("q leaves the terminal sane: no alternate screen, cursor visible, echo and icanon on")
    func quitRestores() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        #expect(t.format("#{alternate_on}") == "1")
        t.keys("q")
        expectRestored(t, exitStatus: 0)
    }

    @Test("SIGTERM leaves the terminal sane too, with exit status 143")
    func sigtermRestores() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        let pid = try #require(t.appPID())
        kill(pid, SIGTERM)
        expectRestored(t, exitStatus: 143)
    }

    @Test("Ctrl-C leaves the terminal sane, with exit status 130")
    func controlC() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("C-c")
        expectRestored(t, exitStatus: 130)
    }

    @Test("SIGHUP leaves the terminal sane, with exit status 129")
    func sighupRestores() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        let pid = try #require(t.appPID())
        kill(pid, SIGHUP)
        expectRestored(t, exitStatus: 129)
    }

    @Test("a crash leaves the terminal sane and its message readable")
    func crashRestores() throws {
        let t = try Tmux(command: "IDSCOPE_TEST_CRASH_KEY=1 " + Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("F12")
        expectRestored(t, exitStatus: nil)
        #expect(t.history().contains("deliberate crash for the end-to-end test"), "the fatal error message survives")
    }

    @Test("every other signal that ends a process restores the terminal first, ends it with that signal, and leaves no files",
          arguments: [SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGQUIT, SIGUSR1, SIGALRM, SIGPIPE])
    func fatalSignals(_ signal: Int32) throws {
        let before = Self.stderrLogs()
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        let pid = try #require(t.appPID())
        kill(pid, signal)
        expectRestored(t, exitStatus: 128 + Int(signal))
        #expect(kill(pid, 0) != 0, "the process is gone")
        #expect(Self.stderrLogs().subtracting(before).isEmpty, "no temporary stderr log left behind")
    }

    static func stderrLogs() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter { $0.hasPrefix("idscope-stderr-") })
    }

    @Test("a bracketed paste into the command line is one event, cut at the line's limit; outside it, it presses no keys")
    func bracketedPaste() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("End")
        t.waitFor("step 32/32")
        // Outside the command line a paste is ignored, not read as the keys i, d, e, …
        t.pasteBracketed("idLe" + String(repeating: "q", count: 50))
        t.waitFor("paste ignored: press : first to paste a command")
        #expect(t.screen().contains("step 32/32"))
        t.keys(":")
        t.pasteBracketed("install com.acme.news")
        t.keys("Enter")
        t.waitFor("step 33/33")
        // 100 KB pasted: the line keeps its limit and the inspector answers at once.
        t.keys(":")
        t.pasteBracketed(String(repeating: "x", count: 100_000))
        t.waitFor("paste cut: the line holds at most 4096 characters", timeout: 5)
        t.keys("Escape")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("without a terminal: one clear line pointing to idscope run, and a non-zero exit")
    func noTerminal() throws {
        let t = try Tmux(command: "TERM=dumb " + Tmux.binary)
        t.waitFor("[exit 2]")
        #expect(t.screen().contains("idscope: TERM is 'dumb', which cannot position the cursor; use 'idscope run SCENARIO'"))
        let unset = try Tmux(command: "env -u TERM " + Tmux.binary)
        unset.waitFor("[exit 2]")
        #expect(unset.screen().contains("idscope: TERM is not set"))
        let piped = try Tmux(command: Tmux.binary + " | cat")
        piped.waitFor("[exit 0]")   // the pipeline's status is cat's; the message is what matters
        #expect(piped.screen().contains("standard output is not one (piped or redirected)"))
    }

    /// After the app has exited, the shell's `stty -a` (run by the tmux command) shows cooked mode
    /// again, the main screen is back and the cursor shows: what every way out must leave behind.
    /// - Parameter exitStatus: the status the shell reports, or nil when it varies (a crash).
    private func expectRestored(_ t: Tmux, exitStatus: Int?, sourceLocation: SourceLocation = #_sourceLocation) {
        t.waitFor("[exit " + (exitStatus.map { "\($0)]" } ?? ""))
        t.waitFor("speed")                               // stty -a printed
        let screen = t.screen()
        #expect(screen.contains(" echo ") || screen.contains(" echo\n"), "echo is on", sourceLocation: sourceLocation)
        #expect(screen.contains(" icanon "), "icanon is on", sourceLocation: sourceLocation)
        #expect(!screen.contains("-echo ") && !screen.contains("-icanon"), sourceLocation: sourceLocation)
        #expect(t.format("#{alternate_on}") == "0", "the alternate screen is closed", sourceLocation: sourceLocation)
        #expect(t.format("#{cursor_flag}") == "1", "the cursor shows", sourceLocation: sourceLocation)
    }
}
