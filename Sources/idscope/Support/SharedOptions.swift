import ArgumentParser
import Foundation

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
