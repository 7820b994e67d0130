import Foundation
@testable import IDExplore
import Synchronization
import TestSupport
import Testing

/// The engine on a model of two counters (`Counters`), in milliseconds: every answer checked
/// against an oracle that tries every sequence of steps, shortest first, with no engine at all.
@Suite("explore's engine on a toy model")
struct SearchEngineTests {
    static let every = PropertyMask(rawValue: 0b111)

    /// For each property, the length of the shortest sequence whose last step breaks it (nil:
    /// none within `depth`), found by applying every sequence of steps from the root.
    static func oracle(_ model: Counters, depth: Int) -> [Int: Int] {
        var shortest: [Int: Int] = [:]
        var layer = [Counters.State()]
        for length in 1...depth {
            var nextLayer: [Counters.State] = []
            for state in layer {
                for step in 0..<model.stepCount {
                    var next = state
                    guard let broken = Counters.apply(step, to: &next, limit: model.limit) else { continue }
                    for bit in broken.bits where shortest[bit] == nil { shortest[bit] = length }
                    nextLayer.append(next)
                }
            }
            layer = nextLayer
        }
        return shortest
    }

    /// Replays a break's steps from the root: whether its last step breaks `bit`, and no earlier one could be refused.
    static func replayBreaks(_ path: [UInt16], bit: Int, model: Counters) -> Bool {
        var state = Counters.State()
        for (index, step) in path.enumerated() {
            guard let broken = Counters.apply(Int(step), to: &state, limit: model.limit) else { return false }
            if index == path.count - 1 { return broken.contains(PropertyMask(bit: bit)) }
        }
        return false
    }

    static func search(_ model: Counters, depth: Int, workers: Int = 1, chunk: Int = 2048, properties: PropertyMask = every)
        -> (SearchResult, Counters) {
        var engine = SearchEngine(model: model)
        engine.workers = workers
        engine.chunkStates = chunk
        return engine.run(properties: properties, depth: depth)
    }

    @Test("the shortest break of each property is the oracle's length, and its path, replayed, breaks it", arguments: [2, 3, 5, 8])
    func shortestBreaks(depth: Int) {
        let model = Counters()
        let (result, _) = Self.search(model, depth: depth)
        let expected = Self.oracle(model, depth: depth)
        #expect(Dictionary(uniqueKeysWithValues: result.breaks.map { ($0.key, $0.value.count) }) == expected)
        for (bit, path) in result.breaks {
            #expect(Self.replayBreaks(path, bit: bit, model: model), "bit \(bit): \(path)")
        }
        #expect(result.completedDepth == depth || result.breaks.count == 3)
    }

