import Crypto
import Foundation
import IDPlatform
import IDScenario
import IDServe
import IDServeClient

/// `idscope serve` under load: requests per second and latency percentiles at 64 concurrent
/// keep-alive connections on loopback, driven by a one-thread poll(2) client in this process
/// (so the client takes at most one of the two cores, as wrk with one thread would).
enum ServeBench {
    static let connections = 64

    /// One server's figures.
    struct Figures {
        var queries: Double, queryP50: Double, queryP99: Double
        var updates: Double, updateP99: Double
    }

    /// - Parameters:
    ///   - threads: the server's event-loop threads (`--serve-threads N`; default one per core).
    ///     16 on a 2-core machine reproduces the lock contention of a 16-core one.
    ///   - runs: servers measured one after another (`--runs N`); with more than one, the medians.
    static func run(quick: Bool, threads: Int?, runs: Int) {
        do {
            var all: [Figures] = []
            for run in 1...max(1, runs) {
                if runs > 1 { print("serve: run \(run) of \(runs)") }
                all.append(try measure(seconds: quick ? 2 : 5, threads: threads))
            }
            guard all.count > 1 else { return }
            func median(_ value: (Figures) -> Double) -> String { Measure.format(Measure.percentile(all.map(value), 0.5)) }
            print("serve_medians_of_\(all.count): queries \(median(\.queries)) req/s (p50 \(median(\.queryP50)) ms, p99 \(median(\.queryP99)) ms); "
                  + "updates \(median(\.updates)) req/s (p99 \(median(\.updateP99)) ms)")
        } catch {
            print("serve: failed: \(error)")
        }
    }

    private static func measure(seconds: Double, threads: Int?) throws -> Figures {
        let scenario = try ScenarioLoader.load("s01-serve-devicecheck-two-teams")
        let world = try ServedWorld(scenario, tokenLifetime: 86_400, now: Date().timeIntervalSince1970)
        let key = P256.Signing.PrivateKey()
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("idscope-bench-\(getpid()).p8")
        try key.pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        var keys = SigningKeys()
        try keys.add("BENCHKEY01=\(keyFile.path)")
        var options = DeviceCheckService.Options()
        options.port = 0
        options.keys = keys
        options.stopOnSignals = false
        options.eventLoopThreads = threads ?? ProcessInfo.processInfo.environment["IDSCOPE_SERVE_THREADS"].flatMap(Int.init)
        // The log is written, as a real run writes it, to /dev/null.
        let log = RequestLog(fd: open("/dev/null", O_WRONLY))
        let bound = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var port = 0
        let server = Task {
            try await DeviceCheckService.serve(world, options: options, log: log) { _, p in
                port = p
                bound.signal()
            }
        }
        bound.wait()
        defer { server.cancel() }

        let setup = try LoopbackConnection(port: port)
        let listed = try setup.send("GET", "/idscope/tokens").body
        guard let token = listed.firstMatch(of: /"token": "(DC1[^"]+)"/)?.1 else { throw LoopbackConnection.Failure(description: "no token") }
        let jwt = try DeviceCheckJWT.sign(with: key, keyID: "BENCHKEY01", team: "ACME1234", issuedAt: Int(Date().timeIntervalSince1970))
        let headers = [("Authorization", "Bearer \(jwt)"), ("Content-Type", "application/json")]
        let body = #"{"device_token": "\#(token)", "transaction_id": "bench", "timestamp": 1795000000000}"#
        print("serve: \(connections) keep-alive connections on loopback, one-thread poll client in process, ES256 JWT (verified once, then cached), "
              + "\(options.eventLoopThreads.map { "\($0) event-loop threads" } ?? "one event-loop thread per core")")
        let query = LoopbackConnection.request("POST", "/v1/query_two_bits", headers: headers, body: body)
        // Warm up, then measure.
        _ = try LoadDriver(port: port, connections: connections, request: query).run(seconds: 0.5)
        let result = try LoadDriver(port: port, connections: connections, request: query).run(seconds: seconds)
        print("serve_query_requests_per_second: \(Int(result.rate)) req/s (\(result.count) query_two_bits in \(Measure.format(seconds, 1)) s; "
              + "\(result.errors) not 200)")
        print("serve_query_latency: p50 \(Measure.format(result.p50)) ms, p99 \(Measure.format(result.p99)) ms, max \(Measure.format(result.max)) ms")
        // Updates are session steps (at most 100,000 in a session): a bounded burst.
        let update = LoopbackConnection.request("POST", "/v1/update_two_bits", headers: headers,
                                                body: String(body.dropLast()) + #", "bit0": true}"#)
        let updates = try LoadDriver(port: port, connections: connections, request: update).run(seconds: seconds / 2, limit: 40_000)
        print("serve_update_requests_per_second: \(Int(updates.rate)) req/s (\(updates.count) update_two_bits, each a session step; "
              + "\(updates.errors) not 200); p99 \(Measure.format(updates.p99)) ms")
        return Figures(queries: result.rate, queryP50: result.p50, queryP99: result.p99, updates: updates.rate, updateP99: updates.p99)
    }
}

