import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// The why of a break read from the recipe's traced launches: the compared launch's trace says
/// where the ID lived (the store it came from, the stores it was written to, the writes that
/// failed), the decisive launch's trace says what became of each of those (passed over by a
/// condition, empty, refused, holding another value), and the replay's changes say which step
/// and rule made it so.
struct TracedCause {
    let replay: BreakReplay
    let traced: [TracedReplay.StepResult]
    let recipe: Recipe
    /// The followed ID's name in the recipe.
    let id: String
    /// Each store's place, its placeholders filled for the followed app.
    let places: [String: StoreDescription]

    init?(replay: BreakReplay, traced: [TracedReplay.StepResult]) {
        guard let recipe = replay.recipe else { return nil }
        self.replay = replay
        self.traced = traced
        self.recipe = recipe
        let followed = replay.target.strategy.matrixValue
        if let followed {
            guard recipe.ids.contains(where: { $0.name == followed }) else { return nil }   // a store's or a platform value: no ID to trace
            id = followed
        } else {
            id = recipe.ids[recipe.primary].name
        }
        var places: [String: StoreDescription] = [:]
        for place in recipe.storeDescriptions(for: replay.target.base.apps[replay.app]) {
            if let label = place.label, places[label] == nil { places[label] = place }
        }
        self.places = places
    }

    var decisive: RecipeTrace? { traced[replay.decisiveIndex].trace }

    // MARK: - The answer

    /// What the path shows, collected as the reasoning goes.
    struct Findings {
        var causes: [Int] = []
        var rules: [RuleID] = []
        var stores: [String] = []
        var code: [String] = []
        var byApp = false

        mutating func cause(_ index: Int?) { if let index, !causes.contains(index) { causes.append(index) } }
        mutating func rule(_ rule: RuleID?) { if let rule, !rules.contains(rule) { rules.append(rule) } }
        mutating func store(_ text: String) { if !stores.contains(text) { stores.append(text) } }
        mutating func code(_ text: String) { if !code.contains(text) { code.append(text) } }
    }

    func explanation() -> BreakExplanation? {
        guard let decisive else { return nil }
        var findings = Findings()
        let text: String?
        if let stop = decisive.stop {
            text = stopped(stop, &findings)
        } else {
            switch replay.property {
            case .stable, .follows: text = changed(decisive, &findings)
            case .unique: text = copied(decisive, &findings)
            case .available: text = noValue(decisive, &findings)
            }
        }
        guard let text else { return nil }
        return BreakExplanation(decisiveStep: replay.found.count, causeSteps: replay.causeNumbers(findings.causes), rules: findings.rules,
                                stores: findings.stores, code: findings.code, byApp: findings.byApp,
                                sentence: BreakExplanation.capitalized(text) + ".")
    }

    // MARK: - stable and follows: the ID the app had is not the one it read

