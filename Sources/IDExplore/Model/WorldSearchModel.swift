import IDSim
import IDStrategies

/// The simulated world as the engine searches it (`SearchModel`): states are `ExploreState`s
/// (a world and what the properties remember), steps are the alphabet's (`ActionAlphabet`), and
/// the properties are explore's four, each a bit (`ExploreProperty.bit`).
///
/// The reductions, as the engine takes them:
/// - commuting steps and rebuilding steps, as tables (`StepCut`);
/// - the launch views, as a node-marking reduction (`LaunchViewMarking`);
/// - device symmetry, in the fingerprint (the least over the devices' orders);
/// - a tracking-blind root (`ExploreState.trackingBlind`), whose states leave tracking state out.
/// Two of them assume what a strategy's code could break: the tracking-blind states that no app
/// code reads tracking state (`codeIgnoresTracking`), the rebuilding steps that an erase ends
/// what a device held (`erasesEndServerRecords`, broken by a server record that outlives it).
struct WorldSearchModel: SearchModel {
    /// No app code reads tracking state: a tracking-blind root may leave it out.
    static let codeIgnoresTracking = Assumptions(rawValue: 1 << 0)
    /// No server keeps a record an erase does not end: `RebuildingSteps` may leave rebuilding
    /// steps out after a device's own steps.
    static let erasesEndServerRecords = Assumptions(rawValue: 1 << 1)

    let root: ExploreState
    let steps: [Step]
    let library: StrategyLibrary
    let app: AppIndex
    let value: String?
    /// What the search's goal forgives.
    let forgiving: Forgiving
    /// The symmetry the fingerprint folds states by, if any (with `.deviceSymmetry` in use).
    let symmetry: DeviceSymmetry?
    let reductions: Set<SearchReduction>
    let breakingSteps: [Int]
    /// The only steps that read backups.
    let restoreSteps: [Int]
    let stepCuts: [StepCut]
    let marking: LaunchViewMarking
    let assumptions: Assumptions
    /// The root is tracking-blind because the followed value's flow was shown apart from any
    /// read of tracking state (`Explorer.trackingBlindByFlow`): reads assume nothing then.
    let trackingBlindByFlow: Bool

    init(root: ExploreState, steps: [Step], library: StrategyLibrary, app: AppIndex, value: String?, forgiving: Forgiving,
         symmetry: DeviceSymmetry?, reductions: Set<SearchReduction>, trackingBlindByFlow: Bool = false, marksRefusedRestores: Bool = false) {
        self.root = root
        self.steps = steps
        self.library = library
        self.app = app
        self.value = value
        self.forgiving = forgiving
        self.symmetry = reductions.contains(DeviceSymmetry.reduction) ? symmetry : nil
        self.reductions = reductions
        // Only a launch of the followed app reads its ID, so only a launch can break a property.
        breakingSteps = steps.indices.filter { steps[$0].event.reportsIDs(of: app) }
        restoreSteps = steps.indices.filter { index in
            if case .restore = steps[index].event { return true }
            return false
        }
        var cuts: [StepCut] = []
        if reductions.contains(CommutingSteps.reduction) { cuts.append(CommutingSteps(steps: steps).cut(stepCount: steps.count)) }
        if reductions.contains(RebuildingSteps.reduction) { cuts.append(RebuildingSteps(steps: steps).cut(stepCount: steps.count)) }
        stepCuts = cuts
        marking = LaunchViewMarking(merges: reductions.contains(LaunchView.reduction) && LaunchView.applies(to: root),
                                    deviceCount: root.world.deviceCount, marksRefusedRestores: marksRefusedRestores)
        self.trackingBlindByFlow = trackingBlindByFlow
        assumptions = cuts.reduce(root.trackingBlind && !trackingBlindByFlow ? Self.codeIgnoresTracking : []) { $0.union($1.assumes) }
    }

    var stepCount: Int { steps.count }

    func unsharedRoot() -> ExploreState { root.unshared() }

    /// A tracking-blind search that met app code reading tracking state starts over seeing it;
    /// one that met a server record outliving an erase starts over trying the rebuilding steps.
    func relaxing(_ broken: Assumptions) -> WorldSearchModel {
        var root = self.root, symmetry = self.symmetry, reductions = self.reductions
        if broken.contains(Self.codeIgnoresTracking) {
            root = ExploreState(world: root.world, app: app, value: value, trackingBlind: false)
            // Devices alike while their tracking state was left out may not be alike with it. (The
            // forms would still tell their states apart, so mirrors would merge soundly; this keeps
            // to `DeviceSymmetry`'s stated condition, devices alike at the root.)
            symmetry = symmetry == nil ? nil : DeviceSymmetry(root: root)
        }
        if broken.contains(Self.erasesEndServerRecords) { reductions.remove(RebuildingSteps.reduction) }
        return WorldSearchModel(root: root, steps: steps, library: library, app: app, value: value, forgiving: forgiving,
                                symmetry: symmetry, reductions: reductions, trackingBlindByFlow: trackingBlindByFlow,
                                marksRefusedRestores: marking.marksRefusedRestores)
    }

