import IDSim

/// What one launch of a recipe did, in order: each migration, each source asked or passed over
/// and why, each store read and what it found, the value each ID took, each write and how it
/// went, and what stopped the launch. Recorded only when asked (explore's why replays a break
/// with it, `TracedReplay`); the launches of a search record nothing.
package struct RecipeTrace: Sendable, Equatable {
    package var entries: [Entry] = []

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// What a read of a store found.
    package enum Found: Sendable, Equatable {
        case value(String)
        case missing
        /// A keychain status other than success or not-found.
        case refused(SecStatus)

        package var value: String? {
            if case .value(let v) = self { return v }
            return nil
        }
    }

    /// Why a source was passed over without being asked.
    package enum Skip: Sendable, Equatable {
        /// `if: STORE`: the store held nothing (or its read was refused).
        case ifHeld(store: String, found: Found)
        /// `unless: STORE`: the store held a value.
        case unlessHeld(store: String, value: String)
        /// `when: { option: NAME }` did not hold.
        case option(String)
        /// A server source at a launch without the network.
        case noNetwork
        /// It names a store or an ID the recipe does not have (or an ID worked out later).
        case namesNothing
    }

    /// How a write went.
    package enum Written: Sendable, Equatable {
        case ok
        /// A keychain status other than success.
        case refused(SecStatus)
        /// A file that could not be written: the reason, in words.
        case unavailable(String)
    }

    package enum Entry: Sendable, Equatable {
        /// `beforeFirstUnlock: wait`: the code did nothing before the first unlock.
        case waited
        /// The ID came from the process's memory (`cache: process`).
        case fromMemory(id: String, value: String)
        /// A migration ran: `moved` when it copied `from`'s value to `to`.
        case migrated(index: Int, from: String, to: String, moved: String?)
        /// The first read of a store this launch (later reads reuse it, as the code keeps it in a
        /// variable). `place` is the store with its placeholders filled.
        case read(store: String, place: String, found: Found)
        /// A source passed over; `peek` is what a store source would have read (the trace looks,
        /// the launch does not).
        case skipped(id: String, source: Int, name: String, because: Skip, peek: Found?)
        /// A source whose value its check refused (`check: { uuid: true }`, `not:`, `nonZero`).
        case rejected(id: String, source: Int, name: String, value: String)
        /// A source that gave nothing (a store with no value, an IDFV before the first unlock, an
        /// all-zero IDFA, no APNs token).
        case empty(id: String, source: Int, name: String)
        /// The ID took the value of this source.
        case chosen(id: String, source: Int, name: String, value: String)
        /// No source gave the ID a value.
        case noValue(id: String)
        /// A write of `save` entry `save` (or a migration's, with save nil) to a store.
        case wrote(id: String?, save: Int?, store: String, place: String, value: String, result: Written)
        /// A refused read under `whenRefused: stop`.
        case stoppedByRefusedRead(store: String, status: SecStatus)
        /// A failed write under `whenWriteFails: stop`.
        case stoppedByFailedWrite(store: String)
    }

    /// The value an ID took (nil: none), and the source it came from.
    package func chosen(_ id: String) -> (source: Int, name: String, value: String)? {
        for entry in entries {
            if case .chosen(id, let source, let name, let value) = entry { return (source, name, value) }
        }
        return nil
    }

    /// The first read of a store this launch.
    package func read(_ store: String) -> (place: String, found: Found)? {
        for entry in entries {
            if case .read(store, let place, let found) = entry { return (place, found) }
        }
        return nil
    }

    /// The writes made to a store this launch, in order.
    package func writes(to store: String) -> [(value: String, result: Written, place: String)] {
        entries.compactMap { entry in
            if case .wrote(_, _, store, let place, let value, let result) = entry { return (value, result, place) }
            return nil
        }
    }

    /// What stopped the launch, if something did.
    package var stop: Entry? {
        entries.first { entry in
            switch entry {
            case .stoppedByRefusedRead, .stoppedByFailedWrite, .waited: true
            default: false
            }
        }
    }
}

/// Collects the traces of one app's launches for `TracedReplay` (one thread at a time: a replay
/// applies its steps in order).
final class TraceSink: @unchecked Sendable {
    var traces: [RecipeTrace] = []
}

/// A recipe's program that records a trace of each launch into a sink.
struct TracingRecipeProgram: AppProgram {
    let program: RecipeProgram
    let sink: TraceSink

    func launch(_ os: inout AppOS) -> LaunchReport {
        var trace: RecipeTrace? = RecipeTrace()
        let report = program.launch(&os, trace: &trace)
        sink.traces.append(trace ?? RecipeTrace())
        return report
    }

    func declares(call name: String) -> Bool { program.declares(call: name) }

    func call(_ name: String, value: String?, _ os: inout AppOS) -> LaunchReport {
        var trace: RecipeTrace? = RecipeTrace()
        let report = program.call(name, value: value, &os, trace: &trace)
        sink.traces.append(trace ?? RecipeTrace())
        return report
    }
}

/// Replays steps on a world with one app's recipe launches traced: what explore's why reads to
/// say what the app's own code did. Every other app runs its strategy as usual.
package enum TracedReplay {
    package struct StepResult: Sendable {
        /// The world after the step.
        package var world: World
        /// The step's changes, each with its rule.
        package var changes: [Change]
        /// The followed app's launch at this step, traced (nil: the step is not its launch).
        package var trace: RecipeTrace?
        /// Whether the step applied (a step iOS refuses leaves the world as it was).
        package var applied: Bool
    }

    /// Applies each step in order from `world`, tracing `app`'s launches as `recipe` runs them (its
    /// own recipe, or a Swift strategy's twin, which launches as the strategy does); with no
    /// recipe, every app runs its strategy and nothing is traced.
    package static func run(from world: World, steps: [Step], app: AppIndex, recipe: Recipe?, library: StrategyLibrary) -> [StepResult] {
        let sink = TraceSink()
        let strategyName = world.apps[app].strategy
        let resolver: any AppProgramResolver = recipe.map {
            Resolver(library: library, strategyName: strategyName, shared: RecipePlan($0), sink: sink)
        } ?? library
        var world = world
        var results: [StepResult] = []
        results.reserveCapacity(steps.count)
        for step in steps {
            sink.traces.removeAll()
            var changes: [Change] = []
            var applied = true
            do {
                changes = try world.apply(step, programs: resolver)
            } catch {
                applied = false
            }
            var trace: RecipeTrace?
            if step.event.reportsIDs(of: app), applied { trace = sink.traces.last }
            results.append(StepResult(world: world, changes: changes, trace: trace, applied: applied))
        }
        return results
    }

    /// The library, but the traced recipe for the followed app's strategy.
    struct Resolver: AppProgramResolver {
        let library: StrategyLibrary
        let strategyName: String
        let shared: RecipePlan
        let sink: TraceSink

        func program(strategy: String, options: [String: OptionValue]) -> any AppProgram {
            guard strategy == strategyName else { return library.program(strategy: strategy, options: options) }
            return TracingRecipeProgram(program: RecipeProgram(shared: shared, options: options), sink: sink)
        }
    }
}
