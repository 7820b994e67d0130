import IDSim
import IDStrategies

/// Reads recipes: a scenario's `recipes:` (by name) or a recipe file (the same mapping plus
/// `name:`), with every problem located and the nearest valid name for unknown ones.
enum RecipeParser {
    // The keys' names come from their declarations (RecipeKeys); what is below is what the
    // parser alone needs.
    /// When a call's action is done: as a source's `if`, `unless` and `when`.
    static let callActionConditions = RecipeKeys.callAction.filter { !$0.spec.isHead && $0.name != "from" }.names()

    /// A scenario's `recipes:` mapping.
    static func parseRecipes(_ node: YAMLNode, _ reader: inout NodeReader) -> [Recipe] {
        guard let pairs = reader.mapping(node, "recipes") else { return [] }
        var recipes: [Recipe] = []
        for pair in pairs {
            checkName(pair.key, at: pair.keyNode, reserved: StrategyCatalog.builtIn.names, &reader)
            if let recipe = parseRecipe(pair.value, name: pair.key, inFile: false, &reader) { recipes.append(recipe) }
        }
        return recipes
    }

    /// A recipe file: the recipe's mapping with its `name:`.
    /// - Parameter reserved: the names it may not take (the built-in strategies').
    static func parseFile(_ root: YAMLNode, reserved: [String] = StrategyCatalog.builtIn.names, _ reader: inout NodeReader) -> Recipe? {
        guard let pairs = reader.mapping(root, "a recipe") else { return nil }
        guard let nameNode = pairs.first(where: { $0.key == "name" })?.value else {
            reader.error("missing key 'name': a recipe file names its recipe", at: root)
            return nil
        }
        guard let name = reader.string(nameNode, "name") else { return nil }
        checkName(name, at: nameNode, reserved: reserved, &reader)
        return parseRecipe(root, name: name, inFile: true, &reader)
    }

    /// Recipe names are strategy names: they may not hide a built-in one, and they are printed
    /// in tables and file names, so they are letters, digits, `-`, `_` and `.` (no control or
    /// escape characters, no spaces or slashes).
    static func checkName(_ name: String, at node: YAMLNode, reserved: [String], _ reader: inout NodeReader) {
        let safe = name.allSatisfy { ($0.isLetter || $0.isNumber || "-_.".contains($0)) && $0.unicodeScalars.allSatisfy { !$0.properties.isDefaultIgnorableCodePoint } }
        if name.isEmpty || !safe || RecipeFiles.isPath(name) {
            reader.error("invalid recipe name '\(TerminalText.escaped(name))': use letters, digits, '-', '_' and '.', like acme-device-id", at: node)
        } else if reserved.contains(name) {
            reader.error("a recipe may not take the name of the built-in strategy '\(name)'", at: node)
        }
    }

