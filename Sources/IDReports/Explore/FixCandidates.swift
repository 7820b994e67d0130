import IDScenario
import IDSim
import IDStrategies

/// One change to a recipe that a fix search tries: what it says, the keys it changes (a saved fix
/// names them), and the change itself, which composes with another into a pair.
struct FixCandidate: Sendable {
    /// `kc: accessible afterFirstUnlockThisDeviceOnly (was afterFirstUnlock)`.
    var change: String
    /// Each key it changes, as `store.key` or a recipe-wide key: two changes to one key do not pair.
    var keys: [String]
    /// Whether it bears on the break's cause (a store, condition or policy the why names): those
    /// are tried first.
    var focused: Bool
    let apply: @Sendable (Recipe) -> Recipe

    /// Both changes at once.
    func pairing(_ other: FixCandidate) -> FixCandidate {
        FixCandidate(change: change + " and " + other.change, keys: keys + other.keys, focused: focused || other.focused,
                     apply: { [apply, other] in other.apply(apply($0)) })
    }
}

/// The changes a fix search tries for one ID of a recipe: every recipe-level choice that bears on
/// what that ID reads and writes (its stores' classes, sync, backup; its sources' conditions and
/// order; its saves; the recipe-wide policies), the ones the why names first.
enum FixCandidates {
    /// The recipe with the file stores named in `entries` (the entries of one file, or one plain
    /// file) changed in their backup or protection class, which such entries share.
    static func changingFiles(_ entries: [String], of recipe: Recipe, _ change: (inout Bool, inout FileProtection) -> Void) -> Recipe {
        var copy = recipe
        for (position, store) in copy.stores.enumerated() where entries.contains(store.name) {
            guard case .file(let path, var backup, let group, let key, var protection) = store.kind else { continue }
            change(&backup, &protection)
            copy.stores[position] = RecipeStore(name: store.name, kind: .file(path: path, backup: backup, group: group, key: key, protection: protection))
        }
        return copy
    }

