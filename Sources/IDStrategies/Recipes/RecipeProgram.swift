import IDSim

/// Runs a recipe at a launch: reads its sources in order on the `AppOS` facade, writes back
/// what `save` asks, cleans up what `clear` names, and reports the ID with what each store and
/// platform source read.
struct RecipeProgram: AppProgram {
    /// The recipe behind one reference: a program is made for every launch, and a copy of the
    /// recipe's many arrays and strings would cost a retain each.
    final class Shared: Sendable {
        let recipe: Recipe
        /// The platform sources a launch reports after the stores, each once, in order.
        let platformNames: [String]
        /// Each source as a launch runs it: plain values with no references, so walking the sources
        /// costs no reference counting (a recipe launch stays within 2× its Swift twin).
        let plan: [Step]
        /// The conditions, checks and templates the plan's steps point into.
        let conditions: [Condition]
        let checks: [RecipeCheck]
        let templates: [Template]
        /// Each save as a launch runs it: its store's position (-1: names none), when, and its
        /// condition's place in `conditions` (-1: none).
        let saves: [SaveStep]

        struct SaveStep {
            var store: Int
            var when: RecipeSave.When
            var condition: Int
        }
        /// The stores `clear` deletes, by position.
        let clearStores: [Int]
        /// Counts what launches do, for the tests that check a recipe's cost grows with its size
        /// and no faster (nil: not counted).
        let work: RecipeWork?

        /// One source: what it reads or makes, and where its condition, check and template are
        /// (-1: none).
        struct Step {
            enum Kind { case store(Int), missingStore, idfv, idfa, uuid(IDFormat), uuid7(IDFormat), fid, apnsToken }
            var kind: Kind
            var condition = -1
            var check = -1
            var template = -1
        }

        /// A condition with its stores resolved to positions; `never` when it names a store the
        /// recipe lacks (the parser reports that; a recipe built in code may still hold one).
        struct Condition {
            var ifHeld: [Int]
            var unlessHeld: [Int]
            var option: RecipeCondition.OptionTest?
            var never = false
        }

        /// Resolves every name the recipe uses to a store's position, once: a launch then reads and
        /// writes by position, however many stores the recipe has.
        init(_ recipe: Recipe, work: RecipeWork? = nil) {
            self.recipe = recipe
            self.work = work
            var positions: [String: Int] = [:]
            positions.reserveCapacity(recipe.stores.count)
            for (index, store) in recipe.stores.enumerated() where positions[store.name] == nil { positions[store.name] = index }
            var lookups = 0
            func position(_ name: String) -> Int? {
                lookups += 1
                return positions[name]
            }
            func resolve(_ condition: RecipeCondition) -> Condition? {
                guard !condition.isEmpty else { return nil }
                var resolved = Condition(ifHeld: [], unlessHeld: [], option: condition.option)
                for name in condition.ifHeld {
                    if let p = position(name) { resolved.ifHeld.append(p) } else { resolved.never = true }
                }
                for name in condition.unlessHeld {
                    if let p = position(name) { resolved.unlessHeld.append(p) }
                }
                return resolved
            }
            var names: [String] = [], seen: Set<String> = []
            var plan: [Step] = [], conditions: [Condition] = [], checks: [RecipeCheck] = [], templates: [Template] = []
            for source in recipe.sources {
                var step: Step
                switch source.kind {
                // A store that names nothing reads as nothing there: the source is skipped.
                case .store(let name): step = Step(kind: position(name).map { .store($0) } ?? .missingStore)
                case .idfv: step = Step(kind: .idfv)
                case .idfa: step = Step(kind: .idfa)
                case .uuid(let format): step = Step(kind: .uuid(format))
                case .uuid7(let format): step = Step(kind: .uuid7(format))
                case .fid: step = Step(kind: .fid)
                case .apnsToken: step = Step(kind: .apnsToken)
                }
                if let condition = resolve(source.condition) {
                    step.condition = conditions.count
                    conditions.append(condition)
                }
                if !source.check.isEmpty {
                    step.check = checks.count
                    checks.append(source.check)
                }
                if let template = source.template {
                    step.template = templates.count
                    templates.append(template)
                }
                plan.append(step)
                if source.storeName == nil && positions[source.name] == nil && seen.insert(source.name).inserted { names.append(source.name) }
            }
            platformNames = names
            self.plan = plan
            self.checks = checks
            self.templates = templates
            var saves: [SaveStep] = []
            for entry in recipe.save {
                var step = SaveStep(store: position(entry.store) ?? -1, when: entry.when, condition: -1)
                if let condition = resolve(entry.condition) {
                    step.condition = conditions.count
                    conditions.append(condition)
                }
                saves.append(step)
            }
            self.saves = saves
            self.conditions = conditions
            clearStores = recipe.clear.compactMap(position)
            work?.lookups += lookups
        }
    }

