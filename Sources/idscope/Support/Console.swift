import Foundation

/// Output helpers: stderr lines, and whether to colour stdout.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Colour only on a terminal, never with NO_COLOR set (to anything non-empty) or --no-color.
    static func colourEnabled(noColorFlag: Bool) -> Bool {
        if noColorFlag { return false }
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    /// Writes text to stdout without buffering surprises when piped.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// Exit codes of the contract.
enum ExitStatus {
    static let expectationFailed: Int32 = 1
    static let invalidScenario: Int32 = 2
}
