import IDSim

/// The device part of a fingerprint: its settings, its tables, its apps and their containers, its
/// keychain; and a backup, which holds the same parts. (See `Fingerprinter`.)
extension Fingerprinter {
    /// Read through its pointer, a field at a time: passed as a value (even borrowed) the device
    /// was copied, a retain and a release of each of its collections.
    mutating func add(_ device: UnsafePointer<Device>, apps: PartForm, keychain: PartForm, tables: PartForm) {
        hasher.combine(device.pointee.os)
        hasher.combine(device.pointee.passcodeSet)
        hasher.combine(device.pointee.firstUnlockDone)
        hasher.combine(device.pointee.locked)
        if !trackingBlind {
            addUUID(device.pointee.idfa)
            hasher.combine(device.pointee.settings)
        }
        hasher.combine(device.pointee.appleID)
        hasher.combine(device.pointee.iCloudKeychain)
        add(tables)
        add(keychain)
        add(apps)
        device.pointee.processes.forEachProcess { index, pointer in
            let process = pointer
            hasher.combine(index)
            hasher.combine(process.pointee.mode)
            if !trackingBlind {
                hasher.combine(process.pointee.cachedIDFA != nil)
                if let idfa = process.pointee.cachedIDFA { addUUID(idfa) }
            }
            hasher.combine(process.pointee.defaultsCachedEmpty)
            addValues(process.pointee.unsavedDefaults)
            addValues(process.pointee.memory)
            addValues(process.pointee.volatilePasteboards)
        }
        hasher.combine(Self.endOfSlots)
    }

    /// A device's tables: its vendor table and who keeps its entries alive, its pasteboards, the
    /// APNs tokens it keeps for reinstalls and its App Group defaults.
    mutating func addTables(_ device: UnsafePointer<Device>) {
        let tables = Device.tables(of: device)
        addVendorTable(tables.pointee.vendorTable)
        hasher.combine(tables.pointee.vendorUsers.count)
        Self.inKeyOrder(tables.pointee.vendorUsers) { key, users in
            hasher.combine(key)
            hasher.combine(users)
        }
        addValue(tables.pointee.pasteboards.general)
        hasher.combine(tables.pointee.pasteboards.named.count)
        Self.inKeyOrder(tables.pointee.pasteboards.named) { key, board in
            hasher.combine(key)
            hasher.combine(board.owner)
            addValue(board.value)
        }
        hasher.combine(tables.pointee.keptAPNsTokens.count)
        Self.inKeyOrder(tables.pointee.keptAPNsTokens) { app, token in
            hasher.combine(app)
            addWords(token.words)
            hasher.combine(token.environment == .sandbox)
        }
        addGroups(tables.pointee.appGroupDefaults)
        addGroupFiles(tables.pointee.appGroupFiles)
        // Only recipes whose server source keeps a record have any: the others' forms stay as they were.
        if !tables.pointee.serverIDs.isEmpty {
            hasher.combine(tables.pointee.serverIDs.count)
            Self.inKeyOrder(tables.pointee.serverIDs) { key, record in
                hasher.combine(key.app)
                hasher.combine(key.name)
                addValue(record.value)
                hasher.combine(record.reissueOn.rawValue)
            }
        }
    }

    /// A device's or a backup's apps' slots (a backup holds its device's, shared). Slots are
    /// walked in place by IDSim's specialised walks (see `Slots.forEachApp`).
    mutating func addApps(_ apps: borrowing Slots<InstalledApp>) {
        apps.forEachApp { index, app in
            hasher.combine(index)
            add(app)
        }
        hasher.combine(Self.endOfSlots)
    }

    /// Follows a walk of slots (whose count the walk does not know): no slot index is negative.
    private static let endOfSlots = -1

    /// In place, like a device.
    mutating func add(_ app: UnsafePointer<InstalledApp>) {
        hasher.combine(app.pointee.presence)
        hasher.combine(app.pointee.source)
        hasher.combine(app.pointee.vendorKey)
        add(app.pointee.container)
        if !trackingBlind {
            hasher.combine(app.pointee.att)
            hasher.combine(app.pointee.trackingRequested)
        }
        hasher.combine(app.pointee.attestKeys.count)
        for key in app.pointee.attestKeys {
            addValue(key.id)
            hasher.combine(key.environment)
        }
        hasher.combine(app.pointee.appleSignInTeam != nil)
        if let team = app.pointee.appleSignInTeam { hasher.combine(team) }
        hasher.combine(app.pointee.apnsToken != nil)
        if let token = app.pointee.apnsToken {
            addWords(token.words)
            hasher.combine(token.environment == .sandbox)
        }
    }

