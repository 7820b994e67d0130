/// call: the app's code calls its SDK while it runs (reset, login, logout, identify, …).
extension World {
    /// Runs the call on the app's program, as a launch runs its ID code: the value passed is kept
    /// with the app's data first (the code reads it back as `supplied`), and what the call leaves
    /// the IDs at is the app's latest report, as a launch's is.
    mutating func call(_ app: AppIndex, name: String, value: String?, on d: DeviceIndex, programs: any AppProgramResolver,
                       _ log: inout ChangeLog) throws(EventError) {
        try requireInstalled(app, on: d)
        let program = programs.program(strategy: apps[app].strategy, options: apps[app].options)
        guard program.declares(call: name) else { throw .unknownCall(app: apps[app].bundleID, call: name) }
        guard let mode = devices[d].processes[app]?.mode else {
            throw .callWithoutProcess(app: apps[app].bundleID, device: devices[d].name, call: name)
        }
        if let value {
            let old = devices[d].apps[app]!.container.supplied[name]
            if old != value {
                devices[d].apps[app]!.container.supplied[name] = value
                log.record(.supplied(device: d, app: app, call: name), from: old.map(ChangeValue.text), to: .text(value), rule: nil)
            }
        }
        let recording = log.isRecording
        var (report, changes, notices) = withUnsafeMutablePointer(to: &self) { world in
            var os = AppOS(world: world, device: d, app: app, recording: recording, reachesNetwork: true)
            let report = program.call(name, value: value, &os)
            return (report, os.log.changes, os.notices)
        }
        log.append(contentsOf: changes)
        if launchReportsInFull { report.notes.append(contentsOf: notices) }
        remember(LaunchRecord(step: clock + 1, mode: mode, installation: devices[d].apps.installation(of: app)!, report: report,
                              apnsToken: devices[d].apps.apnsToken(of: app)), of: app, on: d)
    }
}