    let shared: Shared
    let options: [String: OptionValue]
    var recipe: Recipe { shared.recipe }

    init(shared: Shared, options: [String: OptionValue]) {
        self.shared = shared
        self.options = options
    }

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
        let memoryKey = recipe.cache == .process ? "recipe:" + recipe.name : ""
        if recipe.cache == .process, let cached = os.memory(memoryKey) {
            return report(id: cached, reads: StoreReads(count: 0), platform: nil,
                          notes: os.reportsInFull ? ["the ID kept in memory by this process (cache: process)"] : [], inFull: os.reportsInFull)
        }
        // The facade is passed down inout, never stored: a copy would share the world and make
        // every write copy it.
        var run = Run(shared: shared, placeholders: placeholders(os), inFull: os.reportsInFull)
        let chosen = run.chooseID(&os)
        guard !run.stopped else { return report(id: nil, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull) }
        var id = chosen
        if let value = chosen, !run.saveAll(value, &os) { id = nil }
        if let value = id {
            var shaped = recipe.format?.apply(value) ?? value
            if let hash = recipe.hash {
                let salt = hash.salt.map(run.fill)
                shaped = sha256Hex(salt.map { $0 + ":" + shaped } ?? shaped)
            }
            id = shaped
            if recipe.cache == .process { os.setMemory(shaped, forKey: memoryKey) }
        }
        return report(id: id, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
    }

    /// The placeholders' values for this app, looked up as templates ask for them.
    func placeholders(_ os: AppOS) -> Placeholders {
        Placeholders(bundle: os.bundleID, team: os.teamID, displayName: os.displayName, appGroup: os.firstAppGroup,
                     params: recipe.params, defaults: recipe.paramDefaults, options: options)
    }

    /// - Parameter inFull: whether the report is built in full (`AppOS.reportsInFull`): its result is built only then.
    func report(id: String?, reads: StoreReads, platform: (name: String, value: String)?, notes: [String], inFull: Bool) -> LaunchReport {
        var values = [NamedValue("id", id)]
        values.reserveCapacity(recipe.stores.count + 3)
        for index in recipe.stores.indices { values.append(NamedValue(recipe.stores[index].name, reads[index]?.value)) }
        for name in shared.platformNames { values.append(NamedValue(name, platform?.name == name ? platform?.value : nil)) }
        // The code's own result is what the library's function returns: the ID, or nothing.
        return LaunchReport(primaryID: id, values: values, result: inFull ? .optional(id) : .null, notes: notes)
    }
}

/// What a recipe's launches did, counted: name lookups (when its program is made) and store reads
/// and writes. For tests only; a recipe's strategy counts nothing unless asked to.
package final class RecipeWork: @unchecked Sendable {
    package var lookups = 0
    package var reads = 0
    package var writes = 0

    package init() {}
}

/// What each store read in a launch, by position: four inline (most recipes have no more), so
/// a launch allocates nothing to remember its reads.
struct StoreReads {
    private var inline: (RecipeProgram.Read?, RecipeProgram.Read?, RecipeProgram.Read?, RecipeProgram.Read?) = (nil, nil, nil, nil)
    private var more: [RecipeProgram.Read?] = []

    init(count: Int) {
        if count > 4 { more = Array(repeating: nil, count: count - 4) }
    }

    subscript(index: Int) -> RecipeProgram.Read? {
        get {
            switch index {
            case 0: inline.0
            case 1: inline.1
            case 2: inline.2
            case 3: inline.3
            default: index - 4 < more.count ? more[index - 4] : nil
            }
        }
        set {
            switch index {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: more[index - 4] = newValue
            }
        }
    }
}

/// The values of a recipe's placeholders for one app: `{bundle}`, `{bundleName}`, `{team}`,
/// `{appGroup}` and the params, each worked out only when a template asks for it.
struct Placeholders {
    let bundle: String
    let team: String
    let displayName: String?
    let appGroup: String?
    let params: [String]
    let defaults: [String: OptionValue]
    let options: [String: OptionValue]