    func changed(_ decisive: RecipeTrace, _ f: inout Findings) -> String? {
        guard let compared = replay.reference, let (reference, referenceTrace, had) = madeAt(compared) else { return nil }
        let d = replay.decisiveDevice
        let launch = "the launch on \(replay.deviceName(d))"
        // Where the ID lived after the compared launch: the store it came from, those it was written to.
        var kept: [String] = []
        if recipe.stores.contains(where: { $0.name == had.name }) { kept.append(had.name) }
        for entry in referenceTrace.entries {
            if case .wrote(let written?, _, let store, _, let value, .ok) = entry, written == id, value == had.value, !kept.contains(store) {
                kept.append(store)
            }
        }
        var madeWords = "; so it " + (decisive.chosen(id).map(takeWords) ?? "got no ID")
        // It took the IDFV again, as the launch it had the ID from did: the IDFV is what changed.
        if let taken = decisive.chosen(id), taken.name == "idfv", had.name == "idfv", taken.value != had.value {
            let changes = idfvChanges(on: replay.decisiveDevice, after: reference)
            if !changes.isEmpty {
                var said: [String] = []
                for (index, change) in changes {
                    f.cause(index)
                    f.rule(change.rule)
                    said.append("\(replay.words(index)) " + (change.to == nil ? "erased it" : "gave a new one")
                                + (change.rule.map { " (\($0.rawValue))" } ?? ""))
                }
                madeWords += ", which had changed since: " + said.joined(separator: ", ")
            }
        }
        guard !kept.isEmpty else {
            return neverKept(had, at: reference, referenceTrace, launch: launch, made: madeWords, &f)
        }
        // Each store that kept the ID, as the launch met it, in the recipe's order: the first says
        // the most, the others what was different about them; then what the launch took instead.
        var clauses: [String] = []
        // Stores a condition passed over that no longer held the ID: the condition is not why
        // (CleverTap's login-only read of its ID, skipped at a launch after the ID was deleted).
        // Said as what became of the store, unless a later read of it says so.
        var hidden: [(name: String, source: Int, found: RecipeTrace.Found)] = []
        func sayHidden() {
            for store in hidden {
                let subject = clauses.isEmpty ? launch : "it"
                if case .value(let value) = store.found {
                    clauses.append(overwritten(store.name, source: store.source, value: value, had: had.value, from: reference,
                                               launch: subject, &f))
                } else {
                    f.store(storeWords(store.name))
                    clauses.append("\(subject) found nothing in \(storeWords(store.name)): it "
                                   + emptyWords(store.name, store.found, on: replay.decisiveDevice, &f))
                }
            }
            hidden = []
        }
        walk: for entry in decisive.entries {
            switch entry {
            case .skipped(self.id, let source, let name, let because, let peek) where kept.contains(name) || peek?.value == had.value:
                if let peek, peek.value != had.value {
                    if !hidden.contains(where: { $0.name == name }) { hidden.append((name, source, peek)) }
                    continue
                }
                if let clause = passedOver(name, source: source, because: because, peek: peek, had: had.value, launch: launch, &f) {
                    clauses.append(clause)
                }
            case .empty(self.id, _, let name) where kept.contains(name):
                hidden.removeAll { $0.name == name }
                if let clause = emptied(name, had: had.value, from: reference, launch: clauses.isEmpty ? launch : nil, &f) { clauses.append(clause) }
            case .rejected(self.id, let source, let name, let value) where kept.contains(name):
                hidden.removeAll { $0.name == name }
                f.byApp = true
                f.code(sourceWords(name, source: source))
                f.store(storeWords(name))
                clauses.append((clauses.isEmpty ? launch : "it") + " read \(storeWords(name)) but its check refused the value \(short(value))")
            case .chosen(self.id, let source, let name, let value) where kept.contains(name):
                hidden.removeAll { $0.name == name }
                return (clauses + [overwritten(name, source: source, value: value, had: had.value, from: reference,
                                               launch: clauses.isEmpty ? launch : "then it", &f)]).joined(separator: "; ")
            case .chosen(self.id, let source, let name, _):
                sayHidden()
                if clauses.isEmpty {
                    // A source the recipe reads before the stores that kept the ID gave a value first.
                    f.byApp = true
                    f.code(sourceWords(name, source: source))
                    let later = kept.map(storeWords).joined(separator: ", ")
                    return "the recipe reads \(name) before \(later), and \(launch) took its ID from \(sourceWords(name, source: source)), "
                        + "which gave a value this time" + (recipe.stores.contains { $0.name == name } ? "" : ", not the ID it had kept")
                }
                break walk
            default:
                continue
            }
        }
        sayHidden()
        return clauses.isEmpty ? nil : clauses.joined(separator: "; ") + madeWords
    }

    /// The steps after `reference` and before the decisive one that changed the IDFV the app reads
    /// on the device (its vendor's, at either launch: another team's IDFV is not the app's), in
    /// order, each with its change.
    func idfvChanges(on d: DeviceIndex, after reference: Int) -> [(Int, Change)] {
        let vendors = Set([reference, replay.decisiveIndex].compactMap { replay.results[$0].world.devices[d].apps.vendorKey(of: replay.app) })
        var found: [(Int, Change)] = []
        for index in (reference + 1)..<replay.decisiveIndex {
            for change in replay.results[index].changes {
                if case .idfv(let device, let vendor) = change.subject, device == d, vendors.contains(vendor) { found.append((index, change)) }
            }
        }
        return found
    }

