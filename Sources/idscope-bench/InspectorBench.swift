import IDPlatform
import IDInspector
import IDScenario
import IDSim

/// The inspector's figures: start to first frame and bytes per step (the real binary in a
/// pseudo-terminal), and the time to draw a frame at the cursor of a long history.
enum InspectorBench {
    static func run(quick: Bool) {
        let steps = quick ? 20_000 : 100_000
        guard let scenario = longScenario(steps: steps) else { return print("frame_render: skipped (no tour)") }
        renderTime(scenario)
        guard let binary = idscopeBinary() else {
            print("first_frame: skipped (no idscope binary next to the benchmark; run 'swift build -c release' first)")
            return
        }
        terminalFigures(binary)
        keyPressLatency(binary, scenario)
    }

    /// The tour's world with `steps` random steps that apply: a long session.
    static func longScenario(steps: Int) -> Scenario? {
        guard var scenario = try? ScenarioLoader.load("tour") else { return nil }
        var rng = SeededGenerator(seed: 4)
        let apps = scenario.apps.count
        var world = try! scenario.initialWorld()
        scenario.steps = []
        while scenario.steps.count < steps {
            let app = Int(rng.next() % UInt64(apps))
            let events: [Event] = [.install(app, source: nil), .launch(app, mode: .foreground), .uninstall(app), .reboot, .unlock,
                                   .launch(app, mode: .background), .requestTracking(app, answer: .allow, otherPromptPending: false)]
            let step = ScenarioStep(.event(events[Int(rng.next() % UInt64(events.count))]), device: Int(rng.next() % 2))
            guard case .event(let event) = step.action else { continue }
            // Keep only steps that apply, so the session is a valid history.
            if (try? world.apply(Step(event, on: step.device), programs: StrategyLibraryResolver.shared, recordingChanges: false)) != nil {
                scenario.steps.append(step)
            }
        }
        return scenario
    }

    /// Frame time at the end of a long session (the cursor's facts are computed when it moves,
    /// so a frame only draws), and what the session's step records hold per step.
    static func renderTime(_ scenario: Scenario) {
        let before = Measure.residentBytes()
        guard let session = try? Session(scenario) else { return print("frame_render: skipped (session failed)") }
        let held = Measure.residentBytes() - before
        var state = InspectorState(session: session, theme: Theme(colour: true, ascii: false))
        var frames: [Double] = [], moves: [Double] = []
        for i in 0..<200 {
            var start = Measure.now()
            state.session.jump(to: session.count - 200 + i)
            moves.append(Double(Measure.now() - start) / 1e6)
            start = Measure.now()
            _ = Screen.render(state, width: 120, height: 36)
            frames.append(Double(Measure.now() - start) / 1e6)
        }
        print("frame_render: \(Measure.format(Measure.median(frames))) ms (median of 200 frames at 120×36, cursor at the end of a \(scenario.steps.count)-step session)")
        print("cursor_move: \(Measure.format(Measure.median(moves))) ms (median of 200 one-step moves there: the world, its changes, the frame's facts)")
        print("session_per_step: \(held / max(1, scenario.steps.count)) bytes (resident growth / steps of a session: timeline, records, lanes)")
    }

    static func idscopeBinary() -> String? {
        guard let bench = Platform.executablePath() else { return nil }
        let path = String(bench[..<(bench.lastIndex(of: "/") ?? bench.startIndex)]) + "/idscope"
        return access(path, X_OK) == 0 ? path : nil
    }

    /// Starts the binary on a pseudo-terminal of 120×36, `runs` times.
    static func terminalFigures(_ binary: String) {
        var firstFrames: [Double] = []
        var stepBytes: [Double] = []
        for run in 0..<11 {
            guard let (master, pid) = spawnOnPTY(binary) else { return print("first_frame: skipped (no pseudo-terminal)") }
            let start = Measure.now()
            var seen = [UInt8]()
            while !contains(seen, "Timeline") && Double(Measure.now() - start) / 1e9 < 5 {
                seen += readAvailable(master, waitMilliseconds: 5)
            }
            firstFrames.append(Double(Measure.now() - start) / 1e6)
            drain(master)
            if run > 0 {
                for _ in 0..<3 {
                    _ = write(master, "l", 1)
                    stepBytes.append(Double(drain(master)))
                }
            }
            _ = write(master, "q", 1)
            var status: Int32 = 0
            drain(master)
            waitpid(pid, &status, 0)
            close(master)
        }
        print("first_frame: \(Measure.format(Measure.median(firstFrames), 1)) ms (median of 11 starts of idscope on the tour in a 120×36 pseudo-terminal)")
        print("step_forward_bytes: \(Int(Measure.median(stepBytes))) bytes (median bytes written for one step forward at 120×36)")
    }

