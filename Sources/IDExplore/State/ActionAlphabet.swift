import IDSim
import IDStrategies

/// Every step explore may take in a world: each event a user or the OS performs, on each device,
/// with each argument where the rules behave differently. Steps that cannot apply in a state (a
/// restore with no backup, a launch of an app not installed) are tried and dropped there.
package enum ActionAlphabet {
    /// The event keys explore uses, in the order it tries them.
    package static let eventKeys: [String] = [
        "install", "uninstall", "offload", "update", "launch", "requestTracking", "setting", "resetAdvertisingId",
        "consent", "revokeAppleID", "deviceCheck", "reboot", "unlock", "lock", "erase", "signIn", "signOut", "iCloudKeychain",
        "backup", "restore", "migrate", "upgrade",
        // Only when asked for: see `steps(for:)`.
        "purgeCaches", "biometryChange", "terminate",
    ] + optionKeys

    /// Step options offered only when `--events` names them, by these names: the followed app's
    /// launch without the network (`launch: { network: false }`), turning iCloud Keychain off and
    /// deleting its items (`keep: false`), an ATT request while the app is not active.
    package static let optionKeys = ["launchOffline", "iCloudKeychainDelete", "requestTrackingInactive"]

    /// How `--events` names a call of the followed app's recipe: `call:reset`.
    package static let callPrefix = "call:"

    /// The keys offered only when asked for.
    package static let askedOnly: Set<String> = Set(["purgeCaches", "biometryChange", "terminate"] + optionKeys)

    /// The iOS versions at which some rule starts or stops applying, from the registry's version
    /// notes ("14.5+", "6.1–13", "7.0.3+"): upgrading to each is where behaviour can change.
    package static let ruleBoundaries: [OSVersion] = {
        var versions: Set<OSVersion> = []
        for rule in RuleRegistry.all {
            var number = ""
            for character in rule.versions + " " {
                if character.isNumber || (character == "." && !number.isEmpty) {
                    number.append(character)
                    continue
                }
                let trimmed = number.hasSuffix(".") ? String(number.dropLast()) : number
                if let version = OSVersion(parsing: trimmed), version >= OSVersion(6, 0) { versions.insert(version) }
                number = ""
            }
        }
        return versions.sorted()
    }()

    /// The steps for a world: its devices and apps, the followed app's tracking and consent, and
    /// upgrades to each rule boundary above the devices' versions.
    /// - Parameters:
    ///   - events: the event keys to use (nil: all).
    ///   - deviceCheckBits: whether the followed app's server sets DeviceCheck bits.
    ///   - appleUserID: whether its code reads Sign in with Apple's user identifier: only then is
    ///     stopping Sign in with Apple offered, and every other search keeps its size.
    package static func steps(for world: World, app: AppIndex, events: Set<String>? = nil, deviceCheckBits: Bool = false,
                             appleUserID: Bool = false) -> [Step] {
        func wanted(_ key: String) -> Bool { events?.contains(key) ?? true }
        func asked(_ key: String) -> Bool { events?.contains(key) ?? false }
        let devices = world.devices.indices
        let apps = world.apps.indices
        let lowest = world.devices.map(\.os).min() ?? OSVersion(17, 5)
        let calls = (events ?? []).filter { $0.hasPrefix(callPrefix) }.sorted().map { String($0.dropFirst(callPrefix.count)) }
        var steps: [Step] = []
        for d in devices {
            var events: [Event] = []
            if wanted("install") { events += apps.map { .install($0, source: nil) } }
            if wanted("uninstall") { events += apps.map { .uninstall($0) } }
            if wanted("offload") { events += apps.map { .offload($0) } }
            if wanted("update") { events += apps.map { .update($0, newTeam: nil) } }
            if wanted("launch") {
                for a in apps { events += LaunchMode.allCases.map { .launch(a, mode: $0) } }
            }
            if wanted("requestTracking") {
                events += TrackingAnswer.allCases.map { .requestTracking(app, answer: $0, otherPromptPending: false) }
            }
            if wanted("setting") {
                events += [false, true].map { .setting(SettingsChange(allowTrackingRequests: $0)) }
            }
            if wanted("resetAdvertisingId") { events.append(.resetAdvertisingID) }
            if wanted("consent") { events.append(.consent(app)) }
            if appleUserID && wanted("revokeAppleID") { events.append(.revokeAppleID(app)) }
            if deviceCheckBits && wanted("deviceCheck") { events.append(.deviceCheck(app, bit0: true, bit1: nil)) }
            if wanted("reboot") { events.append(.reboot) }
            // Offered when asked for (--events …,purgeCaches): few IDs live in caches, and every
            // other search keeps its size.
            if asked("purgeCaches") { events.append(.purgeCaches) }
            // The same for a new face or finger: only access-controlled items notice it.
            if asked("biometryChange") { events.append(.biometryChange) }
            // And for the followed app's process ending without a reboot: new, and not yet measured
            // in the default search (a reboot already ends every process).
            if asked("terminate") { events.append(.terminate(app)) }
            // The followed app's calls to its SDK, each named `call:NAME` in --events, each passing
            // the value `NAME-1` (what a call keeps of it, it keeps the same each time).
            events += calls.map { .call(app, name: $0, value: $0 + "-1") }
            if asked("launchOffline") { events += LaunchMode.allCases.map { .launch(app, mode: $0, network: false) } }
            if asked("iCloudKeychainDelete") { events.append(.iCloudKeychain(false, keep: false)) }
            if asked("requestTrackingInactive") {
                events += TrackingAnswer.allCases.map { .requestTracking(app, answer: $0, otherPromptPending: false, active: false) }
            }
            if wanted("unlock") { events.append(.unlock) }
            if wanted("lock") { events.append(.lock) }
            if wanted("erase") { events.append(.erase) }
            if wanted("signIn") { events += world.accounts.indices.map { .signIn(account: $0) } }
            if wanted("signOut") { events.append(.signOut()) }
            if wanted("iCloudKeychain") { events += [false, true].map { .iCloudKeychain($0) } }
            if wanted("backup") { events += BackupKind.allCases.map { .backup($0, name: backupName(device: d, kind: $0, world)) } }
            if wanted("restore") {
                for source in devices {
                    events += BackupKind.allCases.map { .restore(backup: backupName(device: source, kind: $0, world)) }
                }
            }
            if wanted("migrate") { events += devices.filter { $0 != d }.map { .migrate(from: $0) } }
            if wanted("upgrade") { events += ruleBoundaries.filter { $0 > lowest && $0 <= OSVersion(18, 6) }.map { .upgrade($0) } }
            steps += events.map { Step($0, on: d) }
        }
        return steps
    }

    /// One backup per device and kind, replaced by the next of its kind: a restore takes the latest.
    /// Device symmetry relies on this naming: it knows a backup by its source and kind.
    static func backupName(device: DeviceIndex, kind: BackupKind, _ world: World) -> String {
        "\(world.devices[device].name)-\(kind.rawValue)"
    }
}
