import IDReports
import IDScenario
import IDSim
import IDStrategies
import Testing

/// A twin is a recipe that reproduces a Swift strategy. If the recipe format can express what the
/// Swift code does, nothing observable may tell the two apart: not the matrix, not any launch of
/// any built-in scenario.
@Suite("Recipe twins")
struct RecipeTwinTests {
    /// (twin, original) for every built-in twin.
    static let pairs: [(twin: Strategy, original: Strategy)] = StrategyCatalog.builtIn.all.compactMap { twin in
        guard let name = StrategyCatalog.original(ofTwin: twin.name), let original = StrategyCatalog.builtIn.strategy(named: name) else { return nil }
        return (twin, original)
    }

    @Test("the four twins the issue names are built in")
    func twinsExist() {
        #expect(Set(Self.pairs.map(\.original.name)) == ["keychain-idfv", "zbuuid", "rndi", "svudid"])
        for pair in Self.pairs { #expect(pair.twin.kind == .recipe && pair.original.kind == .swift) }
    }

    @Test("each twin gives its original's matrix row in every lifecycle case, on iOS 9, 14 and 17",
          arguments: ["9.3", "14.0", "17.5"])
    func sameMatrixRows(os: String) throws {
        let matrix = LifecycleMatrix(os: try #require(OSVersion(parsing: os)))
        for pair in Self.pairs {
            for lifecycle in LifecycleCase.all {
                let twin = matrix.cell(strategy: pair.twin, case: lifecycle, library: StrategyCatalog.builtIn)
                let original = matrix.cell(strategy: pair.original, case: lifecycle, library: StrategyCatalog.builtIn)
                #expect(twin == original, "\(pair.twin.name) vs \(pair.original.name) on iOS \(os), \(lifecycle.id)")
            }
        }
    }

    @Test("each twin reports its original's primary ID at every launch of every built-in scenario")
    func samePrimaryIDs() throws {
        var compared = 0, withID = 0
        for name in ScenarioLibrary.names {
            let scenario = try ScenarioLoader.loadBuiltIn(name, allowingPrefix: false)
            // Stopping Sign in with Apple needs an app that signed in, which no twin's code does.
            if scenario.steps.contains(where: { if case .event(.revokeAppleID) = $0.action { true } else { false } }) { continue }
            // Nor calls to an SDK, which a recipe declares and no twin (nor Swift strategy) has.
            if scenario.steps.contains(where: { if case .event(.call) = $0.action { true } else { false } }) { continue }
            for pair in Self.pairs {
                // SvUDID used the Wi-Fi MAC before iOS 7, which a recipe cannot read: its twin starts at 7.
                if pair.original.name == "svudid", scenario.devices.contains(where: { $0.os < OSVersion(7, 0) }) { continue }
                let original = try Self.primaryIDs(of: scenario, everyAppOn: pair.original)
                let twin = try Self.primaryIDs(of: scenario, everyAppOn: pair.twin)
                #expect(twin == original, "\(pair.twin.name) in \(name)")
                compared += original.count
                withID += original.count { $0 != nil }
            }
        }
        // Enough launches, most with an ID, that a difference in any rule a twin depends on shows.
        #expect(compared > 400 && withID > compared * 3 / 4, "launches compared: \(compared), with an ID: \(withID)")
    }

    /// The primary ID of every launch, in order, with every app of the scenario on one strategy.
    static func primaryIDs(of scenario: Scenario, everyAppOn strategy: Strategy) throws -> [String?] {
        let variant = scenario.withEveryApp(on: strategy)
        var ids: [String?] = []
        try Session.run(variant) { outcome in
            guard case .event(.launch(let app, _, _)) = outcome.step.action else { return }
            ids.append(outcome.world.devices[outcome.step.device].launches[app]?.latest.report.primaryID)
        }
        return ids
    }
}
