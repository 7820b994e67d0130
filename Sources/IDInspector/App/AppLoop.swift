/// Runs the inspector against a terminal backend until the user quits.
public final class AppLoop {
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
            draw()
            if probed { onIdleProbe?() }
        }
    }

    /// How long to wait for input: presenter mode's auto-advance interval, else for ever.
    var waitLimit: Int? {
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
