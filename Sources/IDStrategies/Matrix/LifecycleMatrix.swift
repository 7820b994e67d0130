import IDSim

/// What became of an identifier across a lifecycle event.
package enum MatrixCell: String, Sendable, CaseIterable {
    /// The same value as before.
    case same = "="
    /// A new value.
    case changed = "Δ"
    /// Nothing: nil, empty or unavailable.
    case empty = "∅"
    /// The same value on two devices at once.
    case duplicate = "dup"
}

/// One lifecycle situation of the matrix: a baseline launch, something happens, a launch after.
package struct LifecycleCase: Sendable, Identifiable {
    package let id: String
    package let title: String
    /// Whether the "after" launch happens on another device (then an equal value is a duplicate).
    let crossDevice: Bool
    /// Steps after the baseline launch of the subject app on "phone"; the last launch decides.
    let steps: @Sendable (MatrixWorld) -> [Step]
    let observeOn: String

    /// The default set, in the order of `idscope matrix`.
    package static let all: [LifecycleCase] = [
        LifecycleCase(id: "reinstall", title: "reinstall (another app of the vendor stays)", crossDevice: false, steps: { w in
            [w.uninstall(w.subject), w.install(w.subject), w.launch(w.subject)]
        }, observeOn: "phone"),
        LifecycleCase(id: "delete-all-vendor-apps", title: "delete all the vendor's apps, reinstall", crossDevice: false, steps: { w in
            [w.uninstall(w.subject), w.uninstall(w.companion), w.install(w.subject), w.launch(w.subject)]
        }, observeOn: "phone"),
        LifecycleCase(id: "erase", title: "erase all content and settings, reinstall", crossDevice: false, steps: { w in
            [Step(.erase, on: w.phone), w.install(w.subject), w.launch(w.subject)]
        }, observeOn: "phone"),
    ] + BackupKind.allCases.map { kind in
        LifecycleCase(id: "restore-same-\(kind.rawValue)", title: "restore an \(kind.rawValue) backup to the same device",
                      crossDevice: false, steps: { w in
            [Step(.backup(kind, name: "b"), on: w.phone), Step(.restore(backup: "b"), on: w.phone), w.launch(w.subject)]
        }, observeOn: "phone")
    } + BackupKind.allCases.map { kind in
        LifecycleCase(id: "restore-new-\(kind.rawValue)", title: "restore an \(kind.rawValue) backup to a new device (old one kept)",
                      crossDevice: true, steps: { w in
            [Step(.backup(kind, name: "b"), on: w.phone), Step(.restore(backup: "b"), on: w.spare), w.launch(w.subject, on: w.spare)]
        }, observeOn: "spare")
    } + [
        LifecycleCase(id: "icloud-second-device", title: "second device on the same iCloud account", crossDevice: true, steps: { w in
            [w.install(w.subject, on: w.tablet), w.launch(w.subject, on: w.tablet)]
        }, observeOn: "tablet"),
        LifecycleCase(id: "migration", title: "device-to-device migration (old one kept)", crossDevice: true, steps: { w in
            [Step(.migrate(from: w.phone), on: w.spare), w.launch(w.subject, on: w.spare)]
        }, observeOn: "spare"),
        LifecycleCase(id: "before-first-unlock", title: "background launch after a reboot, before the first unlock",
                      crossDevice: false, steps: { w in
            [Step(.reboot, on: w.phone), w.launch(w.subject, mode: .background)]
        }, observeOn: "phone"),
    ]

    package static func named(_ id: String) -> LifecycleCase? { all.first { $0.id == id } }

    /// Whether the launch after happens on another device (its Δ is explore's `follows`, not `stable`).
    package var isCrossDevice: Bool { crossDevice }

    /// The event keys its sequence uses, the baseline's install and launch included: an alphabet
    /// in which explore can find the cell's break.
    package var eventKeys: Set<String> {
        Set(steps(MatrixWorld()).map(\.event.key)).union(["install", "launch"])
    }

    /// The column heading of the terminal table: short enough that every case fits 120 columns
    /// beside the longest strategy name; the table's legend spells each one out.
    package var abbreviation: String {
        let words = ["reinstall": "reinst", "delete-all-vendor-apps": "del-all", "erase": "erase",
                     "icloud-second-device": "icl-2nd", "migration": "migr", "before-first-unlock": "bfu"]
        if let short = words[id] { return short }
        let kinds = ["encrypted": "enc", "unencrypted": "unenc", "icloud": "icl"]
        for (prefix, short) in [("restore-same-", "s-"), ("restore-new-", "n-")] where id.hasPrefix(prefix) {
            let kind = String(id.dropFirst(prefix.count))
            return short + (kinds[kind] ?? kind)
        }
        return id
    }
}

