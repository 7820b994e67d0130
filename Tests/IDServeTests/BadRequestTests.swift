import Crypto
import Foundation
import IDServe
import IDServeClient
import Testing

/// Every kind of bad request gets Apple's status and body (or a clear one of idscope's where
/// Apple defines none), and the server keeps serving after each.
@Suite struct BadRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The raw request, made from a valid token and JWT.
        var request: @Sendable (_ token: String, _ jwt: String, _ server: ServerUnderTest) throws -> [UInt8]
        var status: Int
        var body: String?
        /// Words the x-idscope-reason header must contain.
        var reason: String

        var testDescription: String { name }
    }

    static func post(_ path: String = "/v1/query_two_bits", jwt: String?, _ body: String) -> [UInt8] {
        LoopbackConnection.request("POST", path, headers: jwt.map { [("Authorization", "Bearer \($0)")] } ?? [], body: body)
    }

    static let badToken = "Missing or incorrectly formatted device token payload"
    static let unverified = "Unable to verify authorization token"

    static let cases: [Case] = [
        Case(name: "malformed JSON", request: { t, j, _ in post(jwt: j, #"{"device_token": "\#(t)", "#) },
             status: 400, body: "Missing or incorrectly formatted payload", reason: "not a JSON object"),
        Case(name: "a JSON array", request: { _, j, _ in post(jwt: j, "[]") },
             status: 400, body: "Missing or incorrectly formatted payload", reason: "not a JSON object"),
        Case(name: "device_token missing", request: { _, j, _ in post(jwt: j, #"{"transaction_id": "t", "timestamp": 1}"#) },
             status: 400, body: badToken, reason: "device_token is missing"),
        Case(name: "device_token a number", request: { _, j, _ in post(jwt: j, #"{"device_token": 12, "transaction_id": "t", "timestamp": 1}"#) },
             status: 400, body: badToken, reason: "not a base64 string"),
        Case(name: "bad base64", request: { _, j, _ in post(jwt: j, deviceCheckBody("not*base64!")) },
             status: 400, body: badToken, reason: "not a base64 string"),
        Case(name: "a token with a line break", request: { t, j, _ in post(jwt: j, deviceCheckBody(String(t.prefix(20)) + "\\n" + t.dropFirst(20))) },
             status: 400, body: badToken, reason: "not a base64 string"),
        Case(name: "a token no device minted", request: { _, j, _ in post(jwt: j, deviceCheckBody(Data(repeating: 7, count: 39).base64EncodedString())) },
             status: 400, body: badToken, reason: "no simulated device minted"),
        Case(name: "transaction_id missing", request: { t, j, _ in post(jwt: j, #"{"device_token": "\#(t)", "timestamp": 1}"#) },
             status: 400, body: "Missing or incorrectly formatted transaction ID", reason: "transaction_id is missing"),
        Case(name: "timestamp a string", request: { t, j, _ in post(jwt: j, #"{"device_token": "\#(t)", "transaction_id": "t", "timestamp": "1"}"#) },
             status: 400, body: "Missing or incorrectly formatted time stamp", reason: "Apple's Long"),
        Case(name: "timestamp with a fraction", request: { t, j, _ in post(jwt: j, #"{"device_token": "\#(t)", "transaction_id": "t", "timestamp": 1.5}"#) },
             status: 400, body: "Missing or incorrectly formatted time stamp", reason: "whole number"),
        Case(name: "bit0 as a string", request: { t, j, _ in post("/v1/update_two_bits", jwt: j, deviceCheckBody(t).dropLast() + #", "bit0": "true"}"#) },
             status: 400, body: "Missing or incorrectly formatted bits", reason: "bit0 is not true or false"),
        Case(name: "bit_0 instead of bit0", request: { t, j, _ in post("/v1/update_two_bits", jwt: j, deviceCheckBody(t).dropLast() + #", "bit_0": true}"#) },
             status: 400, body: "Missing or incorrectly formatted bits", reason: "'bit_0' is not a field"),
        Case(name: "a body over 64 KiB", request: { t, j, _ in post(jwt: j, #"{"pad": ""# + String(repeating: "x", count: 70_000) + #""}"#) },
             status: 413, body: nil, reason: "over 64 KiB"),
        Case(name: "GET on a POST endpoint", request: { _, _, _ in LoopbackConnection.request("GET", "/v1/update_two_bits") },
             status: 405, body: nil, reason: "takes POST, not GET"),
        Case(name: "an unknown path", request: { _, j, _ in post("/v2/query_two_bits", jwt: j, "{}") },
             status: 404, body: nil, reason: "no such endpoint"),
        Case(name: "no Authorization header", request: { t, _, _ in post(jwt: nil, deviceCheckBody(t)) },
             status: 400, body: "Missing or badly formatted authorization token", reason: "no Authorization header"),
        Case(name: "not a JWT", request: { t, _, _ in post(jwt: "abc.def", deviceCheckBody(t)) },
             status: 400, body: "Missing or badly formatted authorization token", reason: "not a JWT"),
        Case(name: "a forged JWT (another key, same kid)", request: { t, _, s in post(jwt: try s.jwt(key: P256.Signing.PrivateKey()), deviceCheckBody(t)) },
             status: 401, body: unverified, reason: "signature does not verify"),
        Case(name: "a JWT with its claims changed", request: { t, j, _ in
                 let parts = j.split(separator: ".")
                 let claims = Data(#"{"iss":"OTHR5678","iat":1795000000}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                 return post(jwt: "\(parts[0]).\(claims).\(parts[2])", deviceCheckBody(t))
             }, status: 401, body: unverified, reason: "signature does not verify"),
        Case(name: "an unknown kid", request: { t, _, s in post(jwt: try s.jwt(keyID: "NOSUCHKEY"), deviceCheckBody(t)) },
             status: 401, body: unverified, reason: "kid NOSUCHKEY is none of the --key keys"),
        Case(name: "iss not a team of the scenario", request: { t, _, s in post(jwt: try s.jwt(team: "ZZZZ9999"), deviceCheckBody(t)) },
             status: 401, body: unverified, reason: "iss ZZZZ9999 is not a Team ID"),
        Case(name: "iat over an hour old", request: { t, _, s in post(jwt: try s.jwt(age: 3601), deviceCheckBody(t)) },
             status: 401, body: unverified, reason: "more than an hour old"),
        Case(name: "iat in the future", request: { t, _, s in post(jwt: try s.jwt(age: -120), deviceCheckBody(t)) },
             status: 401, body: unverified, reason: "in the future"),
    ]

    @Test(arguments: cases)
    func getsItsStatusAndBodyAndTheServerGoesOn(_ bad: Case) async throws {
        try await ServerUnderTest.serving { server in
            let token = try await server.token(device: "phone", app: "com.acme.shop")
            let jwt = try server.jwt()
            let request = try bad.request(token, jwt, server)
            let (reply, after) = try await server.talk { c in
                let reply = try c.exchange(request)
                // The same connection, when the server kept it, or a new one: the server answers.
                let next = reply.headers["connection"] == "close" ? try LoopbackConnection(port: server.port) : c
                return (reply, try next.send("POST", "/v1/validate_device_token", headers: [("Authorization", "Bearer \(jwt)")],
                                             body: deviceCheckBody(token)))
            }
            #expect(reply.status == bad.status)
            if let body = bad.body { #expect(reply.body == body) }
            #expect(reply.headers["x-idscope-reason"]?.contains(bad.reason) == true, "\(reply.headers)")
            #expect(after.status == 200)
        }
    }

    @Test func aVerifiedJWTIsRememberedButNotPastItsHour() async throws {
        try await ServerUnderTest.serving(tokenLifetime: 7200) { server in
            let token = try await server.token(device: "phone", app: "com.acme.shop")
            let jwt = try server.jwt()
            let first = try await server.talk { try $0.exchange(Self.post(jwt: jwt, deviceCheckBody(token))) }
            server.advance(by: 3601)
            let late = try await server.talk { try $0.exchange(Self.post(jwt: jwt, deviceCheckBody(token))) }
            #expect(first.status == 200)
            #expect(late.status == 401 && late.headers["x-idscope-reason"]?.contains("more than an hour old") == true)
        }
    }
}
