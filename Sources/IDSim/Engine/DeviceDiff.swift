/// Reports what an event that rebuilds a whole device (erase, restore, migrate) changed.
///
/// Those events wipe a device and build it up again; reporting the wipe and the rebuild
/// separately would drown the one fact that matters (did this value survive?). So they compare
/// the device before and after and attribute each difference to the rule that governs its area.
struct DeviceDiffRules {
    var app: RuleID?
    var container: RuleID
    var att: RuleID
    var idfv: RuleID
    var idfa: RuleID
    var keychain: RuleID
    var attest: RuleID = .aa28
    var pasteboard: RuleID = .pb31
}

extension World {
    /// The device as it is before a rebuild, kept for the diff only when changes are recorded: a
    /// copy retains every collection in the device, and holding it makes the rebuild copy them again.
    static func deviceBefore(_ d: DeviceIndex, in world: World, for log: ChangeLog) -> Device? {
        log.isRecording ? world.devices[d] : nil
    }

    /// Records the differences between `before` and the device now at `d`.
    /// - Parameters:
    ///   - before: the device before (`deviceBefore`: nil when changes are not recorded).
    ///   - statusesBefore: the ATT statuses apps read before (they depend on the account too).
    func recordDeviceDiff(before: Device?, statusesBefore: ReadStatuses, device d: DeviceIndex,
                          rules: DeviceDiffRules, _ log: inout ChangeLog) {
        guard log.isRecording, let before else { return }
        let after = devices[d]
        log.record(.lockState(device: d), from: .text(before.lockDescription), to: .text(after.lockDescription), rule: nil)
        log.record(.passcode(device: d), from: .flag(before.passcodeSet), to: .flag(after.passcodeSet), rule: nil)
        log.record(.appleID(device: d), from: before.appleID.map { .text(accounts[$0].id) },
                   to: after.appleID.map { .text(accounts[$0].id) }, rule: nil)
        log.record(.iCloudKeychain(device: d), from: before.appleID == nil ? nil : .flag(before.iCloudKeychain),
                   to: after.appleID == nil ? nil : .flag(after.iCloudKeychain), rule: nil)
        log.record(.idfa(device: d), from: .uuid(before.idfa), to: .uuid(after.idfa), rule: rules.idfa)

        for key in before.vendorTable.keysWithChangedValues(comparedTo: after.vendorTable) {
            log.record(.idfv(device: d, vendor: key), from: before.vendorTable[key].map(ChangeValue.uuid),
                       to: after.vendorTable[key].map(ChangeValue.uuid), rule: rules.idfv)
        }
        let context = trackingContext(on: d)
        // Local copies: optional chains through `before.apps[i]` on the parameter itself crashed the
        // Swift 6.3.1 optimizer (CopyPropagation) in release builds.
        let oldApps = before.apps, newApps = after.apps
        for index in apps.indices {
            if !oldApps.isPresent(index) && !newApps.isPresent(index) && !before.processes.isPresent(index) { continue }
            // Fields read one at a time: a whole InstalledApp copy would retain every collection in it.
            let oldPresence = oldApps[index]?.presence, newPresence = newApps[index]?.presence
            log.recordIfChanged(from: oldPresence.map(ChangeValue.presence), to: newPresence.map(ChangeValue.presence),
                                rule: rules.app) { .app(device: d, app: index) }
            if before.processes.isPresent(index), !after.processes.isPresent(index) {
                log.record(.process(device: d, app: index), from: ProcessState.running, to: nil, rule: nil)
            }
            let oldDefaults = oldApps[index]?.container.defaults ?? [:], newDefaults = newApps[index]?.container.defaults ?? [:]
            for key in oldDefaults.keysWithChangedValues(comparedTo: newDefaults) {
                log.record(.defaults(device: d, app: index, key: key), from: oldDefaults[key].map(ChangeValue.text),
                           to: newDefaults[key].map(ChangeValue.text), rule: rules.container)
            }
            recordContainerDiff(oldApps[index]?.container, newApps[index]?.container, device: d, app: index, rule: rules.container, &log)
            log.recordIfChanged(from: oldApps[index]?.container.consent == true ? .flag(true) : nil,
                                to: newApps[index]?.container.consent == true ? .flag(true) : nil,
                                rule: rules.container) { .consent(device: d, app: index) }
            if after.os.major >= 14 {
                let oldStatus = oldPresence == nil ? nil : statusesBefore[index]
                let newStatus = newPresence == nil ? nil : trackingStatus(app: index, on: d, in: context)
                log.recordIfChanged(from: oldStatus.map(ChangeValue.att), to: newStatus.map(ChangeValue.att), rule: rules.att) {
                    .att(device: d, app: index)
                }
            }
            log.recordIfChanged(from: oldApps[index]?.apnsToken.map(ChangeValue.token), to: newApps[index]?.apnsToken.map(ChangeValue.token),
                                rule: .apns35) { .apnsToken(device: d, app: index) }
            let oldKeys = oldApps[index]?.attestKeys.count ?? 0
            if oldKeys > 0, oldApps[index]?.attestKeys != newApps[index]?.attestKeys {
                log.record(.appAttest(device: d, app: index), from: .text("\(oldKeys) key(s)"),
                           to: .text("invalid"), rule: rules.attest)
            }
        }
        recordKeychainDiff(before.keychain, after.keychain, device: d, rule: rules.keychain, &log)
        for group in Set(before.appGroupDefaults.keys).union(after.appGroupDefaults.keys).sorted() {
            let old = before.appGroupDefaults[group] ?? [:], new = after.appGroupDefaults[group] ?? [:]
            for key in old.keysWithChangedValues(comparedTo: new) {
                log.record(.groupDefaults(device: d, group: group, key: key), from: old[key].map(ChangeValue.text),
                           to: new[key].map(ChangeValue.text), rule: rules.container)
            }
        }
        for group in Set(before.appGroupFiles.keys).union(after.appGroupFiles.keys).sorted() {
            let old = before.appGroupFiles[group] ?? [:], new = after.appGroupFiles[group] ?? [:]
            for path in Set(old.keys).union(new.keys).sorted() where old[path]?.contents != new[path]?.contents {
                log.record(.groupFile(device: d, group: group, path: path), from: old[path].map { .text($0.contents) },
                           to: new[path].map { .text($0.contents) }, rule: rules.container)
            }
        }
        for key in before.pasteboards.named.keysWithChangedValues(comparedTo: after.pasteboards.named) {
            log.record(.pasteboard(device: d, name: key.name), from: before.pasteboards.named[key].map { .text($0.value) },
                       to: after.pasteboards.named[key].map { .text($0.value) }, rule: rules.pasteboard)
        }
        log.record(.pasteboard(device: d, name: "general"), from: before.pasteboards.general.map(ChangeValue.text),
                   to: after.pasteboards.general.map(ChangeValue.text), rule: rules.pasteboard)
    }
}

