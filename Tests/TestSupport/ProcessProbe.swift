import Foundation

/// What a test reads of another process: the signals it catches, the CPU it has used. From Linux's
/// /proc where there is one, else from ps(1), whose `caught` and `time` columns a Mac's BSD ps
/// and Linux's procps both print, so that no test waits a fixed time where /proc is missing.
package enum ProcessProbe {
    /// The mask of signals the process has a handler for (bit `n - 1` for signal `n`), or nil
    /// when neither source answers (the process has gone).
    package static func caughtSignals(_ pid: Int32, from source: Source = .best) -> UInt64? {
        if source != .ps, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }) else { return nil }
            return UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        guard source != .proc, let text = ps(["-o", "caught=", "-p", "\(pid)"]) else { return nil }
        return UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)
    }

    /// Whether the process has a handler for `signal`.
    package static func catches(_ signal: Int32, pid: Int32, from source: Source = .best) -> Bool {
        guard let mask = caughtSignals(pid, from: source) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Waits until the process has a handler for `signal` (polling every 20 ms), false after
    /// `timeout` seconds.
    package static func waitUntilCatching(_ signal: Int32, pid: Int32, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if catches(signal, pid: pid) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// The process's user and system CPU seconds so far. /proc gives clock ticks; ps gives
    /// `[[dd-]hh:]mm:ss[.cc]` (a Mac's has hundredths; procps' whole seconds only).
    package static func cpuSeconds(_ pid: Int32, from source: Source = .best) -> Double? {
        if source != .ps, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) {
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        guard source != .proc, let text = ps(["-o", "time=", "-p", "\(pid)"]) else { return nil }
        return parseTime(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Where a reading comes from: /proc if present else ps, or one of them alone (the tests check
    /// that the two agree on Linux).
    package enum Source: Sendable { case best, proc, ps }

    /// `[[dd-]hh:]mm:ss[.cc]` in seconds.
    package static func parseTime(_ text: String) -> Double? {
        var days = 0.0, rest = Substring(text)
        if let dash = rest.firstIndex(of: "-") {
            guard let d = Double(rest[..<dash]) else { return nil }
            days = d
            rest = rest[rest.index(after: dash)...]
        }
        let parts = rest.split(separator: ":").map { Double($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + $1! } + days * 86_400
    }

    private static func ps(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ps"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
