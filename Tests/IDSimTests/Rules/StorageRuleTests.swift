import IDSim
import Testing

/// A program that keeps a UUID in a UserDefaults suite named by the app's `suite` option.
let suiteProgram = ClosureProgram { os in
    guard case .string(let suite)? = os.declaration.options["suite"] else { return LaunchReport(primaryID: nil, values: []) }
    if let id = os.defaultsString(forKey: "uid", suite: suite) {
        return LaunchReport(primaryID: id, values: [NamedValue("uid", id)], notes: ["read"])
    }
    let id = os.newUUID().uuidString
    os.setDefaults(id, forKey: "uid", suite: suite)
    return LaunchReport(primaryID: id, values: [NamedValue("uid", id)], notes: ["minted"])
}

/// A program that keeps a UUID in two files, one backed up and one excluded from backups.
let fileProgram = ClosureProgram { os in
    var values: [NamedValue] = []
    for (path, backedUp) in [("Library/kept", true), ("Library/excluded", false)] {
        var id = os.containerFile(path)
        if id == nil {
            id = os.newUUID().uuidString
            os.writeContainerFile(path, contents: id, backedUp: backedUp)
        }
        values.append(NamedValue(path, id))
    }
    return LaunchReport(primaryID: values[0].value, values: values)
}

/// A program that keeps a UUID in the iCloud key-value store.
let kvsProgram = ClosureProgram { os in
    if let id = os.ubiquitousString(forKey: "uid") { return LaunchReport(primaryID: id, values: [NamedValue("uid", id)]) }
    let id = os.newUUID().uuidString
    os.setUbiquitous(id, forKey: "uid")
    return LaunchReport(primaryID: id, values: [NamedValue("uid", id)])
}

/// A program that announces itself in the iCloud key-value store under a prefix, as FCUUID's
/// uuidsOfUserDevices does, and lists every key under that prefix.
let kvsAnnounceProgram = ClosureProgram { os in
    let id = os.defaultsString(forKey: "uid") ?? os.newUUID().uuidString
    os.setDefaults(id, forKey: "uid")
    os.setUbiquitous(id, forKey: "device_" + id)
    os.setUbiquitous("note", forKey: "devicelike")
    let listed = os.ubiquitousKeys(withPrefix: "device_")
    return LaunchReport(primaryID: id, values: [NamedValue("uid", id), NamedValue("listed", listed.joined(separator: ","))])
}

@Suite("Storage rules: suites, files, query attributes, iCloud key-value store")
struct StorageRuleTests {
    static let group = "group.com.acme.shared"
    static let grouped = [
        AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", options: ["suite": .string(group)], appGroups: [group]),
        AppDeclaration(bundleID: "com.acme.news", teamID: "ACME1234", options: ["suite": .string(group)], appGroups: [group]),
        AppDeclaration(bundleID: "com.acme.solo", teamID: "ACME1234", options: ["suite": .string(group)]),
    ]

