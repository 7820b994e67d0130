import IDStrategies

/// Every strategy a scenario can name without defining it: the Swift strategies, then the
/// built-in recipes of real libraries and the recipe twins of Swift strategies (one recipe file
/// each in `Library/Scenarios/recipes`, compiled in: see `LibraryFiles`).
public enum StrategyCatalog {
    /// The built-in recipes: the libraries' first, then the twins (`…-twin`), each by name.
    public static let builtInRecipes: [Recipe] = {
        var recipes: [Recipe] = []
        for name in recipeNames {
            guard let text = recipeText(named: name), let root = try? YAMLGuard.compose(text, file: "builtin:recipes/\(name)") else { continue }
            var reader = NodeReader(file: "builtin:recipes/\(name)")
            // Checked against the Swift strategies only: the catalog is being made.
            if let recipe = RecipeParser.parseFile(root, reserved: StrategyLibrary.builtIn.names, &reader), reader.diagnostics.isEmpty {
                recipes.append(recipe)
            }
        }
        return recipes
    }()

    public static let builtIn: StrategyLibrary = StrategyLibrary.builtIn.adding(builtInRecipes.map(\.strategy))

    /// The built-in recipe files' names: libraries first, then twins.
    public static let recipeNames: [String] = {
        let names = LibraryFiles.current.recipes.keys.sorted()
        return names.filter { !$0.hasSuffix("-twin") } + names.filter { $0.hasSuffix("-twin") }
    }()

    /// A built-in recipe's file, as shipped (comments and all).
    public static func recipeText(named name: String) -> String? {
        LibraryFiles.current.recipes[name]
    }

    /// The Swift strategy a twin recipe reproduces (`rndi-twin` → `rndi`).
    public static func original(ofTwin name: String) -> String? {
        guard name.hasSuffix("-twin") else { return nil }
        let original = String(name.dropLast(5))
        return StrategyLibrary.builtIn.strategy(named: original) != nil ? original : nil
    }
}

extension Scenario {
    /// The strategies this scenario's apps may use: the built-in ones and its own recipes.
    public var library: StrategyLibrary { StrategyCatalog.builtIn.adding(recipes.map(\.strategy)) }
}
