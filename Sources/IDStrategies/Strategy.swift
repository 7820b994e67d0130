import IDSim

/// An app-side recipe for keeping a device ID, as a real library or plugin does it.
///
/// A strategy is app code: at each launch it runs on the `AppOS` facade, reading and writing
/// exactly where its original reads and writes, and handling failures the way the original
/// does. It is made fresh from the app's options for each launch, so it keeps nothing between
/// launches but what it stores through the OS (or in the process's memory).
public protocol IDStrategy: AppProgram {
    /// The scenario name (`strategy:`).
    static var name: String { get }
    /// What it reproduces, in a line.
    static var summary: String { get }
    static var options: [StrategyOption] { get }
    /// The keys of `values` in a launch report, in order.
    static var valueNames: [String] { get }
    /// The store locations it uses for an app, for users to see.
    static func stores(for app: AppDeclaration) -> [StoreDescription]

    /// The value the lifecycle matrix follows: nil for the primary ID; DeviceCheck, which has
    /// none, follows its bit.
    static var matrixValue: String? { get }

    init(options: [String: OptionValue])
}

extension IDStrategy {
    public static var matrixValue: String? { nil }
}

/// Why a strategy name or its options are not valid.
public enum StrategyProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownStrategy(String, known: [String])
    case unknownOption(String, strategy: String, known: [String])
    case invalidOption(String, message: String)

    public var description: String {
        switch self {
        case .unknownStrategy(let name, let known):
            "unknown strategy '\(name)'" + (NameSuggester.nearest(to: name, among: known).map { "; did you mean '\($0)'?" }
                ?? "; expected one of " + known.joined(separator: ", "))
        case .unknownOption(let name, let strategy, let known):
            "unknown option '\(name)' for strategy \(strategy)"
                + (NameSuggester.nearest(to: name, among: known).map { "; did you mean '\($0)'?" }
                    ?? (known.isEmpty ? "; it takes no options" : "; expected one of " + known.joined(separator: ", ")))
        case .invalidOption(_, let message):
            message
        }
    }

    /// The option (or strategy) name the problem is about.
    public var subject: String {
        switch self {
        case .unknownStrategy(let name, _), .unknownOption(let name, _, _), .invalidOption(let name, _): name
        }
    }
}
