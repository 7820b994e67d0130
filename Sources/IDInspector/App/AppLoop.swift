import Dispatch
import Foundation
import IDExplore
import IDReports
import IDScenario

/// Runs the inspector against a terminal backend until the user quits: it feeds the backend's
/// events to the reducer as actions, runs the effects the reducer returns (a search on a worker
/// thread, a file written) and feeds what they yield back, and draws. It decides nothing itself.
package final class AppLoop {
    /// The explore search an effect started (`x`), while it runs.
    private var search: RunningSearch?
    package private(set) var inspector: Inspector
    let backend: TerminalBackend
    /// Threads a search may use (the machine's cores by default).
    let searchWorkers: Int
    /// Queued events handled before a frame is drawn anyway (so the screen keeps up).
    static let maxEventsPerFrame = 4096
    /// The key the end-to-end harness sends after its keys; see `onIdleProbe`.
    package static let idleProbeKey = Key.function(12)
    /// Called once the idle probe key has been handled and the frame after it drawn: every key
    /// sent before the probe has then been acted on and is on screen. Set only by the harness
    /// (IDSCOPE_IDLE_PROBE); when nil the probe key is an ordinary unbound key.
    let onIdleProbe: (() -> Void)?

    package init(inspector: Inspector, backend: TerminalBackend, searchWorkers: Int = ProcessInfo.processInfo.activeProcessorCount,
                onIdleProbe: (() -> Void)? = nil) {
        self.inspector = inspector
        self.backend = backend
        self.searchWorkers = max(1, searchWorkers)
        self.onIdleProbe = onIdleProbe
        let size = backend.size
        send(.input(.resize(width: size.width, height: size.height)))
    }

    /// Draws, waits for input, handles it; returns when the user quits or the terminal goes away.
    package func run() {
        draw()
        while !inspector.state.quit {
            let event = backend.nextEvent(timeoutMilliseconds: waitLimit)
            var probed = handle(event)
            // Everything already typed is handled before the next frame: a burst of keys (a paste
            // into a terminal without bracketed paste) costs one frame, not one per key.
            var handled = 1
            while handled < Self.maxEventsPerFrame, !inspector.state.quit, let next = backend.pendingEvent() {
                probed = handle(next) || probed
                handled += 1
            }
            pollSearch()
            draw()
            if probed { onIdleProbe?() }
        }
        search?.cancel()
    }

    /// Reduces an action and runs the effects it returns, in order.
    private func send(_ action: Action) {
        for effect in inspector.reduce(action) { run(effect) }
    }

    private func run(_ effect: Effect) {
        switch effect {
        case .startSearch(let job):
            search?.cancel()
            guard let run = inspector.exploreRun(for: job, workers: searchWorkers) else {
                search = nil
                return send(.exploreFinished(ExploreReport(targets: [])))
            }
            search = RunningSearch(run: run, budget: job.budgetSeconds)
        case .cancelSearch:
            search?.cancel()
            search = nil
        case .write(let path, let text):
            // Run at once, before the next event: the session saved is the one the action saw.
            do {
                try inspector.files.write(text, to: path)
                send(.wrote(path: path, failure: nil))
            } catch {
                send(.wrote(path: path, failure: "\(error)"))
            }
        }
    }

    /// The running search's report once it has ended, else its progress.
    private func pollSearch() {
        guard let running = search else { return }
        if let report = running.result {
            search = nil
            send(.exploreFinished(report))
        } else {
            let progress = running.progress
            send(.exploreProgressed(seconds: progress.seconds, states: progress.states))
        }
    }

    /// How long to wait for input: a tenth of a second while a search runs (to show its
    /// progress), presenter mode's auto-advance interval, else for ever.
    var waitLimit: Int? {
        if search != nil { return 100 }
        guard let presenter = inspector.state.presenter, presenter.autoAdvance else { return nil }
        return presenter.interval * 1000
    }

    /// Handles one event; true when it was the idle probe.
    private func handle(_ event: InputEvent) -> Bool {
        if onIdleProbe != nil, event == .key(Self.idleProbeKey) { return true }
        send(.input(event))
        return false
    }

    func draw() {
        backend.draw(Screen.render(inspector.state, width: inspector.state.size.width, height: inspector.state.size.height))
    }
}

/// One explore run on a worker thread (`x`), stopped by a cancel or its time budget: the search,
/// the why of the break it opens and a proven fix, as `idscope explore` works them out.
final class RunningSearch: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var report: ExploreReport?
    private var latest: (seconds: Double, states: Int) = (0, 0)
    private let start = Date()

    init(run: ExploreRun, budget: Double) {
        Thread.detachNewThread { [self] in
            let stop: @Sendable () -> Bool = { [self] in self.isCancelled || Date().timeIntervalSince(self.start) > budget }
            // The one target's world was made before the job began: set-up cannot fail here.
            let made = (try? run.run(clock: { [start] in Date().timeIntervalSince(start) }, shouldStop: stop,
                                     progress: { [self] p in self.locked { self.latest = (p.search.seconds, p.search.states) } }))
                ?? ExploreReport(targets: run.targets)
            self.locked { self.report = made }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var isCancelled: Bool { locked { cancelled } }
    var result: ExploreReport? { locked { report } }
    var progress: (seconds: Double, states: Int) { locked { (Date().timeIntervalSince(start), latest.states) } }

    func cancel() { locked { cancelled = true } }
}
