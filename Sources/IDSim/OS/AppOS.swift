/// The OS as one app process sees it: the calls real apps make, answered by the rules.
///
/// A strategy gets an `AppOS` for the duration of a launch. Reads go through the same derived
/// values as everything else (`World+Reads`), writes change the world and are recorded as
/// changes made by the app's code, so failure paths such as -25308 before first unlock fall out
/// of the rules rather than being special-cased in strategies.
///
/// It points at the world `World.launch` lends it: every copy reads and writes that one world,
/// and only while the launch runs. A program must not keep it (or a copy) past `launch`.
public struct AppOS: @unchecked Sendable {   // used only inside one launch, on its thread
    /// The world, lent by `World.launch` for the launch (which has exclusive access to it all the
    /// while): read and written in place, with no copy of the world to swap in and out (a copy
    /// retained and released each of its tables on every launch).
    private let lent: UnsafeMutablePointer<World>
    var world: World {
        unsafeAddress { UnsafePointer(lent) }
        nonmutating unsafeMutableAddress { lent }
    }
    public let device: DeviceIndex
    public let app: AppIndex
    var log: ChangeLog
    /// Things the user would see or a log would show (paste banners, unsupported APIs).
    public private(set) var notices: [String] = []

    /// Whether this launch reaches the network (`launch: { app, network: false }` says it does not):
    /// what a server assigns, it assigns only then.
    public let reachesNetwork: Bool

    init(world: UnsafeMutablePointer<World>, device: DeviceIndex, app: AppIndex, recording: Bool, reachesNetwork: Bool = true) {
        self.lent = world
        self.device = device
        self.app = app
        self.log = ChangeLog(recording: recording)
        self.reachesNetwork = reachesNetwork
    }

    // MARK: - Who and where

    public var bundleID: String { world.apps[app].bundleID }
    public var teamID: String { world.apps[app].teamID }
    /// `CFBundleDisplayName` as the scenario declares it (`name:`), if any.
    public var displayName: String? { world.apps[app].displayName }
    /// The simulated clock: one day per step from 2025-01-01 (`World.clock`), for time-ordered IDs.
    public var clock: Int { world.clock }
    /// The app's first App Group (`com.apple.security.application-groups`), if any.
    public var firstAppGroup: String? { world.apps[app].appGroups.first }
    /// Whether the app is a member of the App Group.
    public func isInAppGroup(_ group: String) -> Bool { world.apps[app].appGroups.contains(group) }
    /// An option the scenario gives the app (`options:`).
    public func option(_ name: String) -> OptionValue? { world.apps[app].options[name] }
    /// The APNs device token the app was given when it registered at this launch (APNS-35).
    public var apnsDeviceToken: APNsToken? { installed.apnsToken }
    public var declaration: AppDeclaration { world.apps[app] }
    public var osVersion: OSVersion { world.devices[device].os }
    public var deviceKind: DeviceKind { world.devices[device].kind }
    public var launchMode: LaunchMode { process.mode }
    /// True while the app is the active foreground app.
    public var isActive: Bool { process.isActive }
    /// Whether the app's previous launches on this device happened in this same installation.
    public var installation: UInt64 { installed.installation }

    // Read by yielding the stored value in place, through its address: a getter returned a copy
    // of the whole app (or process), a retain and release of each of its collections, to read one
    // field, and so did yielding `slots[app]!` (the unwrap copied).
    var installed: InstalledApp {
        _read { yield world.devices.withElementPointer(at: device) { $0.pointee.apps.presentAddress(app) }.pointee }
        _modify { yield &world.devices[device].apps[app]! }
    }

    var process: AppProcess {
        _read { yield world.devices.withElementPointer(at: device) { $0.pointee.processes.presentAddress(app) }.pointee }
        _modify { yield &world.devices[device].processes[app]! }
    }

    /// A fresh random UUID from the world's seeded generator (the app's `UUID()`).
    public mutating func newUUID() -> SimUUID {
        world.rng.nextUUID()
    }

    /// What the SDK's server answers when asked for the value it assigns this app on this device
    /// under `name`, at a launch that reaches it: the value it remembers, if its record has not
    /// ended (`ServerReissue`), else `fresh()`, remembered from now on.
    public mutating func serverAssigned(_ name: String, reissueOn: ServerReissue, fresh: (inout AppOS) -> String) -> String {
        let key = ServerIDKey(app: app, name: name)
        if let known = world.devices[device].serverIDs[key] { return known.value }
        let value = fresh(&self)
        world.devices[device].serverIDs[key] = ServerID(value: value, reissueOn: reissueOn)
        if reissueOn.outlivesErase { world.appCodeReads.serverRecordOutlivingErase = true }
        return value
    }

