@testable import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// A worker passes over a successor whose fingerprint it predicts from what the same step did
/// from a state with the same view (`StepOutcomes`). A wrong prediction would drop a state, so
/// every prediction made along random walks is checked against the step applied, and searches
/// with and without the reduction are compared depth by depth.
@Suite("explore's kept step outcomes")
struct StepOutcomesTests {
    /// Every built-in world the rule tests walk, and recipe twins, whose launches run a recipe.
    static let worlds = Explorer.walkedWorlds + ["keychain-idfv-twin", "svudid-twin", "rndi-twin"]

    @Test("every fingerprint predicted along random walks is the one the step, applied, gives", arguments: worlds)
    func predictionsAreTheAppliedOnes(name: String) throws {
        let explorer = try Explorer.named(name)
        let model = explorer.model
        let worker = model.makeWorker()
        guard !explorer.trackingBlindByFlow else {
            #expect(worker.outcomes == nil, "\(name): blind by flow keeps none")
            return
        }
        model.prepare(worker, watching: PropertyMask(Set(ExploreProperty.allCases)))
        var predictions = 0, learned = 0, launches = 0
        var numbers = Array(0..<model.stepCount)
        let followedLaunches = numbers.filter { model.steps[$0].event.reportsIDs(of: explorer.app) }
        func check(from state: ExploreState, _ random: inout SplitMix) throws {
            // Each state tries its steps in an order of its own, twice: the second time round
            // most kept outcomes are the state's own, the first time its neighbours'.
            for _ in 0..<2 {
                numbers.sort { _, _ in random.next() & 1 == 0 }
                for number in numbers where !model.skips(number, from: state, worker: worker) {
                    let predicted = model.predictedFingerprint(number, from: state, worker: worker)
                    var successor = state
                    let result = model.apply(number, to: &successor, worker: worker)
                    guard let predicted else {
                        if let result { model.learn(number, from: state, to: successor, result: result, worker: worker) }
                        learned += 1
                        continue
                    }
                    predictions += 1
                    let step = model.steps[number]
                    if case .launch = step.event { launches += 1 }
                    try #require(result != nil, "\(name): \(step) was predicted but does not apply")
                    #expect(predicted == model.fingerprint(successor, worker: worker), "\(name): \(step) predicted wrong")
                    #expect(result?.broken == [] && result?.brokenAssumptions.isDisjoint(with: model.assumptions) == true,
                            "\(name): \(step) broke something")
                }
            }
        }
        try explorer.randomWalks(seed: 0x5eed, walks: 16, length: 9) { state, _, random in
            try check(from: state, &random)
            // And from the state after a launch of the followed app, whose next launches mostly
            // read what it made (a launch that makes an ID draws it fresh, and is not kept).
            var launched = state
            if model.apply(random.pick(followedLaunches), to: &launched, worker: worker) != nil { try check(from: launched, &random) }
        }
        // Not vacuous: the walks meet kept outcomes, and learn more than they predict from.
        #expect(predictions > 200 && learned > 200, "\(name): \(predictions) predictions, \(learned) learned")
        #expect(worker.outcomes?.predicted == predictions)
        // Among them launches, which read more than their device.
        if name == "rndi" || name == "keychain-idfv" { #expect(launches > 0, "\(name): \(launches) launches") }
    }

    @Test("with kept outcomes a search visits the same states at every depth, makes as many successors and finds every break at its length",
          arguments: ["rndi", "keychain-idfv", "adjust", "svudid-twin", "fcuuid", "devicecheck", "id-kit", "openudid", "revenuecat"])
    func searchKeepsStates(name: String) throws {
        let keeping = try Explorer.named(name)
        var without = keeping
        without.reductions.remove(.stepOutcomes)
        let all = Set(ExploreProperty.allCases)
        func run(_ explorer: Explorer) -> (ExploreOutcome, [Int]) {
            var states: [Int] = []
            let outcome = explorer.run(properties: all, depth: 6, progress: { if $0.depthDone { states.append($0.states) } })
            return (outcome, states)
        }
        let (a, statesWith) = run(keeping), (b, statesWithout) = run(without)
        #expect(a.breaks.mapValues(\.count) == b.breaks.mapValues(\.count), "\(name)")
        #expect(statesWith == statesWithout, "\(name)")
        // Passed-over successors are still counted, as visited ones.
        #expect(a.successors == b.successors, "\(name)")
    }

