/// launch: start (or bring forward) the app's process and run its ID code on the OS facade.
extension World {
    /// Whether iOS prewarms apps (starts them before the user opens them): from iOS 15 on.
    static func prewarms(_ os: OSVersion) -> Bool { os.major >= 15 }

    mutating func launch(_ app: AppIndex, mode: LaunchMode, network: Bool = true, on d: DeviceIndex, programs: any AppProgramResolver,
                         _ log: inout ChangeLog) throws(EventError) {
        try requireInstalled(app, on: d)
        if apps[app].role.host != nil && devices[d].os.major < 8 {
            throw .unsupported(what: "an app extension", device: devices[d].name,
                               why: "app extensions arrived in iOS 8, and it runs iOS \(devices[d].os) (rule EXT-33)")
        }
        guard mode != .prewarm || Self.prewarms(devices[d].os) else {
            throw .unsupported(what: "a prewarm launch", device: devices[d].name,
                               why: "iOS prewarms apps from iOS 15 on, and it runs iOS \(devices[d].os)")
        }
        if let running = devices[d].processes[app]?.mode {
            if mode == .foreground && running != .foreground {
                // A prewarmed or background process becomes the foreground app; its caches stay.
                log.record(.process(device: d, app: app), from: ProcessState.running(running),
                           to: ProcessState.foreground, rule: nil)
                devices[d].processes[app]!.mode = .foreground
            }
        } else {
            let containerLocked = devices[d].os.major >= 7 && !devices[d].afterFirstUnlockAvailable
            devices[d].processes[app] = AppProcess(
                mode: mode, defaultsCachedEmpty: containerLocked && profile.defaultsBeforeFirstUnlock != .error)
            log.record(.process(device: d, app: app), from: nil, to: ProcessState.running(mode),
                       rule: containerLocked ? .ct25 : nil)
        }
        if devices[d].kind == .simulator && profile.simulatorIdfvPerLaunch {
            // Field report B22: some simulators handed out a new IDFV on every run.
            let vendorKey = devices[d].apps[app]!.vendorKey
            let old = devices[d].vendorTable[vendorKey]
            let value = rng.nextUUID()
            devices[d].vendorTable[vendorKey] = value
            log.record(.idfv(device: d, vendor: vendorKey), from: old.map(ChangeValue.uuid), to: .uuid(value), rule: .sim32)
        }

        // Apps register for remote notifications at every launch, as Apple asks; an extension's
        // notifications are its host's (APNS-35).
        var token = devices[d].apps.apnsToken(of: app)
        // The Simulator delivers remote notifications only from iOS 16 (SIM-32).
        let simulatorWithoutPush = devices[d].kind == .simulator && devices[d].os.major < 16
        if token == nil, apps[app].role.host == nil, !simulatorWithoutPush {
            // The environment is the build's: an Xcode build registers with the sandbox.
            let environment = APNsEnvironment(devices[d].apps.source(of: app)!)
            var issued = devices[d].keptAPNsTokens.isEmpty ? nil : devices[d].keptAPNsTokens.removeValue(forKey: app)
            if issued?.environment != environment { issued = nil }   // a kept token is its own environment's only
            let minted = issued ?? tokenRNG.nextAPNsToken(environment: environment)
            devices[d].apps[app]!.apnsToken = minted
            log.record(.apnsToken(device: d, app: app), from: nil, to: .token(minted), rule: .apns35)
            token = minted
        }

        let program = programs.program(strategy: apps[app].strategy, options: apps[app].options)
        let recording = log.isRecording
        // The world is lent to the app in place, without a copy (see `AppOS`).
        var (report, changes, notices) = withUnsafeMutablePointer(to: &self) { world in
            var os = AppOS(world: world, device: d, app: app, recording: recording, reachesNetwork: network)
            let report = program.launch(&os)
            return (report, os.log.changes, os.notices)
        }
        log.append(contentsOf: changes)
        if launchReportsInFull { report.notes.append(contentsOf: notices) }

        remember(LaunchRecord(step: clock + 1, mode: mode, installation: devices[d].apps.installation(of: app)!, report: report,
                              apnsToken: token), of: app, on: d)
    }

    /// Refuses an app not installed on the device, or offloaded: only an installed app's code runs
    /// (a launch, a call to its SDK).
    func requireInstalled(_ app: AppIndex, on d: DeviceIndex) throws(EventError) {
        guard let presence = devices[d].apps.presence(of: app) else {
            throw .appNotInstalled(app: apps[app].bundleID, device: devices[d].name)
        }
        guard presence == .installed else { throw .appOffloaded(app: apps[app].bundleID, device: devices[d].name) }
    }

    /// Keeps what a launch (or a call) reported as the app's latest; the one before moves down,
    /// in place, with one access to the slot.
    mutating func remember(_ record: LaunchRecord, of app: AppIndex, on d: DeviceIndex) {
        func remember(_ history: inout LaunchHistory?) {
            if history == nil {
                history = LaunchHistory(latest: record, previous: nil)
            } else {
                history!.previous = history!.latest
                history!.latest = record
            }
        }
        remember(&devices[d].launches[app])
    }
}

/// An app program made from a closure: handy for tests and tools.
public struct ClosureProgram: AppProgram, AppProgramResolver {
    let body: @Sendable (inout AppOS) -> LaunchReport

    public init(_ body: @escaping @Sendable (inout AppOS) -> LaunchReport) {
        self.body = body
    }

    public func launch(_ os: inout AppOS) -> LaunchReport { body(&os) }
    public func program(strategy: String, options: [String: OptionValue]) -> any AppProgram { self }
}
