/// docs/recipes.md's key tables, from the keys' declarations (DocsTests keeps them current).
extension RecipeKeys {
    /// A recipe's keys: `| key | meaning |`.
    static func recipeTable() -> String { table(recipe.map(\.spec)) }

    /// A migration's keys.
    static func migrationTable() -> String { table(migration.map(\.spec)) }

    /// The kinds of store, each with its keys and what the simulator does with it.
    static func storesTable() -> String {
        var out = "| kind | keys | what the simulator does with it |\n|---|---|---|\n"
        for kind in storeKinds {
            for (index, row) in kind.docsRows.enumerated() {
                let keys = row.keys.compactMap { name in kind.keys.first { $0.name == name } }
                let cell = row.lead + keys.map(inline).joined(separator: ", ")
                out += index == 0 ? "| `\(kind.name)` | \(cell) | \(kind.does) |\n" : "| | \(cell) | |\n"
            }
        }
        return out
    }

    /// What a source written as a mapping may say beside its head, with where a real SDK does it.
    static func sourceKeysTable() -> String {
        var out = "| key | meaning | from a real SDK |\n|---|---|---|\n"
        for key in sourceModifiers.map(\.spec) { out += "| `\(key.name)` | \(key.docs) | \(key.seenIn ?? "") |\n" }
        return out
    }

    static func table(_ keys: [RecipeKeySpec]) -> String {
        var out = "| key | meaning |\n|---|---|\n"
        for key in keys { out += "| `\(key.name)` | \(key.docs) |\n" }
        return out
    }

    /// "`account` (required)", "`service` (default `{bundle}`)", "`store`".
    static func inline(_ key: RecipeKeySpec) -> String {
        let notes = (key.required ? ["required"] : []) + (key.docs.isEmpty ? [] : [key.docs])
        return "`\(key.name)`" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
    }
}
