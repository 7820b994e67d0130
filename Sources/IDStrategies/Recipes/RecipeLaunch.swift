import IDSim

/// One launch of a recipe: the facade, what was read, and what the code ran into.
struct RecipeLaunch {
    let shared: RecipePlan
    var recipe: Recipe { shared.recipe }
    let placeholders: Placeholders
    /// What each store read this launch, by its position in `recipe.stores`.
    var reads: StoreReads
    /// The platform sources that gave an ID, each at most once (a search stops at the first value).
    var platform = PlatformValues()
    /// What the code ran into, in order (kept only when the report is built in full: `note`).
    var notes: [String] = []
    /// Whether the launch's report is built in full, and so keeps its notes (`AppOS.reportsInFull`).
    let inFull: Bool
    /// A refused read with `whenRefused: stop`: no ID, no writes.
    var stopped = false
    /// The position, among its ID's sources, of the source that gave the ID `chooseID` found last.
    var chosenSource: Int?
    /// What the launch did, step by step, when it is traced (nil: not traced, as in a search).
    var trace: RecipeTrace?

    init(shared: RecipePlan, placeholders: Placeholders, inFull: Bool, trace: RecipeTrace? = nil) {
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

    /// Notes what the code ran into at a store, its line made from the store's name. (The name is
    /// handed in: a line that read it from `self` would overlap the mutating access.)
    mutating func note(store index: Int, _ line: (_ name: String) -> String) {
        if inFull { notes.append(line(shared.storeNames[index])) }
    }

    func fill(_ template: Template) -> String {
        template.fill(placeholders)
    }

    // MARK: - Choosing the ID

    /// - Parameter first: the position of the first source asked (a call's `newId` starts at the
    ///   ID's first source that makes a value).
    mutating func chooseID(_ plan: RecipePlan.IDPlan, id: Int, earlier: IDValues, from first: Int = 0, _ os: inout AppOS) -> String? {
        chosenSource = nil
        for number in first..<plan.sources.count {
            let step = plan.sources[number]
            if let condition = step.condition {
                let holds = self.holds(shared.conditions[condition], &os)
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
                if let record {
                    value = os.serverAssigned(shared.serverRecords[record].name, reissueOn: shared.serverRecords[record].reissueOn) { format.apply($0.newUUID()) }
                } else {
                    value = format.apply(os.newUUID())
                }
            }
            guard let value else {
                if trace != nil { let entry: RecipeTrace.Entry = .empty(id: shared.idNames[id], source: number, name: sourceName(id, number)); trace!.entries.append(entry) }
                continue
            }
            switch step.kind {
            case .store, .id, .supplied:
                if let check = step.check, !shared.checks[check].accepts(value) {
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
    private func platformName(_ kind: RecipePlan.Step.Kind) -> String {
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
}
