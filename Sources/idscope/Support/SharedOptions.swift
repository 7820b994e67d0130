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

/// `--option KEY=VALUE`: an option of the strategy, as a scenario's `options:` gives one (a recipe's
/// params, Mixpanel's `useUniqueDistinctId`, PostHog's `appGroup`), for the default worlds of
/// `matrix` and `explore`.
struct StrategyOptionsOption: ParsableArguments {
    @Option(name: .customLong("option"),
            help: ArgumentHelp("An option of the strategy: KEY=VALUE, VALUE true, false, a whole number or text (repeatable).",
                               valueName: "KEY=VALUE"))
    var arguments: [String] = []

    /// The options by key: `true`/`false` are booleans, whole numbers integers, the rest text.
    func values() throws -> [String: OptionValue] {
        var out: [String: OptionValue] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw ValidationError("--option \(argument): expected KEY=VALUE, like useUniqueDistinctId=true")
            }
            let key = String(argument[..<equals]), text = String(argument[argument.index(after: equals)...])
            guard out[key] == nil else { throw ValidationError("--option \(key) is given twice") }
            out[key] = switch text {
            case "true": .bool(true)
            case "false": .bool(false)
            default: Int(text).map(OptionValue.int) ?? .string(text)
            }
        }
        return out
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
