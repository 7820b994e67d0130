import IDInspector
import IDScenario
import Foundation
import Testing

@Test func probeScreen() throws {
    let scenario = try ScenarioLoader.load("tour")
    let state = InspectorState(session: try Session(scenario), theme: Theme(colour: false, ascii: false))
    var inspector = Inspector(state: state, files: MemoryFiles())
    for _ in 0..<20 { inspector.handle(.key(.right)) }
    try Screen.render(inspector.state, width: 120, height: 36).text.write(toFile: "/tmp/screen.txt", atomically: true, encoding: .utf8)
}
