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
        /// Each ID as a launch works it out, in the recipe's order.
        let idPlans: [IDPlan]
        /// The conditions, checks and templates the plans' steps point into.
        let conditions: [Condition]
        let checks: [RecipeCheck]
        let templates: [Template]
        /// The records server sources keep: the ID's name the server keeps each under, and what ends it.
        let serverRecords: [(name: String, reissueOn: ServerReissue)]
        /// Counts what launches do, for the tests that check a recipe's cost grows with its size
        /// and no faster (nil: not counted).
        let work: RecipeWork?
        /// What a launch reads of the recipe, looked up once: its IDs' names, shapes and memory
        /// keys, and whether it reports them by name.
        let severalIDs: Bool
        let idNames: [String]
        let formats: [IDFormat?]
        let hashes: [RecipeHash?]
        let memoryKeys: [String]
        let storeNames: [String]
        let stores: [RecipeStore]
        /// Whether every ID is kept in memory for the process (`cache: process`), so a launch
        /// that finds them all there reads nothing.
        let cachesInProcess: Bool
        /// Whether each ID is kept in memory for the process: its own `cache:`, else the recipe's.
        let cachedIDs: [Bool]
        let waitsForFirstUnlock: Bool
        let stopsWhenRefused: Bool
        let stopsWhenWriteFails: Bool
        let params: [String]
        let paramDefaults: [String: OptionValue]
        /// The built-in placeholders its texts use: a launch fetches only those from the world.
        let usesBundle: Bool, usesTeam: Bool, usesDisplayName: Bool, usesAppGroup: Bool

        /// The migrations, with their stores' positions (-1: none).
        let migrations: [MigrationStep]
        /// The call names the `supplied` sources read, by `Step.Kind.supplied`'s index.
        let suppliedNames: [String]
        /// Each store's supplied value, by call name, when its texts name one (`{supplied:NAME}`).
        let keyedBy: [String?]
        /// The names `keyedBy` holds, once each: what a launch looks up for the placeholders.
        let keyNames: [String]
        /// What each call does, in the recipe's order, stores and IDs by position.
        let calls: [CallPlan]
        /// Where `launch`, the call run at every launch, is in `calls`, if the recipe has one.
        let launchCall: Int?

        struct CallPlan {
            struct Action {
                enum Kind {
                    case clear(Int), saveSupplied(Int), rerun(Int)
                    /// `from`: the position of the ID's first source that makes a new value.
                    case newID(Int, from: Int)
                    /// A store or ID that names nothing (the parser reports it): nothing done.
                    case nothing
                }
                var kind: Kind
                /// Where its condition is in `conditions` (-1: none).
                var condition: Int
            }
            var name: String
            var actions: [Action]
        }

        struct MigrationStep {
            var from: Int
            var to: Int
            var done: Int
            var value: String
            var clear: Bool
            var overwrite: Bool
            var option: RecipeCondition.OptionTest?
        }

        /// One ID's sources and saves as a launch runs them: plain values with no references, so
        /// walking them costs no reference counting (a recipe launch stays within 2× its Swift twin).
        struct IDPlan {
            var sources: [Step]
            var saves: [SaveStep]
            /// The stores `clear` deletes, by position.
            var clear: [Int]
        }

        /// One source: what it reads or makes, and where its condition, check and template are
        /// (-1: none).
        struct Step {
            enum Kind {
                case store(Int), missingStore, idfv, idfa, idfaWithZeros, uuid(IDFormat), uuid7(IDFormat), fid, apnsToken, appleUserID, id(Int)
                /// A value the app supplied: the call's name is `suppliedNames[index]`.
                case supplied(Int)
                /// `record`: where its record is in `serverRecords` (-1: it keeps none). An index, so
                /// that a step stays plain data, copied without reference counts.
                case server(IDFormat, record: Int)
            }
            var kind: Kind
            var condition = -1
            var check = -1
            var template = -1
            /// The source's `shape` (two optionals: plain data, as the rest of a step is).
            var shape: IDFormat?
        }

        /// A save: its store's position (-1: names none), when, and its condition (-1: none).
        struct SaveStep {
            var store: Int
            var when: RecipeSave.When
            var condition: Int
            /// `when: { source }`: the positions, in the ID's sources, of those with that name (a
            /// source may be listed twice, under different conditions); nil: any source.
            var sources: [Int]?
        }

        /// A condition with its stores resolved to positions; `never` when it names a store the
        /// recipe lacks (the parser reports that; a recipe built in code may still hold one).
        struct Condition {
            var ifHeld: [Int]
            var unlessHeld: [Int]
            var ifEqual: [Comparison] = []
            var unlessEqual: [Comparison] = []
            var option: RecipeCondition.OptionTest?
            var never = false
        }

        /// `{ store: A, equals: B }` with the stores resolved: A's position, and B.
        struct Comparison {
            enum Other { case store(Int), platform(PlatformRead) }
            var store: Int
            var other: Other
            var shape: IDFormat?
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
            var conditions: [Condition] = [], checks: [RecipeCheck] = [], templates: [Template] = []
            var serverRecords: [(name: String, reissueOn: ServerReissue)] = []
            func resolve(_ condition: RecipeCondition) -> Int {
                guard !condition.isEmpty else { return -1 }
                var resolved = Condition(ifHeld: [], unlessHeld: [], option: condition.option)
                for name in condition.ifHeld {
                    if let p = position(name) { resolved.ifHeld.append(p) } else { resolved.never = true }
                }
                for name in condition.unlessHeld {
                    if let p = position(name) { resolved.unlessHeld.append(p) }
                }
                // A comparison naming a store the recipe lacks never holds: under if, the
                // condition cannot; under unless, it stops nothing.
                func comparison(_ c: RecipeComparison) -> Comparison? {
                    guard let store = position(c.store) else { return nil }
                    let other: Comparison.Other
                    switch c.other.kind {
                    case .store(let name):
                        guard let p = position(name) else { return nil }
                        other = .store(p)
                    case .idfv: other = .platform(.idfv)
                    case .idfa: other = .platform(.idfa)
                    case .apnsToken: other = .platform(.apnsToken)
                    case .appleUserID: other = .platform(.appleUserID)
                    case .uuid, .uuid7, .fid, .server, .id, .supplied: return nil   // refused by the parser
                    }
                    return Comparison(store: store, other: other, shape: c.other.shape)
                }
                for c in condition.ifEqual {
                    if let resolvedComparison = comparison(c) { resolved.ifEqual.append(resolvedComparison) } else { resolved.never = true }
                }
                resolved.unlessEqual = condition.unlessEqual.compactMap(comparison)
                conditions.append(resolved)
                return conditions.count - 1
            }
            var names: [String] = [], seen: Set<String> = []
            var plans: [IDPlan] = []
            var supplied: [String] = []
            for (number, id) in recipe.ids.enumerated() {
                var plan = IDPlan(sources: [], saves: [], clear: [])
                for source in id.sources {
                    var step: Step
                    switch source.kind {
                    // A store that names nothing reads as nothing there: the source is skipped.
                    case .store(let name): step = Step(kind: position(name).map { .store($0) } ?? .missingStore)
                    case .idfv: step = Step(kind: .idfv)
                    case .idfa: step = Step(kind: source.keepsZeros ? .idfaWithZeros : .idfa)
                    case .uuid(let format): step = Step(kind: .uuid(format))
                    case .uuid7(let format): step = Step(kind: .uuid7(format))
                    case .fid: step = Step(kind: .fid)
                    case .apnsToken: step = Step(kind: .apnsToken)
                    case .appleUserID: step = Step(kind: .appleUserID)
                    case .server(let format):
                        var record = -1
                        if let reissueOn = source.reissueOn {
                            serverRecords.append((id.name, reissueOn))
                            record = serverRecords.count - 1
                        }
                        step = Step(kind: .server(format, record: record))
                    case .id(let name):
                        // Only an ID worked out before this one has a value to give.
                        let earlier = recipe.ids.prefix(number).firstIndex { $0.name == name }
                        step = Step(kind: earlier.map { .id($0) } ?? .missingStore)
                    case .supplied(let name):
                        if !supplied.contains(name) { supplied.append(name) }
                        step = Step(kind: .supplied(supplied.firstIndex(of: name)!))
                    }
                    step.condition = resolve(source.condition)
                    if !source.check.isEmpty {
                        step.check = checks.count
                        checks.append(source.check)
                    }
                    if let template = source.template {
                        step.template = templates.count
                        templates.append(template)
                    }
                    step.shape = source.shape
                    plan.sources.append(step)
                    if !source.takesAsIs, positions[source.name] == nil, seen.insert(source.name).inserted {
                        names.append(source.name)
                    }
                }
                for entry in id.save {
                    plan.saves.append(SaveStep(store: position(entry.store) ?? -1, when: entry.when, condition: resolve(entry.condition),
                                               sources: entry.source.map { name in id.sources.indices.filter { id.sources[$0].name == name } }))
                }
                plan.clear = id.clear.compactMap(position)
                plans.append(plan)
            }
            platformNames = names
            idPlans = plans
            suppliedNames = supplied
            calls = recipe.calls.map { call in
                CallPlan(name: call.name, actions: call.actions.map { action in
                    let kind: CallPlan.Action.Kind
                    switch action.kind {
                    case .clear(let store): kind = position(store).map { .clear($0) } ?? .nothing
                    case .saveSupplied(let store): kind = position(store).map { .saveSupplied($0) } ?? .nothing
                    case .newID(let name):
                        let id = recipe.ids.firstIndex { $0.name == name }
                        let maker = id.flatMap { recipe.ids[$0].sources.firstIndex(where: \.makesNewValue) }
                        kind = id.flatMap { id in maker.map { .newID(id, from: $0) } } ?? .nothing
                    case .rerun(let name): kind = recipe.ids.firstIndex { $0.name == name }.map { .rerun($0) } ?? .nothing
                    }
                    return CallPlan.Action(kind: kind, condition: action.condition.isEmpty ? -1 : resolve(action.condition))
                })
            }
            launchCall = calls.firstIndex { $0.name == RecipeCall.launch }
            migrations = recipe.migrate.map { m in
                MigrationStep(from: position(m.from) ?? -1, to: position(m.to) ?? -1, done: m.done.flatMap(position) ?? -1, value: m.value,
                              clear: m.clear, overwrite: m.overwrite, option: m.option)
            }
            severalIDs = recipe.hasSeveralIDs
            idNames = recipe.ids.map(\.name)
            formats = recipe.ids.map(\.format)
            hashes = recipe.ids.map(\.hash)
            memoryKeys = recipe.ids.map { recipe.hasSeveralIDs ? "recipe:" + recipe.name + ":" + $0.name : "recipe:" + recipe.name }
            storeNames = recipe.stores.map(\.name)
            stores = recipe.stores
            cachedIDs = recipe.ids.map { ($0.cache ?? recipe.cache) == .process }
            cachesInProcess = cachedIDs.allSatisfy { $0 }
            waitsForFirstUnlock = recipe.beforeFirstUnlock == .wait
            stopsWhenRefused = recipe.whenRefused == .stop
            stopsWhenWriteFails = recipe.whenWriteFails == .stop
            params = recipe.params
            paramDefaults = recipe.paramDefaults
            usesBundle = recipe.usesPlaceholder("bundle") || recipe.usesPlaceholder("bundleName")
            usesTeam = recipe.usesPlaceholder("team")
            usesDisplayName = recipe.usesPlaceholder("bundleName")
            usesAppGroup = recipe.usesPlaceholder("appGroup")
            keyedBy = recipe.stores.map(\.keyedBy)
            keyNames = keyedBy.reduce(into: []) { names, name in if let name, !names.contains(name) { names.append(name) } }
            self.conditions = conditions
            self.checks = checks
            self.templates = templates
            self.serverRecords = serverRecords
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
        case refused(SecStatus)

        var value: String? {
            if case .value(let v) = self { return v }
            return nil
        }
    }

    func launch(_ os: inout AppOS) -> LaunchReport {
        var untraced: RecipeTrace?
        return launch(&os, trace: &untraced)
    }

    /// A launch, recording what it did into `trace` when one is given (nil: nothing recorded,
    /// as in every launch of a search).
    func launch(_ os: inout AppOS, trace: inout RecipeTrace?) -> LaunchReport {
        let shared = self.shared
        if shared.waitsForFirstUnlock && !os.protectedDataAvailable {
            trace?.entries.append(.waited)
            return report(ids: Array(repeating: nil, count: shared.idPlans.count), reads: StoreReads(count: 0), platform: PlatformValues(),
                          notes: os.reportsInFull ? ["protected data is not available before the first unlock: the SDK waits (beforeFirstUnlock: wait)"] : [],
                          inFull: os.reportsInFull)
        }
        if shared.idPlans.count == 1 { return launchOne(&os, trace: &trace) }
        let count = shared.idPlans.count
        if shared.cachesInProcess {
            // Every ID kept in memory by this process: returned without reading.
            var cached: [String?] = []
            for key in shared.memoryKeys {
                guard let value = os.memory(key) else { break }
                cached.append(value)
            }
            if cached.count == count {
                for (index, value) in cached.enumerated() { trace?.entries.append(.fromMemory(id: shared.idNames[index], value: value!)) }
                return report(ids: cached, reads: StoreReads(count: 0), platform: PlatformValues(),
                              notes: os.reportsInFull ? ["the ID kept in memory by this process (cache: process)"] : [], inFull: os.reportsInFull)
            }
        }
        // The facade is passed down inout, never stored: a copy would share the world and make
        // every write copy it.
        var run = Run(shared: shared, placeholders: placeholders(os), inFull: os.reportsInFull, trace: trace)
        defer { trace = run.trace }
        if !shared.migrations.isEmpty { run.migrate(&os) }
        if let call = shared.launchCall { runLaunchCall(call, &run, &os) }
        var chosen: [String?] = []
        var shapedIDs: [String?] = []
        chosen.reserveCapacity(count)
        shapedIDs.reserveCapacity(count)
        for index in 0..<count {
            // An ID this process already keeps in memory is not worked out again.
            if shared.cachedIDs[index], let cached = os.memory(shared.memoryKeys[index]) {
                run.trace?.entries.append(.fromMemory(id: shared.idNames[index], value: cached))
                chosen.append(cached)
                shapedIDs.append(cached)
                continue
            }
            let plan = shared.idPlans[index]
            let value = run.chooseID(plan, id: index, earlier: chosen, &os)
            guard !run.stopped else {
                return report(ids: Array(repeating: nil, count: count), reads: run.reads, platform: run.platform, notes: run.notes,
                              inFull: run.inFull)
            }
            var id = value
            if let found = value, !run.saveAll(plan, id: index, found, &os) { id = nil }
            chosen.append(id)
            if let value = id {
                let shaped = shape(value, index, run)
                if shared.cachedIDs[index] { os.setMemory(shaped, forKey: shared.memoryKeys[index]) }
                shapedIDs.append(shaped)
            } else {
                shapedIDs.append(nil)
            }
        }
        return report(ids: shapedIDs, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
    }

    /// A recipe of one ID: the same work with no arrays made per launch.
    func launchOne(_ os: inout AppOS, trace: inout RecipeTrace?) -> LaunchReport {
        let shared = self.shared
        if shared.cachesInProcess, let cached = os.memory(shared.memoryKeys[0]) {
            trace?.entries.append(.fromMemory(id: shared.idNames[0], value: cached))
            return report(id: cached, reads: StoreReads(count: 0), platform: PlatformValues(),
                          notes: os.reportsInFull ? ["the ID kept in memory by this process (cache: process)"] : [], inFull: os.reportsInFull)
        }
        var run = Run(shared: shared, placeholders: placeholders(os), inFull: os.reportsInFull, trace: trace)
        defer { trace = run.trace }
        if !shared.migrations.isEmpty { run.migrate(&os) }
        if let call = shared.launchCall { runLaunchCall(call, &run, &os) }
        let chosen = run.chooseID(shared.idPlans[0], id: 0, earlier: [], &os)
        guard !run.stopped else { return report(id: nil, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull) }
        var id = chosen
        if let value = chosen, !run.saveAll(shared.idPlans[0], id: 0, value, &os) { id = nil }
        if let value = id {
            id = shape(value, 0, run)
            if shared.cachesInProcess { os.setMemory(id!, forKey: shared.memoryKeys[0]) }
        }
        return report(id: id, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
    }

    /// An ID as returned: its `format`, then its `hash`.
    func shape(_ value: String, _ index: Int, _ run: Run) -> String {
        var shaped = shared.formats[index]?.apply(value) ?? value
        if let hash = shared.hashes[index] {
            let salt = hash.salt.map(run.fill)
            shaped = sha256Hex(salt.map { $0 + ":" + shaped } ?? shaped)
        }
        return shaped
    }

    /// The report of a recipe of one ID.
    func report(id: String?, reads: StoreReads, platform: PlatformValues, notes: [String], inFull: Bool) -> LaunchReport {
        let shared = self.shared
        var values = [NamedValue("id", id)]
        values.reserveCapacity(shared.storeNames.count + shared.platformNames.count + 2)
        if shared.severalIDs { values.append(NamedValue(shared.idNames[0], id)) }
        for index in shared.storeNames.indices { values.append(NamedValue(shared.storeNames[index], reads[index]?.value)) }
        for name in shared.platformNames { values.append(NamedValue(name, platform.value(name))) }
        return LaunchReport(primaryID: id, values: values, result: inFull ? .optional(id) : .null, notes: notes)
    }

    /// The placeholders' values for this app, looked up as templates ask for them.
    func placeholders(_ os: AppOS) -> Placeholders {
        // Only the ones its texts use: each is a string fetched from the world.
        var placeholders = Placeholders(bundle: shared.usesBundle ? os.bundleID : "", team: shared.usesTeam ? os.teamID : "",
                                        displayName: shared.usesDisplayName ? os.displayName : nil,
                                        appGroup: shared.usesAppGroup ? os.firstAppGroup : nil,
                                        params: shared.params, defaults: shared.paramDefaults, options: options)
        // A keyed store's entry: the value the app last supplied, as a `supplied` source reads it.
        for name in shared.keyNames { placeholders.supplied[name] = placeholders.suppliedValue(name, os) }
        return placeholders
    }

    /// - Parameters:
    ///   - ids: each ID's value, in the recipe's order.
    ///   - inFull: whether the report is built in full (`AppOS.reportsInFull`): its result is built only then.
    func report(ids: [String?], reads: StoreReads, platform: PlatformValues, notes: [String], inFull: Bool) -> LaunchReport {
        let primary = ids[recipe.primary]
        var values = [NamedValue("id", primary)]
        values.reserveCapacity(recipe.stores.count + ids.count + 3)
        if recipe.hasSeveralIDs {
            for (index, id) in recipe.ids.enumerated() where id.name != "id" { values.append(NamedValue(id.name, ids[index])) }
        }
        for index in recipe.stores.indices { values.append(NamedValue(recipe.stores[index].name, reads[index]?.value)) }
        for name in shared.platformNames { values.append(NamedValue(name, platform.value(name))) }
        // The code's own result is what the library's function returns: the ID, or nothing.
        return LaunchReport(primaryID: primary, values: values, result: inFull ? .optional(primary) : .null, notes: notes)
    }
}

/// The platform sources that gave a launch's IDs: the first inline (a recipe of one ID has no
/// more), so a launch allocates nothing to remember it.
struct PlatformValues {
    private var first: (name: String, value: String)?
    private var more: [(name: String, value: String)] = []

    mutating func add(_ name: String, _ value: String) {
        guard let first else {
            self.first = (name, value)
            return
        }
        if first.name != name && !more.contains(where: { $0.name == name }) { more.append((name, value)) }
    }

    func value(_ name: String) -> String? {
        if let first, first.name == name { return first.value }
        return more.first { $0.name == name }?.value
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
    /// The supplied values keyed stores name (`{supplied:NAME}`), by call name; none: not supplied.
    var supplied: [String: String] = [:]

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
        case _ where name.hasPrefix(Template.suppliedPrefix): return supplied[String(name.dropFirst(Template.suppliedPrefix.count))]
        default:
            guard params.contains(name) else { return nil }
            return optionText(name)
        }
    }

    /// A value the app supplied: the last it passed with the call of this name, else its option
    /// of this name (what a `supplied` source reads, and what names a keyed store's entry).
    func suppliedValue(_ name: String, _ os: AppOS) -> String? {
        suppliedValue(name, passed: os.supplied(name))
    }

    /// `suppliedValue` for the value the app last passed with the call (nil: none).
    func suppliedValue(_ name: String, passed: String?) -> String? {
        passed ?? optionText(name)
    }

    /// An option's value as text (a list has none): what fills `{name}`, and what a `supplied`
    /// source gives when the app passed no value.
    func optionText(_ name: String) -> String? {
        switch option(name) {
        case .string(let s)?: s
        case .int(let i)?: String(i)
        case .bool(let b)?: b ? "true" : "false"
        case .list?, nil: nil
        }
    }
}