    /// An option's value: the app's, else the recipe's default for it.
    func option(_ name: String) -> OptionValue? {
        options[name] ?? defaults[name]
    }

    func value(_ name: String) -> String? {
        switch name {
        case "bundle": return bundle
        case "team": return team
        case "bundleName": return displayName ?? String(bundle.split(separator: ".").last ?? "")
        case "appGroup": return appGroup
        default:
            guard params.contains(name) else { return nil }
            switch option(name) {
            case .string(let s)?: return s
            case .int(let i)?: return String(i)
            case .bool(let b)?: return b ? "true" : "false"
            default: return nil
            }
        }
    }
}

/// One launch of a recipe: the facade, what was read, and what the code ran into.
private struct Run {
    let shared: RecipeProgram.Shared
    var recipe: Recipe { shared.recipe }
    let placeholders: Placeholders
    /// What each store read this launch, by its position in `recipe.stores`.
    var reads: StoreReads
    /// The platform source that gave the ID, if one did (the search stops at the first value).
    var platform: (name: String, value: String)?
    private(set) var notes: [String] = []
    /// Whether the launch's report is built in full, and so keeps its notes (`AppOS.reportsInFull`).
    let inFull: Bool
    /// A refused read with `whenRefused: stop`: no ID, no writes.
    var stopped = false

    init(shared: RecipeProgram.Shared, placeholders: Placeholders, inFull: Bool) {
        self.shared = shared
        self.placeholders = placeholders
        self.inFull = inFull
        reads = StoreReads(count: shared.recipe.stores.count)
    }

    /// Notes what the code ran into, when the report keeps notes.
    mutating func note(_ line: @autoclosure () -> String) {
        if inFull { notes.append(line()) }
    }

    func fill(_ template: Template) -> String {
        template.fill(placeholders)
    }

    // MARK: - Choosing the ID

    mutating func chooseID(_ os: inout AppOS) -> String? {
        for position in shared.plan.indices {
            let step = shared.plan[position]
            if step.condition >= 0 {
                let holds = self.holds(shared.conditions[step.condition], &os)
                if stopped { return nil }
                guard holds else { continue }
            }
            switch step.kind {
            case .store(let store):
                let found = read(store, &os)
                if stopped { return nil }
                if let value = found.value, step.check < 0 || shared.checks[step.check].accepts(value) { return value }
            case .missingStore:
                continue
            case .idfv:
                if let value = os.identifierForVendor()?.uuidString, let made = made(step, "idfv", value) { return made }
            case .idfa:
                if let value = os.advertisingIdentifier(), !value.isZero, let made = made(step, "idfa", value.uuidString) { return made }
            case .uuid(let format):
                if let made = made(step, "uuid", format.apply(os.newUUID())) { return made }
            case .uuid7(let format):
                if let made = made(step, "uuid7", format.apply(Self.uuid7(os.newUUID(), clock: os.clock))) { return made }
            case .fid:
                if let made = made(step, "fid", Self.firebaseID(os.newUUID())) { return made }
            case .apnsToken:
                if let token = os.apnsDeviceToken, let made = made(step, "apnsToken", token.hex) { return made }
            }
        }
        return nil
    }

    /// A platform source's value if it passes the source's check, shaped by its template, and
    /// remembered for the report under the source's name.
    private mutating func made(_ step: RecipeProgram.Shared.Step, _ name: String, _ value: String) -> String? {
        if step.check >= 0 && !shared.checks[step.check].accepts(value) { return nil }
        var shaped = value
        if step.template >= 0 {
            shaped = shared.templates[step.template].fill { $0 == "value" ? value : placeholders.value($0) }
        }
        platform = (name, shaped)
        return shaped
    }

