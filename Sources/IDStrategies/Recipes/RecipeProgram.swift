import IDSim

/// Runs a recipe at a launch: reads its sources in order on the `AppOS` facade, writes back
/// what `save` asks, cleans up what `clear` names, and reports the ID with what each store and
/// platform source read.
struct RecipeProgram: AppProgram {
    let recipe: Recipe
    let options: [String: OptionValue]

    /// What a read of a store found.
    enum Read: Equatable {
        case value(String)
        case missing
        /// A keychain status other than success or not-found.
        case refused(OSStatus)

        var value: String? {
            if case .value(let v) = self { return v }
            return nil
        }
    }

    func launch(_ os: inout AppOS) -> LaunchReport {
        let memoryKey = "recipe:" + recipe.name
        if recipe.cache == .process, let cached = os.memory(memoryKey) {
            return report(id: cached, reads: [:], platform: [:], notes: ["the ID kept in memory by this process (cache: process)"])
        }
        // The facade is passed down inout, never stored: a copy would share the world and make
        // every write copy it.
        var run = Run(recipe: recipe, placeholders: placeholders(os))
        let chosen = run.chooseID(&os)
        guard !run.stopped else { return report(id: nil, reads: run.reads, platform: run.platform, notes: run.notes) }
        var id = chosen
        if let value = chosen, !run.saveAll(value, &os) { id = nil }
        if let value = id {
            var shaped = recipe.format?.apply(value) ?? value
            if let hash = recipe.hash {
                let salt = hash.salt?.fill(run.placeholders)
                shaped = sha256Hex(salt.map { $0 + ":" + shaped } ?? shaped)
            }
            id = shaped
            if recipe.cache == .process { os.setMemory(shaped, forKey: memoryKey) }
        }
        return report(id: id, reads: run.reads, platform: run.platform, notes: run.notes)
    }

    /// The placeholders' values for this app.
    func placeholders(_ os: AppOS) -> [String: String] {
        var values = ["bundle": os.bundleID, "team": os.teamID,
                      "bundleName": os.displayName ?? String(os.bundleID.split(separator: ".").last ?? "")]
        if let group = os.firstAppGroup { values["appGroup"] = group }
        for param in recipe.params {
            switch options[param] {
            case .string(let s)?: values[param] = s
            case .int(let i)?: values[param] = String(i)
            case .bool(let b)?: values[param] = b ? "true" : "false"
            default: break
            }
        }
        return values
    }

    func report(id: String?, reads: [String: Read], platform: [String: String], notes: [String]) -> LaunchReport {
        var values = [NamedValue("id", id)]
        for store in recipe.stores { values.append(NamedValue(store.name, reads[store.name]?.value)) }
        for source in recipe.sources {
            if case .store = source { continue }
            if values.contains(where: { $0.name == source.name }) { continue }
            values.append(NamedValue(source.name, platform[source.name]))
        }
        return LaunchReport(primaryID: id, values: values,
                            result: .object(values.map { .init($0.name, .optional($0.value)) }), notes: notes)
    }
}

/// One launch of a recipe: the facade, what was read, and what the code ran into.
private struct Run {
    let recipe: Recipe
    let placeholders: [String: String]
    var reads: [String: RecipeProgram.Read] = [:]
    var platform: [String: String] = [:]
    var notes: [String] = []
    /// A refused read with `whenRefused: stop`: no ID, no writes.
    var stopped = false

    init(recipe: Recipe, placeholders: [String: String]) {
        self.recipe = recipe
        self.placeholders = placeholders
    }

    // MARK: - Choosing the ID

