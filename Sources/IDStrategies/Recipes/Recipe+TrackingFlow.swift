/// Which of a recipe's IDs can depend on tracking state (the IDFA, and through it the ATT answer
/// and the tracking switch): explore leaves tracking state out of its states when the ID it
/// follows cannot (`ExploreState.trackingBlind`), though another ID of the recipe reads the IDFA
/// (Meta's advertiser_id beside its anon_id).
///
/// The flow is followed the way a value, or a decision, can travel, and over-approximated where
/// it is unclear:
/// - an ID depends on tracking when one of its sources reads the IDFA, reads a store or another
///   ID that does, or is asked under a condition that does (a store it tests, a comparison with
///   the IDFA); and when it saves into a store that does, or under such a condition (whether it
///   wrote decides its `clear`, and under `whenWriteFails: stop` its value);
/// - a store does when an ID that depends on it saves into it or clears it, or reads it where the
///   read may write (`upgradeAccessible`); when a save into it or a call's action on it is made
///   under such a condition; when a migration touching it (`from`, `to`, `done`) touches one that
///   does;
/// - a call's `rerun`/`newId` under such a condition makes the ID depend on it;
/// - stores that may be one place are one: every keychain store (a query without an access group
///   or `generic` finds items of others), every file store (one path, several keys), every iCloud
///   and every pasteboard store; UserDefaults stores when their texts are equal or either has a
///   placeholder (which may fill in to the other's);
/// - once anything depends on tracking, every ID does when the recipe stops a launch
///   (`whenRefused: stop`, `whenWriteFails: stop`: a refused read or failed write on a path the
///   IDFA chose ends the launch for all), or when every ID is kept in the process (a launch that
///   finds them all there skips the migrations and the `launch` call).
/// Until nothing more is added.
extension Recipe {
    /// Whether the ID can depend on tracking state (nil: the primary ID). A name that is not an
    /// ID's (a value a launch reports beside them) counts as depending on it.
    package func idReadsTracking(_ name: String?) -> Bool {
        let followed = name.map { name in ids.firstIndex { $0.name == name } } ?? (ids.indices.contains(primary) ? primary : nil)
        guard let followed else { return true }
        return trackingDependents().ids.contains(ids[followed].name)
    }

    /// The IDs and stores that can depend on tracking state (see above).
    func trackingDependents() -> (ids: Set<String>, stores: Set<String>) {
        var dependentIDs: Set<String> = [], dependentStores: Set<String> = []
        let places = samePlace()
        let upgrading = Set(stores.filter { store in
            if case .keychain(let item) = store.kind { return item.upgradeAccessible }
            return false
        }.map(\.name))
        func condition(_ condition: RecipeCondition) -> Bool {
            condition.ifHeld.contains(where: dependentStores.contains) || condition.unlessHeld.contains(where: dependentStores.contains)
                || (condition.ifEqual + condition.unlessEqual).contains { comparison in
                    dependentStores.contains(comparison.store) || source(comparison.other)
                }
        }
        func source(_ source: RecipeSource) -> Bool {
            switch source.kind {
            case .idfa: return true
            case .store(let store): return dependentStores.contains(store)
            case .id(let id): return dependentIDs.contains(id)
            default: return false
            }
        }
        func markStore(_ store: String) -> Bool {
            var added = false
            for alias in places[store] ?? [store] where dependentStores.insert(alias).inserted { added = true }
            return added
        }
        var changed = true
        while changed {
            changed = false
            for id in ids where !dependentIDs.contains(id.name) {
                let reads = id.sources.contains { source($0) || condition($0.condition) }
                let saves = id.save.contains { dependentStores.contains($0.store) || condition($0.condition) }
                if reads || saves {
                    dependentIDs.insert(id.name)
                    changed = true
                }
            }
            for id in ids {
                let dependent = dependentIDs.contains(id.name)
                for save in id.save where dependent || condition(save.condition) { changed = markStore(save.store) || changed }
                guard dependent else { continue }
                for store in id.clear { changed = markStore(store) || changed }
                for store in id.sources.compactMap(\.storeName) where upgrading.contains(store) { changed = markStore(store) || changed }
            }
            for call in calls {
                for action in call.actions where condition(action.condition) {
                    switch action.kind {
                    case .clear(let store), .saveSupplied(let store): changed = markStore(store) || changed
                    case .newID(let id), .rerun(let id): changed = dependentIDs.insert(id).inserted || changed
                    }
                }
            }
            for migration in migrate {
                // (Its `when: { option }` reads no store: the app's options are fixed.)
                let touched = [migration.from, migration.to] + (migration.done.map { [$0] } ?? [])
                if touched.contains(where: dependentStores.contains) {
                    for store in touched { changed = markStore(store) || changed }
                }
            }
        }
        if !dependentIDs.isEmpty || !dependentStores.isEmpty {
            let everyIDCached = ids.allSatisfy { ($0.cache ?? cache) == .process }
            if whenRefused == .stop || whenWriteFails == .stop || everyIDCached { dependentIDs.formUnion(ids.map(\.name)) }
        }
        return (dependentIDs, dependentStores)
    }

    /// By store name: the stores that may be the same place (itself included).
    func samePlace() -> [String: [String]] {
        var out: [String: [String]] = [:]
        for store in stores {
            out[store.name] = stores.filter { other in
                switch (store.kind, other.kind) {
                case (.keychain, .keychain), (.file, .file), (.icloud, .icloud), (.pasteboard, .pasteboard):
                    return true
                case (.defaults, .defaults):
                    if other.name == store.name || other.templates.map(\.raw) == store.templates.map(\.raw) { return true }
                    return (other.templates + store.templates).contains { !$0.placeholders.isEmpty }
                default:
                    return false
                }
            }.map(\.name)
        }
        return out
    }
}
