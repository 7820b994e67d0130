import ArgumentParser
import Foundation
import IDSim
import IDStrategies

/// The three formats every command that prints results speaks.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, markdown, jsonl
}

/// `--format`, declared once for run, matrix and explore.
struct FormatOption: ParsableArguments {
    @Option(help: "Output format: table (for people), markdown, or jsonl (one JSON object per line, for scripts).")
    var format: OutputFormat = .table
}

/// `--no-color`, declared once for every command that can print in colour.
struct ColourOption: ParsableArguments {
    @Flag(help: "Print without colour (as NO_COLOR does). Colour is only ever used on a terminal.")
    var noColor = false

    /// Colour on standard output: only a terminal's, and never with NO_COLOR or --no-color.
    var onStandardOutput: Bool { Console.colourEnabled(noColorFlag: noColor) }

    /// Colour in the inspector (always on a terminal): unless NO_COLOR or --no-color.
    var inInspector: Bool { !noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty }
}

/// `--option [STRATEGY:]KEY=VALUE`: an option of the strategy, as a scenario's `options:` gives one
/// (a recipe's params, Mixpanel's `useUniqueDistinctId`, PostHog's `appGroup`), for the default
/// worlds of `matrix` and `explore`. With `STRATEGY:` it is that strategy's alone, so strategies
/// whose options differ share one run (`--option mixpanel:useUniqueDistinctId=true`).
struct StrategyOptionsOption: ParsableArguments {
    @Option(name: .customLong("option"),
            help: ArgumentHelp("An option of the strategy: [STRATEGY:]KEY=VALUE, VALUE true or on, false or off, a whole number "
                               + "or text (repeatable). With STRATEGY: for that strategy only.",
                               valueName: "[STRATEGY:]KEY=VALUE"))
    var arguments: [String] = []

    /// One `--option` as given.
    struct Given: Equatable {
        /// The strategy it is for; nil: every strategy of the run.
        var strategy: String?
        var key: String
        var value: OptionValue
    }

    /// Every `--option`, read: `true`/`false` are booleans, whole numbers integers, the rest text
    /// (each strategy then reads them as its options' kinds: `on` as true, a number as text).
    func given() throws -> [Given] {
        var out: [Given] = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw ValidationError("--option \(argument): expected KEY=VALUE or STRATEGY:KEY=VALUE, like useUniqueDistinctId=true")
            }
            var key = String(argument[..<equals]), strategy: String?
            if let colon = key.firstIndex(of: ":") {
                strategy = String(key[..<colon])
                key = String(key[key.index(after: colon)...])
                guard let named = strategy, !named.isEmpty, !key.isEmpty else {
                    throw ValidationError("--option \(argument): expected STRATEGY:KEY=VALUE, like mixpanel:useUniqueDistinctId=true")
                }
            }
            let text = String(argument[argument.index(after: equals)...])
            guard !out.contains(where: { $0.strategy == strategy && $0.key == key }) else {
                throw ValidationError("--option \(strategy.map { $0 + ":" } ?? "")\(key) is given twice")
            }
            let value: OptionValue = switch text {
            case "true": .bool(true)
            case "false": .bool(false)
            default: Int(text).map(OptionValue.int) ?? .string(text)
            }
            out.append(Given(strategy: strategy, key: key, value: value))
        }
        return out
    }

    /// One strategy's options: those given for every strategy, then those given for it by name
    /// (which win), as its options' kinds read them.
    func values(for strategy: Strategy) throws -> [String: OptionValue] {
        var out: [String: OptionValue] = [:]
        let given = try given()
        for option in given where option.strategy == nil { out[option.key] = option.value }
        for option in given where option.strategy == strategy.name { out[option.key] = option.value }
        return strategy.normalized(options: out)
    }

    /// Exit 2 when an option is given for a strategy the run does not have.
    func checkStrategiesNamed(among strategies: [Strategy], command: String) throws {
        let names = strategies.map(\.name)
        for option in try given() {
            guard let named = option.strategy, !names.contains(named) else { continue }
            throw ExitStatus.namesNothing(command, "--option \(named):\(option.key): \(named) is not one of the strategies of this run ("
                                          + names.joined(separator: ", ") + ")" + NameSuggester.hint(for: named, among: names))
        }
    }

    /// Exit 2 with the problem when a strategy does not take the options (an unknown key, a bad value).
    func check(_ options: [String: OptionValue], for strategies: [Strategy], library: StrategyLibrary, command: String) throws {
        for strategy in strategies {
            if let problem = library.problems(strategy: strategy.name, options: options).first {
                throw ExitStatus.namesNothing(command, "\(strategy.name): \(problem.description)")
            }
            // A recipe's params without a default must be given, for a built-in recipe as for a file.
            let missing = strategy.missingOptions(in: options)
            if !missing.isEmpty {
                throw ExitStatus.namesNothing(command, "\(strategy.name) needs " + missing.map { "--option \($0)=VALUE" }.joined(separator: " and ")
                                              + " (its recipe fills {\(missing[0])} with it)")
            }
        }
    }
}