/// One launch of a recipe: the facade, what was read, and what the code ran into.
struct Run {
    let shared: RecipeProgram.Shared
    var recipe: Recipe { shared.recipe }
    let placeholders: Placeholders
    /// What each store read this launch, by its position in `recipe.stores`.
    var reads: StoreReads
    /// The platform sources that gave an ID, each at most once (a search stops at the first value).
    var platform = PlatformValues()
    private(set) var notes: [String] = []
    /// Whether the launch's report is built in full, and so keeps its notes (`AppOS.reportsInFull`).
    let inFull: Bool
    /// A refused read with `whenRefused: stop`: no ID, no writes.
    var stopped = false
    /// The position, among its ID's sources, of the source that gave the ID `chooseID` found last.
    var chosenSource: Int?
    /// What the launch did, step by step, when it is traced (nil: not traced, as in a search).
    var trace: RecipeTrace?

    init(shared: RecipeProgram.Shared, placeholders: Placeholders, inFull: Bool, trace: RecipeTrace? = nil) {
        self.shared = shared
        self.placeholders = placeholders
        self.inFull = inFull
        self.trace = trace
        reads = StoreReads(count: shared.stores.count)
    }

    /// Notes what the code ran into, when the report keeps notes.
    mutating func note(_ line: @autoclosure () -> String) {
        if inFull { notes.append(line()) }
    }