    @Test("a step that draws a value is not kept, though the fingerprint hashes the value as text")
    func drawsAreNotKept() throws {
        let explorer = try Explorer.named("revenuecat")
        let model = explorer.model
        let worker = model.makeWorker()
        model.prepare(worker, watching: PropertyMask(Set(ExploreProperty.allCases)))
        // The other app of the vendor (app 1) started on the phone, then the phone restarts: its
        // next launch, in the background before the first unlock, cannot read UserDefaults and
        // draws a new `$RCAnonymousID:` (rule CT-25), which the fingerprint hashes as text.
        let rebooted = explorer.state(after: [Step(.install(1, source: nil), on: 0), Step(.launch(1, mode: .foreground), on: 0), Step(.reboot, on: 0)])
        // The same after the other phone's erase, which draws that phone a new IDFA: the launch
        // reads the same, and the generator stands elsewhere.
        var erased = rebooted
        #expect(explorer.probe(&erased, Step(.erase, on: 1)) != nil)
        let launch = try #require(model.steps.firstIndex(of: Step(.launch(1, mode: .background), on: 0)))
        let memo = try #require(worker.outcomes)
        #expect(memo.view(of: launch, on: 0, from: rebooted, watching: worker.watch.properties)?.hash
                == memo.view(of: launch, on: 0, from: erased, watching: worker.watch.properties)?.hash, "one view")
        var drawn: [String] = []
        for state in [rebooted, erased] {
            let predicted = model.predictedFingerprint(launch, from: state, worker: worker)
            var successor = state
            let result = try #require(model.apply(launch, to: &successor, worker: worker))
            #expect(predicted == nil || predicted == model.fingerprint(successor, worker: worker), "predicted wrong")
            if predicted == nil { model.learn(launch, from: state, to: successor, result: result, worker: worker) }
            drawn += successor.world.devices[0].processes[1].map { Array($0.memory.values) } ?? []
        }
        #expect(drawn.count == 2 && drawn[0] != drawn[1] && drawn.allSatisfy { $0.hasPrefix("$RCAnonymousID:") }, "\(drawn)")
        #expect(memo.predicted == 0, "the first launch's outcome was not kept")
    }

    @Test("what a step's outcome is kept by: its device's form, its launch view, or nothing")
    func whatIsKept() throws {
        let explorer = try Explorer.named("rndi")
        let world = explorer.root.world
        func reads(_ event: Event, forgiving: Forgiving = []) -> StepOutcomes.Reads {
            StepOutcomes.reads([Step(event, on: 0)], app: 0, forgiving: forgiving)[0]
        }
        #expect(reads(.lock) == .device && reads(.install(0, source: nil)) == .device && reads(.uninstall(0)) == .device)
        #expect(reads(.launch(0, mode: .foreground)) == .launchView && reads(.launch(1, mode: .background)) == .launchView)
        #expect(reads(.uninstall(0), forgiving: .uninstall) == .none, "writes what the properties remember")
        #expect(reads(.uninstall(1), forgiving: .uninstall) == .device, "another app's")
        #expect(reads(.backup(.icloud, name: ActionAlphabet.backupName(device: 0, kind: .icloud, world))) == .none, "writes a backup")
        #expect(reads(.erase) == .none && reads(.migrate(from: 1)) == .none && reads(.restore(backup: "b")) == .none && reads(.signOut()) == .none)
    }

    @Test("a search blind to tracking by its value's flow keeps no outcomes, nor one without the reduction")
    func notKept() throws {
        var explorer = try Explorer.named("rndi")
        #expect(explorer.model.makeWorker().outcomes != nil)
        explorer.trackingBlindByFlow = true
        #expect(explorer.model.makeWorker().outcomes == nil, "app code may read tracking state no form holds")
        explorer.trackingBlindByFlow = false
        explorer.reductions.remove(.stepOutcomes)
        #expect(explorer.model.makeWorker().outcomes == nil)
    }
}
