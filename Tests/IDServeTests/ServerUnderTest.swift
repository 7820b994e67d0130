import Crypto
import Foundation
import IDPlatform
import IDScenario
import IDServe
import IDServeClient
import TestSupport

/// A real server on a free loopback port, in this process, with a clock the test moves and a
/// signing key whose public half it trusts (as `--key TESTKEY1=…` would).
final class ServerUnderTest: Sendable {
    let served: ServedWorld
    let port: Int
    let key: P256.Signing.PrivateKey
    let logPath: String
    private let task: Task<Void, any Error>
    private let time: TestClock

    static let keyID = "TESTKEY1"
    static let start: Double = 1_795_000_000

    var now: Double { time.now }

    func advance(by seconds: Double) { time.advance(by: seconds) }

    /// - Parameters:
    ///   - auth: false serves as `--no-auth` does.
    ///   - keyTeam: the team the key is bound to, as `--key TEAM/TESTKEY1=…` binds it (nil: any team).
    init(_ scenario: Scenario? = nil, auth: Bool = true, tokenLifetime: Double = 3600,
         clock: ServedWorld.Clock = .real, keyTeam: String? = nil) async throws {
        let scenarioToServe = try scenario ?? ScenarioLoader.load("s01-serve-devicecheck-two-teams")
        let time = TestClock(Self.start)
        self.time = time
        let key = P256.Signing.PrivateKey()
        self.key = key
        self.served = try ServedWorld(scenarioToServe, tokenLifetime: tokenLifetime, now: Self.start, clock: clock)
        var options = DeviceCheckService.Options()
        options.port = 0
        options.stopOnSignals = false
        options.clock = { time.now }
        if auth {
            var keys = SigningKeys()
            let file = TemporaryDirectory.make().appendingPathComponent("AuthKey_\(Self.keyID).p8")
            try key.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
            try keys.add((keyTeam.map { "\($0)/" } ?? "") + "\(Self.keyID)=\(file.path)")
            options.keys = keys
        }
        logPath = TemporaryDirectory.make().appendingPathComponent("requests.jsonl").path
        let log = RequestLog(fd: open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let world = self.served
        task = Task {
            defer { continuation.finish() }
            try await DeviceCheckService.serve(world, options: options, log: log) { _, port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await task.value
            throw LoopbackConnection.Failure(description: "the server stopped before it listened")
        }
        self.port = port
    }

    /// A server for the body's time: stopped and waited for after it, whatever the body did, so
    /// no server outlives its test, and a stop that fails fails the test.
    static func serving(_ scenario: Scenario? = nil, auth: Bool = true, tokenLifetime: Double = 3600,
                        clock: ServedWorld.Clock = .real, keyTeam: String? = nil,
                        _ body: (ServerUnderTest) async throws -> Void) async throws {
        let server = try await ServerUnderTest(scenario, auth: auth, tokenLifetime: tokenLifetime, clock: clock, keyTeam: keyTeam)
        do {
            try await body(server)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// Stops the server as SIGTERM would, and waits for it.
    func stop() async throws {
        task.cancel()
        try await task.value
    }

    /// A JWT as the team's backend would sign it, `age` seconds old.
    func jwt(team: String = "ACME1234", age: Double = 0, key: P256.Signing.PrivateKey? = nil, keyID: String = keyID) throws -> String {
        try DeviceCheckJWT.sign(with: key ?? self.key, keyID: keyID, team: team, issuedAt: Int(now - age))
    }

    /// A JWT with the header and claims given as they are (fields a library would add, or an
    /// attacker), signed with the trusted key.
    func signedJWT(header: String, claims: String) throws -> String {
        let signed = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        return signed + "." + Base64URL.encode(try key.signature(for: Data(signed.utf8)).rawRepresentation)
    }

    /// Runs blocking HTTP calls on a thread of their own, off the concurrency pool the server's
    /// handlers run on.
    func talk<T: Sendable>(_ body: @escaping @Sendable (LoopbackConnection) throws -> T) async throws -> T {
        let port = port
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try body(LoopbackConnection(port: port)) })
            }.start()
        }
    }

    /// The tokens `GET /idscope/tokens` lists.
    func tokens() async throws -> [ListedToken] {
        let reply = try await talk { try $0.send("GET", "/idscope/tokens") }
        return try JSONDecoder().decode(TokenList.self, from: Data(reply.body.utf8)).tokens
    }

    func token(device: String, app: String) async throws -> String {
        let listed = try await tokens().last { $0.device == device && $0.app == app && $0.valid }
        guard let listed else { throw LoopbackConnection.Failure(description: "no valid token for \(app) on \(device)") }
        return listed.token
    }

    /// The request log's lines, decoded.
    func logLines() throws -> [[String: JSONValue]] {
        try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode([String: JSONValue].self, from: Data($0.utf8))
        }
    }
}

/// Server time the test moves.
final class TestClock: Sendable {
    private let seconds: CheckedMutex<Double>

    init(_ start: Double) { seconds = CheckedMutex(start) }

    var now: Double { seconds.withLock { $0 } }

    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}

struct TokenList: Decodable { var tokens: [ListedToken] }

struct ListedToken: Decodable, Sendable {
    var device: String
    var app: String
    var token: String
    var step: Int
    var environment: String
    var valid: Bool
}

/// A scalar of a log line.
enum JSONValue: Decodable, Equatable {
    case string(String), number(Double), bool(Bool), null

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { self = .null }
        else if let bool = try? value.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? value.decode(Double.self) { self = .number(number) }
        else { self = .string(try value.decode(String.self)) }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var int: Int? { if case .number(let n) = self { Int(n) } else { nil } }
}

/// A DeviceCheck request body as a backend following Apple's documentation sends it.
func deviceCheckBody(_ token: String, transaction: String = UUID().uuidString, bit0: Bool? = nil, bit1: Bool? = nil) -> String {
    var fields = ["\"device_token\": \"\(token)\"", "\"transaction_id\": \"\(transaction)\"", "\"timestamp\": 1795000000000"]
    if let bit0 { fields.append("\"bit0\": \(bit0)") }
    if let bit1 { fields.append("\"bit1\": \(bit1)") }
    return "{" + fields.joined(separator: ", ") + "}"
}
