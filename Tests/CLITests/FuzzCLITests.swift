import Foundation
import IDScenario
import IDSim
import Testing
import TestSupport

/// Mutated files through the built binary: exit 0, 1 or 2 and a located message, never a crash.
@Suite("Scenario fuzzing through the binary", .serialized)
struct FuzzCLITests {
    @Test("the binary answers mutated files with exit 0, 1 or 2 and a located message")
    func throughTheBinary() throws {
        let dir = TemporaryDirectory.make()
        var rng = SeededGenerator(seed: 77)
        let text = ScenarioLibrary.text(named: "tour")!
        for round in 0..<15 {
            let file = dir.appendingPathComponent("m\(round).yaml")
            try Data(ScenarioMutator.mutate(text, &rng)).write(to: file)
            let result = try CLI.run(["check", file.path])
            #expect([0, 1, 2].contains(result.status), "round \(round): exit \(result.status)")
            if result.status == 2 {
                #expect(result.stderr.hasPrefix(file.path + ":"), "round \(round): \(result.stderr)")
            }
            // Every third round the same bytes come through a FIFO that a process writes: the same
            // answer, the FIFO's path in place of the file's.
            guard round % 3 == 0 else { continue }
            let fifo = dir.appendingPathComponent("p\(round).yaml")
            mkfifo(fifo.path, 0o600)
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", "cat \"$0\" > \"$1\"", file.path, fifo.path]
            try writer.run()
            let piped = try CLI.run(["check", fifo.path], timeout: 30)
            writer.waitUntilExit()
            #expect(!piped.timedOut && piped.status == result.status, "round \(round): \(piped.status) vs \(result.status)")
            #expect(piped.stderr == result.stderr.replacingOccurrences(of: file.path, with: fifo.path), "round \(round)")
        }
    }
}
