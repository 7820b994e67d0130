/// Runs the inspector against a terminal backend until the user quits.
public final class AppLoop {
    public private(set) var inspector: Inspector
    let backend: TerminalBackend
    /// Milliseconds between ticks while auto-advancing in presenter mode.
    public static let advanceInterval = 3000
    /// Queued events handled before a frame is drawn anyway (so the screen keeps up).
    static let maxEventsPerFrame = 4096

    public init(inspector: Inspector, backend: TerminalBackend) {
        self.inspector = inspector
        self.backend = backend
    }

    /// Draws, waits for input, handles it; returns when the user quits or the terminal goes away.
    public func run() {
        draw()
        while !inspector.state.quit {
            let waiting = inspector.state.presenter && inspector.state.autoAdvance
            let event = backend.nextEvent(timeoutMilliseconds: waiting ? Self.advanceInterval : nil)
            inspector.handle(event)
            // Everything already typed is handled before the next frame: a burst of keys (a paste
            // into a terminal without bracketed paste) costs one frame, not one per key.
            var handled = 1
            while handled < Self.maxEventsPerFrame, !inspector.state.quit, let next = backend.pendingEvent() {
                inspector.handle(next)
                handled += 1
            }
            draw()
        }
    }

    /// Feeds events without waiting (tests, benchmarks).
    public func send(_ events: [InputEvent]) {
        for event in events {
            inspector.handle(event)
            draw()
        }
    }

    func draw() {
        let size = backend.size
        inspector.lastSize = size
        backend.draw(Screen.render(inspector.state, width: size.width, height: size.height))
    }
}

/// An in-memory terminal: a fixed size, a queue of input, the last canvas drawn.
public final class TestBackend: TerminalBackend {
    public var size: (width: Int, height: Int)
    public private(set) var canvas: Canvas
    public private(set) var frames = 0
    var queue: [InputEvent]

    public init(width: Int = 120, height: Int = 36, events: [InputEvent] = []) {
        size = (width, height)
        canvas = Canvas(width: width, height: height)
        queue = events
    }

    public func draw(_ canvas: Canvas) {
        self.canvas = canvas
        frames += 1
    }

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent {
        queue.isEmpty ? .key(.character("q")) : queue.removeFirst()
    }

    public func resize(width: Int, height: Int) {
        size = (width, height)
    }
}

/// Files kept in memory, for tests.
public final class MemoryFiles: ScenarioFiles, @unchecked Sendable {
    public var contents: [String: String]

    public init(_ contents: [String: String] = [:]) {
        self.contents = contents
    }

    public func exists(_ path: String) -> Bool { contents[path] != nil }

    public func read(_ path: String) throws -> String {
        guard let text = contents[path] else { throw MemoryFilesError.missing(path) }
        return text
    }

    public func write(_ text: String, to path: String) throws {
        contents[path] = text
    }

    enum MemoryFilesError: Error { case missing(String) }
}

/// Typed text as key events.
public func keys(_ text: String) -> [InputEvent] {
    text.map { .key(.character($0)) }
}
