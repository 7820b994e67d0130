import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing

/// For a strategy that never reads the IDFA or the ATT status, explore leaves the tracking state
/// out of its states. That is sound only if the declaration is true and that state changes
/// nothing else: these tests check the declarations on random walks, compare the blind search
/// with the seeing one, and check that a false declaration is caught.
@Suite("explore's tracking-blind states")
struct TrackingBlindTests {
    static let library = StrategyCatalog.builtIn

    /// A strategy that says it never reads tracking state, and takes the ATT status for its ID.
    static let liar = Strategy(name: "liar", summary: "reads the ATT status but says it does not", kind: .swift, options: [],
                               valueNames: [], readsTracking: false, stores: { _, _ in [] },
                               program: { _ in
                                   ClosureProgram { os in
                                       LaunchReport(primaryID: os.trackingAuthorizationStatus()?.rawValue, values: [])
                                   }
                               })

    /// The seeing search of the same world, steps and symmetry.
    static func seeing(_ explorer: Explorer) -> Explorer {
        var seeing = Explorer(root: ExploreState(world: explorer.root.world, app: explorer.app, value: explorer.value),
                              steps: explorer.steps, programs: explorer.programs, app: explorer.app, value: explorer.value)
        seeing.symmetry = explorer.symmetry
        return seeing
    }

    @Test("every strategy that says it never reads tracking state never does, on random walks; one that reads it is seen to")
    func declarationsHold() throws {
        // The note works: id-kit reads the IDFA once the user consents.
        let idKit = try #require(Self.library.strategy(named: "id-kit"))
        var world = try ExploreWorld.make(strategy: idKit, devices: 1, os: OSVersion(17, 5))
        for event: Event in [.install(0, source: nil), .consent(0), .launch(0, mode: .foreground)] {
            try world.apply(Step(event, on: 0), programs: Self.library)
        }
        #expect(world.appCodeReads.tracking)
        var beforeConsent = try ExploreWorld.make(strategy: idKit, devices: 1, os: OSVersion(17, 5))
        try beforeConsent.apply(Step(.install(0, source: nil), on: 0), programs: Self.library)
        try beforeConsent.apply(Step(.launch(0, mode: .foreground), on: 0), programs: Self.library)
        #expect(beforeConsent.appCodeReads.tracking, "reading whether the user consented counts as a read")
        var seenReading: Set<String> = []
        for strategy in Self.library.all {
            let explorer = try Explorer.forStrategy(strategy, library: Self.library)
            #expect(explorer.root.trackingBlind == !strategy.readsTracking, Comment(rawValue: strategy.name))
            // What app code read accumulates along a walk: any state after a read shows it.
            explorer.randomWalks(seed: 0x7ac7, walks: 40, length: 24) { state, _, _ in
                if state.world.appCodeReads.tracking { seenReading.insert(strategy.name) }
            }
        }
        let declared = Set(Self.library.all.filter(\.readsTracking).map(\.name))
        #expect(seenReading.isSubset(of: declared), "read tracking state but said they never do: \(seenReading.subtracting(declared))")
    }

    @Test("app code reading the IDFA is noted, and the note is not part of the world's value")
    func readsAreNoted() throws {
        var world = try ExploreWorld.make(strategy: Self.liar, devices: 1, os: OSVersion(17, 5))
        let before = world
        try world.apply(Step(.install(0, source: nil), on: 0), programs: ClosureProgram { _ in LaunchReport(primaryID: nil, values: []) })
        #expect(!world.appCodeReads.tracking)
        let library = Self.library.adding([Self.liar])
        try world.apply(Step(.launch(0, mode: .foreground), on: 0), programs: library)
        #expect(world.appCodeReads.tracking)
        var cleared = world
        cleared.appCodeReads = AppCodeReads()
        #expect(cleared == world)
        #expect(before != world)
    }

    @Test("the blind search finds every break the seeing one finds, at the same length, in fewer states",
          arguments: ["keychain-idfv", "rndi", "zbuuid", "devicecheck", "firebase-installations"])
    func sameBreaks(name: String) throws {
        let strategy = try #require(Self.library.strategy(named: name))
        let events = matrixEvents.union(["requestTracking", "setting", "resetAdvertisingId", "consent"])
        let blind = try Explorer.forStrategy(strategy, library: Self.library, events: events)
        #expect(blind.root.trackingBlind)
        let properties = Set(ExploreProperty.allCases)
        let reduced = blind.run(properties: properties, depth: 5)
        let full = Self.seeing(blind).run(properties: properties, depth: 5)
        #expect(reduced.trackingBlind && !full.trackingBlind)
        #expect(Set(reduced.breaks.keys) == Set(full.breaks.keys), Comment(rawValue: name))
        for (property, steps) in full.breaks { #expect(reduced.breaks[property]?.count == steps.count, "\(name) \(property)") }
        #expect(reduced.states < full.states, "\(name): \(reduced.states) states blind, \(full.states) seeing")
    }

    @Test("a strategy that reads tracking state while saying it never does is searched seeing it")
    func falseDeclarationCaught() throws {
        let library = Self.library.adding([Self.liar])
        let explorer = try Explorer.forStrategy(Self.liar, library: library, events: ["install", "launch", "requestTracking"])
        #expect(explorer.root.trackingBlind)
        let properties = Set(ExploreProperty.allCases)
        let outcome = explorer.run(properties: properties, depth: 4)
        let seeing = Self.seeing(explorer).run(properties: properties, depth: 4)
        #expect(!outcome.trackingBlind)
        #expect(outcome.states == seeing.states)
        #expect(outcome.breaks.mapValues(\.count) == seeing.breaks.mapValues(\.count))
        // Install, launch, allow tracking, launch: the liar's ID changes, which a blind search would
        // miss (allowing would change nothing it sees).
        #expect(outcome.breaks[.stable]?.count == 4)
    }
}