    /// The launch (or call) on the compared one's device, at or before it, whose trace chose the ID:
    /// the compared step may be a call that changed no ID (`clearAllData`), whose report is the ID
    /// its process held since.
    func madeAt(_ compared: Int) -> (Int, RecipeTrace, (source: Int, name: String, value: String))? {
        let d = replay.steps[compared].device
        for index in stride(from: compared, through: 0, by: -1) where replay.steps[index].device == d {
            if let trace = traced[index].trace, let had = trace.chosen(id) { return (index, trace, had) }
        }
        return nil
    }

    /// The ID was never kept: the compared launch made it and its writes failed, or the recipe
    /// keeps it nowhere and reads a platform value that changed.
    func neverKept(_ had: (source: Int, name: String, value: String), at reference: Int, _ trace: RecipeTrace, launch: String, made: String,
                   _ f: inout Findings) -> String? {
        let failed = trace.entries.compactMap { entry -> (store: String, result: RecipeTrace.Written)? in
            if case .wrote(let written?, _, let store, _, let value, let result) = entry, written == id, value == had.value, result != .ok {
                return (store, result)
            }
            return nil
        }
        if let first = failed.first {
            f.cause(reference)
            f.store(storeWords(first.store))
            let why = writeFailure(first.store, first.result, on: replay.steps[reference].device, before: reference, &f)
            var text = "the app never kept the ID it made at \(replay.words(reference)): its write of \(storeWords(first.store)) \(why)"
            if let read = decisive?.read(first.store) {
                text += "; \(launch) " + readWords(first.store, read.found, on: replay.decisiveDevice, before: replay.decisiveIndex, &f)
            }
            return text + made
        }
        // A platform value read at each launch and kept nowhere: what changed it.
        guard recipe.stores.first(where: { $0.name == had.name }) == nil else { return nil }
        f.byApp = recipe.ids.first { $0.name == id }?.save.isEmpty ?? false
        f.code(sourceWords(had.name, source: had.source))
        // The latest step that changed it (its first change there).
        let changes = had.name == "idfv" ? idfvChanges(on: replay.decisiveDevice, after: reference) : []
        if let latest = changes.last?.0, let (index, change) = changes.first(where: { $0.0 == latest }) {
            f.cause(index)
            f.rule(change.rule)
            f.store("the IDFV")
            return "the recipe keeps no copy of its ID and reads the IDFV at each launch; \(replay.words(index)) "
                + (change.to == nil ? "erased the IDFV" : "changed the IDFV") + (change.rule.map { " (\($0.rawValue))" } ?? "")
                + ", so \(launch) read another"
        }
        return "the recipe keeps no copy of its ID: \(launch) asked \(sourceWords(had.name, source: had.source)) again, and it gave another value"
    }

    /// A source that held the ID, passed over by its condition.
    func passedOver(_ name: String, source: Int, because: RecipeTrace.Skip, peek: RecipeTrace.Found?, had: String, launch: String,
                    _ f: inout Findings) -> String? {
        f.byApp = true
        f.store(storeWords(name))
        let condition = recipe.origin.place(.source(id: id, index: source)).map { ", \($0)" } ?? ""
        let still = peek?.value == had ? ", which still held the ID" : ""
        switch because {
        case .ifHeld(let store, let found):
            f.code("if: \(store)\(condition)")
            f.store(storeWords(store))
            let gone = emptyWords(store, found, on: replay.decisiveDevice, &f)
            return "the app's own condition: the recipe reads \(name) only if \(store) holds a value (if: \(store)\(condition)), and at "
                + "\(launch) \(storeWords(store)) \(gone). It passed over \(storeWords(name))\(still)"
        case .unlessHeld(let store, let value):
            f.code("unless: \(store)\(condition)")
            f.store(storeWords(store))
            return "the app's own condition: the recipe reads \(name) only while \(store) holds nothing (unless: \(store)\(condition)), "
                + "and at \(launch) \(store) held \(short(value)). It passed over \(storeWords(name))\(still)"
        case .option(let option):
            f.code("when: { option: \(option) }\(condition)")
            return "the app's own condition: the recipe reads \(name) only when the option \(option) holds\(condition), and it did not. "
                + "\(BreakExplanation.capitalized(launch)) passed over \(storeWords(name))\(still)"
        case .noNetwork, .namesNothing:
            return nil
        }
    }

