import Foundation
import IDInspector
import IDScenario
import IDSim
import Testing

/// An inspector on a built-in scenario, driven by events, read as text.
struct Harness {
    var inspector: Inspector
    var width: Int
    var height: Int
    let files: MemoryFiles

    init(_ scenario: String = "tour", width: Int = 120, height: Int = 36, colour: Bool = false, ascii: Bool = false,
         files: MemoryFiles = MemoryFiles(), scenarioText: String? = nil) throws {
        let loaded = try scenarioText.map { try ScenarioParser.parse($0, file: "test.yaml") } ?? ScenarioLoader.load(scenario)
        let session = try Session(loaded)
        inspector = Inspector(state: InspectorState(session: session, theme: Theme(colour: colour, ascii: ascii)), files: files)
        self.width = width
        self.height = height
        self.files = files
        dispatch(.input(.resize(width: width, height: height)))
    }

    mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        dispatch(.input(.resize(width: width, height: height)))
    }

    mutating func send(_ events: InputEvent...) { for e in events { dispatch(.input(e)) } }
    mutating func type(_ text: String) { for c in text { dispatch(.key(.character(c))) } }
    mutating func press(_ key: Key, times: Int = 1) { for _ in 0..<times { dispatch(.key(key)) } }

    /// The searches asked for and not yet cancelled: the test runs them and sends the report
    /// (`.exploreFinished`), as the app loop's worker would.
    private(set) var searches: [ExploreJob] = []

    /// Reduces an action and runs its effects as the app loop does, in memory: a write goes to
    /// `files` and its outcome comes back; a search is only noted.
    mutating func dispatch(_ action: Action) {
        for effect in inspector.reduce(action) {
            switch effect {
            case .write(let path, let text):
                do {
                    try files.write(text, to: path)
                    dispatch(.wrote(path: path, failure: nil))
                } catch {
                    dispatch(.wrote(path: path, failure: "\(error)"))
                }
            case .startSearch(let job): searches.append(job)
            case .cancelSearch: searches.removeAll()
            }
        }
    }

    var canvas: Canvas { Screen.render(inspector.state, width: width, height: height) }
    var screen: String { canvas.text }
    /// The bottom line, trailing spaces dropped.
    var footer: String { String(canvas.lines.last!.reversed().drop { $0 == " " }.reversed()) }
    var state: InspectorState { inspector.state }
    var world: World { inspector.state.session.world }

    /// The IDFV the first app reads on the first device at the cursor.
    var idfv: SimUUID? { world.identifierForVendor(app: 0, on: 0) }
}

/// Compares a screen with a snapshot file; `IDSCOPE_RECORD_SNAPSHOTS=1` (or a missing file) records it.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let url = folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_SNAPSHOTS"] != nil || !FileManager.default.fileExists(atPath: url.path) {
        try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again to compare", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text + "\n" == expected, "screen differs from Snapshots/\(name).txt (IDSCOPE_RECORD_SNAPSHOTS=1 to re-record)",
            sourceLocation: sourceLocation)
}

/// Files kept in memory.
final class MemoryFiles: ScenarioFiles, @unchecked Sendable {
    var contents: [String: String]

    init(_ contents: [String: String] = [:]) {
        self.contents = contents
    }

    func exists(_ path: String) -> Bool { contents[path] != nil || unreadable[path] != nil }

    /// Paths that exist and fail to read, with the error (EIO).
    var unreadable: [String: String] = [:]

    func read(_ path: String) throws -> String {
        if let failure = unreadable[path] { throw MemoryFilesError.writeFailed(failure) }
        guard let text = contents[path] else { throw MemoryFilesError.missing(path) }
        return text
    }

    /// Paths a write fails on, with the error it throws (a full disk, a read-only folder).
    var failing: [String: String] = [:]

    func write(_ text: String, to path: String) throws {
        if let failure = failing[path] { throw MemoryFilesError.writeFailed(failure) }
        contents[path] = text
    }

    /// A directory's entries from the paths held: "dir/a.yaml" is an entry "a.yaml" of "dir/",
    /// "dir/sub/b.yaml" an entry "sub/".
    func entries(of directory: String) -> [String] {
        Array(Set(contents.keys.compactMap { path -> String? in
            guard path.hasPrefix(directory) else { return nil }
            let rest = path.dropFirst(directory.count)
            guard let slash = rest.firstIndex(of: "/") else { return String(rest) }
            return String(rest[...slash])
        })).sorted()
    }

    enum MemoryFilesError: Error, CustomStringConvertible {
        case missing(String)
        case writeFailed(String)   // or a read: the error as the system says it

        var description: String {
            switch self {
            case .missing(let path): "no such file: \(path)"
            case .writeFailed(let why): why
            }
        }
    }
}
