import IDSim

/// A recipe compiled for its launches: every name it uses resolved to a position once, so a
/// launch reads and writes by position however many stores it has. One reference, shared by the
/// program made for every launch (a copy of the recipe's many arrays and strings would cost a
/// retain each); its parts are plain values, so walking them costs no reference counting.
final class RecipePlan: Sendable {
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
    /// The position of the ID a launch returns as the app's (`primary:`).
    let primary: Int
    let idNames: [String]
    let formats: [IDFormat?]
    let hashes: [RecipeHash?]
    let memoryKeys: [String]
    let storeNames: [String]
    let stores: [RecipeStore]
    /// How a launch reads each store: most stores' texts name no placeholder, and their read is
    /// made once here, so a launch neither copies the store nor fills its texts. A plain
    /// container file's plan (`fixedFile`) serves its writes too (`RecipeLaunch.write`).
    let storeReads: [StoreRead]

    enum StoreRead: Sendable {
        /// A keychain item's read query, made once (one reference: a launch takes it without
        /// copying the query's strings one by one).
        case fixedKeychain(FixedKeychainRead)
        /// A UserDefaults key, in a suite or the app's standard one.
        case fixedDefaults(key: String, suite: String?)
        /// A file in the app's own container, neither an App Group's nor keyed: an SDK's state
        /// file, read (and written) at every launch.
        case fixedFile(FixedFile)
        /// A keychain item whose texts are filled at each launch (svudid's `{team}` group), behind
        /// one reference: its fields are read in place, the store not copied.
        case keychain(KeychainItemBox)
        /// Any other store: its texts filled at each launch.
        case filled
    }

    final class KeychainItemBox: Sendable {
        let item: KeychainStore

        init(_ item: KeychainStore) { self.item = item }
    }

    /// A container file's path, as written, with what a write gives it.
    final class FixedFile: Sendable {
        let path: String
        let backup: Bool
        let protection: FileProtection

        init(path: String, backup: Bool, protection: FileProtection) {
            self.path = path
            self.backup = backup
            self.protection = protection
        }
    }

    /// A keychain item's read query, and the class a found item is moved to (`upgradeAccessible`).
    final class FixedKeychainRead: Sendable {
        let query: KeychainQuery
        let upgradeTo: Accessibility?

        init(query: KeychainQuery, upgradeTo: Accessibility?) {
            self.query = query
            self.upgradeTo = upgradeTo
        }
    }
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

    /// The migrations, with their stores' positions (nil: none).
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
            /// Where its condition is in `conditions` (nil: none).
            var condition: Int?
        }
        var name: String
        var actions: [Action]
    }

    struct MigrationStep {
        var from: Int?
        var to: Int?
        var done: Int?
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
    /// (nil: none).
    struct Step {
        enum Kind {
            case store(Int), missingStore, idfv, idfa, idfaWithZeros, uuid(IDFormat), uuid7(IDFormat), fid, apnsToken, appleUserID, id(Int)
            /// A value the app supplied: the call's name is `suppliedNames[index]`.
            case supplied(Int)
            /// `record`: where its record is in `serverRecords` (nil: it keeps none). An index, so
            /// that a step stays plain data, copied without reference counts.
            case server(IDFormat, record: Int?)
        }
        var kind: Kind
        var condition: Int?
        var check: Int?
        var template: Int?
        /// The source's `shape` (two optionals: plain data, as the rest of a step is).
        var shape: IDFormat?
    }

    /// A save: its store's position (nil: names none), when, and its condition (nil: none).
    struct SaveStep {
        var store: Int?
        var when: RecipeSave.When
        var condition: Int?
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
        func resolve(_ condition: RecipeCondition) -> Int? {
            guard !condition.isEmpty else { return nil }
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
                    var record: Int?
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
                plan.saves.append(SaveStep(store: position(entry.store), when: entry.when, condition: resolve(entry.condition),
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
                return CallPlan.Action(kind: kind, condition: resolve(action.condition))
            })
        }
        launchCall = calls.firstIndex { $0.name == RecipeCall.launch }
        migrations = recipe.migrate.map { m in
            MigrationStep(from: position(m.from), to: position(m.to), done: m.done.flatMap(position), value: m.value,
                          clear: m.clear, overwrite: m.overwrite, option: m.option)
        }
        severalIDs = recipe.hasSeveralIDs
        primary = recipe.primary
        idNames = recipe.ids.map(\.name)
        formats = recipe.ids.map(\.format)
        hashes = recipe.ids.map(\.hash)
        memoryKeys = recipe.ids.map { recipe.hasSeveralIDs ? "recipe:" + recipe.name + ":" + $0.name : "recipe:" + recipe.name }
        storeNames = recipe.stores.map(\.name)
        stores = recipe.stores
        storeReads = recipe.stores.map(Self.storeRead)
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

    /// How a launch reads a store: made once when none of its texts has a placeholder.
    static func storeRead(_ store: RecipeStore) -> StoreRead {
        let plain = !store.templates.contains(where: \.hasPlaceholders)
        switch store.kind {
        case .keychain(let item):
            guard plain else { return .keychain(KeychainItemBox(item)) }
            return .fixedKeychain(FixedKeychainRead(query: item.query(\.raw), upgradeTo: item.upgradeTarget))
        case .defaults(let key, let suite, _):
            guard plain else { return .filled }
            return .fixedDefaults(key: key.raw, suite: suite?.raw)
        case .file(let path, let backup, nil, nil, let protection):
            guard plain else { return .filled }
            return .fixedFile(FixedFile(path: path.raw, backup: backup, protection: protection))
        default:
            return .filled
        }
    }
}