    static func parseRecipe(_ node: YAMLNode, name: String, inFile: Bool, _ reader: inout NodeReader) -> Recipe? {
        guard let pairs = reader.mapping(node, "recipe '\(name)'") else { return nil }
        reader.checkKeys(pairs, known: inFile ? RecipeKeys.recipe.names() : RecipeKeys.recipeKeys, in: "recipe '\(name)'")
        func value(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        var recipe = Recipe(name: name, sources: [])
        recipe.origin.file = reader.file
        recipe.summary = value("summary").flatMap { reader.string($0, "summary") } ?? ""
        if let n = value("params"), let items = reader.sequence(n, "params") {
            for item in items {
                // A param with a default is an option the app may leave out: `{ useIDFV: true }`.
                var defaultValue: OptionValue?
                var nameNode = item
                if case .mapping = item, let pairs = reader.mapping(item, "a param with its default") {
                    guard pairs.count == 1, let pair = pairs.first else {
                        reader.error("a param with a default is one name and its value, like { useIDFV: true }", at: item)
                        continue
                    }
                    guard case .scalar(let scalar) = pair.value, !NodeReader.isNull(pair.value) else {
                        reader.error("the default of param '\(pair.key)' is a single value: true, false or a text", at: pair.value)
                        continue
                    }
                    defaultValue = scalar.style == .plain && ["true", "false"].contains(scalar.string) ? .bool(scalar.string == "true")
                        : .string(scalar.string)
                    nameNode = pair.keyNode
                }
                guard let param = reader.string(nameNode, "a param") else { continue }
                // A placeholder is `{name}`: an empty name, or one with a brace or a space, could not
                // be written as one.
                if !isName(param) {
                    reader.error("param '\(param)' must be a name: letters, digits, - and _, beginning with a letter", at: item)
                } else if Template.builtInPlaceholders.contains(param) {
                    reader.error("param '\(param)' is a built-in placeholder; name it something else", at: item)
                } else if recipe.params.contains(param) {
                    reader.error("param '\(param)' is listed twice", at: item)
                } else {
                    recipe.params.append(param)
                    if let defaultValue { recipe.paramDefaults[param] = defaultValue }
                }
            }
        }
        let placeholders = Template.builtInPlaceholders + recipe.params
        // What `{ supplied: NAME }` may name: a call of the recipe (read before the stores, whose
        // texts may name a supplied value, and the IDs that read them), or a param.
        var callNames: [String] = []
        if case .mapping(let callPairs)? = value("calls") {
            for pair in callPairs { if case .scalar(let key) = pair.key, key.string != RecipeCall.launch { callNames.append(key.string) } }
        }
        let suppliable = callNames + recipe.params
        // A store kept once per supplied value names it in its texts: `{supplied:login}`.
        let storePlaceholders = placeholders + suppliable.map { Template.suppliedPrefix + $0 }
        // Stores declared but refused (their error said why): what names them says nothing more.
        var invalidStores: [String] = []
        if let n = value("stores"), let storePairs = reader.mapping(n, "stores") {
            var files: [String: FileUse] = [:]
            for pair in storePairs {
                if Recipe.sourceNames.contains(pair.key) {
                    reader.error("a store may not be named '\(pair.key)', a source's name; call it something else", at: pair.keyNode)
                    continue
                }
                if let store = parseStore(pair.value, name: pair.key, placeholders: storePlaceholders, &reader) {
                    checkSharedFile(store, files: &files, at: pair.value, &reader)
                    recipe.stores.append(store)
                    recipe.origin.lines[.store(pair.key)] = pair.keyNode.mark.line
                } else {
                    invalidStores.append(pair.key)
                }
            }
        }
        let storeNames = StoreNames(recipe.stores.map(\.name), invalid: invalidStores)
        if let idsNode = value("ids") {
            // Several IDs: each under its name, with its own sources and saves; the one-ID keys
            // may not also stand at the top, where they would say nothing about which ID.
            for key in RecipeKeys.oneIDKeys {
                if let n = pairs.first(where: { $0.key == key })?.keyNode {
                    reader.error("with ids, each ID has its own \(key); move it under one of them", at: n)
                }
            }
            recipe.ids = []
            if let idPairs = reader.mapping(idsNode, "ids") {
                if idPairs.isEmpty { reader.error("ids lists at least one ID, like ids: { device: { id: [idfv] } }", at: idsNode) }
                for pair in idPairs {
                    if let problem = idNameProblem(pair.key, stores: storeNames, earlier: recipe.ids.map(\.name)) {
                        reader.error(problem, at: pair.keyNode)
                        continue
                    }
                    guard let fields = reader.mapping(pair.value, "ID '\(pair.key)'") else { continue }
                    reader.checkKeys(fields, known: RecipeKeys.eachIDKeys, in: "ID '\(pair.key)'")
                    recipe.ids.append(parseID(fields, node: pair.value, name: pair.key, earlier: recipe.ids.map(\.name), stores: storeNames,
                                              params: recipe.params, suppliable: suppliable, placeholders: placeholders,
                                              lines: &recipe.origin.lines, &reader))
                }
            }
            if recipe.ids.isEmpty { recipe.ids = [RecipeID(name: "id")] }
            if let n = value("primary"), let word = reader.string(n, "primary") {
                if let index = recipe.ids.firstIndex(where: { $0.name == word }) {
                    recipe.primary = index
                } else {
                    reader.error("primary names '\(word)', which is not one of the recipe's ids" + reader.hint(for: word, among: recipe.ids.map(\.name)),
                                 at: n)
                }
            }
        } else {
            if let n = pairs.first(where: { $0.key == "primary" })?.keyNode {
                reader.error("primary chooses among ids; a recipe with one id has nothing to choose", at: n)
            }
            recipe.ids = [parseID(pairs, node: node, name: "id", earlier: [], stores: storeNames, params: recipe.params,
                                  suppliable: suppliable, placeholders: placeholders, recipeName: name, lines: &recipe.origin.lines, &reader)]
        }
        if let n = value("migrate"), let items = reader.sequence(n, "migrate") {
            for item in items {
                if let step = parseMigration(item, stores: storeNames, params: recipe.params, &reader) {
                    recipe.origin.lines[.migration(recipe.migrate.count)] = item.mark.line
                    recipe.migrate.append(step)
                }
            }
        }
        // The recipe-wide policies, each read as its declaration says, and its line kept for the why.
        for field in RecipeKeys.recipe where field.set != nil {
            if let keyNode = pairs.first(where: { $0.key == field.name })?.keyNode { recipe.origin.lines[.key(field.name)] = keyNode.mark.line }
        }
        readValues(RecipeKeys.recipe, from: pairs, into: &recipe, what: "recipe '\(name)'", &reader)
        if let n = value("calls") { recipe.calls = parseCalls(n, recipe: recipe, stores: storeNames, lines: &recipe.origin.lines, &reader) }
        return recipe
    }

    /// `calls: { NAME: [actions] }`: what each call the app's code makes does, in order.
    static func parseCalls(_ node: YAMLNode, recipe: Recipe, stores: StoreNames, lines: inout [RecipeOrigin.Part: Int],
                           _ reader: inout NodeReader) -> [RecipeCall] {
        guard let pairs = reader.mapping(node, "calls") else { return [] }
        var calls: [RecipeCall] = []
        for pair in pairs {
            let name = pair.key
            if !isName(name) {
                reader.error("call '\(TerminalText.escaped(name))' must be a name: letters, digits, - and _, beginning with a letter, like reset",
                             at: pair.keyNode)
                continue
            }
            guard let items = reader.sequence(pair.value, "call '\(name)'") else { continue }
            var call = RecipeCall(name: name, actions: [])
            for item in items {
                if let action = parseCallAction(item, call: name, recipe: recipe, stores: stores, &reader) { call.actions.append(action) }
            }
            lines[.call(name)] = pair.keyNode.mark.line
            calls.append(call)
        }
        return calls
    }

    /// A key a table declares that the parser has no case for: the table was given a key (a store
    /// kind, a head) without its reader. Said, never skipped; RecipeKeySpecTests reads every one.
    static func noReader(_ key: String, at node: YAMLNode, _ reader: inout NodeReader) {
        reader.error("'\(key)' is declared among the recipe's keys, but this version of idscope cannot read it", at: node)
    }

    /// A name a recipe gives a param or a call: letters, digits, `-` and `_`, beginning with a
    /// letter (a param is written `{name}` in templates, so a brace or a space could not be).
    static func isName(_ text: String) -> Bool {
        (text.first?.isLetter ?? false) && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// One action: `{ clear: STORE }`, `{ save: STORE, from: supplied }`, `{ newId: ID }` or
    /// `{ rerun: ID }`, each done only when its `if`, `unless` and `when` hold, as a source is asked.
    static func parseCallAction(_ node: YAMLNode, call: String, recipe: Recipe, stores: StoreNames, _ reader: inout NodeReader)
        -> RecipeCallAction? {
        let example = "like { clear: kc }, { save: kc, from: supplied }, { newId: id } or { rerun: id }"
        guard case .mapping = node, let pairs = reader.mapping(node, "an action of call '\(call)'") else {
            reader.error("an action of call '\(call)' is a mapping, \(example)", at: node)
            return nil
        }
        let callActionHeads = RecipeKeys.callActionHeads
        let heads = pairs.filter { callActionHeads.contains($0.key) }
        guard heads.count == 1, let head = heads.first else {
            reader.checkKeys(pairs, known: RecipeKeys.callActionNames, in: "an action of call '\(call)'")
            if pairs.allSatisfy({ RecipeKeys.callActionNames.contains($0.key) }) {
                reader.error(heads.isEmpty ? "an action says what it does, \(example)"
                             : "an action does one thing: \(heads.map(\.key).joined(separator: " and ")) together", at: node)
            }
            return nil
        }
        reader.checkKeys(pairs, known: [head.key] + callActionConditions + (head.key == "save" ? ["from"] : []), in: "an action of call '\(call)'")
        let isLaunch = call == RecipeCall.launch
        func idName(_ node: YAMLNode) -> String? {
            guard let word = reader.string(node, head.key) else { return nil }
            guard recipe.ids.contains(where: { $0.name == word }) else {
                reader.error("\(head.key) names '\(word)', which is not an ID of the recipe" + reader.hint(for: word, among: recipe.ids.map(\.name)),
                             at: node)
                return nil
            }
            return word
        }
        var kind: RecipeCallAction.Kind
        switch head.key {
        case "clear":
            guard let store = storeName(head.value, "clear", stores: stores, &reader) else { return nil }
            kind = .clear(store: store)
        case "save":
            guard let store = storeName(head.value, "save", stores: stores, &reader) else { return nil }
            guard let fromNode = pairs.first(where: { $0.key == "from" })?.value else {
                reader.error("a call's save writes the value the app passed with it: { save: \(store), from: supplied }", at: node)
                return nil
            }
            guard reader.choice(fromNode, "from", ["supplied"]) != nil else { return nil }
            if isLaunch {
                reader.error("the launch call is made by the system, with no value to save; save from supplied in a call the app makes", at: head.keyNode)
                return nil
            }
            kind = .saveSupplied(store: store)
        case "newId":
            guard let id = idName(head.value) else { return nil }
            if !(recipe.ids.first { $0.name == id }!.sources.contains(where: \.makesNewValue)) {
                reader.error("newId asks '\(id)' for a new value, but none of its sources makes one (uuid, uuid7, fid or server); "
                             + "rerun it to read its sources again", at: head.value)
                return nil
            }
            kind = .newID(id)
        case "rerun":
            guard let id = idName(head.value) else { return nil }
            if isLaunch {
                reader.error("the launch call runs before the sources, which then run anyway; rerun '\(id)' in a call the app makes", at: head.keyNode)
                return nil
            }
            kind = .rerun(id)
        default:
            noReader(head.key, at: head.keyNode, &reader)
            return nil
        }
        func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        let condition = parseCondition(ifNode: field("if"), unlessNode: field("unless"), optionNode: field("when"), stores: stores,
                                       params: recipe.params, &reader)
        return RecipeCallAction(kind, condition: condition)
    }

    /// What the stores seen so far put on one file (by path and group): the first of them, and
    /// each entry's key with its store's name.
    struct FileUse {
        let first: RecipeStore
        var keys: [String: String] = [:]
        /// Past `KeyedFile.maxEntries` (said once, at the first store over).
        var full = false
    }

    /// Stores on one file: entries of one keyed file (each with a key of its own, backed up alike,
    /// as a file is backed up whole), or plain files; not both. One pass over the stores, however
    /// many a recipe has: each is checked against what `files` holds of its file.
    static func checkSharedFile(_ store: RecipeStore, files: inout [String: FileUse], at node: YAMLNode, _ reader: inout NodeReader) {
        guard case .file(let path, let backup, let group, let key, let protection) = store.kind else { return }
        let place = path.raw + "\u{0}" + (group?.raw ?? "")
        // The first store alone is taken out: a copy of the whole use would hold the key table, and the
        // write below would then copy it (a recipe of many entries parsed in quadratic time).
        guard let first = files[place]?.first, case .file(_, let otherBackup, _, let otherKey, let otherProtection) = first.kind else {
            var use = FileUse(first: store)
            if let key { use.keys[key.raw] = store.name }
            files[place] = use
            return
        }
        let other = first.name, file = "the file \(path.raw)"
        if (key == nil) != (otherKey == nil) {
            reader.error("store '\(store.name)' shares \(file) with '\(other)': either both name a key (entries of one keyed file) "
                         + "or neither does", at: node)
        } else if let key, let same = files[place]?.keys[key.raw] {
            reader.error("store '\(store.name)' is the entry '\(key.raw)' of \(file), as '\(same)' is: use '\(same)'", at: node)
        } else if let key {
            if (files[place]?.keys.count ?? 0) >= KeyedFile.maxEntries {
                guard files[place]?.full == false else { return }
                files[place]?.full = true
                reader.error("store '\(store.name)' would be entry \(KeyedFile.maxEntries + 1) of \(file): a keyed file holds at most "
                             + "\(KeyedFile.maxEntries) entries, as each write rewrites it whole; keep the others in another file", at: node)
                return
            }
            if backup != otherBackup {
                reader.error("store '\(store.name)' and '\(other)' are entries of \(file), which is backed up or not as a whole: "
                             + "give both the same backup", at: node)
            }
            if protection != otherProtection {
                reader.error("store '\(store.name)' and '\(other)' are entries of \(file), which has one protection class: "
                             + "give both the same protection", at: node)
            }
            files[place]?.keys[key.raw] = store.name
        }
    }

    /// Why an ID may not take a name, if it may not: it must be a name, not the primary's `id`, no
    /// store's or platform source's, and not an earlier ID's.
    static func idNameProblem(_ name: String, stores: StoreNames, earlier: [String]) -> String? {
        if !(name.first?.isLetter ?? false) || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) {
            return "ID name '\(name)' must be a name: letters, digits, -, _ and ., beginning with a letter"
        }
        if name == "id" { return "an ID may not be named 'id': a launch reports the primary ID under id; call it device, install, user, …" }
        if Recipe.sourceNames.contains(name) { return "an ID may not be named '\(name)', a source's name; call it something else" }
        if stores.ordered.contains(name) { return "an ID may not take the name of the store '\(name)': sources name both" }
        if earlier.contains(name) { return "ID '\(name)' is declared twice" }
        return nil
    }

    /// One ID's keys: its sources (`id`), saves, overwrites, clears, format and hash.
    /// - Parameter earlier: the IDs declared before it, whose values its sources may read.
    static func parseID(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], node: YAMLNode, name: String, earlier: [String],
                        stores: StoreNames, params: [String], suppliable: [String] = [], placeholders: [String], recipeName: String? = nil,
                        lines: inout [RecipeOrigin.Part: Int], _ reader: inout NodeReader) -> RecipeID {
        func value(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        var id = RecipeID(name: name)
        let what = recipeName.map { "recipe '\($0)'" } ?? "ID '\(name)'"
        if let n = value("id"), let items = reader.sequence(n, "id") {
            for item in items {
                if let source = parseSource(item, stores: stores, ids: earlier, params: params, suppliable: suppliable, placeholders: placeholders,
                                            &reader) {
                    lines[.source(id: name, index: id.sources.count)] = item.mark.line
                    id.sources.append(source)
                }
            }
            if items.isEmpty { reader.error("\(what) has no sources: list at least one under id, like [idfv]", at: n) }
        } else if value("id") == nil {
            reader.error("\(what) has no sources: add id, the places the ID comes from in order, like id: [idfv]", at: node)
        }
        if let n = value("save"), let items = reader.sequence(n, "save") {
            for item in items {
                if let entry = parseSave(item, stores: stores, params: params, sources: id.sources.map(\.name), &reader) {
                    lines[.save(id: name, index: id.save.count)] = item.mark.line
                    id.save.append(entry)
                }
            }
        }
        if let n = value("overwrite"), let items = reader.sequence(n, "overwrite") {
            for item in items {
                if let store = storeName(item, "overwrite", stores: stores, &reader) {
                    lines[.save(id: name, index: id.save.count)] = item.mark.line
                    id.save.append(RecipeSave(store: store, when: .different))
                }
            }
        }
        if let n = value("clear"), let items = reader.sequence(n, "clear") {
            for item in items { if let store = storeName(item, "clear", stores: stores, &reader) { id.clear.append(store) } }
        }
        // A server-assigned ID the SDK keeps nowhere would be asked for again at every launch.
        if id.save.isEmpty, id.sources.contains(where: { if case .server = $0.kind { true } else { false } }), let n = value("id") {
            reader.error("the server assigns this ID, but \(what) saves it nowhere: the SDK would ask for a new one at every launch; "
                         + "save it, like save: [STORE]", at: n)
        }
        if let n = value("format") { id.format = parseFormat(n, "format", &reader) }
        // Under ids, an ID's own cache; a recipe of one ID has the recipe's, read with the recipe.
        if recipeName == nil, let n = value("cache"), let spec = RecipeKeys.recipe.first(where: { $0.name == "cache" })?.spec,
           case .word(let word)? = read(n, spec, what: what, placeholders: [], &reader) {
            id.cache = Recipe.Cache(rawValue: word)
        }
        if let n = value("hash"), let hashPairs = reader.mapping(n, "hash") {
            var hash = RecipeHash()
            _ = read(RecipeKeys.hash, from: hashPairs, at: n, into: &hash, what: "hash", placeholders: placeholders, &reader)
            id.hash = hash
        }
        return id
    }

    /// `{ from, to, done, value, clear, overwrite }`: a one-time move between two different stores.
    static func parseMigration(_ node: YAMLNode, stores: StoreNames, params: [String], _ reader: inout NodeReader) -> RecipeMigration? {
        guard let pairs = reader.mapping(node, "a migration") else { return nil }
        reader.checkKeys(pairs, known: RecipeKeys.migrationNames, in: "a migration")
        func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        guard let fromNode = field("from"), let toNode = field("to") else {
            reader.error("a migration names the store it moves from and the one it moves to, like { from: legacy, to: kc, done: migrated }", at: node)
            return nil
        }
        guard let from = storeName(fromNode, "from", stores: stores, &reader), let to = storeName(toNode, "to", stores: stores, &reader) else {
            return nil
        }
        var step = RecipeMigration(from: from, to: to)
        if from == to {
            reader.error("a migration reads the store it writes ('\(from)'): move from a legacy store to another", at: toNode)
            return nil
        }
        if let n = field("done"), let done = storeName(n, "done", stores: stores, &reader) {
            if done == from || done == to {
                reader.error("done records that the migration ran: a store of its own, not '\(done)', which it moves", at: n)
                return nil
            }
            step.done = done
        }
        if let n = field("value") {
            guard step.done != nil else {
                reader.error("value is what done records; name the done store too, like done: storageVersion", at: n)
                return nil
            }
            guard case .scalar(let s) = n, !NodeReader.isNull(n) else {
                reader.error("value of a migration is one text, like \"2\"", at: n)
                return nil
            }
            step.value = s.string
        }
        readValues(RecipeKeys.migration, from: pairs, into: &step, what: "a migration", &reader)
        if let n = field("when") { step.option = parseOptionTest(n, params: params, &reader) }
        return step
    }

    // MARK: - Stores

    static func parseStore(_ node: YAMLNode, name: String, placeholders: [String], _ reader: inout NodeReader) -> RecipeStore? {
        guard let pairs = reader.mapping(node, "store '\(name)'") else { return nil }
        let kinds = RecipeKeys.storeKindNames
        guard pairs.count == 1, let pair = pairs.first else {
            reader.error("store '\(name)' must be one of \(kinds.joined(separator: ", ")), like { defaults: { key: acme.id } }", at: node)
            return nil
        }
        guard kinds.contains(pair.key) else {
            reader.error("unknown store kind '\(pair.key)' for store '\(name)'; expected one of \(kinds.joined(separator: ", "))"
                         + reader.hint(for: pair.key, among: kinds), at: pair.keyNode)
            return nil
        }
        guard let fields = reader.mapping(pair.value, "\(pair.key) store '\(name)'") else { return nil }
        func field(_ key: String) -> YAMLNode? { fields.first { $0.key == key }?.value }
        let what = "\(pair.key) store '\(name)'"
        /// The kind's fields, read as their declarations say (nil: a required one is missing).
        func read<Fields>(_ table: [RecipeField<Fields>], into empty: Fields) -> Fields? {
            var value = empty
            return Self.read(table, from: fields, at: pair.value, into: &value, what: what, placeholders: placeholders, &reader) ? value : nil
        }
        switch pair.key {
        case "keychain":
            guard var item = read(RecipeKeys.keychain, into: KeychainStore(account: Template(""))) else { return nil }
            checkKeychain(&item, field: field, &reader)
            return RecipeStore(name: name, kind: .keychain(item))
        case "defaults":
            return read(RecipeKeys.defaults, into: DefaultsStoreFields()).map { RecipeStore(name: name, kind: $0.kind) }
        case "file":
            guard let file = read(RecipeKeys.file, into: FileStoreFields()) else { return nil }
            if file.path.raw.hasPrefix("/") || file.path.raw.split(separator: "/").contains("..") {
                reader.error("path of \(what) is relative to the app's container and stays in it, like Library/acme-id", at: field("path"))
            }
            if let key = file.key, key.raw.isEmpty || key.raw.contains("=") || key.raw.contains("\n") {
                reader.error("key of \(what) names one entry of the file: not empty, without '=' or a line break, like bnc_anon_id", at: field("key"))
            }
            return RecipeStore(name: name, kind: file.kind)
        case "icloud":
            guard let icloud = read(RecipeKeys.icloud, into: ICloudStoreFields()) else { return nil }
            if let store = icloud.store, store.raw.isEmpty || store.raw.contains(where: { $0.isWhitespace || $0 == ":" }) {
                reader.error("store of \(what) is a key-value store identifier, without spaces or ':', like com.acme.shared", at: field("store"))
            }
            return RecipeStore(name: name, kind: icloud.kind)
        case "pasteboard":
            return read(RecipeKeys.pasteboard, into: PasteboardStoreFields()).map { RecipeStore(name: name, kind: $0.kind) }
        default:
            noReader(pair.key, at: pair.keyNode, &reader)
            return nil
        }
    }

    /// What a keychain item's keys say together that each alone cannot: refused, or warned of
    /// where iOS takes the code and fails it at run time.
    static func checkKeychain(_ item: inout KeychainStore, field: (String) -> YAMLNode?, _ reader: inout NodeReader) {
        // Only a valid word is also refused beside an upsert: an invalid one was reported already.
        if item.write == .upsert, let n = field("onDuplicate"), case .scalar(let word) = n, KeychainStore.OnDuplicate(rawValue: word.string) != nil {
            reader.error("onDuplicate applies to write: add; an upsert updates what it finds", at: n)
        }
        if item.synchronizable, item.accessControl != nil, let n = field("accessControl") {
            reader.warn("an item with access control never leaves its device, so a synchronizable one fails every add with "
                        + "errSecParam (-50) and the ID is new at every launch (KC-40)", at: n)
        }
        if item.upgradeAccessible && item.accessible == nil, let n = field("upgradeAccessible") {
            reader.error("upgradeAccessible updates an item found with another class to the store's; name that class with accessible, "
                         + "like accessible: afterFirstUnlockThisDeviceOnly", at: n)
            item.upgradeAccessible = false
        }
        // iOS takes the code and fails every add at run time (errSecParam): the bug users hit
        // (KeychainAccess issue 53, react-native-sensitive-info issue 336). It runs; check warns.
        if item.synchronizable, item.accessible?.isThisDeviceOnly == true, let n = field("synchronizable") {
            reader.warn("a synchronizable item cannot have the ThisDeviceOnly class \(item.accessible!.rawValue): every add fails with "
                        + "errSecParam (-50), so nothing is stored or synced and the ID is new at every launch (KC-18)", at: n)
        }
    }

    /// A string with placeholders, each of them a built-in one or a param.
    static func template(_ node: YAMLNode, _ what: String, placeholders: [String], _ reader: inout NodeReader) -> Template? {
        guard let text = reader.string(node, what) else { return nil }
        let template = Template(text)
        for name in template.placeholders where !placeholders.contains(name) {
            if name.hasPrefix(Template.suppliedPrefix) {
                let call = String(name.dropFirst(Template.suppliedPrefix.count))
                let calls = placeholders.filter { $0.hasPrefix(Template.suppliedPrefix) }.map { String($0.dropFirst(Template.suppliedPrefix.count)) }
                reader.error(calls.isEmpty
                             ? "placeholder {\(name)} in \(what): only a store's texts name a supplied value, and only of a call the recipe declares or a param"
                             : "placeholder {\(name)} in \(what) names '\(call)', which is neither a call of the recipe nor a param"
                                + reader.hint(for: call, among: calls), at: node)
                continue
            }
            reader.error("placeholder {\(name)} in \(what) is neither a built-in one ({bundle}, {bundleName}, {team}, {appGroup}) "
                         + "nor a param; add it to params" + reader.hint(for: name, among: placeholders), at: node)
        }
        return template
    }

    // MARK: - Sources and saves

    /// A recipe's store names: looked up by name in constant time (a recipe may have thousands,
    /// and each source and save names one), listed in order for suggestions.
    struct StoreNames {
        let ordered: [String]
        private let set: Set<String>

        /// Declared under `stores` but refused: a reference to one is left out without a second
        /// error (the store's own error says what is wrong), and the recipe does not load.
        private let invalid: Set<String>

        init(_ names: [String], invalid: [String] = []) {
            ordered = names
            set = Set(names)
            self.invalid = Set(invalid)
        }

        func isInvalid(_ name: String) -> Bool { invalid.contains(name) }

        func contains(_ name: String, _ reader: inout NodeReader) -> Bool {
            reader.storeLookups += 1
            return set.contains(name)
        }
    }

    /// A server's IDs come lowercase, with dashes, unless the recipe says otherwise.
    static let serverFormat = IDFormat(case: .lower, dashes: true)

    /// - Parameter suppliable: what `{ supplied: NAME }` may name (the recipe's calls and params).
    static func parseSource(_ node: YAMLNode, stores: StoreNames, ids: [String] = [], params: [String], suppliable: [String] = [],
                            placeholders: [String], _ reader: inout NodeReader) -> RecipeSource? {
        let sourceWords = Recipe.sourceNames
        func named(_ word: String, at node: YAMLNode) -> RecipeSource.Kind? {
            switch word {
            case "idfv": return .idfv
            case "idfa": return .idfa
            case "uuid": return .uuid(.uuidString)
            case "uuid7": return .uuid7(.uuidString)
            case "fid": return .fid
            case "apnsToken": return .apnsToken
            case "appleUserID": return .appleUserID
            case "server": return .server(Self.serverFormat)
            default:
                if stores.contains(word, &reader) { return .store(word) }
                if ids.contains(word) { return .id(word) }
                if stores.isInvalid(word) { return nil }
                reader.error("unknown source '\(word)': name a store of the recipe" + (ids.isEmpty ? "" : ", an ID declared before this one")
                             + " or one of \(sourceWords.joined(separator: ", "))"
                             + reader.hint(for: word, among: stores.ordered + ids + sourceWords), at: node)
                return nil
            }
        }
        switch node {
        case .scalar(let scalar):
            return named(scalar.string, at: node).map { RecipeSource($0) }
        case .mapping:
            guard let pairs = reader.mapping(node, "a source") else { return nil }
            func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
            let heads = pairs.filter { RecipeKeys.sourceHeads.contains($0.key) }
            guard heads.count == 1, let head = heads.first else {
                reader.error(heads.isEmpty
                             ? "a source mapping says what it reads, like { store: kc, if: seen }, { from: idfv, nonZero: true } or { uuid: { case: lower } }"
                             : "a source reads one thing: \(heads.map(\.key).joined(separator: " and ")) together", at: node)
                return nil
            }
            reader.checkKeys(pairs, known: [head.key] + RecipeKeys.sourceModifierNames, in: "a source")
            var source: RecipeSource
            switch head.key {
            case "uuid", "uuid7", "server":
                let base = head.key == "server" ? Self.serverFormat : .uuidString
                let format = NodeReader.isNull(head.value) ? base : parseFormat(head.value, head.key, default: base, &reader) ?? base
                source = RecipeSource(head.key == "uuid" ? .uuid(format) : head.key == "uuid7" ? .uuid7(format) : .server(format))
            case "store":
                guard let store = storeName(head.value, "store", stores: stores, &reader) else { return nil }
                source = RecipeSource(.store(store))
            case "supplied":
                guard let word = reader.string(head.value, "supplied") else { return nil }
                guard suppliable.contains(word) else {
                    reader.error("supplied names '\(word)', which is neither a call of the recipe nor a param: declare the call the app passes "
                                 + "it with under calls, like calls: { \(word): [] }" + reader.hint(for: word, among: suppliable), at: head.value)
                    return nil
                }
                source = RecipeSource(.supplied(word))
            case "from":
                guard let word = reader.string(head.value, "from"), let kind = named(word, at: head.value) else { return nil }
                source = RecipeSource(kind)
            default:
                noReader(head.key, at: head.keyNode, &reader)
                return nil
            }
            source.condition = parseCondition(ifNode: field("if"), unlessNode: field("unless"), optionNode: field("when"),
                                              stores: stores, params: params, &reader)
            if let n = field("valid"), let word = reader.choice(n, "valid", RecipeKeys.validWords) { source.check.uuid = word == "uuid" }
            if let n = field("not"), let items = reader.sequence(n, "not") {
                for item in items { if let text = reader.string(item, "a value under not") { source.check.not.append(text) } }
            }
            if let n = field("nonZero"), let b = reader.bool(n, "nonZero") {
                // The IDFA's zeros are nothing unless a source says otherwise: `false` keeps them.
                if source.kind == .idfa { source.keepsZeros = !b } else { source.check.nonZero = b }
            }
            source.shape = shape(in: pairs, &reader)
            if let n = field("reissueOn") {
                if case .server = source.kind {
                    source.reissueOn = parseReissue(n, &reader)
                } else {
                    reader.error("reissueOn says when a server assigns a new value: it goes with server, like { server: {}, reissueOn: [reinstall] }",
                                 at: n)
                }
            }
            if let n = field("template") {
                if source.takesAsIs {
                    reader.error("template shapes a value a source makes (uuid, idfv, …); a store's value is read as it was written", at: n)
                } else if let template = template(n, "template", placeholders: placeholders + ["value"], &reader) {
                    if !template.placeholders.contains("value") {
                        reader.error("template '\(template.raw)' must hold {value}, the value the source made, like \"$device:{value}\"", at: n)
                    }
                    source.template = template
                }
            }
            return source
        case .sequence:
            reader.error("a source is a name or a mapping, not a list", at: node)
            return nil
        }
    }

    /// `reissueOn`: an event or a list of them (`[]`: the server always recognises the device).
    static func parseReissue(_ node: YAMLNode, _ reader: inout NodeReader) -> ServerReissue? {
        let items: [YAMLNode]
        if case .sequence = node { items = reader.sequence(node, "reissueOn") ?? [] } else { items = [node] }
        var events: ServerReissue = []
        for item in items {
            guard let word = reader.choice(item, "reissueOn", ServerReissue.names.map(\.0)),
                  let event = ServerReissue.names.first(where: { $0.0 == word })?.1 else { return nil }
            events.insert(event)
        }
        return events
    }

    /// `if` and `unless` (a store's name or a list of them) and an option test: when a source is
    /// asked or a save made.
    static func parseCondition(ifNode: YAMLNode?, unlessNode: YAMLNode?, optionNode: YAMLNode?, stores: StoreNames, params: [String],
                               _ reader: inout NodeReader) -> RecipeCondition {
        var condition = RecipeCondition()
        func names(_ node: YAMLNode, _ what: String) -> [String] {
            let items: [YAMLNode]
            if case .sequence = node { items = reader.sequence(node, what) ?? [] } else { items = [node] }
            var out: [String] = []
            for item in items {
                if case .mapping = item {
                    // `{ store: A, equals: B }`: a comparison, kept apart from the names.
                    if let comparison = parseComparison(item, what, stores: stores, &reader) {
                        if what == "if" { condition.ifEqual.append(comparison) } else { condition.unlessEqual.append(comparison) }
                    }
                    continue
                }
                guard let name = reader.string(item, what) else { continue }
                guard stores.contains(name, &reader) else {
                    if stores.isInvalid(name) { continue }
                    reader.error("\(what) names '\(name)', which is not a store of the recipe; \(what) tests whether stores hold a value"
                                 + reader.hint(for: name, among: stores.ordered), at: item)
                    continue
                }
                out.append(name)
            }
            return out
        }
        if let n = ifNode { condition.ifHeld = names(n, "if") }
        if let n = unlessNode { condition.unlessHeld = names(n, "unless") }
        if let both = Set(condition.ifHeld).intersection(condition.unlessHeld).first, let n = unlessNode {
            reader.error("'\(both)' is under both if and unless: the condition could never hold", at: n)
        }
        if let n = optionNode { condition.option = parseOptionTest(n, params: params, &reader) }
        return condition
    }

    /// The platform sources a comparison may read (`equals: idfv`): those read, not made.
    static let comparableSources = ["idfv", "idfa", "apnsToken", "appleUserID"]

    /// `{ store: A, equals: B }` under `if` or `unless`: B a store's name, a platform source's, or
    /// `{ store: NAME }` / `{ from: NAME }` with `case` and `dashes`.
    static func parseComparison(_ node: YAMLNode, _ what: String, stores: StoreNames, _ reader: inout NodeReader) -> RecipeComparison? {
        guard let pairs = reader.mapping(node, "a comparison") else { return nil }
        reader.checkKeys(pairs, known: RecipeKeys.comparisonNames, in: "a comparison under \(what)")
        guard let storeNode = pairs.first(where: { $0.key == "store" })?.value, let equalsNode = pairs.first(where: { $0.key == "equals" })?.value else {
            // A misspelt key (`equal:`) was reported as one: the part it misses is not reported again.
            if pairs.contains(where: { $0.key != "store" && $0.key != "equals" }) { return nil }
            reader.error("a comparison under \(what) names a store and what it must equal, like { store: anon, equals: { from: idfv, case: lower } }",
                         at: node)
            return nil
        }
        guard let store = storeName(storeNode, "store", stores: stores, &reader) else { return nil }
        func kind(_ word: String, at node: YAMLNode) -> RecipeSource.Kind? {
            switch word {
            case "idfv": return .idfv
            case "idfa": return .idfa
            case "apnsToken": return .apnsToken
            case "appleUserID": return .appleUserID
            default:
                if stores.contains(word, &reader) { return .store(word) }
                if stores.isInvalid(word) { return nil }
                reader.error("equals names '\(word)': a comparison reads a store of the recipe or one of "
                             + comparableSources.joined(separator: ", ") + " (a value made anew, like uuid, equals nothing stored)"
                             + reader.hint(for: word, among: stores.ordered + comparableSources), at: node)
                return nil
            }
        }
        switch equalsNode {
        case .scalar(let scalar):
            return kind(scalar.string, at: equalsNode).map { RecipeComparison(store: store, equals: RecipeSource($0)) }
        case .mapping:
            guard let inner = reader.mapping(equalsNode, "equals") else { return nil }
            reader.checkKeys(inner, known: RecipeKeys.shapedNames, in: "equals")
            let heads = inner.filter { RecipeKeys.shapedHeads.contains($0.key) }
            guard heads.count == 1, let head = heads.first, let word = reader.string(head.value, head.key),
                  let found = kind(word, at: head.value) else {
                if heads.count != 1 {
                    reader.error("equals reads one thing: { store: NAME } or { from: idfv }, with case and dashes", at: equalsNode)
                }
                return nil
            }
            var other = RecipeSource(found)
            other.shape = shape(in: inner, &reader)
            return RecipeComparison(store: store, equals: other)
        case .sequence:
            reader.error("equals is one value: a store's name, a platform source's, or { from: idfv, case: lower }", at: equalsNode)
            return nil
        }
    }

    /// `{ option: NAME }` (the option is true) or `{ option: NAME, is: VALUE }`; NAME is a param.
    static func parseOptionTest(_ node: YAMLNode, params: [String], allowing extra: [String] = [], _ reader: inout NodeReader)
        -> RecipeCondition.OptionTest? {
        guard let pairs = reader.mapping(node, "when") else { return nil }
        reader.checkKeys(pairs, known: RecipeKeys.optionTestNames + extra, in: "when")
        guard let optionNode = pairs.first(where: { $0.key == "option" })?.value else {
            reader.error("when names an option of the recipe, like when: { option: useIDFV } or { option: mode, is: debug }", at: node)
            return nil
        }
        guard let name = reader.string(optionNode, "option") else { return nil }
        guard params.contains(name) else {
            reader.error("option '\(name)' is not a param of the recipe; declare it under params, like params: [{ \(name): false }]"
                         + reader.hint(for: name, among: params), at: optionNode)
            return nil
        }
        var test = RecipeCondition.OptionTest(name: name)
        if let isNode = pairs.first(where: { $0.key == "is" })?.value {
            guard case .scalar(let scalar) = isNode, !NodeReader.isNull(isNode) else {
                reader.error("is takes one value, like is: debug", at: isNode)
                return nil
            }
            test.value = scalar.style == .plain && ["true", "false"].contains(scalar.string) ? .bool(scalar.string == "true") : .string(scalar.string)
        }
        return test
    }

    /// - Parameter sources: the names of the ID's sources, which `when: { source }` may name.
    static func parseSave(_ node: YAMLNode, stores: StoreNames, params: [String], sources: [String] = [], _ reader: inout NodeReader) -> RecipeSave? {
        if case .mapping = node {
            guard let pairs = reader.mapping(node, "a save entry") else { return nil }
            reader.checkKeys(pairs, known: RecipeKeys.saveNames, in: "a save entry")
            func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
            guard let storeNode = field("store"), let store = storeName(storeNode, "save", stores: stores, &reader) else {
                if field("store") == nil { reader.error("a save entry names its store, like { store: kc, when: always }", at: node) }
                return nil
            }
            var entry = RecipeSave(store: store)
            // `when` is the write's policy (a word), or an option test that may carry the policy as `write`.
            var optionNode: YAMLNode?
            if let whenNode = field("when") {
                if case .mapping = whenNode {
                    let inner = reader.mapping(whenNode, "when") ?? []
                    // An option test, or only the source that gave the ID (or both), with the policy as `write`.
                    if inner.contains(where: { !RecipeKeys.saveWhenNames.contains($0.key) }) || !inner.contains(where: { $0.key == "source" }) {
                        optionNode = whenNode
                    } else {
                        reader.checkKeys(inner, known: RecipeKeys.saveWhenNames, in: "when")
                    }
                    if let policy = inner.first(where: { $0.key == "write" })?.value,
                       let word = reader.choice(policy, "write", RecipeSave.When.allCases.map(\.rawValue)) {
                        entry.when = RecipeSave.When(rawValue: word)!
                    }
                    if let sourceNode = inner.first(where: { $0.key == "source" })?.value, let name = reader.string(sourceNode, "source") {
                        if sources.contains(name) {
                            entry.source = name
                        } else {
                            reader.error("when: { source: \(name) } names no source of this ID; it saves only at a launch where that source gave the ID: "
                                         + "one of \(sources.joined(separator: ", "))" + reader.hint(for: name, among: sources), at: sourceNode)
                        }
                    }
                } else if let word = reader.choice(whenNode, "when", RecipeSave.When.allCases.map(\.rawValue)) {
                    entry.when = RecipeSave.When(rawValue: word)!
                }
            }
            entry.condition = parseCondition(ifNode: field("if"), unlessNode: field("unless"), optionNode: nil, stores: stores,
                                             params: params, &reader)
            if let optionNode { entry.condition.option = parseOptionTest(optionNode, params: params, allowing: RecipeKeys.saveWhenNames, &reader) }
            return entry
        }
        return storeName(node, "save", stores: stores, &reader).map { RecipeSave(store: $0) }
    }

    /// A name that must be one of the recipe's stores.
    static func storeName(_ node: YAMLNode, _ what: String, stores: StoreNames, _ reader: inout NodeReader) -> String? {
        guard let name = reader.string(node, what) else { return nil }
        guard stores.contains(name, &reader) else {
            if stores.isInvalid(name) { return nil }
            reader.error("\(what) names '\(name)', which is not a store of the recipe" + (stores.ordered.isEmpty ? "; declare it under stores"
                         : reader.hint(for: name, among: stores.ordered)), at: node)
            return nil
        }
        return name
    }

    static func parseFormat(_ node: YAMLNode, _ what: String, default base: IDFormat = IDFormat(), _ reader: inout NodeReader) -> IDFormat? {
        guard let pairs = reader.mapping(node, what) else { return nil }
        reader.checkKeys(pairs, known: RecipeKeys.formatNames, in: what)
        var format = base
        read(&format, from: pairs, &reader)
        return format
    }

    /// `case` and `dashes` among a mapping's keys (a source's, `equals`'), nil when neither changes anything.
    static func shape(in pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], _ reader: inout NodeReader) -> IDFormat? {
        var shape = IDFormat()
        read(&shape, from: pairs, &reader)
        return shape == IDFormat() ? nil : shape
    }

    /// Sets what `case` and `dashes` among `pairs` say.
    private static func read(_ format: inout IDFormat, from pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], _ reader: inout NodeReader) {
        readValues(RecipeKeys.format, from: pairs, into: &format, what: "format", &reader)
    }
}