    @Test("CT-36: an App Group suite is shared by the group's apps, outlives one of them, and goes with the last")
    func appGroupSuite() {
        var sim = Sim(apps: Self.grouped, programs: suiteProgram)
        for app in ["shop", "news", "solo"] { sim.install(app) }
        sim.launch("shop")
        sim.launch("news")
        let shared = sim.lastID("shop")
        #expect(sim.lastID("news") == shared, "both apps of the group read the one suite")
        sim.launch("solo")
        #expect(sim.lastID("solo") != shared, "without the entitlement the same suite name is private to the app")
        #expect(sim.dev("phone").apps[sim.app("solo")]?.container.suites[Self.group]?["uid"] == sim.lastID("solo"))
        sim.uninstall("shop")
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.lastID("shop") == shared, "the group's container outlives one of its apps")
        sim.uninstall("shop")
        let changes = sim.uninstall("news")
        #expect(changes.touching("groupDefaults:").first?.rule == .ct36, "the last app of the group takes the container")
        sim.install("news")
        sim.launch("news")
        #expect(sim.lastID("news") != shared)
    }

    @Test("CT-36: files in an App Group's container are shared by its apps, go with the last, and back up unless excluded")
    func appGroupFiles() {
        let group = Self.group
        let program = ClosureProgram { os in
            var values: [NamedValue] = []
            for (path, backedUp) in [("id", true), ("excluded", false)] {
                var id = os.groupFile(path, group: group)
                if id == nil {
                    id = os.newUUID().uuidString
                    os.writeGroupFile(path, group: group, contents: id, backedUp: backedUp)
                }
                values.append(NamedValue(path, id))
            }
            return LaunchReport(primaryID: values[0].value, values: values)
        }
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, apps: Self.grouped, programs: program)
        for app in ["shop", "news", "solo"] { sim.install(app) }
        sim.launch("shop")
        sim.launch("news")
        let shared = sim.lastID("shop"), excluded = sim.lastValue("shop", "excluded")
        #expect(sim.lastID("news") == shared, "both apps of the group read the one file")
        sim.launch("solo")
        #expect(sim.lastID("solo") != shared && sim.dev("phone").appGroupFiles[group]?["id"]?.contents == shared,
                "an app outside the group can neither read nor write it")
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"), on: "spare")
        sim.launch("news", on: "spare")
        #expect(sim.lastID("news", on: "spare") == shared, "restored with the backup")
        #expect(sim.lastValue("news", "excluded", on: "spare") != excluded, "an excluded file is not")
        sim.uninstall("shop")
        let gone = sim.uninstall("news")
        #expect(sim.changes(gone, about: "groupFile:phone:\(group):id").first?.rule == .ct36, "the last app of the group takes the container")
        sim.install("news")
        sim.launch("news")
        #expect(sim.lastID("news") != shared)
        let stored = sim.lastID("news")
        sim.run(.reboot)
        sim.launch("news", .background)
        #expect(sim.lastID("news") != stored && sim.dev("phone").appGroupFiles[group]?["id"]?.contents == stored,
                "protected until the first unlock: not read, not written")
    }

    @Test("CT-36: with appGroupContainerOnLastUninstall = keep, the container stays; restores bring it back")
    func appGroupSuiteKept() {
        var profile = Profile.default
        profile.appGroupContainerOnLastUninstall = .keep
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, apps: Self.grouped, profile: profile, programs: suiteProgram)
        sim.install("shop")
        sim.launch("shop")
        let shared = sim.lastID("shop")
        sim.run(.backup(.encrypted, name: "b"))
        sim.uninstall("shop")
        sim.install("news")
        sim.launch("news")
        #expect(sim.lastID("news") == shared)
        let restored = sim.run(.restore(backup: "b"), on: "spare")
        #expect(restored.touching("groupDefaults:").first?.rule == .ct24)
        sim.install("news", on: "spare")
        sim.launch("news", on: "spare")
        #expect(sim.lastID("news", on: "spare") == shared)
    }

    @Test("CT-24: a restore brings back the files a backup includes, not those excluded from it")
    func excludedFiles() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)), DeviceSpec(name: "spare", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, programs: fileProgram)
        sim.install("shop")
        sim.launch("shop")
        let kept = sim.lastValue("shop", "Library/kept"), excluded = sim.lastValue("shop", "Library/excluded")
        sim.run(.backup(.encrypted, name: "b"))
        let changes = sim.run(.restore(backup: "b"), on: "spare")
        #expect(sim.changes(changes, about: "file:spare:com.acme.shop:Library/kept").first?.rule == .ct24)
        sim.launch("shop", on: "spare")
        #expect(sim.lastValue("shop", "Library/kept", on: "spare") == kept)
        #expect(sim.lastValue("shop", "Library/excluded", on: "spare") != excluded)
        let gone = sim.uninstall("shop")
        #expect(sim.changes(gone, about: "file:phone:com.acme.shop:Library/kept").first?.rule == .ct23)
    }

    @Test("CT-39: Library/Caches and tmp stay out of backups; purgeCaches empties them for every app not running, and keeps the rest")
    func cachesPurged() {
        let program = ClosureProgram { os in
            var values: [NamedValue] = []
            for path in ["Library/Caches/INSTALLATION", "tmp/scratch", "Library/Application Support/id"] {
                var id = os.containerFile(path)
                if id == nil {
                    id = os.newUUID().uuidString
                    os.writeContainerFile(path, contents: id, backedUp: true)
                }
                values.append(NamedValue(path, id))
            }
            return LaunchReport(primaryID: values[0].value, values: values)
        }
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 5)), DeviceSpec(name: "spare", os: OSVersion(17, 5))]
        var sim = Sim(devices: devices, programs: program)
        sim.install("shop")
        sim.install("news")
        sim.launch("shop")
        sim.launch("news")
        let cache = sim.lastID("shop")
        let support = sim.lastValue("shop", "Library/Application Support/id")
        let files = { (sim: Sim, app: String) in sim.dev("phone").apps[sim.app(app)]?.container.files ?? [:] }
        #expect(files(sim, "shop")["Library/Caches/INSTALLATION"]?.backedUp == false, "asked to be backed up, but it is in Caches")
        // A restore brings back Application Support, not Caches or tmp.
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.restore(backup: "b"), on: "spare")
        sim.launch("shop", on: "spare")
        #expect(sim.lastValue("shop", "Library/Application Support/id", on: "spare") == support)
        #expect(sim.lastID("shop", on: "spare") != cache)
        // news is still running; shop's process ends with a reboot, then the purge.
        sim.run(.reboot)
        sim.run(.unlock)
        sim.launch("news")
        let purged = sim.run(.purgeCaches)
        #expect(sim.changes(purged, about: "file:phone:com.acme.shop:Library/Caches/INSTALLATION").first?.rule == .ct39)
        #expect(sim.changes(purged, about: "file:phone:com.acme.shop:tmp/scratch").first?.rule == .ct39)
        #expect(files(sim, "shop")["Library/Application Support/id"] != nil, "the rest of the container stays")
        #expect(files(sim, "news")["Library/Caches/INSTALLATION"] != nil, "a running app keeps its caches")
        sim.launch("shop")
        #expect(sim.lastID("shop") != cache, "the cached ID is gone: a new one")
        #expect(sim.lastValue("shop", "Library/Application Support/id") == support)
    }

    @Test("CT-25: files cannot be read or written before the first unlock")
    func filesBeforeFirstUnlock() {
        var sim = Sim(programs: fileProgram)
        sim.install("shop")
        sim.launch("shop")
        let kept = sim.lastID("shop")
        sim.run(.reboot)
        sim.launch("shop", .background)
        #expect(sim.lastID("shop") != kept, "nothing readable: the program makes a new one it cannot save")
        #expect(sim.dev("phone").apps[sim.app("shop")]?.container.files["Library/kept"]?.contents == kept)
    }

    @Test("KC-37: a query naming a class does not find an item of another class; the add then fails as a duplicate")
    func queryNamesClass() {
        let program = ClosureProgram { os in
            let query = KeychainQuery(service: "svc", account: "id", accessible: .afterFirstUnlockThisDeviceOnly)
            let (status, item) = os.secItemCopyMatching(query)
            if let item { return LaunchReport(primaryID: item.value, values: [], notes: ["read \(status.name)"]) }
            let write = os.secItemAdd(KeychainAttributes(service: "svc", account: "id", value: os.newUUID().uuidString,
                                                         accessible: .afterFirstUnlockThisDeviceOnly))
            return LaunchReport(primaryID: nil, values: [], notes: ["read \(status.name)", "add \(write.name)"])
        }
        var sim = Sim(programs: program)
        sim.install("shop")
        // An item of the same service and account, but WhenUnlocked (say, written by an older version).
        let old = KeychainItem(group: "ACME1234.com.acme.shop", service: "svc", account: "id", accessible: .whenUnlocked,
                               synchronizable: false, value: "OLD", creator: "com.acme.shop")
        _ = sim.world.devices[0].keychain.insertNew(old)
        sim.launch("shop")
        let notes = sim.dev("phone").launches[sim.app("shop")]?.latest.report.notes ?? []
        #expect(notes == ["read errSecItemNotFound", "add errSecDuplicateItem"])
    }

    @Test("KC-37: a read without the sync attribute misses a synchronizable item; SynchronizableAny finds it")
    func queryNamesSync() {
        let program = ClosureProgram { os in
            let plain = os.secItemCopyMatching(KeychainQuery(service: "svc", account: "id"))
            let any = os.secItemCopyMatching(KeychainQuery(service: "svc", account: "id", synchronizable: .any))
            return LaunchReport(primaryID: any.item?.value, values: [], notes: [plain.status.name, any.status.name])
        }
        var sim = Sim(programs: program)
        sim.install("shop")
        _ = sim.world.devices[0].keychain.insertNew(KeychainItem(group: "ACME1234.com.acme.shop", service: "svc", account: "id",
                                                             accessible: .afterFirstUnlock, synchronizable: true, value: "S",
                                                             creator: "com.acme.shop"))
        sim.launch("shop")
        #expect(sim.dev("phone").launches[sim.app("shop")]?.latest.report.notes == ["errSecItemNotFound", "errSecSuccess"])
        #expect(sim.lastID("shop") == "S")
    }

    @Test("KC-37: an update that sets the class and sync moves the item; sync with a ThisDeviceOnly class is refused")
    func updateAttributes() {
        let program = ClosureProgram { os in
            _ = os.secItemAdd(KeychainAttributes(service: "svc", account: "id", value: "A"))
            let moved = os.secItemUpdate(KeychainQuery(service: "svc", account: "id"),
                                         KeychainUpdate(value: "B", accessible: .afterFirstUnlock, synchronizable: true))
            let refused = os.secItemUpdate(KeychainQuery(service: "svc", account: "id", synchronizable: .yes),
                                           KeychainUpdate(value: "C", accessible: .afterFirstUnlockThisDeviceOnly))
            return LaunchReport(primaryID: nil, values: [], notes: [moved.name, refused.name])
        }
        var sim = Sim(programs: program)
        sim.install("shop")
        sim.launch("shop")
        #expect(sim.dev("phone").launches[sim.app("shop")]?.latest.report.notes == ["errSecSuccess", "errSecParam"])
        let items = sim.dev("phone").keychain.values.filter { $0.service == "svc" }
        #expect(items.count == 1 && items.first?.synchronizable == true && items.first?.accessible == .afterFirstUnlock
                && items.first?.value == "B")
    }

    @Test("KVS-38: the key-value store follows the Apple ID across delete, erase and devices; without one it keeps the device's own")
    func keyValueStore() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "other", os: OSVersion(17, 0))]
        var sim = Sim(devices: devices, accounts: [Account(id: "alice")], programs: kvsProgram)
        sim.install("shop")
        sim.launch("shop")
        let id = sim.lastID("shop")
        sim.uninstall("shop")
        sim.install("shop", on: "pad")
        sim.launch("shop", on: "pad")
        #expect(sim.lastID("shop", on: "pad") == id)
        sim.run(.erase, on: "pad")
        sim.run(.signIn(account: 0), on: "pad")
        sim.install("shop", on: "pad")
        sim.launch("shop", on: "pad")
        #expect(sim.lastID("shop", on: "pad") == id)
        sim.install("shop", on: "other")
        sim.launch("shop", on: "other")
        sim.launch("shop", on: "other")
        let first = sim.dev("other").launches[sim.app("shop")]?.previous?.report.primaryID
        #expect(sim.lastID("shop", on: "other") != id && sim.lastID("shop", on: "other") == first,
                "no account: the device keeps what the app wrote")
        sim.uninstall("shop", on: "other")
        sim.install("shop", on: "other")
        sim.launch("shop", on: "other")
        #expect(sim.lastID("shop", on: "other") != first, "kept in the app's container, it went with the app")
    }

    @Test("KVS-38: apps of a team that name one key-value store identifier share it; the app's own store and another team's stay apart")
    func sharedKeyValueStore() {
        func program(store: String?) -> ClosureProgram {
            ClosureProgram { os in
                if os.ubiquitousString(forKey: "id", store: store) == nil { os.setUbiquitous(os.newUUID().uuidString, forKey: "id", store: store) }
                return LaunchReport(primaryID: os.ubiquitousString(forKey: "id", store: store), values: [], notes: [])
            }
        }
        struct ByStrategy: AppProgramResolver {
            var programs: [String: ClosureProgram]
            func program(strategy: String, options: [String: OptionValue]) -> any AppProgram { programs[strategy]! }
        }
        let resolver = ByStrategy(programs: ["bare": program(store: "com.acme.shared"), "prefixed": program(store: "ACME1234.com.acme.shared"),
                                             "own": program(store: nil)])
        func apps(_ news: String) -> [AppDeclaration] {
            [AppDeclaration(bundleID: "com.acme.shop", teamID: "ACME1234", strategy: "bare"),
             AppDeclaration(bundleID: "com.acme.news", teamID: "ACME1234", strategy: news),
             AppDeclaration(bundleID: "org.other.game", teamID: "OTHR5678", strategy: "bare")]
        }
        let phone = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice")]
        var sim = Sim(devices: phone, apps: apps("prefixed"), accounts: [Account(id: "alice")], programs: resolver)
        for app in ["shop", "news", "game"] {
            sim.install(app)
            sim.launch(app)
        }
        let shared = sim.lastID("shop")
        #expect(shared != nil && sim.lastID("news") == shared, "the Team ID prefix is the app's, written or not")
        #expect(sim.lastID("game") != nil && sim.lastID("game") != shared, "another team's com.acme.shared is its own")
        let keys = sim.world.accounts[0].keyValueStore.keys.sorted()
        #expect(keys == ["ACME1234.com.acme.shared:id", "OTHR5678.com.acme.shared:id"])
        // The app's own store is not the shared one.
        var own = Sim(devices: phone, apps: apps("own"), accounts: [Account(id: "alice")], programs: resolver)
        own.install("shop")
        own.launch("shop")
        own.install("news")
        own.launch("news")
        #expect(own.lastID("news") != nil && own.lastID("news") != own.lastID("shop"))
    }

    @Test("KVS-38: at sign-in, a value written with no account goes to the account where it has none; the account's wins otherwise; switch drop discards it")
    func localValuesAtSignIn() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0)),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")]
        for (switchValue, padFirst) in [(Profile.KVSLocalWritesAtSignIn.merge, false), (.merge, true), (.drop, false)] {
            var profile = Profile.default
            profile.kvsLocalWritesAtSignIn = switchValue
            var sim = Sim(devices: devices, accounts: [Account(id: "alice")], profile: profile, programs: kvsProgram)
            if padFirst {
                sim.install("shop", on: "pad")
                sim.launch("shop", on: "pad")
            }
            let onAccount = sim.world.accounts[0].keyValueStore.values.first
            sim.install("shop")
            sim.launch("shop")
            let local = sim.lastID("shop")
            #expect(sim.world.accounts[0].keyValueStore.values.first == onAccount, "written on the phone only")
            let changes = sim.run(.signIn(account: 0))
            #expect(changes.touching("file:").map(\.rule) == [.kvs38], "the local copy leaves the device")
            sim.launch("shop")
            let expected = padFirst ? onAccount : (switchValue == .merge ? local : nil)
            if let expected {
                #expect(sim.lastID("shop") == expected, "\(switchValue), pad first: \(padFirst)")
            } else {
                #expect(sim.lastID("shop") != local, "dropped: the account had nothing, so the app made a new one")
            }
            if !padFirst { sim.install("shop", on: "pad") }
            sim.launch("shop", on: "pad")
            #expect(sim.lastID("shop", on: "pad") == sim.lastID("shop"), "one value on the account")
        }
    }

    @Test("KVS-38: an app lists its own keys by prefix; writing the value already there writes nothing")
    func keyValueStoreListsAndRewrites() {
        let devices = [DeviceSpec(name: "phone", os: OSVersion(17, 0), appleID: "alice"),
                       DeviceSpec(name: "pad", kind: .ipad, os: OSVersion(17, 0), appleID: "alice")]
        var sim = Sim(devices: devices, accounts: [Account(id: "alice")], programs: kvsAnnounceProgram)
        sim.install("shop")
        sim.install("shop", on: "pad")
        #expect(sim.launch("shop").touching("kvs:").count == 2, "a first launch writes both keys")
        #expect(sim.launch("shop", on: "pad").touching("kvs:").count == 1, "the shared key holds its value already")
        let phone = sim.lastID("shop"), pad = sim.lastID("shop", on: "pad")
        let listed = sim.lastLaunch("shop", on: "pad")?.value("listed")
        #expect(listed == ["device_" + phone!, "device_" + pad!].sorted().joined(separator: ","),
                "both devices' keys, sorted, as the app named them; a key that only starts alike is left out")
        // A second launch sets the same values: the Apple ID keeps its storage, and no change is logged.
        let before = sim.world.accountSnapshot
        let changes = sim.launch("shop")
        #expect(sim.world.accountsUnchanged(since: before))
        #expect(changes.touching("kvs:").isEmpty)
        // Another app's keys are its own.
        sim.install("news")
        sim.launch("news")
        #expect(sim.lastLaunch("news")?.value("listed") == "device_" + sim.lastID("news")!)
    }
}