    /// A store that held the ID and had nothing at the decisive launch: its read refused, deleted
    /// since, unreadable before the first unlock, or never carried to this device by the copy.
    /// - Parameter launch: the clause's subject ("the launch on phone"); nil for a store after the
    ///   first, said as "it found nothing in … either".
    func emptied(_ name: String, had: String, from reference: Int, launch: String?, _ f: inout Findings) -> String? {
        let d = replay.decisiveDevice
        f.store(storeWords(name))
        guard let read = decisive?.read(name) else { return nil }
        let subject = launch ?? "it"
        let either = launch == nil ? " either" : ""
        // Never carried by the copy that made this device a copy of another (checked first: what
        // the copy did not bring, nothing after it deleted).
        if replay.property == .follows, let copy = copyStep(onto: d, after: reference),
           !replay.results[copy].changes.contains(where: { subjectMatches($0, name, d) && StoreSubjects.holds($0, had) }) {
            f.cause(copy)
            return notCarried(name, by: copy, launch: subject, &f)
        }
        if read.found == .missing {
            return "\(subject) found nothing in \(storeWords(name))\(either): it " + emptyWords(name, read.found, on: d, &f)
        }
        return "\(subject) " + readWords(name, read.found, on: d, before: replay.decisiveIndex, &f) + either
    }

    /// What the launch took instead, in words: "made a new ID from uuid (acme.yaml:9)".
    func takeWords(_ chosen: (source: Int, name: String, value: String)) -> String {
        let line = recipe.origin.place(.source(id: id, index: chosen.source)).map { " (\($0))" } ?? ""
        if recipe.stores.contains(where: { $0.name == chosen.name }) { return "took the value in \(storeWords(chosen.name))" }
        switch chosen.name {
        case "idfv": return "took the IDFV\(line)"
        case "idfa": return "took the IDFA\(line)"
        case "uuid", "uuid7", "fid": return "made a new ID from \(chosen.name)\(line)"
        case "server": return "got a new ID from the server\(line)"
        case "apnsToken": return "took the APNs token\(line)"
        case "appleUserID": return "took the Sign in with Apple user identifier\(line)"
        default: return "took \(chosen.name)'s value\(line)"
        }
    }

    /// A store that held another value than the ID at the decisive launch: who wrote it.
    func overwritten(_ name: String, source: Int, value: String, had: String, from reference: Int, launch: String, _ f: inout Findings) -> String {
        let d = replay.decisiveDevice
        f.store(storeWords(name))
        f.code(sourceWords(name, source: source))
        if let (index, change) = lastChange(to: name, on: d, after: reference, where: { StoreSubjects.holds($0, value) }) {
            f.cause(index)
            f.rule(change.rule)
            return "\(launch) read another value, \(short(value)), in \(storeWords(name)): \(replay.words(index)) wrote it"
                + (change.rule.map { " (\($0.rawValue))" } ?? "")
        }
        return "\(launch) read another value, \(short(value)), in \(storeWords(name))"
    }

    // MARK: - unique: the ID another device holds

