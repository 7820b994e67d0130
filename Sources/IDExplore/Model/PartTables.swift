import IDSim

/// What a worker's part of a chunk reads for every successor it tries (the steps, the restores,
/// which steps are a device's own, the symmetry's orders), in storage of the worker's own
/// (`WorldWorker`). The engine keeps its own tables likewise (`WorkerContext`).
///
/// An array's reference count sits in the cache line that holds its length, which every bounds
/// check reads. While both workers retain and release one array (an order of the symmetry passed
/// to the fingerprint, a step copied with its backup's name), each write takes the line from the
/// other core and the reads behind it stall: with two workers, `perf` put most of the
/// fingerprint's own time on loading an order's length, and with one worker none of it.
struct PartTables {
    let steps: [Step]
    let restoreSteps: [Int]
    let ownSteps: [Bool]
    let restoreNames: [String]
    let symmetry: DeviceSymmetry?

    /// The tables for `steps`, each array a new one (`Array(array)` would share the storage).
    init(steps: [Step], restoreSteps: [Int], symmetry: DeviceSymmetry?) {
        let steps = steps.map { $0.unshared() }
        self.steps = steps
        self.restoreSteps = restoreSteps.map { $0 }
        ownSteps = Self.ownSteps(steps)
        restoreNames = Self.restoreNames(steps)
        self.symmetry = symmetry?.unshared()
    }

    /// By step: whether it reads and writes only its own device (`LaunchView.ownStep`).
    static func ownSteps(_ steps: [Step]) -> [Bool] {
        steps.map { LaunchView.ownStep($0.event) }
    }

    /// By step: the backup a restore reads ("" for any other step).
    static func restoreNames(_ steps: [Step]) -> [String] {
        steps.map { step in
            if case .restore(let name) = step.event { return name }
            return ""
        }
    }
}