    /// The single changes, focused ones first, each kept in the recipe's order otherwise.
    /// - Parameter focus: the names the why rests on (stores, and the policy keys in its code).
    static func singles(of recipe: Recipe, id name: String, focus: Set<String>) -> [FixCandidate] {
        guard let index = recipe.ids.firstIndex(where: { $0.name == name }) else { return [] }
        let id = recipe.ids[index]
        var out: [FixCandidate] = []
        func add(_ change: String, _ keys: [String], about store: String?, _ apply: @escaping @Sendable (Recipe) -> Recipe) {
            let focused = store.map(focus.contains) ?? false || keys.contains(where: focus.contains)
            out.append(FixCandidate(change: change, keys: keys, focused: focused, apply: apply))
        }
        // The stores this ID reads, writes, clears or tests, in the recipe's order.
        var touched = Set(id.sources.compactMap(\.storeName) + id.save.map(\.store) + id.clear)
        for source in id.sources { touched.formUnion(source.condition.ifHeld + source.condition.unlessHeld) }
        for migration in recipe.migrate where touched.contains(migration.to) || touched.contains(migration.from) {
            touched.formUnion([migration.from, migration.to])
        }
        for (position, store) in recipe.stores.enumerated() where touched.contains(store.name) {
            switch store.kind {
            case .keychain(let item):
                let current = item.accessible ?? .whenUnlocked
                for other in classVariants(of: current) where !(item.synchronizable && other.isThisDeviceOnly) {   // KC-18
                    add("\(store.name): accessible \(other.rawValue) (was \(current.rawValue))", ["\(store.name).accessible"], about: store.name) {
                        var copy = $0
                        copy.stores[position] = Self.keychain(store.name, item, accessible: other)
                        return copy
                    }
                }
                if !item.synchronizable && !current.isThisDeviceOnly && item.accessControl == nil {
                    // Syncing an item is only half a change: the read must match synced items too
                    // (a query that names no sync attribute finds only items that don't sync).
                    let query = item.querySynchronizable == .no ? " with querySynchronizable any" : ""
                    add("\(store.name): synchronizable true\(query)", ["\(store.name).synchronizable", "\(store.name).querySynchronizable"],
                        about: store.name) {
                        var copy = $0, changed = item
                        changed.synchronizable = true
                        if changed.querySynchronizable == .no { changed.querySynchronizable = .any }
                        copy.stores[position] = RecipeStore(name: store.name, kind: .keychain(changed))
                        return copy
                    }
                } else if item.synchronizable {
                    add("\(store.name): synchronizable false", ["\(store.name).synchronizable"], about: store.name) {
                        var copy = $0, changed = item
                        changed.synchronizable = false
                        copy.stores[position] = RecipeStore(name: store.name, kind: .keychain(changed))
                        return copy
                    }
                }
            case .file(let path, let backup, let group, let key, let protection):
                // A keyed file is backed up whole: every entry of it changes together, offered once.
                let entries = recipe.stores.filter { other in
                    guard case .file(let otherPath, _, let otherGroup, let otherKey, _) = other.kind else { return false }
                    return otherPath.raw == path.raw && otherGroup?.raw == group?.raw && (otherKey == nil) == (key == nil)
                        && (key != nil || other.name == store.name)
                }.map(\.name)
                guard entries.first == store.name else { break }
                // Its protection class, and so whether the file opens while the device is locked
                // (CT-42): offered only for the classes that close it then.
                if protection == .complete || protection == .completeUnlessOpen {
                    let other = FileProtection.completeUntilFirstUserAuthentication
                    add("\(entries.joined(separator: ", ")): protection \(other.rawValue) (was \(protection.rawValue))",
                        entries.map { "\($0).protection" }, about: store.name) {
                        Self.changingFiles(entries, of: $0) { _, protection in protection = other }
                    }
                }
                add("\(entries.joined(separator: ", ")): backup \(!backup)", entries.map { "\($0).backup" }, about: store.name) {
                    Self.changingFiles(entries, of: $0) { backup, _ in backup.toggle() }
                }
            default:
                break
            }
        }
        // The ID's sources: a condition dropped, a store read one place earlier.
        for (position, source) in id.sources.enumerated() {
            if !source.condition.isEmpty {
                let words = (source.condition.ifHeld.map { "if: \($0)" } + source.condition.unlessHeld.map { "unless: \($0)" }
                             + (source.condition.option.map { ["when: { option: \($0.name) }"] } ?? [])).joined(separator: ", ")
                let names = source.condition.ifHeld + source.condition.unlessHeld
                add("\(source.name): read it whatever the condition (drop \(words))", ["\(name).source\(position).condition"],
                    about: names.first { focus.contains($0) } ?? source.storeName) {
                    var copy = $0
                    copy.ids[index].sources[position].condition = RecipeCondition()
                    return copy
                }
            }
            if position > 0, let store = source.storeName {
                let before = id.sources[position - 1].name
                add("read \(store) before \(before)", ["\(name).order"], about: store) {
                    var copy = $0
                    copy.ids[index].sources.swapAt(position - 1, position)
                    return copy
                }
            }
        }
        // Its saves: a copy rewritten whenever it differs, not only when missing.
        for (position, save) in id.save.enumerated() where save.when == .missing || save.when == .missingOrRefused {
            add("save \(save.store) when it differs (was when: \(save.when.rawValue))", ["\(name).save\(position).when"], about: save.store) {
                var copy = $0
                copy.ids[index].save[position].when = .different
                return copy
            }
        }
        // The recipe-wide policies, each to its other value.
        func toggle<Value: RawRepresentable & Equatable & Sendable>(_ key: String, _ path: WritableKeyPath<Recipe, Value> & Sendable,
                                                                    _ one: Value, _ other: Value) where Value.RawValue == String {
            let current = recipe[keyPath: path]
            let changed = current == one ? other : one
            add("\(key): \(changed.rawValue) (was \(current.rawValue))", [key], about: nil) {
                var copy = $0
                copy[keyPath: path] = changed
                return copy
            }
        }
        toggle("whenRefused", \.whenRefused, Recipe.WhenRefused.next, .stop)
        toggle("whenWriteFails", \.whenWriteFails, Recipe.WhenWriteFails.ignore, .stop)
        toggle("beforeFirstUnlock", \.beforeFirstUnlock, Recipe.BeforeFirstUnlock.run, .wait)
        toggle("cache", \.cache, Recipe.Cache.none, .process)
        // Focused first; the sort is stable, so the recipe's order stays within each group.
        return out.enumerated().sorted { ($0.element.focused ? 0 : 1, $0.offset) < ($1.element.focused ? 0 : 1, $1.offset) }.map(\.element)
    }

    /// Pairs of the first `limit` singles that change different keys, in order.
    static func pairs(of singles: [FixCandidate], limit: Int) -> [FixCandidate] {
        let first = Array(singles.prefix(limit))
        var out: [FixCandidate] = []
        for i in first.indices {
            for j in first.indices where j > i && Set(first[i].keys).isDisjoint(with: first[j].keys) {
                out.append(first[i].pairing(first[j]))
            }
        }
        return out
    }

    static func keychain(_ name: String, _ item: KeychainStore, accessible: Accessibility) -> RecipeStore {
        var changed = item
        changed.accessible = accessible
        return RecipeStore(name: name, kind: .keychain(changed))
    }

    /// The other classes worth trying: the same with and without ThisDeviceOnly, and the
    /// AfterFirstUnlock counterpart of a WhenUnlocked class (what a locked launch can read).
    static func classVariants(of current: Accessibility) -> [Accessibility] {
        let pairs: [(Accessibility, Accessibility)] = [(.whenUnlocked, .whenUnlockedThisDeviceOnly), (.afterFirstUnlock, .afterFirstUnlockThisDeviceOnly)]
        var out: [Accessibility] = []
        for (shared, bound) in pairs {
            if current == shared { out.append(bound) }
            if current == bound { out.append(shared) }
        }
        switch current {
        case .whenUnlocked: out.append(.afterFirstUnlock)
        case .whenUnlockedThisDeviceOnly: out.append(.afterFirstUnlockThisDeviceOnly)
        default: break
        }
        return out
    }
}
