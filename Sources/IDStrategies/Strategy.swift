import IDSim

/// An app-side recipe for keeping a device ID, as a real library or plugin does it.
///
/// A strategy is app code: at each launch it runs on the `AppOS` facade, reading and writing
/// exactly where its original reads and writes, and handling failures the way the original
/// does. It is made fresh from the app's options for each launch, so it keeps nothing between
/// launches but what it stores through the OS (or in the process's memory).
package protocol IDStrategy: AppProgram {
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

    /// Whether the code may read tracking state (the IDFA, the ATT status, the consent the app
    /// records) or ask to track.
    /// Explore leaves that state out of its states for strategies that never do.
    static var readsTracking: Bool { get }

    /// Whether its server sets the team's DeviceCheck bits: explore then offers setting them as an action.
    static var setsDeviceCheckBits: Bool { get }

    /// Keychain access groups beyond its own that an app of this strategy must be entitled to
    /// for the code to work as shipped (SvUDID's shared group); the matrix grants them.
    static func sharedAccessGroups(for app: AppDeclaration) -> [String]

    init(options: [String: OptionValue])
}

extension IDStrategy {
    package static var matrixValue: String? { nil }
    package static var setsDeviceCheckBits: Bool { false }

    /// Assumed unless a strategy says otherwise.
    package static var readsTracking: Bool { true }

    package static func sharedAccessGroups(for app: AppDeclaration) -> [String] { [] }

    /// This strategy as a value, as the library holds it.
    package static var strategy: Strategy {
        Strategy(name: name, summary: summary, kind: .swift, options: options, valueNames: valueNames, matrixValue: matrixValue,
                 readsTracking: readsTracking, setsDeviceCheckBits: setsDeviceCheckBits, stores: { app, _ in stores(for: app) }, sharedAccessGroups: { sharedAccessGroups(for: $0) },
                 program: { Self(options: $0) })
    }
}

