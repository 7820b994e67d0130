import Foundation
import TestSupport

/// Runs the built `idscope` binary and captures what it printed.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle (the test target depends on the executable).
    static var binary: URL { BuiltProducts.executable("idscope") }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try launch(binary, arguments, environment: environment)
    }

    /// Runs `/bin/sh -c script` with the binary as `$0` and `arguments` as `$@` (redirections).
    static func shell(_ script: String, _ arguments: [String]) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", script, binary.path] + arguments, environment: [:])
    }

    static func launch(_ executable: URL, _ arguments: [String], environment: [String: String],
                       unsetting: [String] = [], in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        for k in unsetting { env[k] = nil }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
