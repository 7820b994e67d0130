import Dispatch
import Foundation
import IDExplore
import IDScenario

/// Runs the inspector against a terminal backend until the user quits.
public final class AppLoop {
    /// An explore search running on a worker thread (`x`), and how the loop talks to it.
    private var search: RunningSearch?
    public private(set) var inspector: Inspector
    let backend: TerminalBackend
    /// Queued events handled before a frame is drawn anyway (so the screen keeps up).
    static let maxEventsPerFrame = 4096
    /// The key the end-to-end harness sends after its keys; see `onIdleProbe`.
    public static let idleProbeKey = Key.function(12)
    /// Called once the idle probe key has been handled and the frame after it drawn: every key
    /// sent before the probe has then been acted on and is on screen. Set only by the harness
    /// (IDSCOPE_IDLE_PROBE); when nil the probe key is an ordinary unbound key.
    let onIdleProbe: (() -> Void)?

    public init(inspector: Inspector, backend: TerminalBackend, onIdleProbe: (() -> Void)? = nil) {
        self.inspector = inspector
        self.backend = backend
        self.onIdleProbe = onIdleProbe
        let size = backend.size
        self.inspector.handle(.resize(width: size.width, height: size.height))
    }

    /// Draws, waits for input, handles it; returns when the user quits or the terminal goes away.
    public func run() {
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
            superviseSearch()
            draw()
            if probed { onIdleProbe?() }
        }
        search?.cancel()
    }

    /// Starts a search the inspector asked for, passes on a cancel, and hands over a result.
    private func superviseSearch() {
        if let running = search {
            if inspector.state.exploring == nil {
                running.cancel()
                search = nil
            } else if let report = running.result {
                search = nil
                inspector.finishExplore(report)
            } else {
                let progress = running.progress
                inspector.showExploreProgress(seconds: progress.seconds, states: progress.states)
            }
        }
        if search == nil, let job = inspector.state.exploring, !job.started {
            inspector.markExploreStarted()
            guard let run = inspector.exploreRun(for: job, workers: ProcessInfo.processInfo.activeProcessorCount) else {
                inspector.finishExplore(ExploreReport(targets: []))
                return
            }
            search = RunningSearch(run: run, budget: job.budgetSeconds)
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
        inspector.handle(event)
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
