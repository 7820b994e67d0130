@testable import IDExplore
@testable import IDSim
import Testing

/// Issue 33: a new field of the model cannot be left out of the fingerprint silently.
@Suite struct FingerprintCoverageTests {
    /// The stored properties of a value, by reflection.
    static func storedProperties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    /// A state with the followed app installed and launched on the first device (so it has an
    /// app slot, a process, a container, a keychain item and an APNs token to change).
    static func launched() throws -> (Explorer, World) {
        let explorer = try Explorer.named("keychain-idfv")
        let app: AppIndex = 0
        let state = explorer.state(after: [Step(.install(app, source: nil), on: 0), Step(.launch(app, mode: .foreground), on: 0)])
        return (explorer, state.world)
    }

    static func fingerprint(_ world: World) -> Int {
        Explorer.fingerprintFromScratch(ExploreState(world: world, app: 0, value: nil))
    }

    @Test("every stored property of a device, its tables, its apps, their containers and its processes is in the table")
    func tableListsEveryProperty() throws {
        let (_, world) = try Self.launched()
        let device = world.devices[0]
        let app = try #require(device.apps[0]), process = try #require(device.processes[0])
        #expect(Self.storedProperties(of: device) == FingerprintCoverage.device.map(\.key))
        #expect(Self.storedProperties(of: withUnsafePointer(to: device) { Device.tables(of: $0).pointee }) == FingerprintCoverage.deviceTables.map(\.key))
        #expect(Self.storedProperties(of: app) == FingerprintCoverage.installedApp.map(\.key))
        #expect(Self.storedProperties(of: app.container) == FingerprintCoverage.appContainer.map(\.key))
        #expect(Self.storedProperties(of: process) == FingerprintCoverage.appProcess.map(\.key))
        for table in [FingerprintCoverage.device, FingerprintCoverage.installedApp] {
            for (name, treatment) in table {
                if case .ignored(let reason) = treatment { #expect(!reason.isEmpty, "\(name)") }
            }
        }
    }

    /// A change to each hashed property, on device 0 and app 0.
    static let changes: [String: @Sendable (inout World) -> Void] = [
        // Device
        "os": { $0.devices[0].os = OSVersion(16, 0) },
        "passcodeSet": { $0.devices[0].passcodeSet.toggle() },
        "firstUnlockDone": { $0.devices[0].firstUnlockDone.toggle() },
        "locked": { $0.devices[0].locked.toggle() },
        // Generated values are renamed by first appearance, so another fresh UUID is the same state:
        // the IDFA made equal to the IDFV is not.
        "idfa": { $0.devices[0].idfa = $0.devices[0].vendorTable.values.first! },
        "settings": { $0.devices[0].settings.limitAdTracking.toggle() },
        "appleID": { $0.devices[0].appleID = $0.devices[0].appleID == nil ? 0 : nil },
        "iCloudKeychain": { $0.devices[0].iCloudKeychain.toggle() },
        "keychain": { world in
            let item = KeychainItem(group: "G.x", service: "s", account: "a", accessible: .afterFirstUnlock, synchronizable: false,
                                    value: "v", creator: "c")
            world.devices[0].keychain[item.key] = item
        },
        "apps": { $0.devices[0].apps[1] = InstalledApp(presence: .installed, source: .appstore, vendorKey: VendorKey(.team, "T"),
                                                      container: AppContainer(), att: .notDetermined, installation: 99) },
        "processes": { $0.devices[0].processes[1] = AppProcess(mode: .background, defaultsCachedEmpty: false) },
        "tables": { $0.devices[0].vendorTable[VendorKey(.team, "OTHER")] = SimUUID(high: 3, low: 4) },
        // DeviceTables
        "vendorTable": { $0.devices[0].vendorTable[VendorKey(.team, "OTHER")] = SimUUID(high: 3, low: 4) },
        "vendorUsers": { $0.devices[0].vendorUsers[VendorKey(.team, "OTHER")] = 7 },
        "pasteboards": { $0.devices[0].pasteboards.general = "on the pasteboard" },
        "keptAPNsTokens": { $0.devices[0].keptAPNsTokens[1] = APNsToken(high: 5, low: 6) },
        "appGroupDefaults": { $0.devices[0].appGroupDefaults["group.x"] = ["k": "v"] },
        "appGroupFiles": { $0.devices[0].appGroupFiles["group.x"] = ["f": ContainerFile(contents: "v", backedUp: true)] },
        "serverIDs": { $0.devices[0].serverIDs[ServerIDKey(app: 1, name: "adid")] = ServerID(value: "v", reissueOn: .erase) },
        // InstalledApp
        "presence": { $0.devices[0].apps[0]!.presence = .offloaded },
        "source": { $0.devices[0].apps[0]!.source = .testflight },
        "vendorKey": { $0.devices[0].apps[0]!.vendorKey = VendorKey(.bundle, "other") },
        "container": { $0.devices[0].apps[0]!.container.defaults["k"] = "v" },
        "att": { $0.devices[0].apps[0]!.att = .authorized },
        "trackingRequested": { $0.devices[0].apps[0]!.trackingRequested.toggle() },
        "attestKeys": { $0.devices[0].apps[0]!.attestKeys.append(AppAttestKey(id: "key", environment: .production)) },
        "apnsToken": { $0.devices[0].apps[0]!.apnsToken = APNsToken(high: 8, low: 9, environment: .sandbox) },
        "appleSignInTeam": { $0.devices[0].apps[0]!.appleSignInTeam = "ACME1234" },
        // AppContainer
        "defaults": { $0.devices[0].apps[0]!.container.defaults["k"] = "v" },
        "suites": { $0.devices[0].apps[0]!.container.suites["suite"] = ["k": "v"] },
        "files": { $0.devices[0].apps[0]!.container.files["Library/f"] = ContainerFile(contents: "v", backedUp: true) },
        "consent": { $0.devices[0].apps[0]!.container.consent.toggle() },
        "supplied": { $0.devices[0].apps[0]!.container.supplied["login"] = "alice" },
        // AppProcess
        "mode": { $0.devices[0].processes[0]!.mode = .background },
        "cachedIDFA": { $0.devices[0].processes[0]!.cachedIDFA = SimUUID(high: 10, low: 11) },
        "defaultsCachedEmpty": { $0.devices[0].processes[0]!.defaultsCachedEmpty.toggle() },
        "unsavedDefaults": { $0.devices[0].processes[0]!.unsavedDefaults["k"] = "v" },
        "memory": { $0.devices[0].processes[0]!.memory["k"] = "v" },
        "volatilePasteboards": { $0.devices[0].processes[0]!.volatilePasteboards["p"] = "v" },
    ]

    /// A change to each hashed property of a file in the container and of an Apple ID.
    static let recordChanges: [String: @Sendable (inout World) -> Void] = [
        "contents": { $0.devices[0].apps[0]!.container.files[file]!.contents = "another value" },
        "backedUp": { $0.devices[0].apps[0]!.container.files[file]!.backedUp.toggle() },
        "protection": { $0.devices[0].apps[0]!.container.files[file]!.protection = .complete },
        "iCloudKeychain": { $0.accounts[0].iCloudKeychain.toggle() },
        "trackingRestricted": { $0.accounts[0].trackingRestricted.toggle() },
        "cloudKeychain": { world in
            let item = KeychainItem(group: "G.x", service: "s", account: "a", accessible: .afterFirstUnlock, synchronizable: true,
                                    value: "v", creator: "c")
            world.accounts[0].cloudKeychain[item.key] = item
        },
        "keyValueStore": { $0.accounts[0].keyValueStore["ACME1234.com.acme.app:k"] = "v" },
        "appleUserIDs": { $0.accounts[0].appleUserIDs["ACME1234"] = "000001.0123456789abcdef0123456789abcdef.0001" },
        "revokedAppleIDTeams": { $0.accounts[0].revokedAppleIDTeams.insert("ACME1234") },
    ]
    static let file = "Library/f"

    @Test("every stored property of a container file and of an Apple ID is in its table, and each hashed one changes the fingerprint")
    func filesAndAccountsAreCovered() throws {
        var (_, world) = try Self.launched()
        world.devices[0].apps[0]!.container.files[Self.file] = ContainerFile(contents: "v", backedUp: true)
        let file = try #require(world.devices[0].apps[0]!.container.files[Self.file])
        #expect(Self.storedProperties(of: file) == FingerprintCoverage.containerFile.map(\.key))
        let account = try #require(world.accounts.first)
        #expect(Self.storedProperties(of: account) == FingerprintCoverage.account.map(\.key))
        let base = Self.fingerprint(world)
        for table in [FingerprintCoverage.containerFile, FingerprintCoverage.account] {
            for (name, treatment) in table where treatment == .hashed {
                let change = try #require(Self.recordChanges[name], "no change written for the hashed property \(name)")
                var changed = world
                change(&changed)
                #expect(Self.fingerprint(changed) != base, "changing \(name) left the fingerprint as it was")
            }
        }
    }

    @Test("changing any hashed property changes the fingerprint; an ignored one does not")
    func eachHashedPropertyCounts() throws {
        let (_, world) = try Self.launched()
        let base = Self.fingerprint(world)
        let tables = [FingerprintCoverage.device, FingerprintCoverage.deviceTables, FingerprintCoverage.installedApp,
                      FingerprintCoverage.appContainer, FingerprintCoverage.appProcess]
        for table in tables {
            for (name, treatment) in table where treatment == .hashed {
                let change = try #require(Self.changes[name], "no change written for the hashed property \(name)")
                var changed = world
                change(&changed)
                #expect(Self.fingerprint(changed) != base, "changing \(name) left the fingerprint as it was")
            }
        }
        // The ignored ones really are: a state differing only in them is the same state.
        var renamed = world
        renamed.devices[0].name = "another name"
        renamed.devices[0].hardwareID &+= 1
        renamed.devices[0].declaredPasscode.toggle()
        renamed.devices[0].apps[0]!.installation += 1
        #expect(Self.fingerprint(renamed) == base)
    }
}
