import IDSim
import IDStrategies
import Synchronization

/// What one worker keeps for a whole search: its own root and the states along its last replayed
/// path, its recent part forms, its resolved programs and its copies of the step tables. Made
/// once, not for each chunk: the forms and the replay carry over from one chunk to the next, and
/// the tables are remade only when the steps tried change (at the last depth).
/// Used by one worker at a time (the search waits for every worker before the next chunk).
final class WorkerContext: @unchecked Sendable {
    var replay: PathReplay
    let forms: PartFormCache
    /// The worker's own programs: when both workers shared one set, a program held in a box had
    /// its reference count written by both cores at every launch.
    let resolved: ResolvedPrograms
    var ownTables: PartTables?

    init(root: ExploreState, programs: StrategyLibrary) {
        replay = PathReplay(root: root)
        forms = PartFormCache(trackingBlind: root.trackingBlind)
        resolved = ResolvedPrograms(library: programs, apps: root.world.apps)
    }

    /// The worker's copies of the tables read for every successor (see `PartTables`).
    func tables(steps: [Step], tried: [Int], restoreSteps: [Int], symmetry: DeviceSymmetry?) -> PartTables {
        if let ownTables, ownTables.tried == tried { return ownTables }
        let made = PartTables(steps: steps, tried: tried, restoreSteps: restoreSteps, symmetry: symmetry)
        ownTables = made
        return made
    }
}

/// Hands out runs of a chunk's states, each to the first worker that asks.
final class RunCounter: Sendable {
    let next = Atomic<Int>(0)

    func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// Results by run, each written by the one worker that took the run.
/// Raw storage, not an array: two workers writing elements of one array would each check and
/// write the array's storage reference as they did.
final class ResultSlots<Element>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Element>

    init(count: Int, empty: Element) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: empty)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Element) { slots[index] = value }

    /// Every run's result, in run order (read after every worker has finished).
    var all: [Element] { Array(slots) }
}

/// A closure that one task of a parallel loop runs while the loop's caller waits for it: it may
/// touch what the caller owns, because nothing else does meanwhile (see `Explorer.expand`).
struct UncheckedTask: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
}
