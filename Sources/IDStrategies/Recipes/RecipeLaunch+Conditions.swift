import IDSim

/// Whether a condition holds, what a platform source made, and, for explore's why, why a source
/// was passed over.
extension RecipeLaunch {
    // MARK: - Tracing (explore's why only)

    /// Records why a source was passed over, and what a store source would have read.
    mutating func traceSkip(_ step: RecipePlan.Step, id: Int, source: Int, _ os: inout AppOS) {
        let reason: RecipeTrace.Skip
        switch step.kind {
        case .missingStore: reason = .namesNothing
        case .server where !os.reachesNetwork: reason = .noNetwork
        default: reason = step.condition.map { conditionFailure(shared.conditions[$0]) } ?? .namesNothing
        }
        var peek: RecipeTrace.Found?
        if case .store(let index) = step.kind { peek = Self.traced(look(index, &os)) }
        if trace != nil { let entry: RecipeTrace.Entry = .skipped(id: shared.idNames[id], source: source, name: sourceName(id, source), because: reason, peek: peek); trace!.entries.append(entry) }
    }

    /// Which part of a condition that did not hold failed, from what the launch read.
    private func conditionFailure(_ condition: RecipePlan.Condition) -> RecipeTrace.Skip {
        if condition.never { return .namesNothing }
        if let option = condition.option, !option.holds(placeholders.option(option.name)) { return .option(option.name) }
        for index in condition.ifHeld {
            let found = reads[index] ?? .missing
            if found.value == nil { return .ifHeld(store: shared.storeNames[index], found: Self.traced(found)) }
        }
        for index in condition.unlessHeld {
            if let value = reads[index]?.value { return .unlessHeld(store: shared.storeNames[index], value: value) }
        }
        return .namesNothing
    }

    static func traced(_ read: RecipeRead) -> RecipeTrace.Found {
        switch read {
        case .value(let v): .value(v)
        case .missing: .missing
        case .refused(let status): .refused(status)
        }
    }

    /// A store's value as a read would find it, without the launch reading it: the trace's look
    /// at a source its condition passed over. Reads here change nothing in the world.
    private mutating func look(_ index: Int, _ os: inout AppOS) -> RecipeRead {
        if let known = reads[index] { return known }
        let savedNotes = notes
        let found = readStore(index, &os)
        notes = savedNotes
        return found
    }

    /// A store in words, its placeholders filled: "keychain item com.acme.app/device-id".
    func place(_ index: Int) -> String {
        switch shared.stores[index].kind {
        case .keychain(let item): "keychain item \(fill(item.service))/\(fill(item.account))"
        case .defaults(let key, let suite, _): "UserDefaults \(fill(key))" + (suite.map { " in suite \(fill($0))" } ?? "")
        case .file(let path, _, let group, let key, _):
            (key.map { "entry \(fill($0)) of " } ?? "") + "file \(fill(path))" + (group.map { " of App Group \(fill($0))" } ?? "")
        case .icloud(let key, let store): "iCloud key-value store key \(fill(key))" + (store.map { " of store \(fill($0))" } ?? "")
        case .pasteboard(let name): "pasteboard \(fill(name))"
        }
    }

    /// A platform source's value if it passes the source's check, shaped by its template, and
    /// remembered for the report under the source's name.
    mutating func made(_ step: RecipePlan.Step, _ name: String, _ value: String) -> String? {
        if let check = step.check, !shared.checks[check].accepts(value) { return nil }
        var shaped = step.shape?.apply(value) ?? value
        if let template = step.template {
            let given = shaped
            shaped = shared.templates[template].fill { $0 == "value" ? given : placeholders.value($0) }
        }
        platform.add(name, shaped)
        return shaped
    }

    /// Whether a condition holds: its option, then each store it names (read as a source would).
    mutating func holds(_ condition: RecipePlan.Condition, _ os: inout AppOS) -> Bool {
        if condition.never { return false }
        if let option = condition.option, !option.holds(placeholders.option(option.name)) { return false }
        for index in condition.ifHeld {
            let held = read(index, &os)
            if stopped || held.value == nil { return false }
        }
        for index in condition.unlessHeld {
            let held = read(index, &os)
            if stopped || held.value != nil { return false }
        }
        for comparison in condition.ifEqual {
            let equal = self.equal(comparison, &os)
            if stopped || !equal { return false }
        }
        for comparison in condition.unlessEqual {
            let equal = self.equal(comparison, &os)
            if stopped || equal { return false }
        }
        return true
    }

    /// Whether a comparison's store holds a value and it is the other's (shaped); reads as a source would.
    private mutating func equal(_ comparison: RecipePlan.Comparison, _ os: inout AppOS) -> Bool {
        guard let value = read(comparison.store, &os).value, !stopped else { return false }
        let other: String?
        switch comparison.other {
        case .store(let index):
            other = read(index, &os).value
            if stopped { return false }
        case .platform(let read): other = read.value(&os)
        }
        guard let other else { return false }
        return value == (comparison.shape?.apply(other) ?? other)
    }

    /// A UUID of version 7 (RFC 9562, section 5.7): the first 48 bits the simulated time in
    /// milliseconds (one day per step from 2025-01-01, as `World.clock` counts), the rest a random
    /// UUID's bits with the version and variant set.
    static func uuid7(_ random: SimUUID, clock: Int) -> SimUUID {
        let millis = UInt64(1_735_689_600_000) + UInt64(max(0, clock)) * 86_400_000
        return SimUUID(high: (millis << 16) | 0x7000 | (random.high & 0x0FFF),
                       low: 0x8000_0000_0000_0000 | (random.low & 0x3FFF_FFFF_FFFF_FFFF))
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
}
