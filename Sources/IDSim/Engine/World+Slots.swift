/// Changing an app's slot and its process, with the bookkeeping that goes with them.
extension World {
    /// Changes an app's slot on a device and keeps the vendor table's usage counts in step.
    /// Every change of an app's presence or vendor goes through here.
    mutating func updateApp(_ app: AppIndex, on d: DeviceIndex, _ body: (inout InstalledApp?) -> Void) {
        // Only the vendor a slot keeps alive matters here; reading it field by field avoids copying
        // (and retaining) the whole app, and an unchanged vendor skips the counts altogether.
        let oldVendor = vendorKeptAlive(by: app, on: d)
        body(&devices[d].apps[app])
        let newVendor = vendorKeptAlive(by: app, on: d)
        guard oldVendor != newVendor else { return }
        if let oldVendor {
            let remaining = (devices[d].vendorUsers[oldVendor] ?? 1) - 1
            devices[d].vendorUsers[oldVendor] = remaining == 0 ? nil : remaining
        }
        if let newVendor { devices[d].vendorUsers[newVendor, default: 0] += 1 }
    }

    /// The vendor-table key an app's slot keeps alive, if it keeps one (rules IDFV-4, IDFV-5).
    private func vendorKeptAlive(by app: AppIndex, on d: DeviceIndex) -> VendorKey? {
        guard let presence = devices[d].apps.presence(of: app), keepsVendorAlive(app, presence) else { return nil }
        return devices[d].apps.vendorKey(of: app)
    }

    /// Ends the app's process, if one runs, and records it.
    mutating func endProcess(_ app: AppIndex, on d: DeviceIndex, _ log: inout ChangeLog,
                             to outcome: ChangeValue? = nil, rule: RuleID? = nil) {
        guard devices[d].processes.isPresent(app) else { return }
        devices[d].processes[app] = nil
        log.record(.process(device: d, app: app), from: ProcessState.running, to: outcome, rule: rule)
    }

    /// The usage counts recomputed from scratch, for invariant checks.
    public func recountVendorUsers(on d: DeviceIndex) -> [VendorKey: Int] {
        var counts: [VendorKey: Int] = [:]
        for index in devices[d].apps.presentIndices() {
            let app = devices[d].apps[index]!
            if keepsVendorAlive(index, app.presence) { counts[app.vendorKey, default: 0] += 1 }
        }
        return counts
    }
}

/// The ATT status each app read, by `AppIndex` (nil: absent), for reporting what an event changed.
typealias ReadStatuses = [ATTStatus?]

/// The values a process change reports, made once.
enum ProcessState {
    static let running = ChangeValue.text("running")
    static func running(_ mode: LaunchMode) -> ChangeValue {
        switch mode {
        case .foreground: foreground
        case .background: background
        case .prewarm: prewarm
        }
    }

    static let foreground = ChangeValue.text("running (foreground)")
    static let background = ChangeValue.text("running (background)")
    static let prewarm = ChangeValue.text("running (prewarm)")
}