    @Test("one, two and three workers, in whole or tiny chunks, find the same breaks and count the same states")
    func workersAgree() {
        let (one, _) = Self.search(Counters(), depth: 8)
        for workers in [2, 3] {
            for chunk in [1, 3, 2048] {
                let (many, _) = Self.search(Counters(), depth: 8, workers: workers, chunk: chunk)
                #expect(many.breaks == one.breaks && many.states == one.states && many.successors == one.successors,
                        "\(workers) workers, chunks of \(chunk)")
            }
        }
    }

    @Test("a step cut leaves steps out at the levels it holds, and a sound one changes no answer")
    func stepCut() {
        // Adding to `b` then to `a` reaches what adding to `a` then to `b` does: one order is enough.
        let commuting = StepCut(stepCount: 4) { step, reachedBy in step == 0 && reachedBy == 1 }
        var cut = Counters()
        cut.stepCuts = [commuting]
        let (plain, _) = Self.search(Counters(), depth: 8)
        let (reduced, _) = Self.search(cut, depth: 8)
        #expect(reduced.breaks.mapValues(\.count) == plain.breaks.mapValues(\.count))
        #expect(reduced.states == plain.states, "every state is still reached")
        #expect(reduced.successors < plain.successors, "\(reduced.successors) of \(plain.successors)")
        // A cut that holds only far from the last level leaves the last levels' steps in.
        let spared = StepCut(stepCount: 4, sparedLevels: 3) { step, reachedBy in step == 0 && reachedBy == 1 }
        #expect(spared.holds(at: 5, depth: 8) && !spared.holds(at: 6, depth: 8))
        let tables = LevelCuts([spared], stepCount: 4, level: 6, depth: 8)
        #expect(tables.isEmpty && !tables.leavesOut(0, after: 1))
        let held = LevelCuts([spared, commuting], stepCount: 4, level: 6, depth: 8)
        #expect(held.leavesOut(0, after: 1) && !held.leavesOut(0, after: 0) && !held.leavesOut(0, after: nil) && !held.leavesOut(1, after: 1))
    }

    @Test("a successor that breaks an assumption starts the search over without it, and the answers are the oracle's")
    func assumptionsRestart() {
        // Unsound: never add to `b` twice in a row. The model says it assumes `b` stays 0, so the
        // first successor that adds to `b` breaks the assumption.
        let noTwoBs = Counters.fewBsAssumed
        var assuming = Counters()
        assuming.stepCuts = [StepCut(stepCount: 4, assumes: noTwoBs) { step, reachedBy in step == 1 && reachedBy == 1 }]
        assuming.assumptions = noTwoBs
        assuming.fewBs = 1
        for (workers, chunk) in [(1, 2048), (2, 1), (3, 2)] {
            let (result, ended) = Self.search(assuming, depth: 6, workers: workers, chunk: chunk)
            #expect(ended.assumptions.isEmpty && ended.stepCuts.isEmpty, "the search ended with the model that assumes nothing")
            #expect(result.breaks.mapValues(\.count) == Self.oracle(Counters(), depth: 6), "\(workers) workers, chunks of \(chunk)")
        }
        // A cut's own assumption counts even where the model does not list it.
        var listedByCut = assuming
        listedByCut.assumptions = []
        #expect(Self.search(listedByCut, depth: 6).0.breaks[1]?.count == 4)
        // The same cut, assuming nothing, misses `b - a == 3` at four steps: the restart is what found it.
        var unsound = assuming
        unsound.assumptions = []
        unsound.stepCuts = [StepCut(stepCount: 4) { step, reachedBy in step == 1 && reachedBy == 1 }]
        let (wrong, _) = Self.search(unsound, depth: 6)
        #expect(wrong.breaks[1]?.count != 4)
    }

    @Test("a node-marking reduction admits at the merge, gets each node's word back, and changes no answer")
    func nodeMarking() {
        var marked = Counters()
        marked.marking.enabled = true
        for workers in [1, 2] {
            let (plain, _) = Self.search(Counters(), depth: 8, workers: workers)
            let (reduced, _) = Self.search(marked, depth: 8, workers: workers, chunk: 5)
            #expect(reduced.breaks.mapValues(\.count) == plain.breaks.mapValues(\.count))
            #expect(reduced.successors < plain.successors, "\(reduced.successors) of \(plain.successors)")
        }
        #expect(marked.marking.mismatches.checked.load(ordering: .relaxed) > 0)
        #expect(marked.marking.mismatches.count.load(ordering: .relaxed) == 0)
    }

    @Test("it stops at the first break when asked, at the state limit, and when told to")
    func stops() {
        var engine = SearchEngine(model: Counters())
        engine.stopAtFirstBreak = true
        let (first, _) = engine.run(properties: Self.every, depth: 8)
        #expect(first.breaks.count == 1 && first.breaks[0]?.count == 3 && first.stopReason == nil)

        var limited = SearchEngine(model: Counters())
        limited.stateLimit = 10
        let (capped, _) = limited.run(properties: Self.every, depth: 8)
        #expect(capped.stopReason == .stateLimit && capped.completedDepth < 8)

        let (cancelled, _) = SearchEngine(model: Counters()).run(properties: Self.every, depth: 8, shouldStop: { true })
        #expect(cancelled.stopReason == .cancelled && cancelled.breaks.isEmpty)
    }

    @Test("a property not watched is never reported, and the search ends once all watched ones broke")
    func watched() {
        let (only, _) = Self.search(Counters(), depth: 8, properties: PropertyMask(bit: 1))
        #expect(Array(only.breaks.keys) == [1] && only.breaks[1]?.count == 4)
        #expect(only.completedDepth == 4, "nothing left to watch after depth 4")
        var depths: [Int] = []
        var engine = SearchEngine(model: Counters())
        engine.workers = 1
        _ = engine.run(properties: Self.every, depth: 5, progress: { progress in if progress.depthDone { depths.append(progress.depth) } })
        #expect(depths == [1, 2, 3, 4, 5])
    }

    @Test("the engine's files import neither the simulator nor the strategies")
    func engineImportsNoModel() throws {
        let folder = GeneratedSection.root.appendingPathComponent("Sources/IDExplore/Engine")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8, "\(files)")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
            #expect(!imports.contains { $0.contains("IDSim") || $0.contains("IDStrategies") }, "\(file): \(imports)")
        }
    }
}