extension World {
    /// Walks the two keychains' access groups side by side (both lists are kept in order), and
    /// within each group that differs, its items: the report comes out in key order, unsorted.
    private func recordKeychainDiff(_ old: Keychain, _ new: Keychain, device d: DeviceIndex, rule: RuleID,
                                    _ log: inout ChangeLog) {
        let oldBuckets = old.buckets, newBuckets = new.buckets
        mergeSorted(oldBuckets, newBuckets, by: \.group) { i, j, _ in
            // Buckets a rebuild carried over unchanged share storage, so this is mostly a pointer check.
            let oldItems = i.map { oldBuckets[$0].items } ?? [], newItems = j.map { newBuckets[$0].items } ?? []
            guard oldItems != newItems else { return }
            // Within a group, items are kept in key order too: one pass finds every item that
            // appeared, went, or changed its value.
            mergeSorted(oldItems, newItems, by: { $0.key }) { i, j, key in
                log.recordIfChanged(from: i.map { .text(oldItems[$0].value) }, to: j.map { .text(newItems[$0].value) },
                                    rule: rule) { .keychain(device: d, item: key) }
            }
        }
    }
}

/// Walks two arrays sorted by `key` side by side, calling `body` once per key, in key order, with
/// the index each side has it at (nil on the side that lacks it) and the key. Indices, not
/// elements, so the elements are read in place rather than copied. Always inlined: as a call,
/// its closures stayed indirect and the erase diff ran about 15% slower.
@inline(__always)
func mergeSorted<Element, Key: Comparable>(_ old: [Element], _ new: [Element], by key: (Element) -> Key,
                                           _ body: (Int?, Int?, Key) -> Void) {
    var i = old.startIndex, j = new.startIndex
    while i < old.endIndex || j < new.endIndex {
        // Each key once per turn: a keychain item's key is built from three strings.
        let oldKey = i < old.endIndex ? key(old[i]) : nil, newKey = j < new.endIndex ? key(new[j]) : nil
        if let oldKey, newKey.map({ oldKey < $0 }) ?? true {
            body(i, nil, oldKey)
            i += 1
        } else if let newKey, oldKey.map({ newKey < $0 }) ?? true {
            body(nil, j, newKey)
            j += 1
        } else {
            body(i, j, oldKey!)
            i += 1
            j += 1
        }
    }
}

extension Dictionary where Key: Comparable, Value: Equatable {
    /// The keys whose value differs from `other`'s, counting a key present on one side only, in key
    /// order (the order changes are reported in). Only the differing keys are sorted: a device-wide
    /// comparison mostly finds nothing, and equal dictionaries return at once.
    func keysWithChangedValues(comparedTo other: Self) -> [Key] {
        guard self != other else { return [] }
        var changed: [Key] = []
        for (key, value) in self where other[key] != value { changed.append(key) }
        for key in other.keys where self[key] == nil { changed.append(key) }
        return changed.sorted()
    }
}

extension Device {
    /// "unlocked", "locked" or "before first unlock": the lock states a user can tell apart.
    public var lockDescription: String {
        if !firstUnlockDone { return "before first unlock" }
        return locked ? "locked" : "unlocked"
    }
}

extension World {
    /// The private suites and files of an app's container, before and after.
    func recordContainerDiff(_ old: AppContainer?, _ new: AppContainer?, device d: DeviceIndex, app: AppIndex, rule: RuleID,
                             _ log: inout ChangeLog) {
        let oldSuites = old?.suites ?? [:], newSuites = new?.suites ?? [:]
        if !oldSuites.isEmpty || !newSuites.isEmpty {
            for suite in Set(oldSuites.keys).union(newSuites.keys).sorted() {
                let before = oldSuites[suite] ?? [:], after = newSuites[suite] ?? [:]
                for key in before.keysWithChangedValues(comparedTo: after) {
                    log.record(.suiteDefaults(device: d, app: app, suite: suite, key: key), from: before[key].map(ChangeValue.text),
                               to: after[key].map(ChangeValue.text), rule: rule)
                }
            }
        }
        let oldFiles = old?.files ?? [:], newFiles = new?.files ?? [:]
        if !oldFiles.isEmpty || !newFiles.isEmpty {
            for path in oldFiles.keysWithChangedValues(comparedTo: newFiles) {
                log.record(.file(device: d, app: app, path: path), from: oldFiles[path].map { .text($0.contents) },
                           to: newFiles[path].map { .text($0.contents) }, rule: rule)
            }
        }
    }
}
