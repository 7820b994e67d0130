import Foundation
import Testing
import TestSupport

/// The tests' reading of another process, where /proc is missing (a Mac), checked against /proc
/// here: ps(1) must say what /proc says.
@Suite struct ProcessProbeTests {
    @Test("ps's caught-signal mask and CPU time agree with /proc's")
    func psAgreesWithProc() throws {
        try #require(Host.hasProc, "no /proc to compare with")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A shell that traps TERM and USR1, then spins a little so that it has CPU time to read.
        child.arguments = ["-c", "trap 'exit 0' TERM USR1; i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; sleep 30"]
        try child.run()
        defer { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() }
        let pid = child.processIdentifier
        #expect(ProcessProbe.waitUntilCatching(SIGUSR1, pid: pid, timeout: 20))
        let proc = try #require(ProcessProbe.caughtSignals(pid, from: .proc))
        let ps = try #require(ProcessProbe.caughtSignals(pid, from: .ps))
        #expect(proc == ps, "\(String(proc, radix: 16)) vs \(String(ps, radix: 16))")
        #expect(ProcessProbe.catches(SIGTERM, pid: pid, from: .ps) && !ProcessProbe.catches(SIGHUP, pid: pid, from: .ps))
        let cpuProc = try #require(ProcessProbe.cpuSeconds(pid, from: .proc))
        let cpuPs = try #require(ProcessProbe.cpuSeconds(pid, from: .ps))
        #expect(abs(cpuProc - cpuPs) < 1.5, "procps prints whole seconds: \(cpuProc) vs \(cpuPs)")
    }

    @Test("ps's time column, in each system's form", arguments: [
        ("00:00:07", 7.0), ("0:01.50", 1.5), ("12:03", 723.0), ("1-02:03:04", 93_784.0), ("01:02:03", 3_723.0),
    ])
    func timeColumn(_ text: String, _ seconds: Double) {
        #expect(ProcessProbe.parseTime(text) == seconds)
    }

    @Test("a time column that is not one reads as nothing", arguments: ["", "a:b", "1:2:3:4", "x-01:00"])
    func notATime(_ text: String) {
        #expect(ProcessProbe.parseTime(text) == nil)
    }
}