    /// Whether a condition holds: its option, then each store it names (read as a source would).
    mutating func holds(_ condition: RecipeProgram.Shared.Condition, _ os: inout AppOS) -> Bool {
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
        return true
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

    // MARK: - Reading

    /// Reads a store once per launch (later reads see what the first saw, as the code would
    /// have kept it in a variable); a refused read under `whenRefused: stop` stops the launch.
    mutating func read(_ index: Int, _ os: inout AppOS, mayStop: Bool = true) -> RecipeProgram.Read {
        if let known = reads[index] { return known }
        let store = recipe.stores[index]
        let name = store.name
        shared.work?.reads += 1
        let result: RecipeProgram.Read
        switch store.kind {
        case .keychain(let item):
            let (status, found) = os.secItemCopyMatching(query(item))
            if status == .success, let value = found?.value, !value.isEmpty {
                result = .value(value)
            } else if status == .success || status == .itemNotFound {
                result = .missing
                note("keychain read (\(name)): \(OSStatus.itemNotFound)")
            } else {
                result = .refused(status)
                note("keychain read (\(name)): \(status)")
            }
        case .defaults(let key, let suite, _):
            result = os.defaultsString(forKey: fill(key), suite: suite.map(fill)).map { .value($0) } ?? .missing
        case .file(let path, _):
            result = os.containerFile(fill(path)).map { .value($0) } ?? .missing
        case .icloud(let key):
            result = os.ubiquitousString(forKey: fill(key)).map { .value($0) } ?? .missing
        case .pasteboard(let pasteboard):
            result = os.namedPasteboardString(fill(pasteboard)).map { .value($0) } ?? .missing
        }
        reads[index] = result
        if mayStop, case .refused = result, recipe.whenRefused == .stop {
            stopped = true
            note("a refused read stops the launch: no ID (whenRefused: stop)")
        }
        return result
    }

    func query(_ item: KeychainStore) -> KeychainQuery {
        KeychainQuery(service: fill(item.service), account: fill(item.account),
                      accessGroup: item.accessGroup.map(fill), synchronizable: item.querySynchronizable,
                      accessible: item.queryAccessible ? item.accessible ?? .whenUnlocked : nil)
    }

    // MARK: - Writing

    /// Writes each `save` entry that its `when` calls for; false when a write failed under
    /// `whenWriteFails: stop`. After saves that wrote something and all succeeded, `clear`.
    mutating func saveAll(_ id: String, _ os: inout AppOS) -> Bool {
        var wrote = false, failed = false
        for entry in shared.saves {
            guard entry.store >= 0 else { continue }
            let index = entry.store
            if entry.condition >= 0 {
                guard holds(shared.conditions[entry.condition], &os) else { continue }
                stopped = false   // a refused read in a save's condition does not undo the ID
            }
            // `always` needs no read to decide; the others read a store the sources did not.
            let before = entry.when == .always ? reads[index] : (reads[index] ?? read(index, &os, mayStop: false))
            let fixed = recipe.stores[index].fixedValue
            let desired = fixed ?? id
            let due: Bool
            switch entry.when {
            case .missing: due = before == .missing
            case .missingOrRefused: due = before == .missing || { if case .refused? = before { true } else { false } }()
            case .different: due = before?.value != desired
            case .always: due = true
            }
            guard due else { continue }
            if write(recipe.stores[index], desired, before: before, &os) {
                wrote = true
            } else {
                failed = true
                if recipe.whenWriteFails == .stop {
                    note("a failed write stops the launch: no ID (whenWriteFails: stop)")
                    return false
                }
            }
        }
        if wrote && !failed {
            for index in shared.clearStores { delete(recipe.stores[index], &os) }
        }
        return true
    }

    mutating func write(_ store: RecipeStore, _ value: String, before: RecipeProgram.Read?, _ os: inout AppOS) -> Bool {
        shared.work?.writes += 1
        switch store.kind {
        case .keychain(let item):
            let status = writeKeychain(item, value, before: before, &os)
            if status != .success { note("keychain write (\(store.name)): \(status)") }
            return status == .success
        case .defaults(let key, let suite, _):
            os.setDefaults(value, forKey: fill(key), suite: suite.map(fill))
            return true
        case .file(let path, let backup):
            let ok = os.writeContainerFile(fill(path), contents: value, backedUp: backup)
            if !ok { note("file write (\(store.name)): the container is not available before the first unlock") }
            return ok
        case .icloud(let key):
            os.setUbiquitous(value, forKey: fill(key))
            return true
        case .pasteboard(let name):
            os.setNamedPasteboard(fill(name), value: value, persistent: true)
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
        let attributes = KeychainAttributes(service: fill(item.service), account: fill(item.account),
                                            value: value, accessible: item.accessible,
                                            accessGroup: item.accessGroup.map(fill), synchronizable: item.synchronizable)
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
        case .defaults(let key, let suite, _): os.setDefaults(nil, forKey: fill(key), suite: suite.map(fill))
        case .file(let path, let backup): os.writeContainerFile(fill(path), contents: nil, backedUp: backup)
        case .icloud(let key): os.setUbiquitous(nil, forKey: fill(key))
        case .pasteboard(let name): os.setNamedPasteboard(fill(name), value: nil, persistent: true)
        }
    }
}
