import IDSim

/// Which devices and apps a step changed, for `run --format jsonl --changes-only`.
///
/// Derived from the step's change subjects, so a step costs what it changed, not the size of
/// the world: an app named by a change (or launched by the step) is in; a change to a vendor's
/// IDFV brings in the apps of that vendor on that device (found through an index kept here, by
/// vendor key, of the apps present on each device); a device-wide change that every app reads
/// through (its IDFA, lock state, OS, tracking settings) brings in every app present there.
/// A property test holds this against a comparison of whole jsonl lines before and after.
package struct ChangedApps {
    /// Per device: the apps present there by vendor key, and the key each was filed under.
    private var byVendor: [DeviceIndex: [VendorKey: Set<AppIndex>]] = [:]
    private var filedUnder: [DeviceIndex: [AppIndex: VendorKey]] = [:]
    private var indexed: Set<DeviceIndex> = []

    package init() {}

    /// The devices the step changed, each with the apps it changed there (sorted).
    package mutating func of(_ outcome: StepOutcome) -> [(device: DeviceIndex, apps: [AppIndex])] {
        let world = outcome.world
        var apps: [DeviceIndex: Set<AppIndex>] = [:]
        var everyApp: Set<DeviceIndex> = []
        var vendors: [(DeviceIndex, VendorKey)] = []
        if case .event(let event) = outcome.step.action, let app = event.app, event.reportsIDs(of: app) {
            apps[outcome.step.device, default: []].insert(app)
        }
        for change in outcome.changes {
            switch change.subject {
            case .att(let d, let a), .app(let d, let a), .process(let d, let a), .container(let d, let a),
                 .defaults(let d, let a, _), .suiteDefaults(let d, let a, _, _), .file(let d, let a, _), .consent(let d, let a), .appAttest(let d, let a), .apnsToken(let d, let a),
                 .prompt(let d, let a), .supplied(let d, let a, _):
                apps[d, default: []].insert(a)
            case .idfv(let d, let vendor):
                apps[d, default: []] = apps[d, default: []]
                vendors.append((d, vendor))
            case .idfa(let d), .lockState(let d), .os(let d), .setting(let d, _):
                everyApp.insert(d)
            case .passcode(let d), .appleID(let d), .iCloudKeychain(let d), .keychain(let d, _), .pasteboard(let d, _),
                 .deviceCheck(_, let d), .groupDefaults(let d, _, _), .groupFile(let d, _, _):
                apps[d, default: []] = apps[d, default: []]
            case .backup, .cloudKeychain, .keyValueStore, .appleUserID, .options:
                break
            }
        }
        // Keep the vendor index in step with the apps this step touched, then read it.
        for (d, touched) in apps where indexed.contains(d) {
            for a in touched { refile(a, on: d, in: world) }
        }
        for (d, vendor) in vendors {
            if !indexed.contains(d) { index(d, in: world) }
            for a in byVendor[d]?[vendor] ?? [] where world.devices[d].apps[a]?.vendorKey == vendor {
                apps[d, default: []].insert(a)
            }
        }
        for d in everyApp {
            let present = world.devices[d].apps.presentIndices()
            apps[d, default: []].formUnion(present)
        }
        return apps.keys.sorted().map { ($0, apps[$0]!.sorted()) }
    }

    private mutating func index(_ device: DeviceIndex, in world: World) {
        indexed.insert(device)
        for a in world.devices[device].apps.presentIndices() { refile(a, on: device, in: world) }
    }

    private mutating func refile(_ app: AppIndex, on device: DeviceIndex, in world: World) {
        let key = world.devices[device].apps[app]?.vendorKey
        let old = filedUnder[device]?[app]
        guard key != old else { return }
        if let old { byVendor[device]?[old]?.remove(app) }
        if let key { byVendor[device, default: [:]][key, default: []].insert(app) }
        filedUnder[device, default: [:]][app] = key
    }
}