    mutating func add(_ container: AppContainer) {
        addValues(container.defaults)
        addGroups(container.suites)
        hasher.combine(container.files.count)
        Self.inKeyOrder(container.files) { path, file in
            hasher.combine(path)
            addValue(file.contents)
            hasher.combine(file.backedUp)
            hasher.combine(file.protection)
        }
        // The consent an app records gates only its own reads of the IDFA (id-kit's `register`).
        if !trackingBlind { hasher.combine(container.consent) }
        // What the app passed its SDK (`call:` steps), which its code may read back.
        if !container.supplied.isEmpty { addValues(container.supplied) }
    }

    /// A backup's content. Its name and source device are hashed with the state (the source by
    /// name: one device, one name and one hardware ID for a whole search, and unlike the hardware
    /// ID, not drawn from the seed), so that under symmetry they can be read through an order.
    mutating func add(_ backup: Backup, apps: PartForm, keychain: PartForm) {
        hasher.combine(backup.kind)
        hasher.combine(backup.os)
        if !trackingBlind { addUUID(backup.idfa) }
        addVendorTable(backup.vendorTable)
        add(keychain)
        add(apps)
        if !trackingBlind { hasher.combine(backup.settings) }
        hasher.combine(backup.appleID)
        hasher.combine(backup.iCloudKeychain)
        addGroups(backup.appGroupDefaults)
        addGroupFiles(backup.appGroupFiles)
    }

    /// An item's access control as a number: most items have none, and hashing a word is cheaper
    /// than hashing its name.
    static func code(_ control: AccessControl?) -> Int {
        switch control {
        case nil: 0
        case .userPresence: 1
        case .biometryAny: 2
        case .biometryCurrentSet: 3
        case .devicePasscode: 4
        }
    }

    /// Items in the keychain's own order (by group, then as stored); the creator's name is left out.
    mutating func add(_ keychain: Keychain) {
        hasher.combine(keychain.count)
        for bucket in keychain.buckets {
            hasher.combine(bucket.group)
            hasher.combine(bucket.items.count)
            for item in bucket.items {
                hasher.combine(item.service)
                hasher.combine(item.account)
                hasher.combine(item.accessible)
                hasher.combine(item.synchronizable)
                hasher.combine(Self.code(item.accessControl))
                if let generic = item.generic { hasher.combine(generic) }
                addValue(item.value)
            }
        }
    }

    mutating func addVendorTable(_ table: [VendorKey: SimUUID]) {
        hasher.combine(table.count)
        Self.inKeyOrder(table) { key, uuid in
            hasher.combine(key)
            addUUID(uuid)
        }
    }

    mutating func addGroups(_ groups: [String: [String: String]]) {
        hasher.combine(groups.count)
        Self.inKeyOrder(groups) { name, values in
            hasher.combine(name)
            addValues(values)
        }
    }

    mutating func addGroupFiles(_ groups: [String: [String: ContainerFile]]) {
        hasher.combine(groups.count)
        Self.inKeyOrder(groups) { name, files in
            hasher.combine(name)
            hasher.combine(files.count)
            Self.inKeyOrder(files) { path, file in
                addKey(path)
                addValue(file.contents)
                hasher.combine(file.backedUp)
                hasher.combine(file.protection)
            }
        }
    }

    mutating func addValues(_ values: [String: String]) {
        hasher.combine(values.count)
        guard !values.isEmpty else { return }
        Self.inKeyOrder(values) { key, value in
            addKey(key)
            addValue(value)
        }
    }

    /// A key that ends in a generated value after "_" (FCUUID's iCloud key "…fc_uuidForDevice_<uuid>")
    /// is hashed with that value renamed, so it still matches the value it was made from.
    mutating func addKey(_ key: String) {
        let utf8 = key.utf8
        if utf8.count > 16, let cut = utf8.lastIndex(of: UInt8(ascii: "_")), utf8.distance(from: cut, to: utf8.endIndex) > 16 {
            let suffix = String(key[utf8.index(after: cut)...])
            if case .generated(let generated) = Self.scan(suffix) {
                hasher.combine(1 as UInt8)
                hasher.combine(String(key[..<cut]))
                addGenerated(generated)
                return
            }
        }
        hasher.combine(0 as UInt8)
        hasher.combine(key)
    }

    /// A dictionary's entries in key order: its own order depends on the process's hash seed, and
    /// names are given in walk order. Most hold nothing or one entry, which need no sort.
    static func inKeyOrder<Key: Comparable, Value>(_ dictionary: [Key: Value], _ body: (Key, Value) -> Void) {
        switch dictionary.count {
        case 0: return
        case 1: body(dictionary.first!.key, dictionary.first!.value)
        case 2:
            // Two (an SDK's two files, a process's two IDs): ordered in place, with no array of
            // keys to sort and no lookups.
            var entries = dictionary.makeIterator()
            let one = entries.next()!, other = entries.next()!
            if one.key < other.key {
                body(one.key, one.value)
                body(other.key, other.value)
            } else {
                body(other.key, other.value)
                body(one.key, one.value)
            }
        default: for key in dictionary.keys.sorted() { body(key, dictionary[key]!) }
        }
    }
}