    func copied(_ decisive: RecipeTrace, _ f: inout Findings) -> String? {
        guard let made = decisive.chosen(id) else { return nil }
        let d = replay.decisiveDevice
        let device = replay.deviceName(d)
        let other = replay.reference.map { replay.deviceName(replay.steps[$0].device) } ?? "another device"
        let both = "; the launch on \(device) read it, so \(device) and \(other) hold the same ID"
        guard recipe.stores.contains(where: { $0.name == made.name }) else { return nil }
        f.store(storeWords(made.name))
        f.code(sourceWords(made.name, source: made.source))
        var text = ""
        let kind = recipe.stores.first { $0.name == made.name }!.kind
        switch kind {
        case .keychain(let item) where item.synchronizable:
            f.byApp = true
            let line = recipe.origin.place(.store(made.name)).map { ", \($0)" } ?? ""
            text = "the recipe makes \(made.name) synchronizable (synchronizable: true\(line)), so iCloud Keychain gives it to every device of the Apple ID; "
        case .icloud:
            f.byApp = true
            let line = recipe.origin.place(.store(made.name)).map { " (\($0))" } ?? ""
            text = "the recipe keeps the ID in the iCloud key-value store\(line), which every device of the Apple ID reads; "
            f.rule(.kvs38)
        default:
            break
        }
        if let (index, change) = lastChange(to: made.name, on: d, after: -1, where: { StoreSubjects.holds($0, made.value) }) {
            f.cause(index)
            f.rule(change.rule)
            return text + "\(replay.words(index)) brought \(storeWords(made.name)) with the ID to \(device)"
                + (change.rule.map { " (\($0.rawValue))" } ?? "") + both
        }
        return text + "\(storeWords(made.name)) held the ID on \(device)" + both
    }

    // MARK: - available, and launches the recipe stopped

    func noValue(_ decisive: RecipeTrace, _ f: inout Findings) -> String? {
        guard decisive.chosen(id) == nil else { return nil }
        let d = replay.decisiveDevice
        var reasons: [String] = []
        for entry in decisive.entries {
            switch entry {
            case .skipped(self.id, let source, let name, let because, _):
                switch because {
                case .ifHeld(let store, _): reasons.append("\(name) was passed over (if: \(store))"); f.byApp = true; f.code(sourceWords(name, source: source))
                case .unlessHeld(let store, _): reasons.append("\(name) was passed over (unless: \(store))"); f.byApp = true; f.code(sourceWords(name, source: source))
                case .option(let option): reasons.append("\(name) was passed over (option \(option))"); f.byApp = true
                case .noNetwork: reasons.append("\(name) assigns only online, and this launch had no network")
                case .namesNothing: continue
                }
            case .empty(self.id, _, let name):
                if let read = decisive.read(name) {
                    f.store(storeWords(name))
                    reasons.append(readWords(name, read.found, on: d, before: replay.decisiveIndex, &f))
                } else {
                    reasons.append("\(name) gave nothing" + (name == "idfv" ? " (the IDFV is nil before the first unlock)" : ""))
                    if name == "idfv" { f.rule(.idfv3) }
                }
            default:
                continue
            }
        }
        guard !reasons.isEmpty else { return nil }
        return "no source gave the launch on \(replay.deviceName(d)) an ID: " + reasons.joined(separator: "; ")
    }

    func stopped(_ stop: RecipeTrace.Entry, _ f: inout Findings) -> String? {
        let d = replay.decisiveDevice
        let launch = "the launch on \(replay.deviceName(d))"
        f.byApp = true
        switch stop {
        case .waited:
            let line = recipe.origin.place(.key("beforeFirstUnlock")).map { ", \($0)" } ?? ""
            f.code("beforeFirstUnlock: wait\(line)")
            return "the recipe waits for the first unlock (beforeFirstUnlock: wait\(line)), and \(launch) came before it, so it returned no ID"
        case .stoppedByRefusedRead(let store, let status):
            let line = recipe.origin.place(.key("whenRefused")).map { ", \($0)" } ?? ""
            f.code("whenRefused: stop\(line)")
            f.store(storeWords(store))
            let read = readWords(store, .refused(status), on: d, before: replay.decisiveIndex, &f)
            return "the recipe gives no ID when a read is refused (whenRefused: stop\(line)), and at \(launch) it \(read)"
        case .stoppedByFailedWrite(let store):
            let line = recipe.origin.place(.key("whenWriteFails")).map { ", \($0)" } ?? ""
            f.code("whenWriteFails: stop\(line)")
            f.store(storeWords(store))
            let result = decisive?.writes(to: store).last?.result ?? .unavailable("it failed")
            let why = writeFailure(store, result, on: d, before: replay.decisiveIndex, &f)
            return "the recipe gives no ID when a write fails (whenWriteFails: stop\(line)), and at \(launch) its write of \(storeWords(store)) \(why)"
        default:
            return nil
        }
    }

