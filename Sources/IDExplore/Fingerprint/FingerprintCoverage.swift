/// Every stored property of the records a fingerprint reads for a device, and whether it is
/// hashed or left out on purpose, with the reason. Two states that differ in a property left out
/// here count as one state, so leaving one out by mistake makes a search miss breaks.
///
/// A test lists each record's stored properties by reflection and fails for one that is not
/// here, then changes each hashed one in a state and checks that the fingerprint changes: a new
/// field of the model cannot be forgotten silently. (Backups, accounts and DeviceCheck's bits
/// are hashed whole with the state, see `Fingerprinter`.)
package enum FingerprintCoverage {
    package enum Treatment: Equatable, Sendable {
        case hashed
        case ignored(because: String)
    }

    /// What no event changes during a search: a device is told apart by its index, not by these.
    private static let fixed = Treatment.ignored(because: "fixed for a whole search: no event changes it")

    package static let device: KeyValuePairs<String, Treatment> = [
        "name": fixed,
        "hardwareID": .ignored(because: "fixed for a whole search, and drawn from the seed: a device's bits are hashed by their key"),
        "kind": fixed,
        "os": .hashed,
        "passcodeSet": .hashed,
        "declaredPasscode": .ignored(because: "the scenario's setting, fixed; what an erase sets up again, while passcodeSet is the device's now"),
        "firstUnlockDone": .hashed,
        "locked": .hashed,
        "idfa": .hashed,
        "settings": .hashed,
        "appleID": .hashed,
        "iCloudKeychain": .hashed,
        "keychain": .hashed,
        "apps": .hashed,
        "processes": .hashed,
        "launches": .ignored(because: "launch records: what the properties need of them is the state's follow record, hashed with the state"),
        "tables": .hashed,
    ]

    package static let deviceTables: KeyValuePairs<String, Treatment> = [
        "vendorTable": .hashed,
        "vendorUsers": .hashed,
        "pasteboards": .hashed,
        "keptAPNsTokens": .hashed,
        "appGroupDefaults": .hashed,
        "appGroupFiles": .hashed,
        "serverIDs": .hashed,
    ]

    package static let installedApp: KeyValuePairs<String, Treatment> = [
        "presence": .hashed,
        "source": .hashed,
        "vendorKey": .hashed,
        "container": .hashed,
        "att": .hashed,
        "trackingRequested": .hashed,
        "attestKeys": .hashed,
        "installation": .ignored(because: "a counter: which installation an app is shows in what it kept, not in the number"),
        "apnsToken": .hashed,
        "appleSignInTeam": .hashed,
    ]

    package static let appContainer: KeyValuePairs<String, Treatment> = [
        "defaults": .hashed,
        "suites": .hashed,
        "files": .hashed,
        "consent": .hashed,
        "supplied": .hashed,
    ]

    package static let containerFile: KeyValuePairs<String, Treatment> = [
        "contents": .hashed,
        "backedUp": .hashed,
        "protection": .hashed,
    ]

    /// An Apple ID's record, hashed with the state's accounts (`Fingerprinter.addAccounts`).
    package static let account: KeyValuePairs<String, Treatment> = [
        "id": fixed,
        "iCloudKeychain": .hashed,
        "trackingRestricted": .hashed,
        "cloudKeychain": .hashed,
        "keyValueStore": .hashed,
        "appleUserIDs": .hashed,
        "revokedAppleIDTeams": .hashed,
    ]

    package static let appProcess: KeyValuePairs<String, Treatment> = [
        "mode": .hashed,
        "cachedIDFA": .hashed,
        "defaultsCachedEmpty": .hashed,
        "unsavedDefaults": .hashed,
        "memory": .hashed,
        "volatilePasteboards": .hashed,
    ]
}