    func makeWorker() -> WorldWorker {
        // No outcomes are kept where app code may read tracking state no form holds (see `StepOutcomes`).
        let keepsOutcomes = reductions.contains(StepOutcomes.reduction) && !trackingBlindByFlow
        return WorldWorker(tables: PartTables(steps: steps, restoreSteps: restoreSteps, symmetry: symmetry),
                           forms: PartFormCache(trackingBlind: root.trackingBlind), resolved: ResolvedPrograms(library: library, apps: root.world.apps),
                           watch: Watch(app: app, value: value, properties: [], forgiving: forgiving),
                           outcomes: keepsOutcomes ? StepOutcomeMemo(reads: StepOutcomes.reads(steps, app: app, forgiving: forgiving)) : nil)
    }

    func prepare(_ worker: WorldWorker, watching: PropertyMask) {
        worker.watch = Watch(app: app, value: value, properties: watching, forgiving: forgiving)
    }

    @inline(__always)
    func replay(_ step: Int, on state: inout ExploreState, worker: WorldWorker) {
        _ = state.apply(worker.tables.steps[step], watch: worker.watch, programs: worker.resolved, forms: worker.forms)
    }

    @inline(__always)
    func skips(_ step: Int, from state: ExploreState, worker: WorldWorker) -> Bool {
        let step = worker.tables.steps[step]
        return state.refuses(step) || state.certainlyLeadsBack(step)
    }

    @inline(__always)
    func apply(_ step: Int, to state: inout ExploreState, worker: WorldWorker) -> StepResult? {
        guard let broken = state.applyNotRefused(worker.tables.steps[step], watch: worker.watch, programs: worker.resolved, forms: worker.forms)
        else { return nil }
        let reads = state.world.appCodeReads
        guard reads.tracking || reads.serverRecordOutlivingErase else { return StepResult(broken: broken) }
        var brokenAssumptions: Assumptions = []
        if reads.tracking { brokenAssumptions.insert(Self.codeIgnoresTracking) }
        if reads.serverRecordOutlivingErase { brokenAssumptions.insert(Self.erasesEndServerRecords) }
        return StepResult(broken: broken, brokenAssumptions: brokenAssumptions)
    }

    @inline(__always)
    func fingerprint(_ state: ExploreState, worker: WorldWorker) -> Int {
        Fingerprinter.fingerprint(state, symmetry: worker.tables.symmetry, watching: worker.watch.properties)
    }

    func rootFingerprint(watching properties: PropertyMask) -> Int {
        Fingerprinter.fingerprint(root, symmetry: symmetry, watching: properties)
    }

    /// The parent with its device's form replaced by the one kept for the step's view (`StepOutcomes`).
    func predictedFingerprint(_ step: Int, from state: ExploreState, worker: WorldWorker) -> Int? {
        guard let memo = worker.outcomes else { return nil }
        let d = worker.tables.steps[step].device
        guard d >= 0, d < state.world.deviceCount, let view = memo.view(of: step, on: d, from: state, watching: worker.watch.properties) else {
            memo.lastView = nil
            return nil
        }
        guard let form = memo.form(after: view) else {
            memo.lastView = view
            return nil
        }
        memo.lastView = nil
        var predicted = state
        predicted.deviceForms[d] = form
        return fingerprint(predicted, worker: worker)
    }

    /// Keeps the step's outcome when it wrote only its device's form (see `StepOutcomes`).
    func learn(_ step: Int, from state: ExploreState, to successor: ExploreState, result: StepResult, worker: WorldWorker) {
        guard let memo = worker.outcomes, let view = memo.lastView, view.step == step else { return }
        memo.lastView = nil
        let d = worker.tables.steps[step].device
        // (An assumption the model no longer makes is reported broken by every step after the read
        // that broke it, since the world keeps what its app code read: the engine passes over
        // those, and so may a prediction.)
        // (Nor one that drew from the world's generator: see `StepOutcomes`.)
        guard result.broken.isEmpty, result.brokenAssumptions.isDisjoint(with: assumptions), successor.world.rng == state.world.rng,
              successor.follow == state.follow,
              successor.backupForms.count == state.backupForms.count, successor.world.deviceCheck == state.world.deviceCheck,
              successor.world.accountsUnchanged(since: state.world.accountSnapshot) else { return }
        let before = state.world.deviceSnapshot
        for e in 0..<successor.world.deviceCount where e != d && !successor.world.deviceUnchanged(e, since: before) { return }
        memo.keep(view, form: successor.deviceForms[d])
    }
}

/// What one worker of a search of the world keeps: its own copies of the tables it reads for
/// every successor, its recent part forms, its resolved programs (when both workers shared one
/// set, a program held in a box had its reference count written by both cores at every launch),
/// and the watch of the chunk it is on.
final class WorldWorker {
    let tables: PartTables
    let forms: PartFormCache
    let resolved: ResolvedPrograms
    var watch: Watch
    /// What steps did, by what they read (nil: `StepOutcomes` is not in use).
    let outcomes: StepOutcomeMemo?

    init(tables: PartTables, forms: PartFormCache, resolved: ResolvedPrograms, watch: Watch, outcomes: StepOutcomeMemo?) {
        self.tables = tables
        self.forms = forms
        self.resolved = resolved
        self.watch = watch
        self.outcomes = outcomes
    }
}