    /// Whether the launch's report is built in full (`World.launchReportsInFull`): when not, a
    /// strategy leaves out its structured result and its notes, which only people read.
    public var reportsInFull: Bool { world.launchReportsInFull }

    /// Adds a line for the user (shown with the launch).
    public mutating func notice(_ text: String) {
        notices.append(text)
    }

    // MARK: - UIDevice and AdSupport

    /// `UIDevice.current.identifierForVendor` (rule IDFV-3).
    public func identifierForVendor() -> SimUUID? {
        world.identifierForVendor(app: app, on: device)
    }

    /// `ASIdentifierManager.shared().advertisingIdentifier` (rule IDFA-9). Up to iOS 13 the
    /// process keeps the first real value it read until it is relaunched (rule IDFA-10).
    public mutating func advertisingIdentifier() -> SimUUID? {
        world.appCodeReads.tracking = true
        let current = world.advertisingIdentifier(app: app, on: device)
        guard osVersion.major < 14, let value = current, !value.isZero else { return current }
        if let cached = process.cachedIDFA { return cached }
        process.cachedIDFA = value
        return value
    }

    /// `ASIdentifierManager.shared().isAdvertisingTrackingEnabled` (deprecated in iOS 14).
    public mutating func isAdvertisingTrackingEnabled() -> Bool {
        world.appCodeReads.tracking = true
        return world.isAdvertisingTrackingEnabled(app: app, on: device)
    }

    /// `ATTrackingManager.trackingAuthorizationStatus`; nil before iOS 14, where the API is missing.
    public mutating func trackingAuthorizationStatus() -> ATTStatus? {
        world.appCodeReads.tracking = true
        return osVersion.major >= 14 ? world.trackingStatus(app: app, on: device) : nil
    }

    /// `ATTrackingManager.requestTrackingAuthorization`, with the answer the user would tap if a
    /// prompt shows (rule ATT-13). Returns the status the completion handler receives.
    public mutating func requestTrackingAuthorization(userAnswer: TrackingAnswer) -> ATTStatus? {
        world.appCodeReads.tracking = true
        guard osVersion.major >= 14 else { return nil }
        var inner = ChangeLog(recording: log.isRecording)
        try? world.requestTracking(app, answer: userAnswer, otherPromptPending: false, on: device, &inner)
        log.append(contentsOf: inner.changes)
        guard world.devices[device].processes.isPresent(app) else { return nil }  // crashed
        return world.trackingStatus(app: app, on: device)
    }

    /// The Wi-Fi MAC address: real before iOS 7, the constant `02:00:00:00:00:00` after (rule MAC-30).
    public func wifiMACAddress() -> String {
        guard osVersion.major < 7 else { return "02:00:00:00:00:00" }
        var rng = SeededGenerator(seed: world.devices[device].hardwareID ^ 0x4D41_4321)
        let bits = rng.next()
        return (0..<6).map { i in
            let byte = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i))) & (i == 0 ? 0xFC : 0xFF)
            return SimUUID.hex(UInt64(byte), 2).lowercased()
        }.joined(separator: ":")
    }

    /// `UIDevice.uniqueIdentifier` for legacy binaries (rule UDID-29).
    public func uniqueIdentifier() -> String? {
        if osVersion.major < 7 {
            var rng = SeededGenerator(seed: world.devices[device].hardwareID ^ 0x5544_4944)
            return (SimUUID.hex(rng.next(), 16) + SimUUID.hex(rng.next(), 16) + SimUUID.hex(rng.next() >> 32, 8)).lowercased()
        }
        return identifierForVendor().map { "FFFFFFFF" + $0.compactLowercase.uppercased() }
    }

    /// `gethostuuid()`: the hardware's UUID before iOS 7, the IDFV after (rule MAC-30).
    public func gethostuuid() -> SimUUID? {
        if osVersion.major < 7 {
            var rng = SeededGenerator(seed: world.devices[device].hardwareID ^ 0x484F_5354)
            return rng.nextUUID()
        }
        return identifierForVendor()
    }

    // MARK: - Process memory

    public func memory(_ key: String) -> String? {
        process.memory[key]
    }

    public mutating func setMemory(_ value: String?, forKey key: String) {
        process.memory[key] = value
    }

    // MARK: - What the app's code knows of itself

    /// The last value the app's code passed with a call of this name (`call:` steps), if any.
    public func supplied(_ call: String) -> String? {
        installed.container.supplied[call]
    }

    /// What the app's latest launch or call on this device reported, when it ran in this
    /// installation: the IDs as its process holds them, for a call that changes only some.
    public var lastReport: LaunchReport? {
        guard let latest = world.devices[device].launches[app]?.latest, latest.installation == installed.installation else { return nil }
        return latest.report
    }
}
