import IDSim

/// Runs a recipe at a launch: reads its sources in order on the `AppOS` facade, writes back
/// what `save` asks, cleans up what `clear` names, and reports the ID with what each store and
/// platform source read.
struct RecipeProgram: AppProgram {
    /// The recipe compiled, shared by the program of every launch.
    let shared: RecipePlan
    let options: [String: OptionValue]
    var recipe: Recipe { shared.recipe }

    init(shared: RecipePlan, options: [String: OptionValue]) {
        self.shared = shared
        self.options = options
    }

    func launch(_ os: inout AppOS) -> LaunchReport {
        var untraced: RecipeTrace?
        return launch(&os, trace: &untraced)
    }

    /// A launch, recording what it did into `trace` when one is given (nil: nothing recorded,
    /// as in every launch of a search). One path for any number of IDs: a recipe of one makes no
    /// array (`IDValues`, `StoreReads` and `PlatformValues` hold one inline).
    func launch(_ os: inout AppOS, trace: inout RecipeTrace?) -> LaunchReport {
        let shared = self.shared
        let count = shared.idPlans.count
        if shared.waitsForFirstUnlock && !os.protectedDataAvailable {
            trace?.entries.append(.waited)
            return report(ids: IDValues(count: count), reads: StoreReads(count: 0), platform: PlatformValues(),
                          notes: os.reportsInFull ? ["protected data is not available before the first unlock: the SDK waits (beforeFirstUnlock: wait)"] : [],
                          inFull: os.reportsInFull)
        }
        if shared.cachesInProcess, let cached = memory(os) {
            // Every ID kept in memory by this process: returned without reading.
            for index in 0..<count { trace?.entries.append(.fromMemory(id: shared.idNames[index], value: cached[index]!)) }
            return report(ids: cached, reads: StoreReads(count: 0), platform: PlatformValues(),
                          notes: os.reportsInFull ? ["the ID kept in memory by this process (cache: process)"] : [], inFull: os.reportsInFull)
        }
        // The facade is passed down inout, never stored: a copy would share the world and make
        // every write copy it.
        var run = RecipeLaunch(shared: shared, placeholders: placeholders(os), inFull: os.reportsInFull, trace: trace)
        defer { trace = run.trace }
        if !shared.migrations.isEmpty { run.migrate(&os) }
        if let call = shared.launchCall { runLaunchCall(call, &run, &os) }
        // What the sources chose (what a later ID's `{ id: NAME }` reads), and the IDs as returned.
        var chosen = IDValues(count: count)
        var shapedIDs = IDValues(count: count)
        for index in 0..<count {
            // An ID this process already keeps in memory is not worked out again.
            if shared.cachedIDs[index], let cached = os.memory(shared.memoryKeys[index]) {
                run.trace?.entries.append(.fromMemory(id: shared.idNames[index], value: cached))
                chosen[index] = cached
                shapedIDs[index] = cached
                continue
            }
            let plan = shared.idPlans[index]
            let value = run.chooseID(plan, id: index, earlier: chosen, &os)
            guard !run.stopped else {
                return report(ids: IDValues(count: count), reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
            }
            var id = value
            if let found = value, !run.saveAll(plan, id: index, found, &os) { id = nil }
            chosen[index] = id
            if let value = id {
                let shaped = shape(value, index, run)
                if shared.cachedIDs[index] { os.setMemory(shaped, forKey: shared.memoryKeys[index]) }
                shapedIDs[index] = shaped
            }
        }
        return report(ids: shapedIDs, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
    }

    /// Every ID as this process keeps it in memory, if it keeps them all (nil: it misses one).
    private func memory(_ os: AppOS) -> IDValues? {
        var cached = IDValues(count: shared.idPlans.count)
        for (index, key) in shared.memoryKeys.enumerated() {
            guard let value = os.memory(key) else { return nil }
            cached[index] = value
        }
        return cached
    }

    /// An ID as returned: its `format`, then its `hash`.
    func shape(_ value: String, _ index: Int, _ run: RecipeLaunch) -> String {
        var shaped = shared.formats[index]?.apply(value) ?? value
        if let hash = shared.hashes[index] {
            let salt = hash.salt.map(run.fill)
            shaped = sha256Hex(salt.map { $0 + ":" + shaped } ?? shaped)
        }
        return shaped
    }

    /// The placeholders' values for this app, looked up as templates ask for them.
    func placeholders(_ os: AppOS) -> Placeholders {
        // Only the ones its texts use: each is a string fetched from the world.
        let placeholders = Placeholders(bundle: shared.usesBundle ? os.bundleID : "", team: shared.usesTeam ? os.teamID : "",
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
    func report(ids: IDValues, reads: StoreReads, platform: PlatformValues, notes: [String], inFull: Bool) -> LaunchReport {
        let shared = self.shared
        let primary = ids[shared.primary]
        // One allocation: the capacity first (an array literal, then reserved, made two).
        var values: [NamedValue] = []
        values.reserveCapacity(shared.storeNames.count + ids.count + shared.platformNames.count + 2)
        values.append(NamedValue("id", primary))
        if shared.severalIDs {
            for (index, name) in shared.idNames.enumerated() where name != "id" { values.append(NamedValue(name, ids[index])) }
        }
        for index in shared.storeNames.indices { values.append(NamedValue(shared.storeNames[index], reads[index]?.value)) }
        for name in shared.platformNames { values.append(NamedValue(name, platform.value(name))) }
        // The code's own result is what the library's function returns: the ID, or nothing.
        return LaunchReport(primaryID: primary, values: values, result: inFull ? .optional(primary) : .null, notes: notes)
    }
}
