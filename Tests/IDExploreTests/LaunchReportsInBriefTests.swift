@testable import IDExplore
import IDScenario
@testable import IDSim
import IDStrategies
import Testing

/// A search builds launch reports without what only people read (`World.launchReportsInFull`):
/// sound only if that changes nothing else. Every strategy, recipes included, walks the same
/// random steps in a world with full reports and in one without; the worlds must agree but for
/// the reports' results and notes, and the reports on every ID and value read.
@Suite("explore's launch reports in brief")
struct LaunchReportsInBriefTests {
    @Test("leaving out results and notes changes no ID, no value read and nothing else in the world",
          arguments: StrategyCatalog.builtIn.all.map(\.name))
    func sameWorlds(name: String) throws {
        let explorer = try Explorer.named(name)
        var random = SplitMix(seed: 0xb1ef)
        var launches = 0, detailed = 0
        // Half the steps an install or a launch, so that apps run often.
        let running = explorer.steps.filter {
            switch $0.event {
            case .install, .launch: true
            default: false
            }
        }
        for _ in 0..<25 {
            var brief = explorer.root.world
            var full = brief
            full.launchReportsInFull = true
            #expect(!brief.launchReportsInFull)
            // A setting of whoever runs the world, not part of its value.
            #expect(full == brief && full.hashValue == brief.hashValue)
            for _ in 0..<24 {
                let step = random.next() % 2 == 0 ? random.pick(running) : random.pick(explorer.steps)
                let briefApplied = (try? brief.apply(step, programs: explorer.programs, recordingChanges: false)) != nil
                let fullApplied = (try? full.apply(step, programs: explorer.programs, recordingChanges: false)) != nil
                #expect(briefApplied == fullApplied, "\(name): \(step)")
                guard case .launch(let app, _, _) = step.event, fullApplied else { continue }
                launches += 1
                let fullReport = try #require(full.launchHistory(of: app, on: step.device)?.latest.report)
                let briefReport = try #require(brief.launchHistory(of: app, on: step.device)?.latest.report)
                #expect(briefReport.primaryID == fullReport.primaryID && briefReport.best == fullReport.best
                        && briefReport.values == fullReport.values, "\(name): \(step)")
                #expect(briefReport.result == .null && briefReport.notes.isEmpty)
                if fullReport.result != .null || !fullReport.notes.isEmpty { detailed += 1 }
                #expect(Self.withoutDetail(full) == Self.withoutDetail(brief), "\(name): the worlds part at \(step)")
            }
        }
        #expect(launches > 40, "\(name): \(launches) launches")
        // The full world did build what the brief one left out (were it not, the comparison
        // would pass trivially).
        #expect(detailed > launches / 2, "\(name): \(detailed) of \(launches) full reports had a result or notes")
    }

    /// The world with every launch report cut to its IDs and values, and reports set to full.
    static func withoutDetail(_ world: World) -> World {
        var world = world
        world.launchReportsInFull = true
        for d in 0..<world.deviceCount {
            for app in 0..<world.apps.count {
                guard let history = world.devices[d].launches[app] else { continue }
                world.devices[d].launches[app] = LaunchHistory(latest: cut(history.latest), previous: history.previous.map(cut))
            }
        }
        return world
    }

    static func cut(_ record: LaunchRecord) -> LaunchRecord {
        LaunchRecord(step: record.step, mode: record.mode, installation: record.installation,
                     report: LaunchReport(primaryID: record.report.primaryID, best: record.report.best, values: record.report.values),
                     apnsToken: record.apnsToken)
    }
}