    // MARK: - What iOS did to a store

    /// Why a store held nothing at the decisive launch, in words after its name: deleted by a
    /// step (with its rule), unreadable before the first unlock (CT-25), its read refused, or
    /// never written on this device.
    func emptyWords(_ store: String, _ found: RecipeTrace.Found, on d: DeviceIndex, _ f: inout Findings) -> String {
        let index = replay.decisiveIndex
        if case .refused(let status) = found {
            return "could not be read: the read was refused with \(status)" + lockReason(store, status, on: d, before: index, &f)
        }
        if let (step, change) = lastChange(to: store, on: d, after: -1, where: { StoreSubjects.removes($0, nil) }),
           !replay.results[(step + 1)..<index].contains(where: { $0.changes.contains { subjectMatches($0, store, d) && !StoreSubjects.removes($0, nil) } }) {
            f.cause(step)
            f.rule(change.rule)
            if case .call(_, let name, _) = replay.steps[step].event {
                // The app's own code deleted it: the call's action, before any iOS rule.
                f.byApp = true
                let place = recipe.origin.place(.call(name)).map { " (\($0))" } ?? ""
                f.code("calls: \(name)\(place)")
                return "had been deleted by the app's own call: \(replay.words(step)) clears it (calls: \(name)\(place))"
            }
            return "had been deleted: \(replay.words(step)) \(removalWords(store, change))"
        }
        if let kind = recipe.stores.first(where: { $0.name == store })?.kind, let protection = Self.lockedClass(kind),
           replay.results[index].world.devices[d].afterFirstUnlockAvailable, !replay.results[index].world.devices[d].protectedDataAvailable {
            f.rule(.ct42)
            let locked = lastLockChange(on: d, before: index)
            if let locked { f.cause(locked.index); f.rule(locked.rule) }
            return "could not be read: its protection class (\(protection.rawValue)) keeps the file closed while the device is locked"
                + (locked.map { ", and \(replay.words($0.index)) locked it" } ?? "") + " (CT-42)"
        }
        if let kind = recipe.stores.first(where: { $0.name == store })?.kind, Self.inContainer(kind),
           !replay.results[index].world.devices[d].afterFirstUnlockAvailable {
            f.rule(.ct25)
            if let lock = lastLockChange(on: d, before: index) {
                f.cause(lock.index)
                f.rule(lock.rule)
                return "could not be read: a container cannot be read before the first unlock, and \(replay.words(lock.index)) locked the device (CT-25)"
            }
            return "could not be read: a container cannot be read before the first unlock (CT-25)"
        }
        return "had never been written on \(replay.deviceName(d))"
    }

    /// Stores kept in a container (the app's or an App Group's), which the device cannot read
    /// before its first unlock.
    static func inContainer(_ kind: RecipeStore.Kind) -> Bool {
        switch kind {
        case .defaults, .file: true
        default: false
        }
    }

    /// A file store's class when it closes the file whenever the device locks (CT-42).
    static func lockedClass(_ kind: RecipeStore.Kind) -> FileProtection? {
        guard case .file(_, _, _, _, let protection) = kind, protection == .complete || protection == .completeUnlessOpen else { return nil }
        return protection
    }

    func subjectMatches(_ change: Change, _ store: String, _ d: DeviceIndex) -> Bool {
        guard let place = places[store] else { return false }
        return StoreSubjects(place: place, app: replay.app).matches(change.subject, device: d, in: replay.results[replay.decisiveIndex].world)
    }