    func fill(_ template: Template) -> String {
        template.fill(placeholders)
    }

    // MARK: - Choosing the ID

    /// - Parameter first: the position of the first source asked (a call's `newId` starts at the
    ///   ID's first source that makes a value).
    mutating func chooseID(_ plan: RecipeProgram.Shared.IDPlan, id: Int, earlier: [String?], from first: Int = 0, _ os: inout AppOS) -> String? {
        chosenSource = nil
        for number in first..<plan.sources.count {
            let step = plan.sources[number]
            if step.condition >= 0 {
                let holds = self.holds(shared.conditions[step.condition], &os)
                if stopped { return nil }
                guard holds else {
                    if trace != nil { traceSkip(step, id: id, source: number, &os) }
                    continue
                }
            }
            let value: String?
            switch step.kind {
            case .store(let store):
                let found = read(store, &os)
                if stopped { return nil }
                value = found.value
            case .missingStore:
                if trace != nil { traceSkip(step, id: id, source: number, &os) }
                continue
            case .id(let index):
                value = earlier[index]
            case .supplied(let index):
                value = placeholders.suppliedValue(shared.suppliedNames[index], os)
            case .idfv:
                value = PlatformRead.idfv.value(&os)
            case .idfa:
                value = PlatformRead.idfa.value(&os)
            case .idfaWithZeros:
                value = os.advertisingIdentifier()?.uuidString
            case .uuid(let format):
                value = format.apply(os.newUUID())
            case .uuid7(let format):
                value = format.apply(Self.uuid7(os.newUUID(), clock: os.clock))
            case .fid:
                value = Self.firebaseID(os.newUUID())
            case .apnsToken:
                value = PlatformRead.apnsToken.value(&os)
            case .appleUserID:
                value = PlatformRead.appleUserID.value(&os)
            case .server(let format, let record):
                guard os.reachesNetwork else {
                    note("no network at this launch: the server assigned nothing")
                    if trace != nil { traceSkip(step, id: id, source: number, &os) }
                    continue
                }
                value = record < 0 ? format.apply(os.newUUID())
                    : os.serverAssigned(shared.serverRecords[record].name, reissueOn: shared.serverRecords[record].reissueOn) { format.apply($0.newUUID()) }
            }
            guard let value else {
                if trace != nil { let entry: RecipeTrace.Entry = .empty(id: shared.idNames[id], source: number, name: sourceName(id, number)); trace!.entries.append(entry) }
                continue
            }
            switch step.kind {
            case .store, .id, .supplied:
                if step.check >= 0 && !shared.checks[step.check].accepts(value) {
                    if trace != nil { let entry: RecipeTrace.Entry = .rejected(id: shared.idNames[id], source: number, name: sourceName(id, number), value: value); trace!.entries.append(entry) }
                    continue
                }
                let value = step.shape?.apply(value) ?? value
                if trace != nil { let entry: RecipeTrace.Entry = .chosen(id: shared.idNames[id], source: number, name: sourceName(id, number), value: value); trace!.entries.append(entry) }
                chosenSource = number
                return value
            default:
                guard let made = made(step, platformName(step.kind), value) else {
                    if trace != nil { let entry: RecipeTrace.Entry = .rejected(id: shared.idNames[id], source: number, name: sourceName(id, number), value: value); trace!.entries.append(entry) }
                    continue
                }
                if trace != nil { let entry: RecipeTrace.Entry = .chosen(id: shared.idNames[id], source: number, name: sourceName(id, number), value: made); trace!.entries.append(entry) }
                chosenSource = number
                return made
            }
        }
        if trace != nil { let entry: RecipeTrace.Entry = .noValue(id: shared.idNames[id]); trace!.entries.append(entry) }
        return nil
    }

