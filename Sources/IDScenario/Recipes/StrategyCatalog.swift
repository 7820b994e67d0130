import IDStrategies

/// Every strategy a scenario can name without defining it: the Swift strategies, then the
/// built-in recipes of real libraries (read once from the package's resources).
public enum StrategyCatalog {
    public static let builtIn: StrategyLibrary = StrategyLibrary.builtIn
}

extension Scenario {
    /// The strategies this scenario's apps may use: the built-in ones and its own recipes.
    public var library: StrategyLibrary { StrategyCatalog.builtIn }
}