/// A strategy as a value: what an app's `strategy:` names, with what it reports, where it keeps
/// things, and the program a launch runs. Swift strategies and recipes are both `Strategy` values,
/// so everything that lists, validates, runs or compares strategies treats them alike.
package struct Strategy: Sendable {
    package enum Kind: String, Sendable {
        /// App code written in Swift (`IDStrategy`).
        case swift
        /// A recipe: the app's ID code as data, run by the recipe interpreter.
        case recipe
    }

    package let name: String
    /// What it reproduces, in a line.
    package let summary: String
    package let kind: Kind
    package let options: [StrategyOption]
    /// The keys of `values` in a launch report, in order.
    package let valueNames: [String]
    /// The value the lifecycle matrix follows: nil for the primary ID (DeviceCheck follows its bit).
    package private(set) var matrixValue: String?
    /// Whether its code may read tracking state (the IDFA, the ATT status, the consent the app
    /// records) or ask to track (see `IDStrategy`).
    package let readsTracking: Bool
    private let valueReadsTracking: @Sendable (String?) -> Bool
    /// Whether its server sets the team's DeviceCheck bits (explore then offers that action).
    package let setsDeviceCheckBits: Bool
    /// Whether its code reads Sign in with Apple's user identifier (explore then offers the user
    /// stopping Sign in with Apple for the app, SIWA-43).
    package let readsAppleUserID: Bool
    /// The IDs it names, for `expect: { ids: … }`: a recipe's declared ones, `id` for a strategy
    /// with a primary ID.
    package let idNames: [String]
    /// Options an app must give (a recipe's params without a default: `{writeKey}`).
    package let requiredOptions: [String]
    /// The calls its code makes to the SDK that a scenario's `call:` steps may name (a recipe's
    /// `calls:` but `launch`, which runs by itself); a Swift strategy declares none.
    package let calls: [String]
    private let storesOf: @Sendable (AppDeclaration, [String: String]) -> [StoreDescription]
    private let sharedGroupsOf: @Sendable (AppDeclaration) -> [String]
    private let appGroupsOf: @Sendable (AppDeclaration) -> [String]
    private let make: @Sendable ([String: OptionValue]) -> any AppProgram

    package init(name: String, summary: String, kind: Kind, options: [StrategyOption], valueNames: [String], matrixValue: String? = nil,
                readsTracking: Bool = true, valueReadsTracking: (@Sendable (String?) -> Bool)? = nil, setsDeviceCheckBits: Bool = false,
                readsAppleUserID: Bool = false, idNames: [String]? = nil, requiredOptions: [String] = [], calls: [String] = [],
                stores: @escaping @Sendable (AppDeclaration, [String: String]) -> [StoreDescription],
                sharedAccessGroups: @escaping @Sendable (AppDeclaration) -> [String] = { _ in [] },
                appGroups: @escaping @Sendable (AppDeclaration) -> [String] = { _ in [] },
                program: @escaping @Sendable ([String: OptionValue]) -> any AppProgram) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.options = options
        self.valueNames = valueNames
        self.matrixValue = matrixValue
        self.readsTracking = readsTracking
        self.valueReadsTracking = valueReadsTracking ?? { _ in readsTracking }
        self.setsDeviceCheckBits = setsDeviceCheckBits
        self.readsAppleUserID = readsAppleUserID
        self.idNames = idNames ?? (matrixValue == nil ? ["id"] : [])
        self.requiredOptions = requiredOptions
        self.calls = calls
        self.storesOf = stores
        self.sharedGroupsOf = sharedAccessGroups
        self.appGroupsOf = appGroups
        self.make = program
    }

    /// Whether the value a launch reports under this name (nil: the primary ID) can depend on
    /// tracking state: `readsTracking` unless the strategy can tell its values apart (a recipe,
    /// by how its values flow: `Recipe.idReadsTracking`).
    package func readsTracking(value: String?) -> Bool { readsTracking && valueReadsTracking(value) }

    /// The places it reads and keeps values for an app, for users to see.
    /// - Parameter supplied: what the app's code has passed with its calls, by call name (an
    ///   installed app's `supplied`): a recipe's store kept per supplied value names its entry by
    ///   it (`{supplied:NAME}`). Without it, such a store names no entry unless an option does.
    package func stores(for app: AppDeclaration, supplied: [String: String] = [:]) -> [StoreDescription] { storesOf(app, supplied) }

    /// Keychain access groups beyond the app's own it must be entitled to, for the code to work as shipped.
    package func sharedAccessGroups(for app: AppDeclaration) -> [String] { sharedGroupsOf(app) }

    /// The App Groups the code keeps values in, for an app that declares none: the worlds idscope
    /// makes for the matrix and explore give their apps these (a recipe's `{appGroup}`, a file's
    /// `group:`, a `group.` suite), so that a recipe of an App Group runs as it does in a scenario.
    package func appGroups(for app: AppDeclaration) -> [String] { appGroupsOf(app) }

    /// The code an app of this strategy runs at a launch, with the app's options.
    package func program(options: [String: OptionValue]) -> any AppProgram { make(options) }

    /// The strategy as the matrix and explore see it when told to follow another of its values
    /// (`--id NAME`): a recipe's other ID, or any value its launches report; `id` is the primary.
    /// Nil when its launches report no value by that name.
    package func following(_ name: String) -> Strategy? {
        guard valueNames.contains(name) else { return nil }
        var copy = self
        copy.matrixValue = name == "id" ? nil : name
        return copy
    }

    /// Why `following(name)` gives nothing, in a sentence for the user.
    package func notFollowing(_ name: String) -> String {
        "strategy \(self.name) reports no value '\(name)'; its launches report " + valueNames.joined(separator: ", ")
            + NameSuggester.hint(for: name, among: valueNames)
    }

    /// The value the matrix and explore follow in a launch report: `matrixValue`'s, else the primary ID.
    package func followedValue(in report: LaunchReport) -> String? {
        report.value(followed: matrixValue)
    }

    /// Whether launches report a primary ID (DeviceCheck's do not: its state is the team's bits).
    package var hasPrimaryID: Bool { matrixValue == nil }

    /// The options as this strategy's kinds read them (see `StrategyOption.normalized`); keys it
    /// does not know are kept as they are, for `problems(options:)` to name.
    package func normalized(options values: [String: OptionValue]) -> [String: OptionValue] {
        var out = values
        for (key, value) in values { out[key] = normalized(value, option: key) }
        return out
    }

    /// One option's value as this strategy reads it (as given, for an option it does not know).
    package func normalized(_ value: OptionValue, option key: String) -> OptionValue {
        options.first { $0.name == key }?.normalized(value) ?? value
    }

    /// Every problem with options given to this strategy, in the order of their names.
    package func problems(options values: [String: OptionValue]) -> [StrategyProblem] {
        let known = options.map(\.name)
        var problems: [StrategyProblem] = []
        for key in values.keys.sorted() {
            guard let option = options.first(where: { $0.name == key }) else {
                problems.append(.unknownOption(key, strategy: name, known: known))
                continue
            }
            if let message = option.problem(with: values[key]!) { problems.append(.invalidOption(key, message: message)) }
        }
        return problems
    }

    /// The required options `values` leaves out, in the strategy's order.
    package func missingOptions(in values: [String: OptionValue]) -> [String] {
        requiredOptions.filter { values[$0] == nil }
    }

    /// `values` with each required option it leaves out given a value that says it is an example
    /// (`example-writeKey`): how a run over every built-in strategy, none named, runs those that
    /// need one, where a strategy named alone must be given it.
    package func withExamples(_ values: [String: OptionValue]) -> [String: OptionValue] {
        var filled = values
        for name in missingOptions(in: values) { filled[name] = .string("example-" + name) }
        return filled
    }
}

/// Why a strategy name or its options are not valid.
package enum StrategyProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownStrategy(String, known: [String])
    case unknownOption(String, strategy: String, known: [String])
    case invalidOption(String, message: String)

    package var description: String {
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
    package var subject: String {
        switch self {
        case .unknownStrategy(let name, _), .unknownOption(let name, _, _), .invalidOption(let name, _): name
        }
    }
}

extension LaunchReport {
    /// The named value, or the primary ID when `name` is nil (how a strategy's `matrixValue` is read).
    package func value(followed name: String?) -> String? {
        guard let name else { return primaryID }
        return value(name)
    }
}
