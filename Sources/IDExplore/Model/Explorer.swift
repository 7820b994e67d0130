import IDSim
import IDStrategies

/// A search of a simulated world for the shortest sequence of the alphabet's steps that breaks
/// each property of the followed app's ID: the world as a model (`WorldSearchModel`) searched by
/// the engine (`SearchEngine`), with the outcome in the world's steps and explore's properties.
///
/// Beside the fingerprint, the model's reductions keep the search smaller without changing what
/// it finds: launch views at the last depths (`LaunchView`), mirrored devices (`DeviceSymmetry`),
/// commuting steps (`CommutingSteps`) and steps made moot by a device set up again
/// (`RebuildingSteps`).
package struct Explorer: Sendable {
    package let root: ExploreState
    package let steps: [Step]
    package let programs: StrategyLibrary
    /// The root's apps' programs, resolved once (see `ResolvedPrograms`), for `probe`.
    let resolved: ResolvedPrograms
    /// The followed app and the launch value followed (nil: the primary ID).
    package let app: AppIndex
    package let value: String?

    /// Stop (saying so) before the visited set holds more states than this.
    package var stateLimit = 50_000_000
    /// Worker threads (fewer than one counts as one). The command and the inspector set it to the
    /// machine's active processor count; IDExplore, pure, does not ask the system.
    package var workers = 2
    /// When the world's devices are interchangeable: visit a state or its mirror, not both (used
    /// while `reductions` has `.deviceSymmetry`).
    package var symmetry: DeviceSymmetry?
    /// The goal whose allowed events the search forgives (nil: none; `properties` alone).
    package var goal: ExploreGoal?
    /// Ends the search at the first break of any property it watches, as soon as the chunk that
    /// found it is merged (a fix's check: one break is enough to refuse it, so the rest of the
    /// search is not worth its time). The outcome then holds that break and its depth so far.
    package var stopAtFirstBreak = false
    /// The reductions the search uses (all by default; tests take one out and compare).
    package var reductions = Set(SearchReduction.allCases)
    /// The root leaves tracking state out because the value followed was shown not to depend on
    /// it (`followedValueIgnoresTracking`), not because no code reads it: app code reading
    /// tracking state then breaks nothing the search assumed.
    package var trackingBlindByFlow = false
    /// Marks the restores of backups no restore is taken from too, so that a node left only those
    /// is replayed to try nothing, as before the merge knew them (`LaunchViews.restorable`): for
    /// tests, which compare the searches.
    var marksRefusedRestores = false
    /// Frontier states handed to the workers between two merges (the bench's `--chunk` varies it).
    /// Each chunk ends in a wait for the slowest worker; its merge rides on the next chunk's.
    package var chunkStates = 2048

    package typealias Progress = SearchProgress

    /// The symmetry the search folds states by, if any.
    var foldedSymmetry: DeviceSymmetry? { reductions.contains(DeviceSymmetry.reduction) ? symmetry : nil }

    package init(root: ExploreState, steps: [Step], programs: StrategyLibrary, app: AppIndex, value: String?) {
        self.root = root
        self.steps = steps
        self.programs = programs
        resolved = ResolvedPrograms(library: programs, apps: root.world.apps)
        self.app = app
        self.value = value
    }

    /// The world as the engine searches it, with this search's settings.
    var model: WorldSearchModel {
        WorldSearchModel(root: root, steps: steps, library: programs, app: app, value: value, forgiving: goal?.forgiving ?? [],
                         symmetry: symmetry, reductions: reductions, trackingBlindByFlow: trackingBlindByFlow,
                         marksRefusedRestores: marksRefusedRestores)
    }

    /// Searches to `depth` for the properties; stops early when all have broken, or when
    /// `shouldStop` says so (checked by every worker before each state it expands, so a stop acts
    /// within one state's successors however costly the strategy's launches), or at the state limit.
    ///
    /// A tracking-blind root is searched blind as long as no app code reads tracking state; if
    /// some does (a strategy that said it never would), the search starts over seeing it. Steps
    /// that set a device up again are left out after the device's own steps (`RebuildingSteps`)
    /// as long as no server keeps a record an erase does not end; once one does, the device's
    /// past outlives the erase and the search starts over trying them. (The engine starts over;
    /// the model says what it assumed: `WorldSearchModel.relaxing`.)
    package func run(properties: Set<ExploreProperty>, depth: Int, clock: @escaping @Sendable () -> Double = { 0 },
                     shouldStop: @Sendable () -> Bool = { false }, progress: (Progress) -> Void = { _ in }) -> ExploreOutcome {
        var engine = SearchEngine(model: model)
        engine.stateLimit = stateLimit
        engine.workers = workers
        engine.stopAtFirstBreak = stopAtFirstBreak
        engine.chunkStates = chunkStates
        let (result, searched) = engine.run(properties: PropertyMask(properties), depth: depth, clock: clock, shouldStop: shouldStop,
                                            progress: progress)
        var breaks: [ExploreProperty: [Step]] = [:]
        for (bit, numbers) in result.breaks { breaks[ExploreProperty(bit: bit)] = numbers.map { steps[Int($0)] } }
        return ExploreOutcome(breaks: breaks, searched: properties, completedDepth: result.completedDepth, depth: depth, states: result.states,
                              successors: result.successors, seconds: result.seconds, stopReason: result.stopReason, bytesPerState: result.bytesPerState,
                              trackingBlind: searched.root.trackingBlind, expanded: result.expanded, mergeSeconds: result.mergeSeconds,
                              insertSeconds: result.insertSeconds)
    }

    /// A state's fingerprint (for tests and tools that compare states).
    package static func fingerprint(_ state: ExploreState) -> Int { Fingerprinter.fingerprint(state) }

    /// A state's fingerprint as this search sees it (under its symmetry, when it has one).
    package func fingerprint(of state: ExploreState) -> Int { Fingerprinter.fingerprint(state, symmetry: foldedSymmetry) }

    /// The fingerprint with every device rehashed, ignoring the forms the steps kept: equal to
    /// `fingerprint` whenever those forms are up to date.
    package static func fingerprintFromScratch(_ state: ExploreState, symmetry: DeviceSymmetry? = nil) -> Int {
        Fingerprinter.fingerprintFromScratch(state, symmetry: symmetry)
    }

    /// Applies one step as the search does: the properties it broke, or nil when it cannot apply.
    package func probe(_ state: inout ExploreState, _ step: Step) -> Set<ExploreProperty>? {
        probe(&state, step, forms: nil)
    }

    /// `probe`, remaking device forms from a worker's part forms as the search does.
    func probe(_ state: inout ExploreState, _ step: Step, forms: PartFormCache?) -> Set<ExploreProperty>? {
        state.apply(step, watch: Watch(app: app, value: value, properties: .all, forgiving: goal?.forgiving ?? []), programs: resolved,
                    forms: forms)?.properties
    }
}