    /// The name a platform source reports its value under.
    private func platformName(_ kind: RecipeProgram.Shared.Step.Kind) -> String {
        switch kind {
        case .idfv: "idfv"
        case .idfa, .idfaWithZeros: "idfa"
        case .uuid: "uuid"
        case .uuid7: "uuid7"
        case .fid: "fid"
        case .apnsToken: "apnsToken"
        case .appleUserID: "appleUserID"
        case .server: "server"
        case .store, .missingStore, .id, .supplied: ""
        }
    }

    /// A source's name as the recipe writes it (a store's name, `idfv`, another ID's name).
    func sourceName(_ id: Int, _ source: Int) -> String {
        recipe.ids[id].sources[source].name
    }

    // MARK: - Tracing (explore's why only)

    /// Records why a source was passed over, and what a store source would have read.
    private mutating func traceSkip(_ step: RecipeProgram.Shared.Step, id: Int, source: Int, _ os: inout AppOS) {
        let reason: RecipeTrace.Skip
        switch step.kind {
        case .missingStore: reason = .namesNothing
        case .server where !os.reachesNetwork: reason = .noNetwork
        default: reason = step.condition >= 0 ? conditionFailure(shared.conditions[step.condition]) : .namesNothing
        }
        var peek: RecipeTrace.Found?
        if case .store(let index) = step.kind { peek = Self.traced(look(index, &os)) }
        if trace != nil { let entry: RecipeTrace.Entry = .skipped(id: shared.idNames[id], source: source, name: sourceName(id, source), because: reason, peek: peek); trace!.entries.append(entry) }
    }

