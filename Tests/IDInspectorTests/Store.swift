import Foundation
@testable import IDInspector
import IDScenario
import Testing

/// A store-style harness, as TCA's `TestStore` works: each action is sent with what the test
/// expects the state to become, written as changes to the state before it, and the whole state
/// is compared after the action; so is the list of effects it returned. A change the test did
/// not state (a status line, a selection, an undo entry) fails the test, which is how a
/// regression in a far corner of the reducer shows up.
struct Store {
    private(set) var inspector: Inspector
    let files: MemoryFiles

    init(_ scenario: String = "tour", width: Int = 120, height: Int = 36, files: MemoryFiles = MemoryFiles(),
         scenarioText: String? = nil) throws {
        let loaded = try scenarioText.map { try ScenarioParser.parse($0, file: "test.yaml") } ?? ScenarioLoader.load(scenario)
        inspector = Inspector(state: InspectorState(session: try Session(loaded), theme: Theme(colour: false, ascii: false)), files: files)
        self.files = files
        _ = inspector.reduce(.input(.resize(width: width, height: height)))
    }

    var state: InspectorState { inspector.state }
    var screen: String { Screen.render(state, width: state.size.width, height: state.size.height).text }

    /// Sends an action; `update` turns a copy of the state before into the state expected after.
    /// - Returns: the effects, after checking them against `effects`.
    @discardableResult
    mutating func send(_ action: Action, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
                       _ update: (inout InspectorState) throws -> Void = { _ in }) throws -> [Effect] {
        var expected = inspector.state
        try update(&expected)
        let returned = inspector.reduce(action)
        let actual = inspector.state
        if actual != expected {
            let fields = Self.differences(expected, actual)
            let listed: String = fields.isEmpty ? "  (no field tells them apart)" : fields.joined(separator: "\n")
            Issue.record(Comment(rawValue: "the state after \(action) is not the one expected:\n" + listed), sourceLocation: sourceLocation)
        }
        #expect(returned == effects, "the effects of \(action)", sourceLocation: sourceLocation)
        return returned
    }

    /// A key, as the terminal sends it.
    @discardableResult
    mutating func key(_ key: Key, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
                      _ update: (inout InspectorState) throws -> Void = { _ in }) throws -> [Effect] {
        try send(.key(key), effects: effects, sourceLocation: sourceLocation, update)
    }

    /// Each character as a key, each expected to change nothing but what `update` says of it.
    mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ update: (Character, inout InspectorState) throws -> Void) throws {
        for c in text { try send(.key(.character(c)), sourceLocation: sourceLocation) { try update(c, &$0) } }
    }

    /// The fields of the state that differ, each with both values (a session by its cursor and steps).
    static func differences(_ expected: InspectorState, _ actual: InspectorState) -> [String] {
        let left = Mirror(reflecting: expected).children, right = Mirror(reflecting: actual).children
        return zip(left, right).compactMap { a, b in
            guard let label = a.label, let equatable = a.value as? any Equatable, !equatable.isEqual(to: b.value) else { return nil }
            return "  \(label): expected \(Self.describe(a.value))\n  \(String(repeating: " ", count: label.count))  actual   \(Self.describe(b.value))"
        }
    }

    private static func describe(_ value: Any) -> String {
        if let session = value as? Session {
            return "a session at step \(session.cursor) of \(session.count): " + session.scenario.steps.map(\.key).joined(separator: ", ")
        }
        let text = String(describing: value)
        return text.count > 400 ? String(text.prefix(400)) + "…" : text
    }
}

extension Equatable {
    /// Whether another value, of any type, is this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
