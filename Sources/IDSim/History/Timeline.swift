/// A history of worlds with a cursor: step back and forth, jump anywhere, branch, undo.
///
/// Only the steps are stored for every position, plus a snapshot of the world every
/// `snapshotInterval` steps. Reaching step n replays at most `snapshotInterval - 1` steps from
/// the snapshot before it, so jumping never replays from the start. World values share their
/// unchanged storage (copy-on-write), so a snapshot costs roughly what changed since the last one.
public struct Timeline: Sendable {
    public let programs: any AppProgramResolver
    public let snapshotInterval: Int
    /// The step at each position; nil for a step that applies no event (a scenario's
    /// expectation), which only moves the world's clock.
    public private(set) var steps: [Step?]
    /// `snapshots[i]` is the world after `i * snapshotInterval` steps.
    private var snapshots: [World]
    /// The world after all steps, kept so appending is one `apply`.
    public private(set) var head: World
    /// The position shown: 0 is the initial world, `count` the latest.
    public private(set) var cursor: Int
    /// The world at the cursor when the cursor is not at the end. Kept apart from `head` so
    /// that appending mutates `head` in place instead of copying storage it shares.
    private var detached: World?

    public init(initial: World, programs: any AppProgramResolver = BasicProgram.resolver, snapshotInterval: Int = 256) {
        self.programs = programs
        self.snapshotInterval = max(1, snapshotInterval)
        self.steps = []
        self.snapshots = [initial]
        self.head = initial
        self.cursor = 0
        self.detached = nil
    }

    /// The world at the cursor.
    public var current: World { detached ?? head }

    public var count: Int { steps.count }
    public var initial: World { snapshots[0] }

    /// The world after `n` steps (0 ≤ n ≤ count; clamped).
    public func world(at n: Int) -> World {
        let n = min(max(0, n), count)
        if n == count { return head }
        if n == cursor { return current }
        // Replay from the nearest world before n: the snapshot, or the one at the cursor when
        // it lies in between (stepping forward is then one step, not a replay from the snapshot).
        let snapshotStep = n / snapshotInterval * snapshotInterval
        let from = cursor < n && cursor > snapshotStep ? cursor : snapshotStep
        var world = from == cursor ? current : snapshots[n / snapshotInterval]
        for step in steps[from..<n] {
            // Replaying steps that applied before: only the world matters, not what changed.
            Self.replay(step, on: &world, programs: programs)
        }
        return world
    }

    private static func replay(_ step: Step?, on world: inout World, programs: any AppProgramResolver) {
        if let step {
            _ = try? world.apply(step, programs: programs, recordingChanges: false)
        } else {
            world.tick()
        }
    }

    /// The changes step `n` (1-based) made, recomputed from the world before it.
    public func changes(at n: Int) -> [Change] {
        guard n >= 1, n <= count else { return [] }
        return changes(at: n, after: world(at: n - 1))
    }

    /// The changes step `n` made, for a caller that already holds the world before it
    /// (`world(at: n - 1)`), which would otherwise be replayed a second time.
    public func changes(at n: Int, after before: World) -> [Change] {
        guard n >= 1, n <= count, let step = steps[n - 1] else { return [] }
        var world = before
        return (try? world.apply(step, programs: programs)) ?? []
    }

    /// Moves the cursor to step `n` (clamped) and returns what the move learnt on the way: the
    /// world before step n and the changes step n made, for a caller that shows both (one replay
    /// to n − 1 and one recorded apply, instead of a replay for each).
    public mutating func move(to n: Int) -> (before: World, changes: [Change]) {
        let n = min(max(0, n), count)
        guard n >= 1 else {
            jump(to: 0)
            return (initial, [])
        }
        let before = n - 1 == cursor ? current : world(at: n - 1)
        var world = before
        var changes: [Change] = []
        if let step = steps[n - 1] {
            changes = (try? world.apply(step, programs: programs)) ?? []
        } else {
            world.tick()
        }
        cursor = n
        detached = n == count ? nil : world
        return (before, changes)
    }

    /// Applies a step at the cursor. At an earlier step this starts a branch: the later steps are
    /// dropped. On error nothing changes.
    @discardableResult
    public mutating func apply(_ step: Step) throws(EventError) -> [Change] {
        if cursor < count {
            var next = current
            let changes = try next.apply(step, programs: programs)
            truncate(to: cursor)
            head = next
            return appended(step, changes)
        }
        // Move the head out while it changes, so its storage is not shared and is updated in place.
        var next = World()
        swap(&next, &head)
        do {
            let changes = try next.apply(step, programs: programs)
            head = next
            return appended(step, changes)
        } catch {
            swap(&next, &head)
            throw error
        }
    }

    /// Adds a step that applies no event at the cursor (an expectation): the clock moves, so
    /// positions and launch steps stay aligned with a scenario's step numbers.
    public mutating func tick() {
        if cursor < count {
            var next = current
            truncate(to: cursor)
            next.tick()
            head = next
        } else {
            head.tick()
        }
        _ = appended(nil, [])
    }

    private mutating func appended(_ step: Step?, _ changes: [Change]) -> [Change] {
        steps.append(step)
        if steps.count % snapshotInterval == 0 { snapshots.append(head) }
        cursor = count
        detached = nil
        return changes
    }

    /// Drops every step after `n` (the branch point), keeping the cursor in range.
    public mutating func truncate(to n: Int) {
        let n = min(max(0, n), count)
        guard n < count else { return }
        let world = world(at: n)
        steps.removeSubrange(n...)
        snapshots.removeSubrange((n / snapshotInterval + 1)...)
        head = world
        if cursor >= n {
            cursor = n
            detached = nil
        }
    }

    /// Removes the last step (undo of the latest event).
    public mutating func undo() {
        guard count > 0 else { return }
        truncate(to: count - 1)
    }

    /// Moves the cursor to step `n` (clamped).
    public mutating func jump(to n: Int) {
        let n = min(max(0, n), count)
        guard n != cursor else { return }
        detached = n == count ? nil : world(at: n)
        cursor = n
    }

    public mutating func stepForward() { jump(to: cursor + 1) }
    public mutating func stepBack() { jump(to: cursor - 1) }
}
