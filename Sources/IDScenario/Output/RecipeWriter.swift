import IDSim
import IDStrategies

/// Writes a recipe as YAML that `RecipeParser` reads back to the same recipe: under a
/// scenario's `recipes:` (indented, by name) or as a recipe file (with `name:`).
package enum RecipeWriter {
    /// A recipe file: the recipe with its `name:`, to start your own from.
    package static func file(_ recipe: Recipe) -> String {
        "name: \(ScenarioWriter.quote(recipe.name))\n" + body(recipe, indent: "")
    }

    /// A scenario's `recipes:` section (nothing when there are none).
    package static func section(_ recipes: [Recipe]) -> String {
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
        if !recipe.params.isEmpty {
            out += indent + "params: [" + recipe.params.map { name in
                recipe.paramDefaults[name].map { "{ \(q(name)): " + optionValue($0) + " }" } ?? q(name)
            }.joined(separator: ", ") + "]\n"
        }
        if !recipe.stores.isEmpty {
            out += indent + "stores:\n"
            for store in recipe.stores { out += indent + "  \(q(store.name)): " + self.store(store) + "\n" }
        }
        if recipe.hasSeveralIDs {
            out += indent + "ids:\n"
            for id in recipe.ids { out += indent + "  \(q(id.name)):\n" + self.id(id, indent: indent + "    ") }
            if recipe.primary != 0 { out += indent + "primary: \(q(recipe.ids[recipe.primary].name))\n" }
        } else {
            out += self.id(recipe.ids[0], indent: indent)
        }
        if !recipe.migrate.isEmpty {
            out += indent + "migrate: [" + recipe.migrate.map(migration).joined(separator: ", ") + "]\n"
        }
        // The recipe-wide policies that are not their defaults.
        for line in RecipeKeys.recipe.written(recipe) { out += indent + line + "\n" }
        if !recipe.calls.isEmpty {
            out += indent + "calls:\n"
            for call in recipe.calls {
                out += indent + "  " + ScenarioWriter.quote(call.name) + ": [" + call.actions.map(action).joined(separator: ", ") + "]\n"
            }
        }
        return out
    }

    /// One action of a call: `{ clear: kc }`, `{ save: kc, from: supplied }`, `{ newId: id }`, `{ rerun: id }`.
    static func action(_ action: RecipeCallAction) -> String {
        let q = ScenarioWriter.quote
        var parts: [String]
        switch action.kind {
        case .clear(let store): parts = ["clear: " + q(store)]
        case .saveSupplied(let store): parts = ["save: " + q(store), "from: supplied"]
        case .newID(let id): parts = ["newId: " + q(id)]
        case .rerun(let id): parts = ["rerun: " + q(id)]
        }
        parts += condition(action.condition, optionKey: "when")
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func migration(_ step: RecipeMigration) -> String {
        let q = ScenarioWriter.quote
        var parts = ["from: " + q(step.from), "to: " + q(step.to)]
        if let done = step.done { parts += ["done: " + q(done), "value: " + q(step.value)] }
        parts += RecipeKeys.migration.written(step)
        if let option = step.option { parts.append("when: { " + optionTest(option) + " }") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// One ID's keys: its sources, saves, clears, format and hash.
    static func id(_ id: RecipeID, indent: String) -> String {
        let q = ScenarioWriter.quote
        var out = indent + "id: [" + id.sources.map(source).joined(separator: ", ") + "]\n"
        if !id.save.isEmpty { out += indent + "save: [" + id.save.map(save).joined(separator: ", ") + "]\n" }
        if !id.clear.isEmpty { out += indent + "clear: [" + id.clear.map(q).joined(separator: ", ") + "]\n" }
        if let format = id.format { out += indent + "format: " + self.format(format) + "\n" }
        if let hash = id.hash { out += indent + "hash: " + inline(RecipeKeys.hash.written(hash)) + "\n" }
        if let cache = id.cache { out += indent + "cache: \(cache.rawValue)\n" }
        return out
    }

    /// A store as its kind's keys write it, each key as its declaration says.
    static func store(_ store: RecipeStore) -> String {
        // Each builder takes the case it is switched on here.
        let (kind, fields): (String, [String]) = switch store.kind {
        case .keychain(let item): ("keychain", RecipeKeys.keychain.written(item))
        case .defaults: ("defaults", RecipeKeys.defaults.written(DefaultsStoreFields(store.kind)!))
        case .file: ("file", RecipeKeys.file.written(FileStoreFields(store.kind)!))
        case .icloud: ("icloud", RecipeKeys.icloud.written(ICloudStoreFields(store.kind)!))
        case .pasteboard: ("pasteboard", RecipeKeys.pasteboard.written(PasteboardStoreFields(store.kind)!))
        }
        return "{ " + kind + ": " + inline(fields) + " }"
    }

    /// `{ a: 1, b: 2 }`, or `{}`.
    static func inline(_ fields: [String]) -> String { fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }" }

    static func source(_ source: RecipeSource) -> String {
        let q = ScenarioWriter.quote
        var head: String
        switch source.kind {
        case .store(let name): head = "store: " + q(name)
        case .uuid(let format): head = format == .uuidString ? "from: uuid" : "uuid: " + self.format(format)
        case .uuid7(let format): head = format == .uuidString ? "from: uuid7" : "uuid7: " + self.format(format)
        case .idfv, .idfa, .fid, .apnsToken, .appleUserID: head = "from: " + source.name
        case .server(let format): head = format == RecipeParser.serverFormat ? "from: server" : "server: " + self.format(format)
        case .id(let name): head = "from: " + q(name)
        case .supplied(let name): head = "supplied: " + q(name)
        }
        var parts = [head] + condition(source.condition, optionKey: "when")
        if source.check.uuid { parts.append("valid: uuid") }
        if !source.check.not.isEmpty { parts.append("not: [" + source.check.not.map(q).joined(separator: ", ") + "]") }
        if source.check.nonZero { parts.append("nonZero: true") }
        if source.keepsZeros { parts.append("nonZero: false") }
        if let shape = source.shape { parts += RecipeKeys.format.written(shape) }
        if let template = source.template { parts.append("template: " + q(template.raw)) }
        if let events = source.reissueOn {
            parts.append("reissueOn: [" + events.words.joined(separator: ", ") + "]")
        }
        // The short forms where nothing but the source is said: `kc`, `idfv`, `uuid`.
        if parts.count == 1 {
            switch source.kind {
            case .store(let name), .id(let name): return q(name)
            case .uuid(let format), .uuid7(let format):
                return format == .uuidString ? source.name : "{ \(source.name): \(self.format(format)) }"
            case .server(let format):
                return format == RecipeParser.serverFormat ? "server" : "{ server: \(self.format(format)) }"
            case .supplied: return "{ " + head + " }"
            default: return source.name
            }
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func save(_ entry: RecipeSave) -> String {
        let q = ScenarioWriter.quote
        guard entry.when != .missing || !entry.condition.isEmpty || entry.source != nil else { return q(entry.store) }
        var parts = ["store: " + q(entry.store)]
        if entry.condition.option != nil || entry.source != nil {
            let when = (entry.condition.option.map { [optionTest($0)] } ?? []) + (entry.source.map { ["source: " + q($0)] } ?? [])
                + (entry.when == .missing ? [] : ["write: \(entry.when.rawValue)"])
            parts.append("when: { " + when.joined(separator: ", ") + " }")
        } else if entry.when != .missing {
            parts.append("when: \(entry.when.rawValue)")
        }
        var stores = entry.condition
        stores.option = nil
        parts += condition(stores, optionKey: "when")
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `if`, `unless` and the option test, as the parser reads them.
    static func condition(_ condition: RecipeCondition, optionKey: String) -> [String] {
        let q = ScenarioWriter.quote
        func comparison(_ c: RecipeComparison) -> String {
            let other: String
            switch c.other.kind {
            case .store(let name): other = c.other.shape == nil ? q(name) : "{ store: " + q(name)
            default: other = c.other.shape == nil ? c.other.name : "{ from: " + c.other.name
            }
            let shape = c.other.shape.map { RecipeKeys.format.written($0).map { ", " + $0 }.joined() + " }" } ?? ""
            return "{ store: " + q(c.store) + ", equals: " + other + shape + " }"
        }
        func names(_ list: [String], _ comparisons: [RecipeComparison]) -> String {
            let items = list.map(q) + comparisons.map(comparison)
            return items.count == 1 && comparisons.isEmpty ? items[0] : "[" + items.joined(separator: ", ") + "]"
        }
        var parts: [String] = []
        if !condition.ifHeld.isEmpty || !condition.ifEqual.isEmpty { parts.append("if: " + names(condition.ifHeld, condition.ifEqual)) }
        if !condition.unlessHeld.isEmpty || !condition.unlessEqual.isEmpty {
            parts.append("unless: " + names(condition.unlessHeld, condition.unlessEqual))
        }
        if let option = condition.option { parts.append(optionKey + ": { " + optionTest(option) + " }") }
        return parts
    }

    static func optionTest(_ test: RecipeCondition.OptionTest) -> String {
        "option: " + ScenarioWriter.quote(test.name) + (test.value.map { ", is: " + optionValue($0) } ?? "")
    }

    static func optionValue(_ value: OptionValue) -> String {
        switch value {
        case .bool(let b): String(b)
        case .string(let s): ScenarioWriter.quote(s)
        case .int(let i): String(i)
        case .list(let l): "[" + l.map(ScenarioWriter.quote).joined(separator: ", ") + "]"
        }
    }

    static func format(_ format: IDFormat) -> String {
        "{ " + RecipeKeys.format.written(format).joined(separator: ", ") + " }"
    }
}
