import Foundation
import IDPlatform
import TestSupport

/// Runs the built `idscope` binary and captures what it printed.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by the timeout: it hung.
        var timedOut = false
    }

    /// The binary beside the test bundle (the test target depends on the executable).
    static var binary: URL { BuiltProducts.executable("idscope") }

    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
                    timeout: Double = 600) throws -> Result {
        try launch(binary, arguments, environment: environment, in: folder, timeout: timeout)
    }

    /// Runs `/bin/sh -c script` with the binary as `$0` and `arguments` as `$@` (redirections).
    static func shell(_ script: String, _ arguments: [String], in folder: URL? = nil, timeout: Double = 600) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", script, binary.path] + arguments, environment: [:], in: folder, timeout: timeout)
    }

    /// - Parameter timeout: seconds after which the process is killed (and the result says so):
    ///   a test of something that must not hang ends instead of hanging the run.
    static func launch(_ executable: URL, _ arguments: [String], environment: [String: String],
                       unsetting: [String] = [], in folder: URL? = nil, timeout: Double = 600) throws -> Result {
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
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self),
                      timedOut: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }
}

/// A TCP socket listening on a free loopback port, and the port: a server's stand-in.
func loopbackListener() throws -> (fd: Int32, port: Int) {
    let fd = Platform.tcpSocket()
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard fd >= 0, bound, listen(fd, 16) == 0 else {
        close(fd)
        throw CocoaError(.fileWriteUnknown)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