    /// Key press to the first byte of the redraw, through a pseudo-terminal, on a session of the
    /// long scenario: at its start, its middle and its end. `l` and `h` alternate so the cursor
    /// stays put; each press waits for the redraw to finish before the next.
    static func keyPressLatency(_ binary: String, _ scenario: Scenario) {
        let path = "/tmp/idscope-bench-\(getpid()).yaml"
        let text = ScenarioWriter.yaml(scenario)
        guard let file = fopen(path, "w") else { return print("key_to_first_byte: skipped (cannot write \(path))") }
        fputs(text, file)
        fclose(file)
        defer { unlink(path) }
        guard let (master, pid) = spawnOnPTY(binary, arguments: [path]) else { return print("key_to_first_byte: skipped (no pseudo-terminal)") }
        let start = Measure.now()
        var seen = [UInt8]()
        while !contains(seen, "Timeline") && Double(Measure.now() - start) / 1e9 < 120 {
            seen += readAvailable(master, waitMilliseconds: 10)
        }
        let opened = Double(Measure.now() - start) / 1e9
        drain(master)
        guard contains(seen, "Timeline") else { return print("key_to_first_byte: skipped (the session did not open: \(String(decoding: seen.suffix(300), as: UTF8.self).debugDescription))") }
        var figures: [String] = []
        for (name, jump) in [("start", "g"), ("middle", "\(scenario.steps.count / 2)\r"), ("end", "G")] {
            _ = jump.withCString { write(master, $0, strlen($0)) }
            drain(master)
            var latencies: [Double] = []
            for press in 0..<41 {
                let key = press % 2 == 0 ? (name == "end" ? "h" : "l") : (name == "end" ? "l" : "h")
                let sent = Measure.now()
                _ = key.withCString { write(master, $0, 1) }
                var first = readAvailable(master, waitMilliseconds: 2000)
                while first.isEmpty && Double(Measure.now() - sent) / 1e9 < 2 { first = readAvailable(master, waitMilliseconds: 2000) }
                latencies.append(Double(Measure.now() - sent) / 1e6)
                drainQuickly(master)
            }
            figures.append("\(name) \(Measure.format(Measure.median(latencies), 2)) ms")
        }
        // q, not Ctrl-C: the pseudo-terminal is not the child's controlling terminal, so the line
        // discipline would swallow Ctrl-C rather than signal anyone. Nothing is unsaved, so q quits.
        _ = write(master, "q", 1)
        var status: Int32 = 0
        drain(master)
        waitpid(pid, &status, 0)
        close(master)
        print("key_to_first_byte: " + figures.joined(separator: ", ")
              + " (medians of 41 presses of l/h through a 120×36 pseudo-terminal, \(scenario.steps.count)-step session opened in \(Measure.format(opened, 1)) s)")
    }

    /// Reads until the terminal has been quiet for 20 ms.
    static func drainQuickly(_ fd: Int32) {
        while !readAvailable(fd, waitMilliseconds: 20).isEmpty {}
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(text)
    }

    static func readAvailable(_ fd: Int32, waitMilliseconds: Int32) -> [UInt8] {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, waitMilliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    /// Reads until the terminal has been quiet for 100 ms; returns the byte count.
    @discardableResult
    static func drain(_ fd: Int32) -> Int {
        var total = 0
        while true {
            let chunk = readAvailable(fd, waitMilliseconds: 100)
            if chunk.isEmpty { return total }
            total += chunk.count
        }
    }

    static func spawnOnPTY(_ binary: String, arguments: [String] = []) -> (Int32, pid_t)? {
        guard let (controller, terminal) = Platform.openPseudoTerminal(columns: 120, rows: 36) else { return nil }
        defer { close(terminal) }
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": "/tmp"]
        guard let pid = try? Platform.spawn(binary, arguments: [binary, "--no-mouse"] + arguments, environment: environment,
                                            stdio: (.descriptor(terminal), .descriptor(terminal), .descriptor(terminal)),
                                            closing: controller, newSession: true) else {
            close(controller)
            return nil
        }
        return (controller, pid)
    }
}

import IDStrategies

enum StrategyLibraryResolver {
    static let shared = StrategyLibrary.builtIn
}