/// Keeps `connections` requests in flight, each connection sending its next request as soon as
/// its response is whole.
struct LoadDriver {
    let port: Int
    let connections: Int
    let request: [UInt8]

    struct Result {
        var count: Int
        var errors: Int
        var rate: Double
        var p50: Double
        var p99: Double
        var max: Double
    }

    private struct Connection {
        var fd: Int32
        var sentAt: UInt64 = 0
        var written = 0
        var received: [UInt8] = []
    }

    func run(seconds: Double, limit: Int = .max) throws -> Result {
        var open: [Connection] = []
        for _ in 0..<connections { open.append(Connection(fd: try Self.connect(port))) }
        defer { for c in open { close(c.fd) } }
        var latencies: [Double] = []
        latencies.reserveCapacity(200_000)
        var errors = 0, started = 0
        let start = Measure.now(), end = start + UInt64(seconds * 1e9)
        var fds = open.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
        for i in open.indices { open[i].sentAt = Measure.now(); started += 1 }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var active = connections
        while active > 0 {
            guard poll(&fds, nfds_t(fds.count), 1000) >= 0 else { if errno == EINTR { continue }; break }
            for i in fds.indices where fds[i].revents != 0 && fds[i].fd >= 0 {
                if open[i].written < request.count {
                    let n = request.withUnsafeBytes { Platform.send(open[i].fd, $0.baseAddress! + open[i].written, request.count - open[i].written) }
                    if n > 0 { open[i].written += n }
                    if open[i].written == request.count { fds[i].events = Int16(POLLIN) }
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { recv(open[i].fd, $0.baseAddress!, $0.count, 0) }
                guard n > 0 else { fds[i].fd = -1; active -= 1; errors += 1; continue }
                open[i].received.append(contentsOf: chunk[..<n])
                guard let (length, status) = Self.complete(open[i].received) else { continue }
                let now = Measure.now()
                latencies.append(Double(now - open[i].sentAt) / 1e6)
                if status != 200 { errors += 1 }
                if length == open[i].received.count { open[i].received.removeAll(keepingCapacity: true) } else { open[i].received.removeFirst(length) }
                if now >= end || started >= limit {
                    fds[i].fd = -1
                    active -= 1
                } else {
                    open[i].written = 0
                    open[i].sentAt = now
                    started += 1
                    fds[i].events = Int16(POLLOUT)
                }
            }
        }
        let elapsed = Double(Measure.now() - start) / 1e9
        return Result(count: latencies.count, errors: errors, rate: Double(latencies.count) / elapsed,
                      p50: Measure.percentile(latencies, 0.5), p99: Measure.percentile(latencies, 0.99), max: latencies.max() ?? 0)
    }

    /// The length of the first whole response in `bytes` and its status, if one is whole. Read
    /// byte by byte, without strings: the client shares the machine with the server it measures.
    private static func complete(_ bytes: [UInt8]) -> (Int, Int)? {
        let count = bytes.count
        guard count >= 16 else { return nil }
        return bytes.withUnsafeBufferPointer { b -> (Int, Int)? in
            var headEnd = -1
            var i = 12
            while i + 3 < count {
                if b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { headEnd = i; break }
                i += 1
            }
            guard headEnd >= 0 else { return nil }
            // "HTTP/1.1 200 ": the status is bytes 9 to 11.
            let status = (Int(b[9]) - 48) * 100 + (Int(b[10]) - 48) * 10 + (Int(b[11]) - 48)
            var length = 0
            let name = Array("content-length:".utf8)
            var line = 0
            while line < headEnd {
                if b[line] == 10 || line == 0 {
                    let start = b[line] == 10 ? line + 1 : line
                    if start + name.count < headEnd, (0..<name.count).allSatisfy({ b[start + $0] | 0x20 == name[$0] | 0x20 }) {
                        var j = start + name.count
                        while b[j] == 32 { j += 1 }
                        while b[j] >= 48 && b[j] <= 57 { length = length * 10 + Int(b[j]) - 48; j += 1 }
                    }
                }
                line += 1
            }
            let total = headEnd + 4 + length
            return count >= total ? (total, status) : nil
        }
    }

    /// A connection for the poll loop: the tests' connected socket, made non-blocking.
    private static func connect(_ port: Int) throws -> Int32 {
        let fd = try LoopbackConnection.connectedSocket(port: port)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return fd
    }
}
