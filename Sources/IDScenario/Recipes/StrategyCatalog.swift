import IDStrategies

/// Every strategy a scenario can name without defining it: the Swift strategies, then the
/// built-in recipes of real libraries and the recipe twins of Swift strategies (one recipe file
/// each in `Library/Scenarios/recipes`, compiled in: see `LibraryFiles`).
package enum StrategyCatalog {
    /// The built-in recipes: the libraries' first, then the twins (`…-twin`), each by name.
    package static let builtInRecipes: [Recipe] = {
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

    package static let builtIn: StrategyLibrary = StrategyLibrary.builtIn.adding(builtInRecipes.map(\.strategy))

    /// The built-in recipe files' names: libraries first, then twins.
    package static let recipeNames: [String] = {
        let names = LibraryFiles.current.recipes.keys.sorted()
        return names.filter { !$0.hasSuffix("-twin") } + names.filter { $0.hasSuffix("-twin") }
    }()

    /// A built-in recipe's file, as shipped (comments and all).
    package static func recipeText(named name: String) -> String? {
        LibraryFiles.current.recipes[name]
    }

    /// What kind of code a built-in strategy stands for, as `idscope strategies` groups them.
    package enum Group: String, Sendable, CaseIterable {
        /// The Swift strategies: ID code of the libraries the project started from, in Swift.
        case swift
        /// Recipes of open-source ID libraries (Cordova, Flutter, Expo, Firebase plugins).
        case library
        /// Recipes of the analytics, attribution and messaging SDKs apps ship (issue 32).
        case sdk
        /// Recipe twins of Swift strategies, which give the same IDs.
        case twin

        package var title: String {
            switch self {
            case .swift: "Swift strategies"
            case .library: "Recipes of ID libraries"
            case .sdk: "Recipes of SDKs"
            case .twin: "Recipe twins of the Swift strategies"
            }
        }
    }

    /// The SDKs' recipes, by the contract's names.
    package static let sdkNames = ["adjust", "amplitude", "mixpanel", "segment", "posthog", "revenuecat", "sentry", "branch", "onesignal",
                                             "datadog", "launchdarkly", "rudderstack", "fingerprintjs", "airship", "statsig", "meta", "clevertap"]

    package static func group(of strategy: Strategy) -> Group {
        if strategy.kind == .swift { return .swift }
        if original(ofTwin: strategy.name) != nil { return .twin }
        return sdkNames.contains(strategy.name) ? .sdk : .library
    }

    /// The Swift strategy a twin recipe reproduces (`rndi-twin` → `rndi`).
    package static func original(ofTwin name: String) -> String? {
        guard name.hasSuffix("-twin") else { return nil }
        let original = String(name.dropLast(5))
        return StrategyLibrary.builtIn.strategy(named: original) != nil ? original : nil
    }
}

extension Scenario {
    /// The strategies this scenario's apps may use: the built-in ones and its own recipes.
    package var library: StrategyLibrary { StrategyCatalog.builtIn.adding(recipes.map(\.strategy)) }
}
