import Synchronization

/// What one worker keeps for a whole search: its own root and the states along its last replayed
/// path, the model's worker (its caches and copies), and its copies of the level's tables. Made
/// once, not for each chunk: the model's caches and the replay carry over from one chunk to the
/// next, and the tables are remade only when the level changes.
/// Used by one worker at a time (the search waits for every worker before the next chunk).
///
/// Why copies: an array's reference count sits in the cache line that holds its length, which
/// every bounds check reads. While both workers retain and release one array, each write takes
/// the line from the other core and the reads behind it stall: with two workers, `perf` put most
/// of the fingerprint's own time on loading one shared order's length, and with one worker none of it.
final class WorkerContext<Model: SearchModel>: @unchecked Sendable {
    var replay: PathReplay<Model.State>
    let worker: Model.Worker
    private var tablesLevel: Int?
    private var tried: [Int] = []
    private var cuts: LevelCuts?

    init(model: Model) {
        replay = PathReplay(root: model.unsharedRoot())
        worker = model.makeWorker()
    }

    /// The worker's copies of the steps tried and the cuts at the plan's level.
    func tables(for plan: LevelPlan<Model>, model: Model) -> (tried: [Int], cuts: LevelCuts) {
        if tablesLevel != plan.level || cuts == nil {
            // `map`, not `Array(_:)`, which would share the storage.
            tried = plan.tried.map { $0 }
            cuts = LevelCuts(model.stepCuts, stepCount: model.stepCount, level: plan.level, depth: plan.depth)
            tablesLevel = plan.level
        }
        return (tried, cuts!)
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
/// touch what the caller owns, because nothing else does meanwhile (see `SearchEngine.expand`).
struct UncheckedTask: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
}
