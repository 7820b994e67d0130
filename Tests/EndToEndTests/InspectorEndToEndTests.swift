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
        t.type("17")
        t.press("Enter")
        t.expectScreen("step 17/32")
        // The phone's ACME row (the third line): other vendors' rows may read "no IDFV" too.
        #expect(t.lines()[3].contains("▾ ACME1234  77CB…BEFE"), "\(t.lines()[3])")
        t.press("Right")
        #expect(t.lines()[3].contains("▾ ACME1234  no IDFV"), "the vendor's last app deleted (IDFV-5): \(t.lines()[3])")
        t.press("Right")
        #expect(t.lines()[3].contains("▾ ACME1234  DD2F…85F8"), "reinstalled: a new IDFV")
        t.press("Left", "Left")
        #expect(t.lines()[3].contains("▾ ACME1234  77CB…BEFE"), "back in time: the old one again")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("install and uninstall through keys and through the command line")
    func acting() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.press("End")
        t.expectScreen("step 32/32")
        t.press("i")
        t.expectScreen("install on phone")
        t.press("Enter")
        t.expectScreen("step 33/33")
        t.expectScreen("install: 1 change")
        t.type(":uninstall com.acme.news")
        t.press("Enter")
        t.expectScreen("step 34/34")
        t.type(":instal com.acme.news")
        t.press("Enter")
        t.expectScreen("did you mean 'install'?")
        t.press("q")
        t.expectScreen("Quit without saving the changes to this session?")
        t.keys("y")
        t.waitFor("[exit 0]")
    }

    @Test("help at 80×24 lists every key, scrolling to the last; ? help stays in the footer")
    func helpAt80x24() throws {
        let t = try Tmux(width: 80, height: 24, command: Tmux.binary)
        t.waitFor("step 0/32")
        t.settle()
        #expect(t.lines().last?.hasSuffix("? help") == true, "\(t.lines().last ?? "")")
        t.press("?")
        t.expectScreen("Keys (↑↓ scroll, Esc closes)")
        t.expectScreen("step back")
        var seen = t.screen()
        for _ in 0..<8 {
            t.press("PageDown")
            seen += t.screen()
        }
        for words in ["presenter mode: the story for a room", "auto-advance on or off", "redo what u undid",
                      "pin the selected device and app", "wheel to step"] {
            #expect(seen.contains(words), "\(words)")
        }
        t.press("Escape")
        #expect(!t.screen().contains("Keys (↑↓"))
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("follow the story: the restore shows the new phone, p pins the selection and unpins it")
    func followTheStory() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("29")
        t.press("Enter")
        t.expectScreen("Identity · newphone")
        t.expectScreen("Storage · newphone")
        t.type("4")
        t.press("Enter")
        t.expectScreen("Identity · phone › com.acme.news")
        t.press("p")
        t.expectScreen("pinned")
        t.type("30")
        t.press("Enter")
        t.expectScreen("step 30/32")
        t.expectScreen("Identity · phone › com.acme.news", "pinned: the panes stay")
        t.press("p")
        t.expectScreen("Identity · newphone › com.acme.shop", "unpinned: back on the step's device and app")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("presenter mode: the narration in a band, the step's changes with their rules, notes on n, auto-advance, back to the panes")
    func presenter() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.press("Right", "P")
        t.expectScreen("The first ACME app on the phone creates ACME's IDFV.")
        t.expectScreen("showing phone › com.acme.shop")
        t.expectScreen("▲ IDFV  ACME1234  77CBC4A1-33C2-40F6-93FC-D6513D02BEFE")
        #expect(!t.screen().contains("Notes: "))
        t.press("n")
        t.expectScreen("Notes: Point at the IDFV row")
        t.press("a", "+", "+", "+", "+")
        t.expectScreen("auto every 1 s")
        // Auto-advance steps by itself: wait for the next step without pressing anything.
        t.waitFor("step 2 of 32", timeout: 5)
        t.press("a", "P")
        t.expectScreen("┌ World")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("presenter at 80×24: the restore's GUID carried over on the first screen, the footer counting what is below, the end summary")
    func presenterAt80x24() throws {
        let t = try Tmux(width: 80, height: 24, command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("29")
        t.press("Enter", "P")
        t.expectScreen("An encrypted backup restored onto a new phone carries the keychain GUID")
        t.expectScreen("▲ keychain  device.guid in ACME1234.com.acme.shop")
        t.expectScreen("225EC07A-9950-4761-A9C3-A27688795369")
        t.expectScreen("more lines below (j, Space)")
        t.press("End", "Right")
        t.expectScreen("The end: 32 steps")
        t.expectScreen("All 16 checks of the expectations held. 1 launch value was already held")
        t.press("Escape")
        t.expectScreen("┌ World")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("the tour's last launch shows its GUID as a duplicate of the old phone's, in the panes")
    func duplicateMarker() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("30")
        t.press("Enter")
        t.expectScreen("⚠ dup")
        t.expectScreen("same as phone's guid (step 26)")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("acting at an earlier step asks first; n keeps the later steps, y branches and says so; u undoes")
    func branchConfirmation() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("5")
        t.press("Enter", "r")
        t.expectScreen("Acting at step 5 drops the 27 later steps. Branch here?")
        t.press("n")
        t.expectScreen("step 5/32")
        t.expectScreen("cancelled")
        t.press("r", "y")
        t.expectScreen("step 6/6")
        t.expectScreen("branch from 5")
        t.press("u")
        t.expectScreen("step 5/32")
        #expect(!t.screen().contains("branch from"))
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("x explores from the cursor while keys still reach it: Esc stops one search, the next opens its break as a branch when asked")
    func explore() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("5")
        t.press("Enter", "p", "x")
        // x asks what the ID is for; Enter takes the default goal (device).
        t.expectScreen("what is it for?")
        t.press("Enter")
        t.expectScreen("exploring")
        t.press("Escape")
        t.expectScreen("explore stopped")
        t.press("x", "Enter")
        // The tour's app breaks within the 10-second budget (a debug build searches about 40,000 states a second);
        // opening the break drops the 27 later steps, so it asks first.
        t.waitFor("Open it?", timeout: 20)
        // The prompt's first line may be on screen before the frame is whole: wait for the frame.
        t.settle()
        t.expectScreen("drops the 27 later steps")
        t.expectScreen("y yes")
        t.press("y")
        t.expectScreen("branch from 5")
        t.expectScreen("the last expect fails")
        t.press("q")
        t.expectScreen("Quit without saving the changes to this session?")
        t.keys("y")
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
        t.press("Right", "i")                            // nothing acts while too small
        t.resize(width: 120, height: 36)
        t.waitFor("┌ World ─────────────────────────────┐")
        t.settle()
        t.expectScreen("step 0/32")
        #expect(!t.screen().contains("install on phone"))
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("o opens another scenario from a later step of the tour", arguments: [(5, "b01", "Reinstalling a vendor's only app gives a new IDFV"),
                                                                             (5, "b05", "An iCloud backup restored to a second iPad"),
                                                                             (30, "b24", "step 0/")])
    func openFromALaterStep(_ step: Int, _ name: String, _ shown: String) throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.type("\(step)")
        t.press("Enter")
        t.expectScreen("step \(step)/32")
        t.press("o", "C-u")
        t.type(name)
        t.press("Enter")
        t.expectScreen(shown)
        t.press("Right")
        t.expectScreen("step 1/")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("a saved session replays with idscope run to the same IDs")
    func saveAndReplay() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.press("End")
        t.type(":launch com.acme.shop on newphone")
        t.press("Enter")
        t.expectScreen("step 33/33")
        t.press("w", "C-u")
        t.type("session.yaml")
        t.press("Enter")
        t.expectScreen("saved 33 steps to session.yaml")
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

    @Test("w onto a FIFO says why at once and the inspector carries on; w replaces its suggestion as typed, a one-character name saves")
    func saveOntoAFifoAndAShortName() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        mkfifo(t.directory.appendingPathComponent("pipe.yaml").path, 0o600)
        t.press("w", "C-u")
        t.type("pipe.yaml")
        t.press("Enter")
        t.expectScreen("pipe.yaml exists. Overwrite it?")
        t.press("y")
        t.expectScreen("could not save pipe.yaml: is a FIFO (named pipe), not a regular file; save to a file")
        t.press("Right")
        t.expectScreen("step 1/32", "the inspector did not freeze")
        // The suggested name gives way to the first character typed: no Ctrl-U needed.
        t.press("w")
        t.expectScreen("save as: session.yaml")
        t.type("9")
        t.expectScreen("save as: 9█")
        t.press("Enter")
        t.expectScreen("saved 32 steps to 9")
        #expect(FileManager.default.fileExists(atPath: t.directory.appendingPathComponent("9").path))
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("a file that fails to read with EIO is a footer message and the session stays; w onto the terminal itself is refused and nothing counts as saved")
    func failedReadAndSaveOntoTheTerminal() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.press("Right")
        t.expectScreen("step 1/32")
        // Reading /proc/self/mem fails with EIO, which the next terminal read once took for a hang-up.
        if FileManager.default.fileExists(atPath: "/proc/self/mem") {
            t.press("o", "C-u")
            t.type("/proc/self/mem")
            t.press("Enter")
            t.expectScreen("cannot be read")
            t.press("Right")
            t.expectScreen("step 2/32", "the inspector is still there after the failed read")
        }
        for target in ["/dev/stdout", "/dev/tty", "/proc/self/fd/1"] where FileManager.default.fileExists(atPath: target) {
            t.press("w", "C-u")
            t.type(target)
            t.press("Enter")
            if t.screen().contains("Overwrite it?") { t.press("y") }
            t.expectScreen("it is the terminal the inspector draws on; save to a file")
            #expect(!t.screen().contains("saved "), "\(target)")
        }
        // Nothing was saved: after a change at the end, quitting asks.
        t.press("End")
        t.press(":", "C-u")
        t.type("launch com.acme.shop")
        t.press("Enter")
        t.press("q")
        t.expectScreen("Quit without saving the changes to this session?")
        t.keys("y")
        t.waitFor("[exit 0]")
    }

    @Test("q leaves the terminal sane: no alternate screen, cursor visible, echo and icanon on")
    func quitRestores() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        #expect(t.format("#{alternate_on}") == "1")
        t.keys("q")
        expectRestored(t, exitStatus: 0)
    }

    @Test("SIGTERM and SIGHUP leave the terminal sane too, with exit status 128 + the signal", arguments: [SIGTERM, SIGHUP])
    func stopSignalsRestore(_ signal: Int32) throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        let pid = try #require(t.appPID())
        kill(pid, signal)
        expectRestored(t, exitStatus: 128 + Int(signal))
    }

    @Test("Ctrl-C leaves the terminal sane, with exit status 128 + SIGINT")
    func controlC() throws {
        let t = try Tmux(command: Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("C-c")
        expectRestored(t, exitStatus: 128 + Int(SIGINT))
    }

    @Test("Ctrl-Z gives the terminal back and stops; after fg, the first arrow key is not lost")
    func suspendAndContinue() throws {
        // A shell with job control, as a user's is (the pane's own shell has none, and there a
        // stop is discarded): it prints the stop, waits for Enter, then brings the job back with fg.
        let t = try Tmux(command: "bash --norc -c 'set -m; \(Tmux.binary); echo \"[stopped $?]\"; read; fg'")
        t.waitFor("step 0/32")
        t.keys("C-z")
        // bash reports a stopped job as 128 + the signal: SIGTSTP is 20 on Linux, 18 on Darwin.
        t.waitFor("[stopped \(128 + Int(SIGTSTP))]")
        #expect(t.format("#{alternate_on}") == "0", "the shell's screen is back while stopped")
        t.keys("Enter")
        t.waitFor("step 0/32")
        t.press("Right")
        t.expectScreen("step 1/32", "the first arrow after fg moved a step")
        t.press("Right")
        t.expectScreen("step 2/32")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("a crash leaves the terminal sane and its message readable")
    func crashRestores() throws {
        let t = try Tmux(command: "IDSCOPE_TEST_CRASH_KEY=1 " + Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("F11")
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
        t.press("End")
        t.expectScreen("step 32/32")
        // Outside the command line a paste is ignored, not read as the keys i, d, e, …
        t.pasteBracketed("idLe" + String(repeating: "q", count: 50))
        t.settle()
        t.expectScreen("paste ignored: press : first to paste a command")
        t.expectScreen("step 32/32")
        t.press(":")
        t.pasteBracketed("install com.acme.news")
        t.press("Enter")
        t.expectScreen("step 33/33")
        // 100 KB pasted: the line keeps its limit and the inspector answers at once.
        t.press(":")
        t.pasteBracketed(String(repeating: "x", count: 100_000))
        t.settle()
        t.expectScreen("paste cut: the line holds at most 4096 characters")
        t.press("Escape", "q")
        t.expectScreen("Quit without saving")
        t.keys("y")
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
