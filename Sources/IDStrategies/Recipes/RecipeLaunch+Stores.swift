import IDSim

/// A launch's migrations, reads and writes, each store by its position in the recipe.
extension RecipeLaunch {
    // MARK: - Migrating

    /// Runs each migration that is due. What it writes is what the sources then read.
    mutating func migrate(_ os: inout AppOS) {
        let shared = self.shared
        for (number, step) in shared.migrations.enumerated() {
            guard let source = step.from, let target = step.to else { continue }
            if let option = step.option, !option.holds(placeholders.option(option.name)) { continue }
            if let marker = step.done {
                let done = read(marker, &os, mayStop: false)
                if done.value == step.value { continue }
                // A refused read of the marker (a locked keychain): not known to be done, not run either.
                if case .refused = done { continue }
            }
            let from = read(source, &os, mayStop: false)
            if let value = from.value {
                let to = read(target, &os, mayStop: false)
                if to == .missing || (step.overwrite && to.value != value) {
                    if write(target, value, before: to, &os) {
                        if trace != nil { let entry: RecipeTrace.Entry = .migrated(index: number, from: shared.storeNames[source], to: shared.storeNames[target], moved: value); trace!.entries.append(entry) }
                        reads[target] = .value(value)
                        let names = (shared.storeNames[source], shared.storeNames[target])
                        note("migrated \(names.0) to \(names.1)")
                    } else {
                        continue   // not moved: tried again at the next launch
                    }
                }
                if step.clear {
                    delete(source, &os)
                    reads[source] = .missing
                }
            } else if step.done == nil {
                continue   // nothing to move, and nothing records it
            }
            if from.value == nil { if trace != nil { let entry: RecipeTrace.Entry = .migrated(index: number, from: shared.storeNames[source], to: shared.storeNames[target], moved: nil); trace!.entries.append(entry) } }
            if let marker = step.done, write(marker, step.value, before: reads[marker], &os) {
                reads[marker] = .value(step.value)
            }
        }
    }

    // MARK: - Reading

    /// Reads a store once per launch (later reads see what the first saw, as the code would
    /// have kept it in a variable); a refused read under `whenRefused: stop` stops the launch.
    mutating func read(_ index: Int, _ os: inout AppOS, mayStop: Bool = true) -> RecipeRead {
        if let known = reads[index] { return known }
        shared.work?.reads += 1
        let result = readStore(index, &os)
        reads[index] = result
        if trace != nil { let entry: RecipeTrace.Entry = .read(store: shared.storeNames[index], place: place(index), found: Self.traced(result)); trace!.entries.append(entry) }
        if mayStop, case .refused(let status) = result, shared.stopsWhenRefused {
            stopped = true
            note("a refused read stops the launch: no ID (whenRefused: stop)")
            if trace != nil { let entry: RecipeTrace.Entry = .stoppedByRefusedRead(store: shared.storeNames[index], status: status); trace!.entries.append(entry) }
        }
        return result
    }

    /// What a store holds, as the app's read finds it (noting a keychain read that failed).
    mutating func readStore(_ index: Int, _ os: inout AppOS) -> RecipeRead {
        // Most stores' texts name no placeholder: their read was made once, with the plan.
        let plan = shared.storeReads[index]
        switch plan {
        case .fixedKeychain(let fixed): return readKeychain(index, fixed.query, upgradeTo: fixed.upgradeTo, &os)
        case .fixedDefaults(let key, let suite): return os.defaultsString(forKey: key, suite: suite).map { .value($0) } ?? .missing
        case .fixedFile(let file): return os.containerFile(file.path).map { .value($0) } ?? .missing
        case .keychain, .filled: break
        }
        if let call = unkeyed(index) {
            note(store: index) { "\($0) is kept per value of \(call), and none was supplied: nothing to read" }
            return .missing
        }
        if case .keychain(let box) = plan { return readKeychain(index, box.item, &os) }
        let store = shared.stores[index]
        let result: RecipeRead
        switch store.kind {
        case .keychain(let item):   // every keychain store is read above; the switch names every kind
            result = readKeychain(index, item, &os)
        case .defaults(let key, let suite, _):
            result = os.defaultsString(forKey: fill(key), suite: suite.map(fill)).map { .value($0) } ?? .missing
        case .file(let path, _, let group, let key, _):
            var found = group.map { os.groupFile(fill(path), group: fill($0)) } ?? os.containerFile(fill(path))
            if let key { found = KeyedFile.value(fill(key), in: found) }
            result = found.map { .value($0) } ?? .missing
        case .icloud(let key, let store):
            result = os.ubiquitousString(forKey: fill(key), store: store.map(fill)).map { .value($0) } ?? .missing
        case .pasteboard(let pasteboard):
            result = os.namedPasteboardString(fill(pasteboard)).map { .value($0) } ?? .missing
        }
        return result
    }

