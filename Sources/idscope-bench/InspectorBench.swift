import Glibc
import IDInspector
import IDScenario
import IDSim

/// The inspector's figures: start to first frame and bytes per step (the real binary in a
/// pseudo-terminal), and the time to draw a frame at the cursor of a long history.
enum InspectorBench {
    static func run(quick: Bool) {
        renderTime(steps: quick ? 20_000 : 100_000)
        guard let binary = idscopeBinary() else {
            print("first_frame: skipped (no idscope binary next to the benchmark; run 'swift build -c release' first)")
            return
        }
        terminalFigures(binary)
    }

    /// Frame time at the middle of a long session on the tour's world.
    static func renderTime(steps: Int) {
        guard var scenario = try? ScenarioLoader.load("tour") else { return print("frame_render: skipped (no tour)") }
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
        guard let session = try? Session(scenario) else { return print("frame_render: skipped (session failed)") }
        var state = InspectorState(session: session, theme: Theme(colour: true, ascii: false))
        var times: [Double] = []
        for i in 0..<200 {
            state.session.jump(to: session.count / 2 + i)
            let start = Measure.now()
            _ = Screen.render(state, width: 120, height: 36)
            times.append(Double(Measure.now() - start) / 1e6)
        }
        print("frame_render: \(Measure.format(Measure.median(times))) ms (median of 200 frames at 120×36, cursor mid-way in a \(scenario.steps.count)-step history)")
    }

    static func idscopeBinary() -> String? {
        let dir = String(cString: realpath("/proc/self/exe", nil)).split(separator: "/").dropLast().joined(separator: "/")
        let path = "/" + dir + "/idscope"
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

    static func spawnOnPTY(_ binary: String) -> (Int32, pid_t)? {
        // posix_openpt/unlockpt/ptsname by hand: Swift's Glibc module leaves them out.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else { return nil }
        let slavePath = "/dev/pts/\(number)"
        let slave = open(slavePath, O_RDWR)
        var size = winsize(ws_row: 36, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setflags(&attributes, 0x80 /* POSIX_SPAWN_SETSID */)
        let args = [strdup(binary), strdup("--no-mouse"), nil]
        let env = [strdup("TERM=xterm-256color"), strdup("LANG=C.UTF-8"), strdup("HOME=/tmp"), nil]
        var pid: pid_t = 0
        let result = posix_spawn(&pid, binary, &actions, &attributes, args, env)
        args.forEach { free($0) }
        env.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        close(slave)
        return result == 0 ? (master, pid) : nil
    }
}

import IDStrategies

enum StrategyLibraryResolver {
    static let shared = StrategyLibrary()
}