    /// Which part of a condition that did not hold failed, from what the launch read.
    private func conditionFailure(_ condition: RecipeProgram.Shared.Condition) -> RecipeTrace.Skip {
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

    static func traced(_ read: RecipeProgram.Read) -> RecipeTrace.Found {
        switch read {
        case .value(let v): .value(v)
        case .missing: .missing
        case .refused(let status): .refused(status)
        }
    }

    /// A store's value as a read would find it, without the launch reading it: the trace's look
    /// at a source its condition passed over. Reads here change nothing in the world.
    private mutating func look(_ index: Int, _ os: inout AppOS) -> RecipeProgram.Read {
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
    private mutating func made(_ step: RecipeProgram.Shared.Step, _ name: String, _ value: String) -> String? {
        if step.check >= 0 && !shared.checks[step.check].accepts(value) { return nil }
        var shaped = step.shape?.apply(value) ?? value
        if step.template >= 0 {
            let given = shaped
            shaped = shared.templates[step.template].fill { $0 == "value" ? given : placeholders.value($0) }
        }
        platform.add(name, shaped)
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
    private mutating func equal(_ comparison: RecipeProgram.Shared.Comparison, _ os: inout AppOS) -> Bool {
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

    // MARK: - Migrating

    /// Runs each migration that is due. What it writes is what the sources then read.
    mutating func migrate(_ os: inout AppOS) {
        let shared = self.shared
        for (number, step) in shared.migrations.enumerated() where step.from >= 0 && step.to >= 0 {
            if let option = step.option, !option.holds(placeholders.option(option.name)) { continue }
            if step.done >= 0 {
                let done = read(step.done, &os, mayStop: false)
                if done.value == step.value { continue }
                // A refused read of the marker (a locked keychain): not known to be done, not run either.
                if case .refused = done { continue }
            }
            let from = read(step.from, &os, mayStop: false)
            if let value = from.value {
                let to = read(step.to, &os, mayStop: false)
                if to == .missing || (step.overwrite && to.value != value) {
                    if write(step.to, value, before: to, &os) {
                        if trace != nil { let entry: RecipeTrace.Entry = .migrated(index: number, from: shared.storeNames[step.from], to: shared.storeNames[step.to], moved: value); trace!.entries.append(entry) }
                        reads[step.to] = .value(value)
                        let names = (shared.storeNames[step.from], shared.storeNames[step.to])
                        note("migrated \(names.0) to \(names.1)")
                    } else {
                        continue   // not moved: tried again at the next launch
                    }
                }
                if step.clear {
                    delete(step.from, &os)
                    reads[step.from] = .missing
                }
            } else if step.done < 0 {
                continue   // nothing to move, and nothing records it
            }
            if from.value == nil { if trace != nil { let entry: RecipeTrace.Entry = .migrated(index: number, from: shared.storeNames[step.from], to: shared.storeNames[step.to], moved: nil); trace!.entries.append(entry) } }
            if step.done >= 0, write(step.done, step.value, before: reads[step.done], &os) {
                reads[step.done] = .value(step.value)
            }
        }
    }

    // MARK: - Reading

    /// Reads a store once per launch (later reads see what the first saw, as the code would
    /// have kept it in a variable); a refused read under `whenRefused: stop` stops the launch.
    mutating func read(_ index: Int, _ os: inout AppOS, mayStop: Bool = true) -> RecipeProgram.Read {
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
    private mutating func readStore(_ index: Int, _ os: inout AppOS) -> RecipeProgram.Read {
        let store = shared.stores[index]
        let name = store.name
        if let call = unkeyed(index) {
            note("\(name) is kept per value of \(call), and none was supplied: nothing to read")
            return .missing
        }
        let result: RecipeProgram.Read
        switch store.kind {
        case .keychain(let item):
            let (status, found) = os.secItemCopyMatching(query(item))
            if status == .success, let found, !found.value.isEmpty {
                result = .value(found.value)
                if item.upgradeAccessible, let target = item.accessible, found.accessible != target {
                    // The read's own update, not one of the recipe's writes: the item keeps its data.
                    let upgraded = os.secItemUpdate(query(item), KeychainUpdate(value: found.value, accessible: target))
                    note("keychain update (\(name)): class \(found.accessible.rawValue) → \(target.rawValue): \(upgraded)")
                }
            } else if status == .success || status == .itemNotFound {
                result = .missing
                note("keychain read (\(name)): \(SecStatus.itemNotFound)")
            } else {
                result = .refused(status)
                note("keychain read (\(name)): \(status)")
            }
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

    /// The call a keyed store's entry is named by, when the app supplied no value with it: the
    /// store then names no entry, so a read finds nothing and a write or delete does nothing.
    func unkeyed(_ index: Int) -> String? {
        guard let call = shared.keyedBy[index], placeholders.supplied[call] == nil else { return nil }
        return call
    }

    func query(_ item: KeychainStore) -> KeychainQuery {
        KeychainQuery(service: fill(item.service), account: fill(item.account),
                      accessGroup: item.accessGroup.map(fill), synchronizable: item.querySynchronizable,
                      accessible: item.queryAccessible ? item.accessible ?? .whenUnlocked : nil, generic: item.generic.map(fill))
    }

    // MARK: - Writing

    /// Writes each `save` entry that its `when` calls for; false when a write failed under
    /// `whenWriteFails: stop`. After saves that wrote something and all succeeded, `clear`.
    mutating func saveAll(_ plan: RecipeProgram.Shared.IDPlan, id number: Int, _ id: String, _ os: inout AppOS) -> Bool {
        var wrote = false, failed = false
        for (position, entry) in plan.saves.enumerated() {
            guard entry.store >= 0 else { continue }
            if let sources = entry.sources, !sources.contains(where: { $0 == chosenSource }) { continue }
            let index = entry.store
            if entry.condition >= 0 {
                let held = holds(shared.conditions[entry.condition], &os)
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
    mutating func write(_ index: Int, _ value: String, before: RecipeProgram.Read?, _ os: inout AppOS,
                        save: (id: Int, entry: Int)? = nil) -> Bool {
        let store = shared.stores[index]
        if let call = unkeyed(index) {
            note("\(store.name) is kept per value of \(call), and none was supplied: nothing written")
            return true
        }
        shared.work?.writes += 1
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
            } else if os.writeContainerFile(fill(path), contents: contents, backedUp: backup, protection: protection) {
                result = .ok
            } else {
                let why = Self.closedByClass(protection, os) ?? "the container is not available before the first unlock"
                note("file write (\(store.name)): " + why)
                result = .unavailable(why)
            }
        case .icloud(let key, let store):
            os.setUbiquitous(value, forKey: fill(key), store: store.map(fill))
            result = .ok
        case .pasteboard(let name):
            os.setNamedPasteboard(fill(name), value: value, persistent: true)
            result = .ok
        }
        if trace != nil { let entry: RecipeTrace.Entry = .wrote(id: save.map { shared.idNames[$0.id] }, save: save?.entry ?? -1, store: store.name,
                      place: place(index), value: value, result: result); trace!.entries.append(entry) }
        return result == .ok
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

    private mutating func writeKeychain(_ item: KeychainStore, _ value: String, before: RecipeProgram.Read?, _ os: inout AppOS) -> SecStatus {
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

/// The platform values a recipe reads rather than makes, each read one way: for a source and for
/// the other side of a comparison.
enum PlatformRead {
    case idfv, idfa, apnsToken, appleUserID

    /// The value as the app's code reads it: the IDFV uppercase with dashes (nil before the first
    /// unlock), the IDFA only when not all zeros, the APNs token as hex.
    func value(_ os: inout AppOS) -> String? {
        switch self {
        case .idfv: os.identifierForVendor()?.uuidString
        case .idfa: os.advertisingIdentifier().flatMap { $0.isZero ? nil : $0.uuidString }
        case .apnsToken: os.apnsDeviceToken?.hex
        case .appleUserID: os.appleUserIdentifier()
        }
    }
}