    /// A keychain item's read, its query filled for this launch.
    private mutating func readKeychain(_ index: Int, _ item: KeychainStore, _ os: inout AppOS) -> RecipeRead {
        readKeychain(index, query(item), upgradeTo: item.upgradeTarget, &os)
    }

    /// A keychain item's read (noting one that failed); an item found with another class than
    /// `target` is moved to it, keeping its data (`upgradeAccessible`).
    private mutating func readKeychain(_ index: Int, _ query: KeychainQuery, upgradeTo target: Accessibility?, _ os: inout AppOS) -> RecipeRead {
        let (status, found) = os.secItemCopyMatching(query)
        if status == .success, let found, !found.value.isEmpty {
            if let target, found.accessible != target {
                // The read's own update, not one of the recipe's writes: the item keeps its data.
                let upgraded = os.secItemUpdate(query, KeychainUpdate(value: found.value, accessible: target))
                note(store: index) { "keychain update (\($0)): class \(found.accessible.rawValue) → \(target.rawValue): \(upgraded)" }
            }
            return .value(found.value)
        }
        if status == .success || status == .itemNotFound {
            note(store: index) { "keychain read (\($0)): \(SecStatus.itemNotFound)" }
            return .missing
        }
        note(store: index) { "keychain read (\($0)): \(status)" }
        return .refused(status)
    }

    /// The call a keyed store's entry is named by, when the app supplied no value with it: the
    /// store then names no entry, so a read finds nothing and a write or delete does nothing.
    func unkeyed(_ index: Int) -> String? {
        guard let call = shared.keyedBy[index], placeholders.supplied[call] == nil else { return nil }
        return call
    }

    /// The item's query with its texts filled for this launch. (The closure takes the
    /// placeholders alone: `item.query(fill)` would capture a copy of the whole launch.)
    func query(_ item: KeychainStore) -> KeychainQuery {
        let placeholders = self.placeholders
        return item.query { $0.fill(placeholders) }
    }

    // MARK: - Writing

    /// Writes each `save` entry that its `when` calls for; false when a write failed under
    /// `whenWriteFails: stop`. After saves that wrote something and all succeeded, `clear`.
    mutating func saveAll(_ plan: RecipePlan.IDPlan, id number: Int, _ id: String, _ os: inout AppOS) -> Bool {
        var wrote = false, failed = false
        for (position, entry) in plan.saves.enumerated() {
            guard let index = entry.store else { continue }
            if let sources = entry.sources, !sources.contains(where: { $0 == chosenSource }) { continue }
            if let condition = entry.condition {
                let held = holds(shared.conditions[condition], &os)
                // A refused read in a save's condition neither undoes this ID nor stops the launch,
                // whether or not the condition held (the later IDs are still worked out).
                stopped = false
                guard held else { continue }
            }
            // `always` needs no read to decide; the others read a store the sources did not.
            let before = entry.when == .always ? reads[index] : (reads[index] ?? read(index, &os, mayStop: false))
            let fixed = shared.stores[index].fixedValue
            let desired = fixed ?? id
            let due: Bool
            switch entry.when {
            case .missing: due = before == .missing
            case .missingOrRefused: due = before == .missing || { if case .refused? = before { true } else { false } }()
            case .different: due = before?.value != desired
            case .always: due = true
            }
            guard due else { continue }
            if write(index, desired, before: before, &os, save: (number, position)) {
                wrote = true
            } else {
                failed = true
                if shared.stopsWhenWriteFails {
                    note("a failed write stops the launch: no ID (whenWriteFails: stop)")
                    if trace != nil { let entry: RecipeTrace.Entry = .stoppedByFailedWrite(store: shared.storeNames[index]); trace!.entries.append(entry) }
                    return false
                }
            }
        }
        if wrote && !failed {
            for index in plan.clear { delete(index, &os) }
        }
        return true
    }

