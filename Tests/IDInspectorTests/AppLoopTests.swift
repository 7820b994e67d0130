import Foundation
@testable import IDInspector
import IDScenario
import IDSim
import Testing

/// A terminal in memory: it hands the loop a script of events and keeps what the loop draws.
/// `until` holds the script (sending ticks, as a quiet terminal does) until the screen shows a
/// text, so a test can wait for work the loop does on other threads.
final class MemoryBackend: TerminalBackend {
    enum Scripted {
        case event(InputEvent)
        case until(String)
    }

    let size: (width: Int, height: Int)
    private var script: [Scripted]
    private let deadline: Date
    private(set) var screen = ""
    private(set) var frames = 0
    /// The text an `until` waited for in vain, when the deadline passed.
    private(set) var timedOutWaitingFor: String?

    init(width: Int = 120, height: Int = 36, seconds: Double, _ script: [Scripted]) {
        size = (width, height)
        self.script = script
        deadline = Date().addingTimeInterval(seconds)
    }

    static func keys(_ text: String) -> [Scripted] { text.map { .event(.key(.character($0))) } }

    func draw(_ canvas: Canvas) {
        screen = canvas.text
        frames += 1
    }

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent {
        while let next = script.first {
            switch next {
            case .event(let event):
                script.removeFirst()
                return event
            case .until(let text):
                if screen.contains(text) {
                    script.removeFirst()
                    continue
                }
                guard Date() < deadline else {
                    timedOutWaitingFor = text
                    script = []
                    return .hangup
                }
                Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds ?? 20, 20)) / 1000)
                return .tick
            }
        }
        return .hangup   // the script is over: the terminal goes away
    }
}

/// `AppLoop` in process: the effects the reducer returns, run for real (a search on its own
/// thread, a file written), their results fed back. Until now this ran only in tmux.
@Suite("The app loop in process")
struct AppLoopTests {
    static let scenario = """
        name: explore here
        devices: [{ name: phone, os: "17.5", passcode: true }]
        apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]
        steps:
          - install: com.acme.shop
          - launch: com.acme.shop
        """

    static func inspector(_ files: MemoryFiles) throws -> Inspector {
        let session = try Session(try ScenarioParser.parse(scenario, file: "here.yaml"))
        return Inspector(state: InspectorState(session: session, theme: Theme(colour: false, ascii: false)), files: files)
    }

    @Test("x: Esc stops one search; the next runs on its own thread, its break opens as a branch, and w writes it as a test that fails")
    func exploreAndSave() throws {
        let files = MemoryFiles()
        // Step 2, the app selected and pinned; x, the default goal, Esc at once (the loop polls the
        // search between the two keys); x again, and wait for the branch (the budget is 10 s; a
        // minute allows for a loaded machine).
        let backend = MemoryBackend(seconds: 60, [.event(.key(.end))] + MemoryBackend.keys("px") + [
            .event(.key(.enter)), .event(.key(.escape)), .until("explore stopped"),
        ] + MemoryBackend.keys("x") + [.event(.key(.enter)), .until("the last expect fails"), .event(.key(.character("w"))),
                                       .event(.key(.enter)), .until("saved"), .event(.key(.character("q")))])
        let loop = AppLoop(inspector: try Self.inspector(files), backend: backend, searchWorkers: 2)
        loop.run()
        #expect(backend.timedOutWaitingFor == nil, "the screen never showed '\(backend.timedOutWaitingFor ?? "")':\n\(backend.screen)")
        let state = loop.inspector.state
        #expect(state.quit && state.exploring == nil && !state.hasUnsavedChanges)
        // The break (reboot, then a launch before the first unlock) and the expectation it fails.
        let keys = state.session.scenario.steps.map(\.key)
        #expect(keys.count > 3 && keys.prefix(2) == ["install", "launch"] && keys.last == "expect", "\(keys)")
        #expect(state.session.record(at: state.session.count)?.failures?.isEmpty == false, "the last expectation fails")
        // What w wrote replays to the same steps, and its last expectation fails there too.
        let saved = try #require(files.contents["session.yaml"])
        let replayed = try Session(try ScenarioParser.parse(saved, file: "session.yaml"))
        #expect(replayed.scenario.steps.map(\.key) == keys)
        #expect(replayed.record(at: replayed.count)?.failures?.isEmpty == false)
    }

    @Test("a write that fails comes back as the status's error and the session stays unsaved")
    func failedWrite() throws {
        let files = MemoryFiles()
        files.failing["session.yaml"] = "Read-only file system"
        let backend = MemoryBackend(seconds: 30, [.event(.key(.end))] + MemoryBackend.keys("r") + [.event(.key(.character("w"))), .event(.key(.enter)),
                                                                              .until("could not save")])
        let loop = AppLoop(inspector: try Self.inspector(files), backend: backend, searchWorkers: 1)
        loop.run()
        #expect(backend.timedOutWaitingFor == nil, "\(backend.screen)")
        #expect(loop.inspector.state.status == Status("could not save session.yaml: Read-only file system", error: true))
        #expect(loop.inspector.state.hasUnsavedChanges && loop.inspector.state.path == nil && files.contents.isEmpty)
    }
}
