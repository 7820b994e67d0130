import IDSim

/// The calls an app's code makes to its SDK (`calls:`): a scenario's `call:` steps, and the
/// reserved `launch`, run at every launch before the sources.
extension RecipeProgram {
    func declares(call name: String) -> Bool {
        name != RecipeCall.launch && shared.calls.contains { $0.name == name }
    }

    func call(_ name: String, value: String?, _ os: inout AppOS) -> LaunchReport {
        var untraced: RecipeTrace?
        return call(name, value: value, &os, trace: &untraced)
    }

    /// Does what the call does, and reports the IDs as the process then holds them: those it
    /// changed, and the others as its last launch (or call) left them.
    func call(_ name: String, value: String?, _ os: inout AppOS, trace: inout RecipeTrace?) -> LaunchReport {
        let shared = self.shared
        var ids = heldIDs(os.lastReport)
        var run = RecipeLaunch(shared: shared, placeholders: placeholders(os), inFull: os.reportsInFull, trace: trace)
        defer { trace = run.trace }
        if let call = shared.calls.first(where: { $0.name == name }) {
            run.perform(call, value: value, ids: &ids, program: self, &os)
        }
        return report(ids: ids, reads: run.reads, platform: run.platform, notes: run.notes, inFull: run.inFull)
    }

    /// The `launch` call: the code's start (Datadog's `RUM.enable`), made after the migrations and
    /// before the sources, at a launch whose code runs: not one the process's memory answers for
    /// every ID (`cache: process`), nor one that waits for the first unlock (both return before).
    func runLaunchCall(_ index: Int, _ run: inout RecipeLaunch, _ os: inout AppOS) {
        var ids = IDValues(count: shared.idPlans.count)
        run.perform(shared.calls[index], value: nil, ids: &ids, program: self, &os)
        run.stopped = false
    }

    /// Each ID's value as the process last reported it (nil: none, or another installation's).
    func heldIDs(_ last: LaunchReport?) -> IDValues {
        var ids = IDValues(count: shared.idPlans.count)
        guard let last else { return ids }
        for (index, name) in shared.idNames.enumerated() {
            if shared.severalIDs && name != "id" {
                ids[index] = last.value(name)
            } else if index == shared.primary {
                ids[index] = last.primaryID
            }
        }
        return ids
    }
}

extension RecipeLaunch {
    /// Each action of a call whose condition holds, in order. `ids`: each ID's value as the
    /// process holds it, changed by `newId` and `rerun`. A refused read under `whenRefused: stop`
    /// ends the call there, the IDs as they were.
    mutating func perform(_ call: RecipePlan.CallPlan, value: String?, ids: inout IDValues, program: RecipeProgram,
                          _ os: inout AppOS) {
        let shared = self.shared
        for action in call.actions {
            if let condition = action.condition {
                guard holds(shared.conditions[condition], &os) else { continue }
                stopped = false   // a refused read in a condition stops no call: the action is not done
            }
            switch action.kind {
            case .nothing:
                continue
            case .clear(let store):
                delete(store, &os)
                reads[store] = .missing
                note("\(call.name): cleared \(shared.storeNames[store])")
            case .saveSupplied(let store):
                guard let value else {
                    note("\(call.name) was passed no value: nothing saved to \(shared.storeNames[store])")
                    continue
                }
                if write(store, value, before: reads[store], &os) { reads[store] = .value(value) }
            case .newID(let id, let first):
                workOut(id, from: first, call: call.name, ids: &ids, program: program, &os)
            case .rerun(let id):
                workOut(id, from: 0, call: call.name, ids: &ids, program: program, &os)
            }
            if stopped { return }
        }
    }

    /// One ID worked out again from its sources (from `first` on), saved as its `save:` says,
    /// and kept by the process as its value.
    private mutating func workOut(_ id: Int, from first: Int, call: String, ids: inout IDValues, program: RecipeProgram, _ os: inout AppOS) {
        let shared = self.shared
        let plan = shared.idPlans[id]
        let found = chooseID(plan, id: id, earlier: ids, from: first, &os)
        guard !stopped else {
            note("\(call): a refused read stops the call; the IDs stay as they were (whenRefused: stop)")
            return
        }
        var value = found
        if let made = found, !saveAll(plan, id: id, made, &os) { value = nil }
        if stopped { return }
        let shaped = value.map { program.shape($0, id, self) }
        ids[id] = shaped
        // The stores the saves (and clears) may have written are read afresh by what comes after.
        for store in plan.saves.compactMap(\.store) { reads[store] = nil }
        for store in plan.clear { reads[store] = nil }
        if shared.cachedIDs[id] { os.setMemory(shaped, forKey: shared.memoryKeys[id]) }
    }
}
