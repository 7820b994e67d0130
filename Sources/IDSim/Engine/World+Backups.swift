/// backup, restore and device-to-device migration (rules IDFV-7, IDFA-11, KC-21, KC-22a, CT-24, ATT-15, AA-28).
extension World {
    mutating func backup(_ d: DeviceIndex, kind: BackupKind, name: String, _ log: inout ChangeLog) throws(EventError) {
        guard !name.isEmpty, !Self.hasLineBreak(name) else { throw .invalidName(name, what: "backup name") }
        if kind == .icloud, devices[d].appleID == nil {
            throw .notSignedIn(device: devices[d].name, needed: "an iCloud backup")
        }
        let backup = snapshot(of: d, kind: kind, name: name)
        let old = backups.updateValue(backup, forKey: name)
        if log.isRecording {
            log.record(.backup(name: name), from: old.map { .text($0.summary) }, to: .text(backup.summary), rule: nil)
        }
    }

    /// Whether a name holds a line break (`Character.isNewline`). Names are checked on every backup
    /// and are almost always ASCII: their bytes are checked first (walking Characters cost a search
    /// 2% of its time); any other name is walked by Character.
    static func hasLineBreak(_ name: String) -> Bool {
        var ascii = true
        for byte in name.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte >= 0x0A && byte <= 0x0D { return true }
        }
        return !ascii && name.contains(where: \.isNewline)
    }

    /// The App Group files a backup takes: those not excluded from it, and none under Caches or tmp.
    static func backedUp(_ files: [String: [String: ContainerFile]]) -> [String: [String: ContainerFile]] {
        guard files.values.contains(where: { $0.values.contains { !$0.backedUp } }) else { return files }
        var kept: [String: [String: ContainerFile]] = [:]
        for (group, paths) in files {
            let backedUp = paths.filter { $0.value.backedUp }
            if !backedUp.isEmpty { kept[group] = backedUp }
        }
        return kept
    }

    /// What a backup of device `d` holds right now.
    func snapshot(of d: DeviceIndex, kind: BackupKind, name: String) -> Backup {
        return Backup(name: name, kind: kind, sourceHardwareID: devices[d].hardwareID, sourceDevice: devices[d].name,
                      os: devices[d].os, idfa: devices[d].idfa, vendorTable: devices[d].vendorTable,
                      keychain: backedUpKeychain(of: d), apps: devices[d].apps, settings: devices[d].settings,
                      appleID: devices[d].appleID, iCloudKeychain: devices[d].iCloudKeychain,
                      appGroupDefaults: devices[d].appGroupDefaults,
                      appGroupFiles: Self.backedUp(devices[d].appGroupFiles))
    }

    /// The keychain as a backup holds it: without the items of App Clips (CLIP-41), which are
    /// stored under the clip's application identifier.
    func backedUpKeychain(of d: DeviceIndex) -> Keychain {
        guard !clipsByApp.isEmpty else { return devices[d].keychain }
        let clipGroups = Set(apps.filter { $0.role.fullApp != nil }.map(\.applicationIdentifier))
        guard !clipGroups.isEmpty else { return devices[d].keychain }
        return devices[d].keychain.filter { !clipGroups.contains($0.group) }
    }

    mutating func restore(_ name: String, onto d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        guard let backup = backups[name] else { throw .unknownBackup(name, known: backups.keys.sorted()) }
        guard backup.os <= devices[d].os else {
            throw .backupTooNew(backup: name, backupOS: backup.os, device: devices[d].name, deviceOS: devices[d].os)
        }
        let before = Self.deviceBefore(d, in: self, for: log)
        let statuses = readStatuses(on: d, for: log)
        rebuild(d, from: backup, sameHardware: backup.sourceHardwareID == devices[d].hardwareID, &log)
        recordDeviceDiff(before: before, statusesBefore: statuses, device: d,
                         rules: DeviceDiffRules(app: .ct24, container: .ct24, att: .att15, idfv: .idfv7,
                                                idfa: .idfa11, keychain: .kc21), &log)
    }

    mutating func migrate(from source: DeviceIndex, onto d: DeviceIndex, _ log: inout ChangeLog) throws(EventError) {
        guard devices.indices.contains(source) else { throw .noSuchDevice(source) }
        guard source != d else { throw .migrateFromItself(device: devices[d].name) }
        guard devices[source].os <= devices[d].os else {
            throw .migrateFromNewerOS(from: devices[source].name, fromOS: devices[source].os,
                                      to: devices[d].name, toOS: devices[d].os)
        }
        // Quick Start moves data like an encrypted backup restored onto other hardware (KC-22a); the
        // direct transfer needs iOS 12.4 on both devices, and below that Quick Start sets the new
        // device up from an iCloud backup of the old one.
        let direct = devices[source].os >= Self.directMigrationMinimumOS && devices[d].os >= Self.directMigrationMinimumOS
        let transfer = snapshot(of: source, kind: direct ? .encrypted : .icloud, name: "migration from \(devices[source].name)")
        let before = Self.deviceBefore(d, in: self, for: log)
        let statuses = readStatuses(on: d, for: log)
        rebuild(d, from: transfer, sameHardware: false, &log)
        // The apps and their containers come as a restore brings them (CT-24), the rest as a
        // migration does (KC-22a): a UserDefaults copy is the container's rule, not a keychain one.
        recordDeviceDiff(before: before, statusesBefore: statuses, device: d,
                         rules: DeviceDiffRules(app: .ct24, container: .ct24, att: .kc22a, idfv: .kc22a,
                                                idfa: .kc22a, keychain: .kc22a, attest: .kc22a), &log)
    }

    /// Erases device `d` and sets it up from `backup`: apps reinstalled with their containers,
    /// the keychain and device-bound values as the rules allow, then signed in as before.
    private mutating func rebuild(_ d: DeviceIndex, from backup: Backup, sameHardware: Bool, _ log: inout ChangeLog) {
        wipe(d)
        let keepVendorTable = sameHardware && profile.idfvSameDeviceRestore == .keep
        for index in backup.apps.presentIndices() where index < apps.count {
            let saved = backup.apps[index]!
            installations += 1
            let key = vendorKey(for: index, source: saved.source, on: d)
            var app = InstalledApp(presence: saved.presence, source: saved.source, vendorKey: key,
                                   container: saved.container.restoredFromBackup, att: .notDetermined, installation: installations)
            if profile.attInBackup == .restored {
                app.att = saved.att
                app.trackingRequested = saved.trackingRequested
            }
            // The Secure Enclave key is in no backup (AA-28), unless the profile says a same-device
            // restore keeps it.
            if sameHardware && profile.appAttestSameDeviceRestore == .valid { app.attestKeys = saved.attestKeys }
            updateApp(index, on: d) { $0 = app }
            // A clip has no IDFV: it makes no vendor entry for its team (CLIP-34).
            if apps[index].role.fullApp != nil { continue }
            if keepVendorTable, let value = backup.vendorTable[key] {
                devices[d].vendorTable[key] = value
            } else if devices[d].vendorTable[key] == nil {
                devices[d].vendorTable[key] = rng.nextUUID()
            }
        }
        devices[d].idfa = sameHardware ? backup.idfa : rng.nextUUID()
        // The rule reads the profile alone: a closure calling a method of the world would copy it.
        let profile = self.profile
        devices[d].keychain = backup.keychain.filter { Self.restores($0, from: backup, sameHardware: sameHardware, profile: profile) }
        devices[d].appGroupDefaults = backup.appGroupDefaults
        devices[d].appGroupFiles = backup.appGroupFiles
        devices[d].settings = backup.settings
        if let account = backup.appleID {
            devices[d].appleID = account
            devices[d].iCloudKeychain = backup.iCloudKeychain
            var quiet = ChangeLog(recording: log.isRecording)   // the diff reports the device's own items
            mergeCloudKeychain(d, &quiet)
            log.append(contentsOf: quiet.changes.filter { if case .cloudKeychain = $0.subject { true } else { false } })
        }
    }

    /// The first iOS on which Quick Start transfers device to device (rule KC-22a).
    public static let directMigrationMinimumOS = OSVersion(12, 4)

    /// Rule KC-21: which keychain items a restore brings back. WhenPasscodeSetThisDeviceOnly items
    /// are never in a backup, so they come back nowhere, not even onto the same device.
    private static func restores(_ item: KeychainItem, from backup: Backup, sameHardware: Bool, profile: Profile) -> Bool {
        if item.accessible == .whenPasscodeSetThisDeviceOnly { return false }
        if sameHardware { return true }
        if item.synchronizable || item.accessible.isThisDeviceOnly { return false }  // sync ones return via iCloud
        if item.accessControl != nil { return false }                                 // KC-40: bound to this device
        switch backup.kind {
        case .encrypted: return true
        case .unencrypted: return false
        case .icloud: return profile.icloudBackupKeychainToNewDevice == .migratable
        }
    }
}

extension Backup {
    /// "encrypted backup of phone (iOS 17.5, 3 apps)"
    public var summary: String {
        let count = apps.presentCount
        return "\(kind.rawValue) backup of \(sourceDevice) (iOS \(os), \(count) app\(count == 1 ? "" : "s"))"
    }
}