/// The world every matrix cell starts from: a passcode-protected iPhone and an iPad on one
/// Apple ID with iCloud Keychain, a spare iPhone not yet set up, and two apps of one vendor
/// running the strategy under test.
package struct MatrixWorld: Sendable {
    package let phone = 0, tablet = 1, spare = 2
    package let subject = 0, companion = 1

    func install(_ app: AppIndex, on device: DeviceIndex = 0) -> Step { Step(.install(app, source: nil), on: device) }
    func uninstall(_ app: AppIndex, on device: DeviceIndex = 0) -> Step { Step(.uninstall(app), on: device) }
    func launch(_ app: AppIndex, on device: DeviceIndex = 0, mode: LaunchMode = .foreground) -> Step {
        Step(.launch(app, mode: mode), on: device)
    }

    /// The world for a strategy with options, on an iOS version.
    static func make(strategy: Strategy, options: [String: OptionValue], os: OSVersion,
                     profile: Profile, seed: UInt64) throws -> World {
        let apps = ["com.acme.app", "com.acme.other"].map { bundle in
            var app = AppDeclaration(bundleID: bundle, teamID: "ACME1234", strategy: strategy.name, options: options)
            // The entitlements the strategy's code needs to work as shipped (SvUDID's shared group).
            app.keychainAccessGroups = strategy.sharedAccessGroups(for: app)
            // And the App Groups it keeps values in (a recipe's {appGroup}).
            app.appGroups = strategy.appGroups(for: app)
            return app
        }
        let devices = [DeviceSpec(name: "phone", os: os, appleID: "alice"),
                       DeviceSpec(name: "tablet", kind: .ipad, os: os, appleID: "alice"),
                       DeviceSpec(name: "spare", os: os)]
        return try World(seed: seed, profile: profile, accounts: [Account(id: "alice")], devices: devices, apps: apps)
    }
}

/// Runs strategies through the lifecycle cases and classifies what became of their ID.
package struct LifecycleMatrix: Sendable {
    package var os: OSVersion
    package var profile: Profile
    package var seed: UInt64

    package init(os: OSVersion = OSVersion(17, 5), profile: Profile = .default, seed: UInt64 = 1) {
        self.os = os
        self.profile = profile
        self.seed = seed
    }

    /// The cell for one strategy (with options) and one case.
    /// - Parameter library: where the apps' programs come from (it must hold `strategy`).
    package func cell(strategy: Strategy, options: [String: OptionValue] = [:], case lifecycle: LifecycleCase,
                     library: StrategyLibrary = .builtIn) -> MatrixCell {
        let layout = MatrixWorld()
        guard var world = try? MatrixWorld.make(strategy: strategy, options: options, os: os, profile: profile, seed: seed) else {
            return .empty
        }
        // Both apps run once, as apps do: a shared store (a pasteboard slot, a shared keychain group)
        // then holds the companion's copy too.
        var setup = [layout.install(layout.subject), layout.install(layout.companion), layout.launch(layout.subject),
                     layout.launch(layout.companion)]
        if strategy.matrixValue != nil {
            // DeviceCheck follows the team's bit: set it, then read it back at the baseline.
            setup.insert(Step(.deviceCheck(layout.subject, bit0: true, bit1: nil), on: layout.phone), at: 2)
        }
        for step in setup { _ = try? world.apply(step, programs: library) }
        let before = Self.value(in: world, device: layout.phone, app: layout.subject, strategy: strategy)
        for step in lifecycle.steps(layout) { _ = try? world.apply(step, programs: library) }
        let device = world.deviceIndex(named: lifecycle.observeOn) ?? layout.phone
        let after = Self.value(in: world, device: device, app: layout.subject, strategy: strategy)
        guard let after, !after.isEmpty else { return .empty }
        if after == before { return lifecycle.crossDevice ? .duplicate : .same }
        return .changed
    }

    /// The followed value at the app's latest launch on a device.
    static func value(in world: World, device: DeviceIndex, app: AppIndex, strategy: Strategy) -> String? {
        guard let report = world.devices[device].launches[app]?.latest.report else { return nil }
        return strategy.followedValue(in: report)
    }
}