    /// Writes a value to a store; false when the write failed. `save`: the ID and `save` entry it
    /// makes, for the trace (nil: a migration's).
    mutating func write(_ index: Int, _ value: String, before: RecipeRead?, _ os: inout AppOS,
                        save: (id: Int, entry: Int)? = nil) -> Bool {
        let result: RecipeTrace.Written
        if case .fixedFile(let file) = shared.storeReads[index] {
            // A plain container file (an SDK's state file, written at every launch): the store is
            // not copied, nor its path filled.
            result = writeContainerFile(file.path, value, backup: file.backup, protection: file.protection, store: index, &os)
        } else {
            // A keyed store with no value supplied names no entry: nothing written, counted or traced.
            guard let written = writeFilled(index, value, before: before, &os) else { return true }
            result = written
        }
        shared.work?.writes += 1
        if trace != nil {
            let entry: RecipeTrace.Entry = .wrote(id: save.map { shared.idNames[$0.id] }, save: save?.entry, store: shared.storeNames[index],
                                                  place: place(index), value: value, result: result)
            trace!.entries.append(entry)
        }
        return result == .ok
    }

    /// A write to a store of any kind, its texts filled for this launch (nil: a keyed store with no
    /// value supplied, where nothing is written).
    private mutating func writeFilled(_ index: Int, _ value: String, before: RecipeRead?, _ os: inout AppOS) -> RecipeTrace.Written? {
        let store = shared.stores[index]
        if let call = unkeyed(index) {
            note("\(store.name) is kept per value of \(call), and none was supplied: nothing written")
            return nil
        }
        let result: RecipeTrace.Written
        switch store.kind {
        case .keychain(let item):
            let status = writeKeychain(item, value, before: before, &os)
            if status != .success { note("keychain write (\(store.name)): \(status)") }
            result = status == .success ? .ok : .refused(status)
        case .defaults(let key, let suite, _):
            os.setDefaults(value, forKey: fill(key), suite: suite.map(fill))
            result = .ok
        case .file(let path, let backup, let group, let key, let protection):
            // A keyed file is read, changed in one entry and written whole, as the SDK writes its
            // dictionary back.
            let contents = key.map { KeyedFile.setting(fill($0), to: value, in: fileContents(path, group: group, &os)) } ?? value
            if let group {
                let name = fill(group)
                if os.writeGroupFile(fill(path), group: name, contents: contents, backedUp: backup, protection: protection) {
                    result = .ok
                } else {
                    let why = (os.isInAppGroup(name) ? Self.closedByClass(protection, os) : nil)
                        ?? "the App Group \(name) is not the app's, or its container is not available before the first unlock"
                    note("file write (\(store.name)): " + why)
                    result = .unavailable(why)
                }
            } else {
                result = writeContainerFile(fill(path), contents, backup: backup, protection: protection, store: index, &os)
            }
        case .icloud(let key, let store):
            os.setUbiquitous(value, forKey: fill(key), store: store.map(fill))
            result = .ok
        case .pasteboard(let name):
            os.setNamedPasteboard(fill(name), value: value, persistent: true)
            result = .ok
        }
        return result
    }

