import IDSim
import IDStrategies

/// A breaking sequence explained: which earlier launch it contradicts, so that a scenario can
/// label that launch and end with the expectation that fails.
package struct Counterexample: Sendable {
    package let property: ExploreProperty
    /// Every step from the initial world: a scenario's own steps (for `--from`), then the search's.
    package let steps: [Step]
    /// The index in `steps` of the launch whose value the last launch should have matched (or,
    /// for `unique`, should have differed from); nil for `available`.
    package let reference: Int?

    /// Replays `steps` from `world`, following `app`'s `value`, to find the reference launch.
    package init(property: ExploreProperty, world: World, steps: [Step], app: AppIndex, value: String?, programs: StrategyLibrary) {
        self.property = property
        self.steps = steps
        var state = ExploreState(world: world, app: app, value: value)
        // Per device: the step of its last launch with a value, and (after becoming another's copy)
        // the source's last such launch.
        var lastLaunch = [Int?](repeating: nil, count: world.devices.count)
        var expectedLaunch = [Int?](repeating: nil, count: world.devices.count)
        // Per backup made here: the last launch with a value on its device when it was taken.
        var backupLaunch: [String: Int] = [:]
        let watch = Watch(app: app, value: value, properties: .all)
        let programs = ResolvedPrograms(library: programs, apps: world.apps)
        var reference: Int?
        for (index, step) in steps.enumerated() {
            let d = step.device
            let before = state
            _ = state.apply(step, watch: watch, programs: programs)
            let isLast = index == steps.count - 1
            switch step.event {
            case let event where event.reportsIDs(of: app):
                if isLast {
                    switch property {
                    case .stable: reference = lastLaunch[d]
                    case .follows: reference = expectedLaunch[d]
                    case .unique:
                        let value = state.follow[d].last
                        reference = before.follow.indices.first { $0 != d && before.follow[$0].held && before.follow[$0].last == value }
                            .flatMap { lastLaunch[$0] }
                    case .available: reference = nil
                    }
                }
                if state.follow[d].last != nil && state.follow[d].held { lastLaunch[d] = index }
                expectedLaunch[d] = nil
            case .backup(_, let name):
                if state.follow[d].held { backupLaunch[name] = lastLaunch[d] } else { backupLaunch[name] = nil }
            case .restore(let name):
                // Became a copy of another device: its own launches no longer count; it should read
                // what the app had when the backup was taken (the same reference `follows` uses).
                if let origin = before.copyOrigin(of: step) {
                    expectedLaunch[d] = backupLaunch[name] ?? origin.source.flatMap { lastLaunch[$0] }
                    lastLaunch[d] = nil
                } else {
                    // Its own backup: rewound to the launch before the backup was taken.
                    lastLaunch[d] = backupLaunch[name]
                }
            case .migrate:
                if let origin = before.copyOrigin(of: step) {
                    expectedLaunch[d] = origin.source.flatMap { lastLaunch[$0] }
                    lastLaunch[d] = nil
                }
            default:
                break
            }
        }
        self.reference = reference
    }
}
