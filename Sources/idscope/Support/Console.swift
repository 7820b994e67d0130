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
    static func error(_ line: String) {
        _ = Platform.writeAll(Array((TerminalText.escaped(line) + "\n").utf8), to: STDERR_FILENO)
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

/// Exit codes of the contract.
enum ExitStatus {
    static let expectationFailed: Int32 = 1
    static let invalidScenario: Int32 = 2
    /// EX_IOERR from sysexits.h: output could not be written.
    static let ioError: Int32 = 74
}
