import Crypto
import Foundation
import IDPlatform
import IDServe
import IDServeClient
import TestSupport
import Testing

/// `idscope serve` as a backend's test suite would start it: a real process, stopped by a signal.
@Suite struct ServeCommandTests {
    /// The running binary and the port it printed.
    final class Running {
        let process = Process()
        let errors = Pipe()
        var port = 0
        var stderrText = ""

        /// A test that fails before `stop` leaves no server running (nor writing into its folder).
        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// - Parameter descriptorLimit: started under `ulimit -n` this low.
        init(_ arguments: [String], in folder: URL? = nil, descriptorLimit: Int? = nil) throws {
            if let descriptorLimit {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", CLI.binary.path, "serve", "--port", "0"] + arguments
            } else {
                process.executableURL = CLI.binary
                process.arguments = ["serve", "--port", "0"] + arguments
            }
            if let folder { process.currentDirectoryURL = folder }
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while port == 0 && Date() < deadline {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { break }
                stderrText += String(decoding: data, as: UTF8.self)
                if let range = stderrText.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                    port = Int(stderrText[range].split(separator: ":").last!)!
                }
            }
        }

        /// Reads stderr until it holds `text` (or 20 s pass): whether it came.
        func waitForStderr(containing text: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            let fd = errors.fileHandleForReading.fileDescriptor
            while !stderrText.contains(text) && Date() < deadline {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                stderrText += String(decoding: buffer[..<n], as: UTF8.self)
            }
            return stderrText.contains(text)
        }

