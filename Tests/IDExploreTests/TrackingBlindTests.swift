import Foundation
@testable import IDExplore
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
            // Blind when no code reads tracking state, or when the followed value's flow is apart from every read.
            let byFlow = strategy.readsTracking && !strategy.readsTracking(value: strategy.matrixValue)
            #expect(explorer.root.trackingBlind == (!strategy.readsTracking || byFlow), Comment(rawValue: strategy.name))
            #expect(explorer.trackingBlindByFlow == byFlow, Comment(rawValue: strategy.name))
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

    /// A recipe from its text, as a file would give it.
    static func recipe(_ text: String) throws -> Recipe {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flow-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScenarioLoader.loadRecipe(path)
    }

    /// A recipe whose main ID reads a store its other ID fills with the IDFA: the main ID follows
    /// the IDFA through the store.
    static let throughAStore = """
        name: through-a-store
        stores:
          ad: { defaults: { key: ad-id } }
          main: { defaults: { key: main-id } }
        ids:
          advertiser: { id: [idfa], save: [ad] }
          device: { id: [ad, main, uuid], save: [main] }
        primary: device
        """

    @Test("which of a recipe's IDs can depend on tracking state: through sources, stores, conditions, calls, migrations and places alike")
    func flowOfTracking() throws {
        let meta = try #require(Self.library.strategy(named: "meta"))
        #expect(meta.readsTracking)
        #expect(!meta.readsTracking(value: nil) && !meta.readsTracking(value: "user") && meta.readsTracking(value: "advertiser"))
        #expect(meta.readsTracking(value: "idfa"), "a value that is no ID's counts as reading it")
        #expect(try Self.recipe(Self.throughAStore).idReadsTracking(nil), "through a store the other ID fills")
        let m = "m: { defaults: { key: main-id } }", t = "t: { file: { path: Library/t } }"
        let cases: [(String, Bool, String)] = [
            ("stores: { \(m) }\nids: { ad: { id: [idfa] }, main: { id: [m, uuid], save: [m] } }", false, "apart"),
            ("stores: { \(m), \(t) }\nids: { ad: { id: [idfa], save: [t] }, main: { id: [{ store: m, if: t }, uuid], save: [m] } }", true,
             "a condition on a store the IDFA fills"),
            ("stores: { \(m) }\nids: { main: { id: [{ store: m, unless: { store: m, equals: idfa } }, uuid], save: [m] } }", true,
             "a comparison with the IDFA"),
            ("stores: { \(m), \(t) }\nids: { ad: { id: [idfa], save: [t] }, main: { id: [m, uuid], save: [m] } }\ncalls: { go: [{ rerun: main, if: t }] }",
             true, "a call's rerun under a condition on it"),
            ("stores: { \(m), \(t) }\nids: { ad: { id: [idfa], save: [t] }, main: { id: [m, uuid], save: [m] } }\nmigrate: [{ from: t, to: m }]", true,
             "a migration from it"),
            ("stores: { \(m), same: { defaults: { key: main-id } } }\nids: { ad: { id: [idfa], save: [same] }, main: { id: [m, uuid], save: [m] } }",
             true, "another store of the same place"),
            ("stores: { \(m), \(t) }\nids: { ad: { id: [idfa], save: [t] }, main: { id: [m, uuid], save: [m, { store: t, when: missing }] } }", true,
             "a save whose being due reads a store the IDFA fills"),
            ("stores: { \(m), k: { file: { path: Library/t, key: other } } }\nids: { ad: { id: [idfa], save: [k] }, main: { id: [m, uuid], save: [m] } }\nwhenRefused: stop",
             true, "a launch the IDFA's path may stop"),
            ("stores: { \(m) }\nids: { ad: { id: [idfa], cache: process }, main: { id: [m, uuid], save: [m], cache: process } }", true,
             "every ID kept in the process"),
            ("stores: { \(m), k1: { keychain: { account: a } }, k2: { keychain: { account: b } } }\nids: { ad: { id: [idfa], save: [k1] }, main: { id: [k2, m, uuid], save: [m] } }",
             true, "keychain items a query may share"),
            ("stores: { \(m), \(t), d: { defaults: { key: done } } }\nids: { ad: { id: [idfa], save: [t] }, main: { id: [m, d, uuid], save: [m] } }\nmigrate: [{ from: m, to: t, done: d }]",
             true, "a migration's done marker, written as the IDFA's store decides"),
        ]
        for (body, reads, why) in cases {
            let recipe = try Self.recipe("name: flow\n" + body + "\nprimary: main")
            #expect(recipe.idReadsTracking(nil) == reads, Comment(rawValue: why))
        }
    }

    @Test("a value whose flow is apart from the IDFA's is searched blind: the same breaks at the same lengths as seeing, in fewer states")
    func blindByFlow() throws {
        let meta = try #require(Self.library.strategy(named: "meta"))
        let events = matrixEvents.union(["requestTracking", "setting", "resetAdvertisingId"])
        for strategy in [meta, try #require(meta.following("user"))] {
            let blind = try Explorer.forStrategy(strategy, library: Self.library, events: events)
            #expect(blind.root.trackingBlind && blind.trackingBlindByFlow)
            let properties = Set(ExploreProperty.allCases)
            let reduced = blind.run(properties: properties, depth: 5)
            let full = Self.seeing(blind).run(properties: properties, depth: 5)
            #expect(reduced.trackingBlind, "the IDFA reads started no search over")
            #expect(reduced.breaks.mapValues(\.count) == full.breaks.mapValues(\.count), Comment(rawValue: strategy.matrixValue ?? "anon"))
            #expect(reduced.states < full.states, "\(reduced.states) states blind, \(full.states) seeing")
        }
        // The advertiser ID is the IDFA: seen.
        let advertiser = try Explorer.forStrategy(try #require(meta.following("advertiser")), library: Self.library, events: events)
        #expect(!advertiser.root.trackingBlind)
    }

    @Test("an ID that follows the IDFA through a store is searched seeing it, and a blind search would miss its break")
    func taintedFlowIsSeen() throws {
        let recipe = try Self.recipe(Self.throughAStore)
        let library = Self.library.adding([recipe.strategy])
        let events: Set<String> = ["install", "launch", "requestTracking"]
        let explorer = try Explorer.forStrategy(recipe.strategy, library: library, events: events)
        #expect(!explorer.root.trackingBlind && !explorer.trackingBlindByFlow)
        let properties: Set<ExploreProperty> = [.stable]
        let seen = explorer.run(properties: properties, depth: 4)
        // Install, allow tracking, launch (the IDFA saved after the device ID read the empty store),
        // launch: the device ID is now the IDFA.
        #expect(seen.breaks[.stable]?.count == 4)
        var forced = Explorer(root: ExploreState(world: explorer.root.world, app: explorer.app, value: explorer.value, trackingBlind: true),
                              steps: explorer.steps, programs: explorer.programs, app: explorer.app, value: explorer.value)
        forced.symmetry = explorer.symmetry
        forced.trackingBlindByFlow = true
        #expect(forced.run(properties: properties, depth: 4).breaks[.stable] == nil, "what the analysis keeps a search from")
    }

    @Test("blind by flow only where every app runs the followed recipe with the same options")
    func blindByFlowNeedsOneRecipe() throws {
        let meta = try #require(Self.library.strategy(named: "meta"))
        let other = try #require(Self.library.strategy(named: "keychain-idfv"))
        func world(_ second: Strategy, options: [String: OptionValue] = [:]) throws -> World {
            var apps = ExploreWorld.apps(strategy: meta)
            apps[1] = ExploreWorld.apps(strategy: second, options: options)[1]
            return try World(seed: 1, accounts: ExploreWorld.accounts(), devices: ExploreWorld.devices(count: 2, os: OSVersion(17, 5)), apps: apps)
        }
        let same = Explorer.from(try world(meta), app: 0, strategy: meta, library: Self.library)
        #expect(same.trackingBlindByFlow && same.root.trackingBlind)
        // Another strategy beside it (one that never reads tracking state, even): its copies between
        // the vendor's shared places are not followed, so the search sees tracking state.
        let mixed = Explorer.from(try world(other), app: 0, strategy: meta, library: Self.library)
        #expect(!mixed.trackingBlindByFlow && !mixed.root.trackingBlind)
        let otherOptions = Explorer.from(try world(meta, options: ["advertiserIDCollection": .bool(false)]), app: 0, strategy: meta,
                                         library: Self.library)
        #expect(!otherOptions.trackingBlindByFlow)
    }
}
