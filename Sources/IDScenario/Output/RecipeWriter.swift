import IDSim
import IDStrategies

/// Writes a recipe as YAML that `RecipeParser` reads back to the same recipe: under a
/// scenario's `recipes:` (indented, by name) or as a recipe file (with `name:`).
public enum RecipeWriter {
    /// A recipe file: the recipe with its `name:`, to start your own from.
    public static func file(_ recipe: Recipe) -> String {
        "name: \(ScenarioWriter.quote(recipe.name))\n" + body(recipe, indent: "")
    }

    /// A scenario's `recipes:` section (nothing when there are none).
    public static func section(_ recipes: [Recipe]) -> String {
        guard !recipes.isEmpty else { return "" }
        var out = "recipes:\n"
        for recipe in recipes {
            out += "  \(ScenarioWriter.quote(recipe.name)):\n" + body(recipe, indent: "    ")
        }
        return out
    }

    static func body(_ recipe: Recipe, indent: String) -> String {
        let q = ScenarioWriter.quote
        var out = ""
        if !recipe.summary.isEmpty { out += indent + "summary: \(q(recipe.summary))\n" }
        if !recipe.params.isEmpty { out += indent + "params: [" + recipe.params.map(q).joined(separator: ", ") + "]\n" }
        if !recipe.stores.isEmpty {
            out += indent + "stores:\n"
            for store in recipe.stores { out += indent + "  \(q(store.name)): " + self.store(store) + "\n" }
        }
        out += indent + "id: [" + recipe.sources.map(source).joined(separator: ", ") + "]\n"
        if !recipe.save.isEmpty {
            out += indent + "save: [" + recipe.save.map { $0.when == .missing ? q($0.store) : "{ store: \(q($0.store)), when: \($0.when.rawValue) }" }
                .joined(separator: ", ") + "]\n"
        }
        if !recipe.clear.isEmpty { out += indent + "clear: [" + recipe.clear.map(q).joined(separator: ", ") + "]\n" }
        if recipe.whenRefused != .next { out += indent + "whenRefused: \(recipe.whenRefused.rawValue)\n" }
        if recipe.whenWriteFails != .ignore { out += indent + "whenWriteFails: \(recipe.whenWriteFails.rawValue)\n" }
        if recipe.cache != .none { out += indent + "cache: \(recipe.cache.rawValue)\n" }
        if let format = recipe.format { out += indent + "format: " + self.format(format) + "\n" }
        if let hash = recipe.hash { out += indent + "hash: " + (hash.salt.map { "{ salt: \(q($0.raw)) }" } ?? "{}") + "\n" }
        return out
    }

    static func store(_ store: RecipeStore) -> String {
        let q = ScenarioWriter.quote
        switch store.kind {
        case .keychain(let item):
            var parts = ["service: \(q(item.service.raw))", "account: \(q(item.account.raw))"]
            if let accessible = item.accessible { parts.append("accessible: \(accessible.rawValue)") }
            if let group = item.accessGroup { parts.append("accessGroup: \(q(group.raw))") }
            if item.synchronizable { parts.append("synchronizable: true") }
            if item.queryAccessible { parts.append("queryAccessible: true") }
            switch item.querySynchronizable {
            case .no: break
            case .yes: parts.append("querySynchronizable: true")
            case .any: parts.append("querySynchronizable: any")
            }
            if item.write != .add { parts.append("write: \(item.write.rawValue)") }
            if item.write == .add && item.onDuplicate != .update { parts.append("onDuplicate: \(item.onDuplicate.rawValue)") }
            if item.updates != .data { parts.append("updates: \(item.updates.rawValue)") }
            return "{ keychain: { " + parts.joined(separator: ", ") + " } }"
        case .defaults(let key, let suite, let value):
            var parts = ["key: \(q(key.raw))"]
            if let suite { parts.append("suite: \(q(suite.raw))") }
            if let value { parts.append("value: \(q(value))") }
            return "{ defaults: { " + parts.joined(separator: ", ") + " } }"
        case .file(let path, let backup):
            return "{ file: { path: \(q(path.raw))" + (backup ? "" : ", backup: false") + " } }"
        case .icloud(let key):
            return "{ icloud: { key: \(q(key.raw)) } }"
        case .pasteboard(let name):
            return "{ pasteboard: { name: \(q(name.raw)) } }"
        }
    }

    static func source(_ source: RecipeSource) -> String {
        let q = ScenarioWriter.quote
        switch source {
        case .store(let name, let condition): return condition.map { "{ store: \(q(name)), if: \(q($0)) }" } ?? q(name)
        case .idfv, .idfa, .fid, .apnsToken: return source.name
        case .uuid(let format): return format == .uuidString ? "uuid" : "{ uuid: \(self.format(format)) }"
        }
    }

    static func format(_ format: IDFormat) -> String {
        var parts: [String] = []
        if let c = format.letterCase { parts.append("case: \(c.rawValue)") }
        if let d = format.dashes { parts.append("dashes: \(d)") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}