    /// A read's outcome in words, with the step and rule that made a refused or empty read so.
    func readWords(_ store: String, _ found: RecipeTrace.Found, on d: DeviceIndex, before index: Int, _ f: inout Findings) -> String {
        switch found {
        case .value(let value): return "read \(storeWords(store)): \(short(value))"
        case .missing: return "found nothing in \(storeWords(store))"
        case .refused(let status):
            return "could not read \(storeWords(store)): the read was refused with \(status)" + lockReason(store, status, on: d, before: index, &f)
        }
    }

    /// A failed write in words: "was refused with errSecInteractionNotAllowed (-25308): …".
    func writeFailure(_ store: String, _ result: RecipeTrace.Written, on d: DeviceIndex, before index: Int, _ f: inout Findings) -> String {
        switch result {
        case .ok: return "succeeded"
        case .refused(let status): return "was refused with \(status)" + lockReason(store, status, on: d, before: index, &f)
        case .unavailable(let why):
            let afterFirstUnlock = replay.results[index].world.devices[d].afterFirstUnlockAvailable
            let byClass = afterFirstUnlock && recipe.stores.first(where: { $0.name == store }).flatMap { Self.lockedClass($0.kind) } != nil
            f.rule(byClass ? .ct42 : .ct25)
            if let lock = lastLockChange(on: d, before: index) { f.cause(lock.index); f.rule(lock.rule) }
            return "failed: \(why)"
        }
    }

    /// Why a keychain call met errSecInteractionNotAllowed: the item's class and the device's lock
    /// since the step that locked it (KC-17, and that step's rule).
    func lockReason(_ store: String, _ status: SecStatus, on d: DeviceIndex, before index: Int, _ f: inout Findings) -> String {
        guard status == .interactionNotAllowed else { return "" }
        f.rule(.kc17)
        let klass: String
        if case .keychain(let item)? = recipe.stores.first(where: { $0.name == store })?.kind {
            klass = (item.accessible ?? .whenUnlocked).rawValue
        } else {
            klass = "whenUnlocked"
        }
        let needs = klass.hasPrefix("afterFirstUnlock") ? "an unlock since the device started" : "the device unlocked"
        let article = klass.hasPrefix("a") ? "an" : "a"
        guard let lock = lastLockChange(on: d, before: index) else {
            return ", as \(article) \(klass) item needs \(needs) (KC-17)"
        }
        f.cause(lock.index)
        f.rule(lock.rule)
        return ", as \(article) \(klass) item needs \(needs) and \(replay.words(lock.index)) locked it (KC-17"
            + (lock.rule.map { ", \($0.rawValue)" } ?? "") + ")"
    }

    /// The last step before `index` that changed the device's lock state (a reboot, a lock).
    func lastLockChange(on d: DeviceIndex, before index: Int) -> (index: Int, rule: RuleID?)? {
        for i in stride(from: index - 1, through: 0, by: -1) {
            if let change = replay.results[i].changes.first(where: { if case .lockState(d) = $0.subject { true } else { false } }) {
                // An unlock is not what locked it: keep looking only while the state went back to locked.
                if case .unlock = replay.steps[i].event { return nil }
                return (i, change.rule)
            }
        }
        return nil
    }

    /// The last change to a store on a device after step `after`, before the decisive step, that
    /// satisfies `test`.
    func lastChange(to store: String, on d: DeviceIndex, after: Int, where test: (Change) -> Bool) -> (Int, Change)? {
        guard let place = places[store] else { return nil }
        let subjects = StoreSubjects(place: place, app: replay.app)
        let world = replay.results[replay.decisiveIndex].world
        for index in stride(from: replay.decisiveIndex - 1, to: after, by: -1) {
            for change in replay.results[index].changes.reversed() where subjects.matches(change.subject, device: d, in: world) && test(change) {
                return (index, change)
            }
        }
        return nil
    }

    /// The restore or migration onto a device after step `after` (the copy the ID should follow).
    func copyStep(onto d: DeviceIndex, after: Int) -> Int? {
        for index in stride(from: replay.decisiveIndex - 1, to: after, by: -1) where replay.steps[index].device == d {
            switch replay.steps[index].event {
            case .restore, .migrate: return index
            default: continue
            }
        }
        return nil
    }