    mutating func chooseID(_ os: inout AppOS) -> String? {
        for source in recipe.sources {
            switch source {
            case .store(let name, let condition):
                if let condition {
                    let held = read(condition, &os)
                    if stopped { return nil }
                    guard held.value != nil else { continue }
                }
                let found = read(name, &os)
                if stopped { return nil }
                if let value = found.value { return value }
            case .idfv:
                if let value = os.identifierForVendor()?.uuidString { return remember(source, value) }
            case .idfa:
                if let value = os.advertisingIdentifier(), !value.isZero { return remember(source, value.uuidString) }
            case .uuid(let format):
                return remember(source, format.apply(os.newUUID()))
            case .fid:
                return remember(source, Self.firebaseID(os.newUUID()))
            case .apnsToken:
                if let token = os.apnsDeviceToken { return remember(source, token.hex) }
            }
        }
        return nil
    }

    private mutating func remember(_ source: RecipeSource, _ value: String) -> String {
        platform[source.name] = value
        return value
    }

    /// A Firebase installation ID from a UUID's 16 bytes: a byte 0111xxxx before them, base64url,
    /// the first 22 characters (FIRInstallationsItem.m, firebase-ios-sdk).
    static func firebaseID(_ uuid: SimUUID) -> String {
        let hex = uuid.compactLowercase
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        let all = [0x70 | (bytes[0] & 0x0F)] + bytes
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var buffer = 0, bits = 0
        for byte in all {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(alphabet[(buffer >> bits) & 0x3F])
            }
        }
        return String(out.prefix(22))
    }

    // MARK: - Reading

    /// Reads a store once per launch (later reads see what the first saw, as the code would
    /// have kept it in a variable); a refused read under `whenRefused: stop` stops the launch.
    mutating func read(_ name: String, _ os: inout AppOS, mayStop: Bool = true) -> RecipeProgram.Read {
        if let known = reads[name] { return known }
        guard let store = recipe.store(named: name) else { return .missing }
        let result: RecipeProgram.Read
        switch store.kind {
        case .keychain(let item):
            let (status, found) = os.secItemCopyMatching(query(item))
            if status == .success, let value = found?.value, !value.isEmpty {
                result = .value(value)
            } else if status == .success || status == .itemNotFound {
                result = .missing
                notes.append("keychain read (\(name)): \(OSStatus.itemNotFound)")
            } else {
                result = .refused(status)
                notes.append("keychain read (\(name)): \(status)")
            }
        case .defaults(let key, let suite, _):
            result = os.defaultsString(forKey: key.fill(placeholders), suite: suite?.fill(placeholders)).map { .value($0) } ?? .missing
        case .file(let path, _):
            result = os.containerFile(path.fill(placeholders)).map { .value($0) } ?? .missing
        case .icloud(let key):
            result = os.ubiquitousString(forKey: key.fill(placeholders)).map { .value($0) } ?? .missing
        case .pasteboard(let pasteboard):
            result = os.namedPasteboardString(pasteboard.fill(placeholders)).map { .value($0) } ?? .missing
        }
        reads[name] = result
        if mayStop, case .refused = result, recipe.whenRefused == .stop {
            stopped = true
            notes.append("a refused read stops the launch: no ID (whenRefused: stop)")
        }
        return result
    }

    func query(_ item: KeychainStore) -> KeychainQuery {
        KeychainQuery(service: item.service.fill(placeholders), account: item.account.fill(placeholders),
                      accessGroup: item.accessGroup?.fill(placeholders), synchronizable: item.querySynchronizable,
                      accessible: item.queryAccessible ? item.accessible ?? .whenUnlocked : nil)
    }

    // MARK: - Writing

    /// Writes each `save` entry that its `when` calls for; false when a write failed under
    /// `whenWriteFails: stop`. After saves that wrote something and all succeeded, `clear`.
    mutating func saveAll(_ id: String, _ os: inout AppOS) -> Bool {
        var wrote = false, failed = false
        for entry in recipe.save {
            guard let store = recipe.store(named: entry.store) else { continue }
            let desired = store.fixedValue ?? id
            // `always` needs no read to decide; the others read a store the sources did not.
            let before = entry.when == .always ? reads[entry.store] : (reads[entry.store] ?? readQuietly(store, &os))
            let due: Bool
            switch entry.when {
            case .missing: due = before == .missing
            case .missingOrRefused: due = before == .missing || { if case .refused? = before { true } else { false } }()
            case .different: due = before?.value != desired
            case .always: due = true
            }
            guard due else { continue }
            if write(store, desired, before: before, &os) {
                wrote = true
            } else {
                failed = true
                if recipe.whenWriteFails == .stop {
                    notes.append("a failed write stops the launch: no ID (whenWriteFails: stop)")
                    return false
                }
            }
        }
        if wrote && !failed {
            for name in recipe.clear { if let store = recipe.store(named: name) { delete(store, &os) } }
        }
        return true
    }

    /// A store the sources did not read, read to decide a save (without stopping the launch).
    private mutating func readQuietly(_ store: RecipeStore, _ os: inout AppOS) -> RecipeProgram.Read {
        read(store.name, &os, mayStop: false)
    }

    mutating func write(_ store: RecipeStore, _ value: String, before: RecipeProgram.Read?, _ os: inout AppOS) -> Bool {
        switch store.kind {
        case .keychain(let item):
            let status = writeKeychain(item, value, before: before, &os)
            if status != .success { notes.append("keychain write (\(store.name)): \(status)") }
            return status == .success
        case .defaults(let key, let suite, _):
            os.setDefaults(value, forKey: key.fill(placeholders), suite: suite?.fill(placeholders))
            return true
        case .file(let path, let backup):
            let ok = os.writeContainerFile(path.fill(placeholders), contents: value, backedUp: backup)
            if !ok { notes.append("file write (\(store.name)): the container is not available before the first unlock") }
            return ok
        case .icloud(let key):
            os.setUbiquitous(value, forKey: key.fill(placeholders))
            return true
        case .pasteboard(let name):
            os.setNamedPasteboard(name.fill(placeholders), value: value, persistent: true)
            return true
        }
    }

    private mutating func writeKeychain(_ item: KeychainStore, _ value: String, before: RecipeProgram.Read?, _ os: inout AppOS) -> OSStatus {
        let query = query(item)
        let update = KeychainUpdate(value: value, accessible: item.updates == .all ? item.accessible ?? .whenUnlocked : nil,
                                    synchronizable: item.updates == .all ? item.synchronizable : nil)
        if item.write == .upsert {
            // An upsert reads first; that read is the write's own, not one of the recipe's reads.
            let status = before.map { read -> OSStatus in
                switch read {
                case .value: .success
                case .missing: .itemNotFound
                case .refused(let status): status
                }
            } ?? os.secItemCopyMatching(query).status
            if status == .success || status == .interactionNotAllowed { return os.secItemUpdate(query, update) }
        }
        let attributes = KeychainAttributes(service: item.service.fill(placeholders), account: item.account.fill(placeholders),
                                            value: value, accessible: item.accessible,
                                            accessGroup: item.accessGroup?.fill(placeholders), synchronizable: item.synchronizable)
        let added = os.secItemAdd(attributes)
        guard added == .duplicateItem, item.write == .add else { return added }
        switch item.onDuplicate {
        case .fail:
            return added
        case .update:
            return os.secItemUpdate(query, update)
        case .deleteAndAdd:
            // The delete query names neither class nor sync.
            os.secItemDelete(KeychainQuery(service: attributes.service, account: attributes.account, accessGroup: attributes.accessGroup))
            return os.secItemAdd(attributes)
        }
    }

    mutating func delete(_ store: RecipeStore, _ os: inout AppOS) {
        switch store.kind {
        case .keychain(let item): os.secItemDelete(query(item))
        case .defaults(let key, let suite, _): os.setDefaults(nil, forKey: key.fill(placeholders), suite: suite?.fill(placeholders))
        case .file(let path, let backup): os.writeContainerFile(path.fill(placeholders), contents: nil, backedUp: backup)
        case .icloud(let key): os.setUbiquitous(nil, forKey: key.fill(placeholders))
        case .pasteboard(let name): os.setNamedPasteboard(name.fill(placeholders), value: nil, persistent: true)
        }
    }
}
