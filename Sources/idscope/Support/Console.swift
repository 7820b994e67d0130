import ArgumentParser
import Foundation
import IDPlatform
import IDScenario

/// Standard output and error for the commands.
///
/// Written with write(2) and checked: a full disk, a closed descriptor or a reader that went
/// away is reported in one line on stderr and ends the command with exit status 74 (EX_IOERR),
/// instead of a crash or output lost without a word. Output is buffered (large runs write
/// megabytes) and flushed by `IDScope.main` before the process ends.
enum Console {
    // The commands run on one thread; the buffer is only touched from it.
    nonisolated(unsafe) private static var buffer: [UInt8] = []
    private static let flushThreshold = 1 << 16

    /// Writes a line to stdout.
    /// - Throws: `ExitCode(74)` after saying on stderr that stdout cannot be written.
    static func out(_ text: String) throws {
        try write(text)
        try write("\n")
    }

    /// Writes text to stdout as it is (pieces of a long line).
    static func write(_ text: String) throws {
        if text.utf8.count >= flushThreshold {
            // A page or a recording: written as it is, not copied into the buffer first.
            try flush()
            if let failure = Platform.writeAll(text, to: STDOUT_FILENO) {
                error("idscope: error: cannot write to standard output: \(failure)")
                throw ExitCode(ExitStatus.ioError)
            }
            return
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Sends what is buffered to stdout.
    static func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        if let failure = Platform.writeAll(buffer, to: STDOUT_FILENO) {
            error("idscope: error: cannot write to standard output: \(failure)")
            throw ExitCode(ExitStatus.ioError)
        }
    }

    /// Writes a line to stderr, control characters made visible; a failure is ignored, as there
    /// is nowhere left to report it.
    /// - Parameter keepingNewlines: a message of several lines (a usage text) keeps its breaks.
    static func error(_ line: String, keepingNewlines: Bool = false) {
        _ = Platform.writeAll(Array((TerminalText.escaped(line, keepingNewlines: keepingNewlines) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Progress on a terminal's stderr: written as is (it carries its own erase-line sequence).
    static func progress(_ text: String) {
        _ = Platform.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Colour only on a terminal, never with NO_COLOR set (to anything non-empty) or --no-color.
    static func colourEnabled(noColorFlag: Bool) -> Bool {
        if noColorFlag { return false }
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}

/// The exit statuses of every command, one vocabulary (the contract's, and sysexits.h's codes for
/// what the contract leaves open). `idscope --help` lists them.
enum ExitStatus {
    /// The check ran and found what it looks for: an expectation failed (`check`), a property
    /// broke (`explore`), a manifest entry is missing or invalid (`manifest --check`).
    static let checkFailed: Int32 = 1
    /// A scenario, recipe or other input file is invalid or unreadable, or a well-formed argument
    /// names nothing (an unknown strategy, scenario, rule, property or event).
    static let invalidInput: Int32 = 2
    /// A malformed command line: the argument parser's own code (EX_USAGE).
    static let usage: Int32 = 64
    /// `serve` could not start listening (EX_UNAVAILABLE): the port is taken, the address is not ours.
    static let cannotServe: Int32 = 69
    /// Output could not be written (EX_IOERR).
    static let ioError: Int32 = 74

    /// For the root command's help.
    static let summary = """
        Exit status: 0 success; 1 a check found what it looks for (a failed expectation, a break, a manifest error); \
        2 an invalid or unreadable input, or an argument that names nothing; 64 a malformed command line; \
        69 serve cannot listen; 74 output could not be written; 128+N stopped by signal N.
        """

    /// Says on stderr that a well-formed argument names nothing, and gives the status for it.
    static func namesNothing(_ command: String, _ problem: String) -> ExitCode {
        Console.error("idscope \(command): \(problem)")
        return ExitCode(invalidInput)
    }
}
