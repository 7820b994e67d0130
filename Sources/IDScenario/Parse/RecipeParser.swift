import IDSim
import IDStrategies

/// Reads recipes: a scenario's `recipes:` (by name) or a recipe file (the same mapping plus
/// `name:`), with every problem located and the nearest valid name for unknown ones.
enum RecipeParser {
    static let keys = ["summary", "params", "stores", "id", "save", "overwrite", "clear", "whenRefused", "whenWriteFails",
                       "cache", "format", "hash"]
    static let storeKinds = ["keychain", "defaults", "file", "icloud", "pasteboard"]
    static let keychainKeys = ["service", "account", "accessible", "accessGroup", "synchronizable", "queryAccessible",
                               "querySynchronizable", "write", "onDuplicate", "updates"]

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

    /// Recipe names are strategy names: they may not hide a built-in one.
    static func checkName(_ name: String, at node: YAMLNode, reserved: [String], _ reader: inout NodeReader) {
        if name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "/" }) || RecipeFiles.isPath(name) {
            reader.error("invalid recipe name '\(name)': use letters, digits, '-' and '.', like acme-device-id", at: node)
        } else if reserved.contains(name) {
            reader.error("a recipe may not take the name of the built-in strategy '\(name)'", at: node)
        }
    }

    static func parseRecipe(_ node: YAMLNode, name: String, inFile: Bool, _ reader: inout NodeReader) -> Recipe? {
        guard let pairs = reader.mapping(node, "recipe '\(name)'") else { return nil }
        reader.checkKeys(pairs, known: keys + (inFile ? ["name"] : []), in: "recipe '\(name)'")
        func value(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        var recipe = Recipe(name: name, sources: [])
        recipe.summary = value("summary").flatMap { reader.string($0, "summary") } ?? ""
        if let n = value("params"), let items = reader.sequence(n, "params") {
            for item in items {
                guard let param = reader.string(item, "a param") else { continue }
                // A placeholder is `{name}`: an empty name, or one with a brace or a space, could not
                // be written as one.
                if !(param.first?.isLetter ?? false) || !param.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                    reader.error("param '\(param)' must be a name: letters, digits, - and _, beginning with a letter", at: item)
                } else if Template.builtInPlaceholders.contains(param) {
                    reader.error("param '\(param)' is a built-in placeholder; name it something else", at: item)
                } else if recipe.params.contains(param) {
                    reader.error("param '\(param)' is listed twice", at: item)
                } else {
                    recipe.params.append(param)
                }
            }
        }
        let placeholders = Template.builtInPlaceholders + recipe.params
        if let n = value("stores"), let storePairs = reader.mapping(n, "stores") {
            for pair in storePairs {
                if Recipe.sourceNames.contains(pair.key) {
                    reader.error("a store may not be named '\(pair.key)', a source's name; call it something else", at: pair.keyNode)
                    continue
                }
                if let store = parseStore(pair.value, name: pair.key, placeholders: placeholders, &reader) { recipe.stores.append(store) }
            }
        }
        let storeNames = StoreNames(recipe.stores.map(\.name))
        if let n = value("id"), let items = reader.sequence(n, "id") {
            for item in items {
                if let source = parseSource(item, stores: storeNames, &reader) { recipe.sources.append(source) }
            }
            if items.isEmpty { reader.error("recipe '\(name)' has no sources: list at least one under id, like [idfv]", at: n) }
        } else if value("id") == nil {
            reader.error("recipe '\(name)' has no sources: add id, the places the ID comes from in order, like id: [idfv]", at: node)
        }
        if let n = value("save"), let items = reader.sequence(n, "save") {
            for item in items { if let entry = parseSave(item, stores: storeNames, &reader) { recipe.save.append(entry) } }
        }
        if let n = value("overwrite"), let items = reader.sequence(n, "overwrite") {
            for item in items {
                if let store = storeName(item, "overwrite", stores: storeNames, &reader) { recipe.save.append(RecipeSave(store: store, when: .different)) }
            }
        }
        if let n = value("clear"), let items = reader.sequence(n, "clear") {
            for item in items { if let store = storeName(item, "clear", stores: storeNames, &reader) { recipe.clear.append(store) } }
        }
        if let n = value("whenRefused"), let word = reader.choice(n, "whenRefused", Recipe.WhenRefused.allCases.map(\.rawValue)) {
            recipe.whenRefused = Recipe.WhenRefused(rawValue: word)!
        }
        if let n = value("whenWriteFails"), let word = reader.choice(n, "whenWriteFails", Recipe.WhenWriteFails.allCases.map(\.rawValue)) {
            recipe.whenWriteFails = Recipe.WhenWriteFails(rawValue: word)!
        }
        if let n = value("cache"), let word = reader.choice(n, "cache", Recipe.Cache.allCases.map(\.rawValue)) {
            recipe.cache = Recipe.Cache(rawValue: word)!
        }
        if let n = value("format") { recipe.format = parseFormat(n, "format", &reader) }
        if let n = value("hash") {
            if let hashPairs = reader.mapping(n, "hash") {
                reader.checkKeys(hashPairs, known: ["salt"], in: "hash")
                var hash = RecipeHash()
                if let saltNode = hashPairs.first(where: { $0.key == "salt" })?.value {
                    hash.salt = template(saltNode, "salt", placeholders: placeholders, &reader)
                }
                recipe.hash = hash
            }
        }
        return recipe
    }

    // MARK: - Stores

    static func parseStore(_ node: YAMLNode, name: String, placeholders: [String], _ reader: inout NodeReader) -> RecipeStore? {
        guard let pairs = reader.mapping(node, "store '\(name)'") else { return nil }
        guard pairs.count == 1, let pair = pairs.first else {
            reader.error("store '\(name)' must be one of \(storeKinds.joined(separator: ", ")), like { defaults: { key: acme.id } }", at: node)
            return nil
        }
        guard storeKinds.contains(pair.key) else {
            reader.error("unknown store kind '\(pair.key)' for store '\(name)'; expected one of \(storeKinds.joined(separator: ", "))"
                         + reader.hint(for: pair.key, among: storeKinds), at: pair.keyNode)
            return nil
        }
        guard let fields = reader.mapping(pair.value, "\(pair.key) store '\(name)'") else { return nil }
        func field(_ key: String) -> YAMLNode? { fields.first { $0.key == key }?.value }
        func required(_ key: String) -> Template? {
            guard let n = field(key) else {
                reader.error("\(pair.key) store '\(name)' needs '\(key)'", at: pair.value)
                return nil
            }
            return template(n, key, placeholders: placeholders, &reader)
        }
        let what = "\(pair.key) store '\(name)'"
        switch pair.key {
        case "keychain":
            reader.checkKeys(fields, known: keychainKeys, in: what)
            guard let account = required("account") else { return nil }
            var item = KeychainStore(account: account)
            if let n = field("service"), let t = template(n, "service", placeholders: placeholders, &reader) { item.service = t }
            if let n = field("accessible"), let word = reader.choice(n, "accessible", Accessibility.allCases.map(\.rawValue)) {
                item.accessible = Accessibility(rawValue: word)
            }
            if let n = field("accessGroup"), let t = template(n, "accessGroup", placeholders: placeholders, &reader) { item.accessGroup = t }
            if let n = field("synchronizable"), let b = reader.bool(n, "synchronizable") { item.synchronizable = b }
            if let n = field("queryAccessible"), let b = reader.bool(n, "queryAccessible") { item.queryAccessible = b }
            if let n = field("querySynchronizable") {
                if case .scalar(let s) = n, s.style == .plain, s.string == "any" {
                    item.querySynchronizable = .any
                } else if let b = reader.bool(n, "querySynchronizable (true, false or any)") {
                    item.querySynchronizable = b ? .yes : .no
                }
            }
            if let n = field("write"), let word = reader.choice(n, "write", KeychainStore.Write.allCases.map(\.rawValue)) {
                item.write = KeychainStore.Write(rawValue: word)!
            }
            if let n = field("onDuplicate"), let word = reader.choice(n, "onDuplicate", KeychainStore.OnDuplicate.allCases.map(\.rawValue)) {
                item.onDuplicate = KeychainStore.OnDuplicate(rawValue: word)!
                if item.write == .upsert { reader.error("onDuplicate applies to write: add; an upsert updates what it finds", at: n) }
            }
            if let n = field("updates"), let word = reader.choice(n, "updates", KeychainStore.Updates.allCases.map(\.rawValue)) {
                item.updates = KeychainStore.Updates(rawValue: word)!
            }
            if item.synchronizable, item.accessible?.isThisDeviceOnly == true, let n = field("synchronizable") {
                reader.error("a synchronizable item cannot use the ThisDeviceOnly class \(item.accessible!.rawValue) (KC-18)", at: n)
            }
            return RecipeStore(name: name, kind: .keychain(item))
        case "defaults":
            reader.checkKeys(fields, known: ["key", "suite", "value"], in: what)
            guard let key = required("key") else { return nil }
            let suite = field("suite").flatMap { template($0, "suite", placeholders: placeholders, &reader) }
            var fixed: String?
            if let n = field("value") {
                guard case .scalar(let s) = n, !NodeReader.isNull(n) else {
                    reader.error("value of \(what) must be a single value, like true", at: n)
                    return nil
                }
                fixed = s.string
            }
            return RecipeStore(name: name, kind: .defaults(key: key, suite: suite, value: fixed))
        case "file":
            reader.checkKeys(fields, known: ["path", "backup"], in: what)
            guard let path = required("path") else { return nil }
            if path.raw.hasPrefix("/") || path.raw.split(separator: "/").contains("..") {
                reader.error("path of \(what) is relative to the app's container and stays in it, like Library/acme-id", at: field("path"))
            }
            let backup = field("backup").flatMap { reader.bool($0, "backup") } ?? true
            return RecipeStore(name: name, kind: .file(path: path, backup: backup))
        case "icloud":
            reader.checkKeys(fields, known: ["key"], in: what)
            guard let key = required("key") else { return nil }
            return RecipeStore(name: name, kind: .icloud(key: key))
        default:
            reader.checkKeys(fields, known: ["name"], in: what)
            guard let board = required("name") else { return nil }
            return RecipeStore(name: name, kind: .pasteboard(name: board))
        }
    }

    /// A string with placeholders, each of them a built-in one or a param.
    static func template(_ node: YAMLNode, _ what: String, placeholders: [String], _ reader: inout NodeReader) -> Template? {
        guard let text = reader.string(node, what) else { return nil }
        let template = Template(text)
        for name in template.placeholders where !placeholders.contains(name) {
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

        init(_ names: [String]) {
            ordered = names
            set = Set(names)
        }

        func contains(_ name: String, _ reader: inout NodeReader) -> Bool {
            reader.storeLookups += 1
            return set.contains(name)
        }
    }

    static func parseSource(_ node: YAMLNode, stores: StoreNames, _ reader: inout NodeReader) -> RecipeSource? {
        let sourceWords = Recipe.sourceNames
        switch node {
        case .scalar(let scalar):
            switch scalar.string {
            case "idfv": return .idfv
            case "idfa": return .idfa
            case "uuid": return .uuid(.uuidString)
            case "fid": return .fid
            case "apnsToken": return .apnsToken
            default:
                if stores.contains(scalar.string, &reader) { return .store(scalar.string, if: nil) }
                reader.error("unknown source '\(scalar.string)': name a store of the recipe or one of \(sourceWords.joined(separator: ", "))"
                             + reader.hint(for: scalar.string, among: stores.ordered + sourceWords), at: node)
                return nil
            }
        case .mapping:
            guard let pairs = reader.mapping(node, "a source") else { return nil }
            if let uuid = pairs.first(where: { $0.key == "uuid" }) {
                reader.checkKeys(pairs, known: ["uuid"], in: "a uuid source")
                return .uuid(parseFormat(uuid.value, "uuid", default: .uuidString, &reader) ?? .uuidString)
            }
            reader.checkKeys(pairs, known: ["store", "if"], in: "a source")
            guard let storeNode = pairs.first(where: { $0.key == "store" })?.value else {
                reader.error("a source mapping names a store, like { store: kc, if: seen }, or is { uuid: { case: lower } }", at: node)
                return nil
            }
            guard let store = storeName(storeNode, "store", stores: stores, &reader) else { return nil }
            var condition: String?
            if let ifNode = pairs.first(where: { $0.key == "if" })?.value {
                guard let name = reader.string(ifNode, "if") else { return nil }
                guard stores.contains(name, &reader) else {
                    reader.error("if names '\(name)', which is not a store of the recipe; if tests whether a store holds a value"
                                 + reader.hint(for: name, among: stores.ordered), at: ifNode)
                    return nil
                }
                condition = name
            }
            return .store(store, if: condition)
        case .sequence:
            reader.error("a source is a name or a mapping, not a list", at: node)
            return nil
        }
    }

    static func parseSave(_ node: YAMLNode, stores: StoreNames, _ reader: inout NodeReader) -> RecipeSave? {
        if case .mapping = node {
            guard let pairs = reader.mapping(node, "a save entry") else { return nil }
            reader.checkKeys(pairs, known: ["store", "when"], in: "a save entry")
            guard let storeNode = pairs.first(where: { $0.key == "store" })?.value,
                  let store = storeName(storeNode, "save", stores: stores, &reader) else {
                if !pairs.contains(where: { $0.key == "store" }) { reader.error("a save entry names its store, like { store: kc, when: always }", at: node) }
                return nil
            }
            var entry = RecipeSave(store: store)
            if let whenNode = pairs.first(where: { $0.key == "when" })?.value,
               let word = reader.choice(whenNode, "when", RecipeSave.When.allCases.map(\.rawValue)) {
                entry.when = RecipeSave.When(rawValue: word)!
            }
            return entry
        }
        return storeName(node, "save", stores: stores, &reader).map { RecipeSave(store: $0) }
    }

    /// A name that must be one of the recipe's stores.
    static func storeName(_ node: YAMLNode, _ what: String, stores: StoreNames, _ reader: inout NodeReader) -> String? {
        guard let name = reader.string(node, what) else { return nil }
        guard stores.contains(name, &reader) else {
            reader.error("\(what) names '\(name)', which is not a store of the recipe" + (stores.ordered.isEmpty ? "; declare it under stores"
                         : reader.hint(for: name, among: stores.ordered)), at: node)
            return nil
        }
        return name
    }

    static func parseFormat(_ node: YAMLNode, _ what: String, default base: IDFormat = IDFormat(), _ reader: inout NodeReader) -> IDFormat? {
        guard let pairs = reader.mapping(node, what) else { return nil }
        reader.checkKeys(pairs, known: ["case", "dashes"], in: what)
        var format = base
        if let n = pairs.first(where: { $0.key == "case" })?.value, let word = reader.choice(n, "case", IDFormat.Case.allCases.map(\.rawValue)) {
            format.letterCase = IDFormat.Case(rawValue: word)
        }
        if let n = pairs.first(where: { $0.key == "dashes" })?.value, let b = reader.bool(n, "dashes") { format.dashes = b }
        return format
    }
}
