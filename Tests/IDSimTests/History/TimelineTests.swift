import IDSim
import Testing

@Suite("Timeline")
struct TimelineTests {
    /// A timeline of `count` applied random steps, and the world after each step, computed directly.
    static func build(count: Int, interval: Int) -> (Timeline, [World]) {
        var gen = RandomEvents(rng: SeededGenerator(seed: 3))
        let initial = RandomEvents.world(seed: 11, os: "17.5")
        var timeline = Timeline(initial: initial, programs: optionGUIDProgram, snapshotInterval: interval)
        var worlds = [initial]
        while timeline.count < count {
            let step = gen.step(in: timeline.head)
            if (try? timeline.apply(step)) != nil { worlds.append(timeline.head) }
        }
        return (timeline, worlds)
    }

    @Test("jumping to any step gives the same world as stepping there")
    func jumpMatchesLinear() {
        let (timeline, worlds) = Self.build(count: 120, interval: 16)
        var moving = timeline
        for n in [0, 1, 15, 16, 17, 64, 119, 120, 57, 3] {
            #expect(timeline.world(at: n) == worlds[n], "world(at: \(n))")
            moving.jump(to: n)
            #expect(moving.cursor == n)
            #expect(moving.current == worlds[n])
        }
        moving.jump(to: 500)
        #expect(moving.cursor == 120)
        moving.stepBack()
        #expect(moving.current == worlds[119])
        moving.stepForward()
        #expect(moving.current == worlds[120])
    }

    @Test("stepping forward and short jumps ahead replay from the cursor, and still give the linear worlds")
    func forwardFromCursor() {
        let (timeline, worlds) = Self.build(count: 100, interval: 16)
        var walker = timeline
        walker.jump(to: 0)
        for n in 1...100 {
            walker.stepForward()
            #expect(walker.current == worlds[n], "step forward to \(n)")
        }
        // Ahead within one snapshot interval (from the cursor), across one (from the snapshot), and back.
        for n in [3, 9, 14, 18, 47, 40, 41, 99, 5] {
            walker.jump(to: n)
            #expect(walker.current == worlds[n], "jump to \(n)")
            #expect(walker.world(at: min(n + 2, 100)) == worlds[min(n + 2, 100)], "world two steps past \(n)")
        }
    }

    @Test("changes(at:) recomputes what the step reported when it was applied")
    func changesRecomputed() {
        var timeline = Timeline(initial: RandomEvents.world(seed: 1, os: "17.5"), programs: optionGUIDProgram, snapshotInterval: 2)
        var reported: [[Change]] = []
        for event: Event in [.install(0, source: nil), .launch(0, mode: .foreground), .uninstall(0), .install(0, source: nil), .launch(0, mode: .foreground)] {
            reported.append(try! timeline.apply(Step(event)))
        }
        for (i, changes) in reported.enumerated() {
            #expect(timeline.changes(at: i + 1) == changes)
        }
        #expect(timeline.changes(at: 0).isEmpty && timeline.changes(at: 9).isEmpty)
    }

    @Test("acting at an earlier step starts a branch; undo drops the last step; a rejected step changes nothing")
    func branchAndUndo() throws {
        let (built, worlds) = Self.build(count: 40, interval: 8)
        var timeline = built
        timeline.jump(to: 10)
        try timeline.apply(Step(.note("branch here")))
        #expect(timeline.count == 11)
        #expect(timeline.cursor == 11)
        #expect(timeline.world(at: 10) == worlds[10])
        timeline.undo()
        #expect(timeline.count == 10)
        #expect(timeline.head == worlds[10])

        let before = timeline.head
        #expect(throws: EventError.self) { try timeline.apply(Step(.restore(backup: "missing"))) }
        #expect(timeline.count == 10 && timeline.head == before)
    }
}
