import IDSim
import IDStrategies

// The vocabulary of every event, one declaration each, in the order of contract.md.
extension EventSpec {
    static let all: [EventSpec] = [
        install, uninstall, offload, update, launch, requestTracking, trackingToggle, setting, resetAdvertisingID,
        resetLocationAndPrivacy, consent, revokeAppleID, terminate, call, configure, deviceCheck, reboot, unlock, lock, passcode, upgrade, erase,
        signIn, signOut, iCloudKeychain, backup, restore, migrate, purgeCaches, biometryChange, note,
    ]

    /// Refuses an app extension where only its host can be acted on (rule EXT-33).
    private static func notAnExtension(_ key: String) -> @Sendable (EventArguments, DeviceIndex, StepContext) -> (field: String, message: String)? {
        { arguments, _, context in
            guard case .app(let app)? = arguments["app"], let host = context.apps[app].role.host else { return nil }
            let name = context.apps[app].bundleID, hostName = context.apps[host].bundleID
            return ("app", "\(name) is an app extension of \(hostName), which it comes and goes with; \(key) \(hostName) instead")
        }
    }

    /// The app field of a mapping argument.
    private static func appField(_ key: String) -> EventField {
        EventField("app", .app, required: "\(key) needs 'app: BUNDLE'")
    }

    /// An event about one app, with its bundle ID as the whole argument.
    private static func appOnly(_ kind: Event.Kind, argument: String, example: String, hostOnly: Bool = false,
                                make: @escaping @Sendable (AppIndex) -> Event, app: @escaping @Sendable (Event) -> AppIndex?) -> EventSpec {
        EventSpec(kind: kind, argument: argument, example: example, shape: .value(EventField("app", .app)),
                  build: { make($0.app()) },
                  arguments: { EventArguments(["app": .app(app($0) ?? 0)]) },
                  describe: { event, world in "\(kind.rawValue) \(world.apps[app(event) ?? 0].bundleID)" },
                  validate: hostOnly ? notAnExtension(kind.rawValue) : nil)
    }

    /// A device switch turned on or off: `- passcode: off`.
    private static func onOff(_ kind: Event.Kind, argument: String, example: String,
                              make: @escaping @Sendable (Bool) -> Event, on: @escaping @Sendable (Event) -> Bool?) -> EventSpec {
        EventSpec(kind: kind, argument: argument, example: example, shape: .value(EventField("on", .onOff)),
                  build: { make($0.bool("on") ?? false) },
                  arguments: { EventArguments(["on": .bool(on($0) ?? false)]) },
                  describe: { event, _ in "\(kind.rawValue) \(on(event) == true ? "on" : "off")" })
    }

    /// An event without argument.
    private static func bare(_ kind: Event.Kind, _ event: Event, argument: String, describe: String? = nil) -> EventSpec {
        EventSpec(kind: kind, argument: argument, example: "`- \(kind.rawValue)`", shape: .none,
                  build: { _ in event }, arguments: { _ in EventArguments() },
                  describe: { _, _ in describe ?? kind.rawValue })
    }