    /// Why a copy did not bring a store: the app's choice first (a file kept out of backups), then
    /// iOS's (a ThisDeviceOnly item, a backup that carries no keychain to new hardware).
    func notCarried(_ store: String, by copy: Int, launch: String, _ f: inout Findings) -> String {
        let how = replay.words(copy)
        guard let kind = recipe.stores.first(where: { $0.name == store })?.kind else { return "\(how) did not bring \(store)" }
        let migration: Bool = { if case .migrate = replay.steps[copy].event { true } else { false } }()
        switch kind {
        case .file(let path, let backup, _, _, _) where !backup:
            f.byApp = true
            let line = recipe.origin.place(.store(store)).map { ", \($0)" } ?? ""
            f.code("\(store): backup: false\(line)")
            f.rule(.ct24)
            _ = path
            return "the recipe keeps \(storeWords(store)) out of backups (backup: false\(line)), so \(how) did not bring it (CT-24); "
                + "\(launch) found nothing there"
        case .keychain(let item):
            let klass = (item.accessible ?? .whenUnlocked)
            let rule: RuleID = migration ? .kc22a : .kc21
            f.rule(rule)
            if klass.isThisDeviceOnly {
                f.byApp = true
                let line = recipe.origin.place(.store(store)).map { ", \($0)" } ?? ""
                f.code("\(store): accessible \(klass.rawValue)\(line)")
                return "the recipe keeps the ID in a ThisDeviceOnly keychain item (\(store): accessible \(klass.rawValue)\(line)), "
                    + "which stays with the hardware, so \(how) did not bring it (\(rule.rawValue)); \(launch) found nothing there"
            }
            return "\(how) did not bring \(storeWords(store)) (\(rule.rawValue)); \(launch) found nothing there"
        default:
            f.rule(.ct24)
            return "\(how) did not bring \(storeWords(store)) (CT-24); \(launch) found nothing there"
        }
    }

    /// How a change took a store's value away, in words with its rule.
    func removalWords(_ store: String, _ change: Change) -> String {
        let rule = change.rule.map { " (\($0.rawValue))" } ?? ""
        switch change.rule {
        case .ct23?: return "deleted it with the app's container\(rule)"
        case .ct36?: return "deleted it with the App Group's container\(rule)"
        case .ct39?: return "purged it from Library/Caches\(rule)"
        case .kc19?: return "deleted the item with the last app that could reach it\(rule)"
        default: return (change.to == nil ? "deleted it" : "changed it") + rule
        }
    }

    // MARK: - Words for the recipe's parts

    /// "kc (keychain item com.acme.app/device-id)": a store's name and its place, filled.
    func storeWords(_ name: String) -> String {
        guard let place = places[name] else { return name }
        let text: String
        switch place.kind {
        case .keychain:
            text = "keychain item \(place.name)/\(place.account ?? ""), \((place.accessible ?? .whenUnlocked).rawValue)"
                + (place.synchronizable ? ", synchronizable" : "")
        case .userDefaults: text = "UserDefaults \(place.name)" + (place.suite.map { " in suite \($0)" } ?? "")
        case .file: text = (place.account.map { "entry \($0) of " } ?? "") + "file \(place.name)" + (place.group.map { " of App Group \($0)" } ?? "")
        case .iCloudKeyValueStore: text = "iCloud key-value store key \(place.name)"
        case .pasteboard: text = "pasteboard \(place.name)"
        default: text = place.name
        }
        return "\(name) (\(text))"
    }

    /// "source kc (acme.yaml:12)", "uuid (acme.yaml:13)".
    func sourceWords(_ name: String, source: Int) -> String {
        let line = recipe.origin.place(.source(id: id, index: source)).map { " (\($0))" } ?? ""
        return name + line
    }

    /// A value shortened in the middle, as the panes show long values.
    func short(_ value: String) -> String {
        value.count <= 16 ? value : String(value.prefix(6)) + "…" + String(value.suffix(6))
    }
}