        /// Sends the signal and waits for the process; returns its status and the rest of stderr.
        func stop(with signal: Int32) -> (status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            let rest = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, stderrText + String(decoding: rest, as: UTF8.self))
        }
    }

    /// TERM and INT as asked; HUP when the terminal closes or an ssh session drops; QUIT from
    /// Ctrl-\\: each stops the server the same way, saving the session.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func aSignalStopsItAndTheSavedSessionReplays(_ signal: Int32) throws {
        let folder = TemporaryDirectory.make()
        let saved = folder.appendingPathComponent("session.yaml").path
        let server = try Running(["--no-auth", "--save", saved, "--log", folder.appendingPathComponent("log.jsonl").path])
        try #require(server.port > 0, "\(server.stderrText)")
        #expect(server.stderrText.contains("--no-auth: any bearer token is accepted"))
        let connection = try LoopbackConnection(port: server.port)
        let listed = try connection.send("GET", "/idscope/tokens")
        let token = try #require(listed.body.firstMatch(of: /"token": "(DC1[^"]+)"/)?.1).description
        let update = try connection.send("POST", "/v1/update_two_bits", headers: [("Authorization", "Bearer x")],
                                         body: #"{"device_token": "\#(token)", "transaction_id": "t1", "timestamp": 1, "bit1": true}"#)
        #expect(update.status == 200)
        let (status, stderr) = server.stop(with: signal)
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("saved the session (15 steps)"))
        #expect(!stderr.contains("Crash") && !stderr.contains("Thread 0"), "no backtrace: \(stderr)")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("update_two_bits, transaction t1"))
        let replay = try CLI.run(["check", saved])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let log = try String(contentsOfFile: folder.appendingPathComponent("log.jsonl").path, encoding: .utf8)
        #expect(log.split(separator: "\n").count == 2)
    }

    @Test("SIGUSR1 writes the --save file and the server keeps serving")
    func checkpointOnSIGUSR1() throws {
        let folder = TemporaryDirectory.make()
        let saved = folder.appendingPathComponent("session.yaml").path
        let server = try Running(["--no-auth", "--save", saved, "--log", folder.appendingPathComponent("log.jsonl").path])
        try #require(server.port > 0, "\(server.stderrText)")
        let connection = try LoopbackConnection(port: server.port)
        let step = try connection.send("POST", "/idscope/steps", body: #"{"reboot": null, "device": "phone"}"#)
        #expect(step.status == 200)
        kill(server.process.processIdentifier, SIGUSR1)
        #expect(server.waitForStderr(containing: "checkpoint: saved the session (15 steps) to \(saved)"), "\(server.stderrText)")
        #expect(try CLI.run(["check", saved]).status == 0)
        // Still serving, and the final save has the later steps too.
        #expect(try connection.send("POST", "/idscope/steps", body: #"{"unlock": null, "device": "phone"}"#).status == 200)
        let (status, stderr) = server.stop(with: SIGTERM)
        #expect(status == 0 && stderr.contains("saved the session (16 steps)"), "\(stderr)")
    }

    @Test("--save with a one-character relative name saves into the current folder")
    func saveToAOneCharacterName() throws {
        let folder = TemporaryDirectory.make()
        let server = try Running(["--no-auth", "--save", "9", "--log", "log.jsonl"], in: folder)
        try #require(server.port > 0, "\(server.stderrText)")
        let (status, stderr) = server.stop(with: SIGTERM)
        #expect(status == 0 && stderr.contains("saved the session (14 steps) to 9"), "\(stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("9"), encoding: .utf8).hasPrefix("name: "))
    }

    @Test("at its descriptor limit it does not spin: connections past its cap wait, idle ones are closed, a good query is answered")
    func descriptorLimitAndIdleConnections() throws {
        let server = try Running(["--no-auth", "--idle-timeout", "1", "--log", "/dev/null"], descriptorLimit: 64)
        try #require(server.port > 0, "\(server.stderrText)")
        // 120 connections that say nothing: more than the server's descriptors allow. This process
        // holds them too, and a Mac starts a shell's processes at 256 while other suites run
        // alongside: raise ours as `idscope serve` raises its own.
        try #require(Platform.raiseOpenFileLimit() >= 512, "this test process may not open 120 more sockets")
        var idle: [Int32] = []
        for _ in 0..<120 { if let fd = try? LoopbackConnection.connectedSocket(port: server.port) { idle.append(fd) } }
        defer { for fd in idle { close(fd) } }
        #expect(idle.count == 120)
        let pid = server.process.processIdentifier
        let cpuBefore = ProcessProbe.cpuSeconds(pid)
        // A good query is answered once an idle connection has been closed for it.
        let started = Date()
        let reply = try LoopbackConnection(port: server.port).send("GET", "/idscope/tokens")
        #expect(reply.status == 200 && Date().timeIntervalSince(started) < 15)
        if let before = cpuBefore, let after = ProcessProbe.cpuSeconds(pid) {
            let seconds = Date().timeIntervalSince(started)
            #expect(after - before < 0.5 * seconds + 0.2, "the server used \(after - before) s of CPU in \(seconds) s: it spins")
        }
        // The idle ones are closed: the first reads end.
        var poller = pollfd(fd: idle[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 5_000) == 1)
        var byte: UInt8 = 0
        #expect(read(idle[0], &byte, 1) == 0, "closed by the server")
        #expect(server.stop(with: SIGTERM).status == 0)
    }

    @Test func aP8KeyVerifiesTheBackendsJWTs() throws {
        let folder = TemporaryDirectory.make()
        let key = P256.Signing.PrivateKey()
        let p8 = folder.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try key.pemRepresentation.write(to: p8, atomically: true, encoding: .utf8)
        let server = try Running(["--key", "ABC123DEFG=\(p8.path)"])
        try #require(server.port > 0, "\(server.stderrText)")
        let connection = try LoopbackConnection(port: server.port)
        let token = try #require(try connection.send("GET", "/idscope/tokens").body.firstMatch(of: /"token": "(DC1[^"]+)"/)?.1).description
        let body = #"{"device_token": "\#(token)", "transaction_id": "t1", "timestamp": 1}"#
        let good = try DeviceCheckJWT.sign(with: key, keyID: "ABC123DEFG", team: "ACME1234", issuedAt: Int(Date().timeIntervalSince1970))
        let forged = try DeviceCheckJWT.sign(with: P256.Signing.PrivateKey(), keyID: "ABC123DEFG", team: "ACME1234",
                                             issuedAt: Int(Date().timeIntervalSince1970))
        #expect(try connection.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(good)")], body: body).status == 200)
        let refused = try connection.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(forged)")], body: body)
        #expect(refused.status == 401 && refused.body == "Unable to verify authorization token")
        #expect(server.stop(with: SIGTERM).status == 0)
        // The built-in scenario has two teams, and this key is bound to none: a one-line note.
        #expect(server.stderrText.contains("note: key ABC123DEFG may sign for any of the scenario's 2 teams"))
    }

    @Test func aKeyBoundToATeamTheScenarioLacksIsRefusedAtTheStart() throws {
        let p8 = TemporaryDirectory.make().appendingPathComponent("AuthKey_ABC123DEFG.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: p8, atomically: true, encoding: .utf8)
        let result = try CLI.run(["serve", "--port", "0", "--key", "NOPE9999/ABC123DEFG=\(p8.path)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--key NOPE9999/ABC123DEFG: NOPE9999 is none of the scenario's teams (ACME1234, OTHR5678)"))
        let server = try Running(["--key", "ACME1234/ABC123DEFG=\(p8.path)"])
        try #require(server.port > 0, "\(server.stderrText)")
        #expect(server.stop(with: SIGTERM).status == 0)
        #expect(!server.stderrText.contains("note: key"))
    }

    /// The month of the real clock in UTC, as a query's last_update_time tells it by default.
    static func currentMonth() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: Date())
        return String(format: "%04d-%02d", parts.year!, parts.month!)
    }

    static let curl = ["/usr/bin/curl", "/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// docs/serve.md's curl session, with curl as the client (reported as skipped where there is
    /// no curl; CI installs it).
    @Test(.enabled(if: curl != nil, "curl is not installed"))
    func theDocumentedCurlSessionWorks() throws {
        let server = try Running(["--no-auth"])
        try #require(server.port > 0, "\(server.stderrText)")
        let base = "http://127.0.0.1:\(server.port)"
        func curl(_ arguments: [String]) throws -> String {
            try CLI.launch(URL(fileURLWithPath: ServeCommandTests.curl!), ["-s", "-w", "\n%{http_code}"] + arguments, environment: [:]).stdout
        }
        let listed = try curl(["\(base)/idscope/tokens"])
        let token = try #require(listed.firstMatch(of: /"token": "(DC1[^"]+)"/)?.1).description
        let body = #"{"device_token": "\#(token)", "transaction_id": "t1", "timestamp": 1795000000000}"#
        let query = try curl(["\(base)/v1/query_two_bits", "-H", "Authorization: Bearer x", "-H", "Content-Type: application/json", "-d", body])
        #expect(query == "{\"bit0\": true, \"bit1\": false, \"last_update_time\": \"\(Self.currentMonth())\"}\n200")
        let clock = try curl(["\(base)/idscope/clock", "-d", #"{"date": "2027-03-01"}"#])
        #expect(clock == #"{"date": "2027-03-01"}"# + "\n200")
        let update = try curl(["\(base)/v1/update_two_bits", "-H", "Authorization: Bearer x", "-d", String(body.dropLast()) + #", "bit1": true}"#])
        #expect(update == "\n200")
        let updated = try curl(["\(base)/v1/query_two_bits", "-H", "Authorization: Bearer x", "-d", body])
        #expect(updated == "{\"bit0\": true, \"bit1\": true, \"last_update_time\": \"2027-03\"}\n200")
        let erase = try curl(["\(base)/idscope/steps", "-d", #"{"erase": null, "device": "phone"}"#])
        #expect(erase.hasPrefix(#"{"step": 16, "event": "erase""#) && erase.hasSuffix("\n200"))
        let refused = try curl(["\(base)/v1/query_two_bits", "-H", "Authorization: Bearer x", "-d", body])
        #expect(refused == "Missing or incorrectly formatted device token payload\n400")
        #expect(server.stop(with: SIGINT).status == 0)
    }

    @Test func itRefusesToStartWithoutKeysOrNoAuthAndOnBadKeys() throws {
        let bare = try CLI.run(["serve"])
        #expect(bare.status == 64 && bare.stderr.contains("--key KEY_ID=FILE") && bare.stderr.contains("--no-auth"))
        let folder = TemporaryDirectory.make()
        let notKey = folder.appendingPathComponent("k.pem")
        try "hello".write(to: notKey, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["serve", "--key", "K1=\(notKey.path)"])
        #expect(bad.status == 2 && bad.stderr.contains("is not a PEM key"))
        let missing = try CLI.run(["serve", "--key", "K1=\(folder.path)/none.p8"])
        #expect(missing.status == 2 && missing.stderr.contains("none.p8"))
        let noFolder = try CLI.run(["serve", "--no-auth", "--save", "\(folder.path)/no/such/dir/s.yaml"])
        #expect(noFolder.status == 2 && noFolder.stderr.contains("does not exist"))
        let badScenario = try CLI.run(["serve", "--no-auth", "no-such-scenario"])
        #expect(badScenario.status == 2)
    }
}