    static let install = EventSpec(
        kind: .install, argument: "`BUNDLE` or `{app, source}`",
        example: "`- install: { app: com.acme.shop, source: testflight }`",
        shape: .fields([appField("install"), EventField("source", .choice(InstallSource.allCases.map(\.rawValue)), label: "install source")], shorthand: "app"),
        build: { .install($0.app(), source: $0.word("source").flatMap(InstallSource.init(rawValue:))) },
        arguments: { event in
            guard case .install(let app, let source) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app)])
            if let source { arguments["source"] = .word(source.rawValue) }
            return arguments
        },
        describe: { event, world in
            guard case .install(let app, let source) = event else { return "install" }
            return "install \(world.apps[app].bundleID)" + (source.map { " (\($0.rawValue))" } ?? "")
        },
        validate: notAnExtension("install"))

    static let uninstall = appOnly(.uninstall, argument: "`BUNDLE`", example: "`- uninstall: com.acme.shop`", hostOnly: true,
                                   make: { .uninstall($0) }, app: { if case .uninstall(let a) = $0 { a } else { nil } })

    static let offload = appOnly(.offload, argument: "`BUNDLE` (iOS 11+)", example: "`- offload: com.acme.shop`", hostOnly: true,
                                 make: { .offload($0) }, app: { if case .offload(let a) = $0 { a } else { nil } })

    static let update = EventSpec(
        kind: .update, argument: "`BUNDLE` or `{app, team}` (`team`: the update moves the app to another Team ID)",
        example: "`- update: com.acme.shop`",
        shape: .fields([appField("update"), EventField("team", .string)], shorthand: "app"),
        build: { .update($0.app(), newTeam: $0.string("team")) },
        arguments: { event in
            guard case .update(let app, let team) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app)])
            if let team { arguments["team"] = .string(team) }
            return arguments
        },
        describe: { event, world in
            guard case .update(let app, let team) = event else { return "update" }
            return "update \(world.apps[app].bundleID)" + (team.map { " to team \($0)" } ?? "")
        },
        validate: notAnExtension("update"))

    static let launch = EventSpec(
        kind: .launch,
        argument: "`BUNDLE` or `{app, mode, network}`; mode `foreground`, `background` or `prewarm`; `network: false` for a launch that reaches no server",
        example: "`- launch: { app: com.acme.shop, mode: background }`",
        shape: .fields([appField("launch"), EventField("mode", .choice(LaunchMode.allCases.map(\.rawValue)), label: "launch mode"),
                        EventField("network", .bool)], shorthand: "app"),
        build: { .launch($0.app(), mode: $0.word("mode").flatMap(LaunchMode.init(rawValue:)) ?? .foreground, network: $0.bool("network") ?? true) },
        arguments: { event in
            guard case .launch(let app, let mode, let network) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app), "mode": .word(mode.rawValue)])
            if !network { arguments["network"] = .bool(false) }
            return arguments
        },
        describe: { event, world in
            guard case .launch(let app, let mode, let network) = event else { return "launch" }
            let notes = (mode == .foreground ? [] : [mode.rawValue]) + (network ? [] : ["offline"])
            return "launch \(world.apps[app].bundleID)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        })

    static let requestTracking = EventSpec(
        kind: .requestTracking,
        argument: "`{app, answer}`: `allow` or `deny`, what the user taps if a prompt shows; optional `otherPromptPending: true`, `active: false` (asked while the app is not active: no prompt)",
        example: "`- requestTracking: { app: com.acme.shop, answer: allow }`",
        shape: .fields([
            appField("requestTracking"),
            EventField("answer", .choice(TrackingAnswer.allCases.map(\.rawValue)),
                       required: "requestTracking needs 'answer: allow' or 'answer: deny' (what the user taps if a prompt shows)"),
            EventField("otherPromptPending", .bool),
            EventField("active", .bool),
        ]),
        build: {
            .requestTracking($0.app(), answer: $0.word("answer").flatMap(TrackingAnswer.init(rawValue:)) ?? .deny,
                             otherPromptPending: $0.bool("otherPromptPending") ?? false, active: $0.bool("active") ?? true)
        },
        arguments: { event in
            guard case .requestTracking(let app, let answer, let pending, let active) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app), "answer": .word(answer.rawValue)])
            if pending { arguments["otherPromptPending"] = .bool(true) }
            if !active { arguments["active"] = .bool(false) }
            return arguments
        },
        describe: { event, world in
            guard case .requestTracking(let app, let answer, _, _) = event else { return "requestTracking" }
            return "requestTracking \(world.apps[app].bundleID) → \(answer.rawValue)"
        })

    static let trackingToggle = EventSpec(
        kind: .trackingToggle, argument: "`{app, on}`", example: "`- trackingToggle: { app: com.acme.shop, on: false }`",
        shape: .fields([appField("trackingToggle"), EventField("on", .bool, required: "trackingToggle needs 'on: true' or 'on: false'")]),
        build: { .trackingToggle($0.app(), on: $0.bool("on") ?? false) },
        arguments: { event in
            guard case .trackingToggle(let app, let on) = event else { return EventArguments() }
            return EventArguments(["app": .app(app), "on": .bool(on)])
        },
        describe: { event, world in
            guard case .trackingToggle(let app, let on) = event else { return "trackingToggle" }
            return "trackingToggle \(world.apps[app].bundleID) \(on ? "on" : "off")"
        })

    private static let settingNames = ["allowTrackingRequests", "continueTracking", "limitAdTracking", "trackingRestricted"]

    static let setting = EventSpec(
        kind: .setting,
        argument: "any of `allowTrackingRequests`, `continueTracking` (14+), `limitAdTracking` (before 14), `trackingRestricted`",
        example: "`- setting: { allowTrackingRequests: false }`",
        shape: .fields(settingNames.map { EventField($0, .bool) },
                       atLeastOne: (settingNames, "setting needs at least one of " + settingNames.joined(separator: ", "))),
        build: {
            .setting(SettingsChange(allowTrackingRequests: $0.bool("allowTrackingRequests"), continueTracking: $0.bool("continueTracking"),
                                    limitAdTracking: $0.bool("limitAdTracking"), trackingRestricted: $0.bool("trackingRestricted")))
        },
        arguments: { event in
            guard case .setting(let change) = event else { return EventArguments() }
            var arguments = EventArguments()
            for (name, value) in zip(settingNames, [change.allowTrackingRequests, change.continueTracking, change.limitAdTracking,
                                                    change.trackingRestricted]) {
                if let value { arguments[name] = .bool(value) }
            }
            return arguments
        },
        describe: { event, _ in
            guard case .setting(let change) = event else { return "setting" }
            let parts = zip(settingNames, [change.allowTrackingRequests, change.continueTracking, change.limitAdTracking,
                                           change.trackingRestricted])
                .compactMap { name, value in value.map { "\(name)=\($0 ? "on" : "off")" } }
            return "setting " + parts.joined(separator: " ")
        })

    static let resetAdvertisingID = bare(.resetAdvertisingID, .resetAdvertisingID, argument: "none (iOS 6.1–13)")

    static let resetLocationAndPrivacy = bare(.resetLocationAndPrivacy, .resetLocationAndPrivacy, argument: "none")

    static let consent = appOnly(.consent, argument: "`BUNDLE`: the user accepts the app's privacy policy (id-kit's `register`)",
                                 example: "`- consent: com.acme.shop`",
                                 make: { .consent($0) }, app: { if case .consent(let a) = $0 { a } else { nil } })

    static let terminate = appOnly(.terminate, argument: "`BUNDLE`: the app's process ends (swiped away, or ended by the system): "
                                       + "what it held in memory goes, and its next launch starts afresh; its files and keychain stay",
                                   example: "`- terminate: com.acme.shop`",
                                   make: { .terminate($0) }, app: { if case .terminate(let a) = $0 { a } else { nil } })

    static let call = EventSpec(
        kind: .call,
        argument: "`{app, name, value}` (`value` optional): the app's code calls its SDK while it runs (reset, login, logout, "
            + "identify, …), passing the value if the call takes one; the app's recipe says what the call does (`calls:`)",
        example: "`- call: { app: com.acme.shop, name: login, value: user-42 }`",
        shape: .fields([appField("call"), EventField("name", .string, required: "call needs 'name: NAME', the call the app's code makes, like reset"),
                        EventField("value", .string)]),
        build: { .call($0.app(), name: $0.string("name") ?? "", value: $0.string("value")) },
        arguments: { event in
            guard case .call(let app, let name, let value) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app), "name": .string(name)])
            if let value { arguments["value"] = .string(value) }
            return arguments
        },
        describe: { event, world in
            guard case .call(let app, let name, let value) = event else { return "call" }
            return "call \(world.apps[app].bundleID) \(name)" + (value.map { " " + ScenarioWriter.quote($0) } ?? "")
        },
        validate: { arguments, _, context in
            guard case .app(let app)? = arguments["app"], let name = arguments.string("name") else { return nil }
            let declaration = context.apps[app]
            guard let strategy = context.library.strategy(named: declaration.strategy) else { return nil }   // reported with the app
            guard !strategy.calls.contains(name) else { return nil }
            if strategy.calls.isEmpty {
                return ("name", "\(declaration.bundleID) runs \(strategy.name), whose code declares no calls; a recipe declares what its calls do "
                        + "under calls:, like calls: { reset: [{ newId: id }] }")
            }
            if name == RecipeCall.launch {
                return ("name", "'launch' is the call \(strategy.name) runs by itself at every launch; a scenario launches the app instead")
            }
            return ("name", "\(strategy.name) has no call '\(name)'; its calls: \(strategy.calls.joined(separator: ", "))"
                    + NameSuggester.hint(for: name, among: strategy.calls))
        })

    static let revokeAppleID = EventSpec(
        kind: .revokeAppleID,
        argument: "`{app}` (or just the bundle ID): the user stops using the Apple ID with the app (Settings), revoking Sign in with "
            + "Apple for the app's team on the device's Apple ID (iOS 13+)",
        example: "`- revokeAppleID: { app: com.acme.shop }`",
        shape: .fields([appField("revokeAppleID")], shorthand: "app"),
        build: { .revokeAppleID($0.app()) },
        arguments: { event in
            guard case .revokeAppleID(let app) = event else { return EventArguments() }
            return EventArguments(["app": .app(app)])
        },
        describe: { event, world in
            guard case .revokeAppleID(let app) = event else { return "revokeAppleID" }
            return "revokeAppleID \(world.apps[app].bundleID)"
        },
        validate: notAnExtension("revokeAppleID"))

    static let configure = EventSpec(
        kind: .configure, argument: "`{app, …options}`: new strategy options from now on",
        example: "`- configure: { app: com.acme.shop, strict: true }`",
        shape: .fields([appField("configure")], options: true),
        build: { .configure($0.app(), $0.options()) },
        arguments: { event in
            guard case .configure(let app, let options) = event else { return EventArguments() }
            return EventArguments(["app": .app(app), "options": .options(options)])
        },
        describe: { event, world in
            guard case .configure(let app, let options) = event else { return "configure" }
            return "configure \(world.apps[app].bundleID) " + options.keys.sorted().map { "\($0)=\(options[$0]!)" }.joined(separator: " ")
        })

    static let deviceCheck = EventSpec(
        kind: .deviceCheck, argument: "`{app, bit0, bit1}` (either bit): the app's server sets the team's bits; the app is installed on the device, or launched there and was deleted since (Apple takes a refund job's update then)",
        example: "`- deviceCheck: { app: com.acme.shop, bit0: true }`",
        shape: .fields([appField("deviceCheck"), EventField("bit0", .bool), EventField("bit1", .bool)],
                       atLeastOne: (["bit0", "bit1"], "deviceCheck needs bit0, bit1 or both")),
        build: { .deviceCheck($0.app(), bit0: $0.bool("bit0"), bit1: $0.bool("bit1")) },
        arguments: { event in
            guard case .deviceCheck(let app, let bit0, let bit1) = event else { return EventArguments() }
            var arguments = EventArguments(["app": .app(app)])
            if let bit0 { arguments["bit0"] = .bool(bit0) }
            if let bit1 { arguments["bit1"] = .bool(bit1) }
            return arguments
        },
        describe: { event, world in
            guard case .deviceCheck(let app, let bit0, let bit1) = event else { return "deviceCheck" }
            return "deviceCheck \(world.apps[app].bundleID)" + (bit0.map { " bit0=\($0 ? 1 : 0)" } ?? "")
                + (bit1.map { " bit1=\($0 ? 1 : 0)" } ?? "")
        })

    static let reboot = bare(.reboot, .reboot, argument: "none: with a passcode, nothing protected is readable until `unlock`")

    static let unlock = bare(.unlock, .unlock, argument: "none")

    static let purgeCaches = bare(.purgeCaches, .purgeCaches,
                                  argument: "none: the system empties Library/Caches and tmp of every app not running (CT-39)")

    static let biometryChange = bare(.biometryChange, .biometryChange,
                                     argument: "none: the user enrols a new face or finger (or resets Face ID); biometryCurrentSet keychain items are invalidated (KC-40)")

    static let lock = bare(.lock, .lock, argument: "none")

    static let passcode = onOff(.passcode, argument: "`on` or `off` (off deletes WhenPasscodeSetThisDeviceOnly items)",
                                example: "`- passcode: off`", make: { .passcode($0) },
                                on: { if case .passcode(let on) = $0 { on } else { nil } })

    static let upgrade = EventSpec(
        kind: .upgrade, argument: "an iOS version newer than the device's", example: "`- upgrade: \"18.1\"`",
        shape: .value(EventField("version", .version)),
        build: { .upgrade($0.version("version")) },
        arguments: { event in
            guard case .upgrade(let version) = event else { return EventArguments() }
            return EventArguments(["version": .version(version)])
        },
        describe: { event, _ in
            guard case .upgrade(let version) = event else { return "upgrade" }
            return "upgrade to iOS \(version)"
        })

    static let erase = bare(.erase, .erase, argument: "none: Erase All Content and Settings, then set up as new")

    static let signIn = EventSpec(
        kind: .signIn, argument: "`ACCOUNT`", example: "`- signIn: alice`",
        shape: .value(EventField("account", .account)),
        build: { .signIn(account: $0.account("account")) },
        arguments: { event in
            guard case .signIn(let account) = event else { return EventArguments() }
            return EventArguments(["account": .account(account)])
        },
        describe: { event, world in
            guard case .signIn(let account) = event else { return "signIn" }
            return "signIn \(world.accounts[account].id)"
        })

    static let signOut = EventSpec(
        kind: .signOut,
        argument: "none, or `{device, keep}` (the device in its fields or beside them): iCloud Keychain's items stay on the device unless `keep: false` deletes them",
        example: "`- signOut: { keep: false }`",
        shape: .fields([EventField("device", .device), EventField("keep", .bool)]),
        build: { .signOut(keep: $0.bool("keep") ?? true) },
        arguments: { event in
            guard case .signOut(let keep) = event, !keep else { return EventArguments() }
            return EventArguments(["keep": .bool(false)])
        },
        describe: { event, _ in
            guard case .signOut(let keep) = event, !keep else { return "signOut" }
            return "signOut (iCloud Keychain's items deleted from the device)"
        })

    static let iCloudKeychain = EventSpec(
        kind: .iCloudKeychain,
        argument: "`on` or `off`, or `{to: off, keep: false}`: turned off, the synced items stay on the device unless `keep: false` deletes them",
        example: "`- iCloudKeychain: { to: off, keep: false }`",
        shape: .fields([EventField("to", .onOff, required: "iCloudKeychain needs 'to: on' or 'to: off'"), EventField("keep", .bool)],
                       shorthand: "to"),
        build: { .iCloudKeychain($0.bool("to") ?? false, keep: $0.bool("keep") ?? true) },
        arguments: { event in
            guard case .iCloudKeychain(let on, let keep) = event else { return EventArguments() }
            var arguments = EventArguments(["to": .bool(on)])
            if !keep { arguments["keep"] = .bool(false) }
            return arguments
        },
        describe: { event, _ in
            guard case .iCloudKeychain(let on, let keep) = event else { return "iCloudKeychain" }
            return "iCloudKeychain " + (on ? "on" : "off") + (keep || on ? "" : " (synced items deleted)")
        })

    static let backup = EventSpec(
        kind: .backup, argument: "`{kind, as}`: `encrypted`, `unencrypted` or `icloud`, and a name",
        example: "`- backup: { kind: encrypted, as: nightly }`",
        shape: .fields([
            EventField("kind", .choice(BackupKind.allCases.map(\.rawValue)), required: "backup needs 'kind: encrypted', 'unencrypted' or 'icloud'",
                       label: "backup kind"),
            EventField("as", .newBackup, required: "backup needs 'as: NAME' to name it for a later restore", label: "backup name"),
        ]),
        build: { .backup($0.word("kind").flatMap(BackupKind.init(rawValue:)) ?? .encrypted, name: $0.backup("as")) },
        arguments: { event in
            guard case .backup(let kind, let name) = event else { return EventArguments() }
            return EventArguments(["kind": .word(kind.rawValue), "as": .backup(name)])
        },
        describe: { event, _ in
            guard case .backup(let kind, let name) = event else { return "backup" }
            return "backup \(kind.rawValue) as \(name)"
        })

    static let restore = EventSpec(
        kind: .restore, argument: "`{backup}` (or just the name): erase the step's device and restore onto it",
        example: "`- restore: { backup: nightly }`",
        shape: .fields([EventField("backup", .backup, required: "restore needs 'backup: NAME'", label: "backup name")], shorthand: "backup"),
        build: { .restore(backup: $0.backup("backup")) },
        arguments: { event in
            guard case .restore(let name) = event else { return EventArguments() }
            return EventArguments(["backup": .backup(name)])
        },
        describe: { event, _ in
            guard case .restore(let name) = event else { return "restore" }
            return "restore \(name)"
        })

    static let migrate = EventSpec(
        kind: .migrate, argument: "`{from: DEVICE}`: device-to-device transfer onto the step's device",
        example: "`- migrate: { from: phone }`",
        shape: .fields([EventField("from", .device, required: "migrate needs 'from: DEVICE'")]),
        build: { .migrate(from: $0.device("from")) },
        arguments: { event in
            guard case .migrate(let from) = event else { return EventArguments() }
            return EventArguments(["from": .device(from)])
        },
        describe: { event, world in
            guard case .migrate(let from) = event else { return "migrate" }
            return "migrate from \(world.devices[from].name)"
        },
        validate: { arguments, stepDevice, context in
            guard case .device(let from)? = arguments["from"], from == stepDevice else { return nil }
            return ("from", "cannot migrate '\(context.devices.names[from])' onto itself; the step's device is the target")
        })

    static let note = EventSpec(
        kind: .note, argument: "`TEXT`: narration only", example: "`- note: The IDFV is new.`",
        shape: .value(EventField("text", .string)),
        build: { .note($0.string("text") ?? "") },
        arguments: { event in
            guard case .note(let text) = event else { return EventArguments() }
            return EventArguments(["text": .string(text)])
        },
        describe: { _, _ in "note" })
}