    /// A write to a file in the app's own container, noting why one failed.
    private mutating func writeContainerFile(_ path: String, _ contents: String?, backup: Bool, protection: FileProtection, store index: Int,
                                             _ os: inout AppOS) -> RecipeTrace.Written {
        if os.writeContainerFile(path, contents: contents, backedUp: backup, protection: protection) { return .ok }
        let why = Self.closedByClass(protection, os) ?? "the container is not available before the first unlock"
        note(store: index) { "file write (\($0)): " + why }
        return .unavailable(why)
    }

    /// Why a failed write to a file the app may use failed, when its class is the reason: past the
    /// first unlock, the class kept the file closed while the device is locked (CT-42). Nil before
    /// it, when the container itself was closed (CT-25). Worked out only when a write fails.
    private static func closedByClass(_ protection: FileProtection, _ os: AppOS) -> String? {
        guard os.canOpenFile(.completeUntilFirstUserAuthentication) else { return nil }
        return "its protection class (\(protection.rawValue)) keeps the file closed while the device is locked"
    }

    /// A file's whole contents, for a keyed write (not a read of the recipe's: not counted).
    private func fileContents(_ path: Template, group: Template?, _ os: inout AppOS) -> String? {
        group.map { os.groupFile(fill(path), group: fill($0)) } ?? os.containerFile(fill(path))
    }

    private mutating func writeKeychain(_ item: KeychainStore, _ value: String, before: RecipeRead?, _ os: inout AppOS) -> SecStatus {
        let query = query(item)
        let update = KeychainUpdate(value: value, accessible: item.updates == .all ? item.accessible ?? .whenUnlocked : nil,
                                    synchronizable: item.updates == .all ? item.synchronizable : nil)
        if item.write == .upsert {
            // An upsert reads first; that read is the write's own, not one of the recipe's reads.
            let status = before.map { read -> SecStatus in
                switch read {
                case .value: .success
                case .missing: .itemNotFound
                case .refused(let status): status
                }
            } ?? os.secItemCopyMatching(query).status
            if status == .success || status == .interactionNotAllowed { return os.secItemUpdate(query, update) }
        }
        let attributes = KeychainAttributes(service: fill(item.service), account: fill(item.account),
                                            value: value, accessible: item.accessible,
                                            accessGroup: item.accessGroup.map(fill), synchronizable: item.synchronizable,
                                            accessControl: item.accessControl, generic: item.generic.map(fill))
        let added = os.secItemAdd(attributes)
        guard added == .duplicateItem, item.write == .add else { return added }
        switch item.onDuplicate {
        case .fail:
            return added
        case .update:
            return os.secItemUpdate(query, update)
        case .deleteAndAdd:
            // The delete query names neither class nor sync (its generic attribute, as every query of the store does).
            os.secItemDelete(KeychainQuery(service: attributes.service, account: attributes.account, accessGroup: attributes.accessGroup,
                                           generic: attributes.generic))
            return os.secItemAdd(attributes)
        }
    }

    /// Deletes the store at this position (a keyed store without a supplied value names no entry:
    /// nothing to delete).
    mutating func delete(_ index: Int, _ os: inout AppOS) {
        if unkeyed(index) != nil { return }
        switch shared.stores[index].kind {
        case .keychain(let item): os.secItemDelete(query(item))
        case .defaults(let key, let suite, _): os.setDefaults(nil, forKey: fill(key), suite: suite.map(fill))
        case .file(let path, let backup, let group, let key, let protection):
            // A keyed file loses the one entry, and goes with its last.
            let contents = key.flatMap { KeyedFile.setting(fill($0), to: nil, in: fileContents(path, group: group, &os)) }
            if let group { os.writeGroupFile(fill(path), group: fill(group), contents: contents, backedUp: backup, protection: protection) } else {
                os.writeContainerFile(fill(path), contents: contents, backedUp: backup, protection: protection)
            }
        case .icloud(let key, let store): os.setUbiquitous(nil, forKey: fill(key), store: store.map(fill))
        case .pasteboard(let name): os.setNamedPasteboard(fill(name), value: nil, persistent: true)
        }
    }
}
