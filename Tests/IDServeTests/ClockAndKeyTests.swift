import Crypto
import Foundation
import IDScenario
@testable import IDServe
import IDServeClient
import IDSim
import Testing

/// What a real DeviceCheck client found different from Apple (issue 35, points 9–11): the month
/// `last_update_time` tells, updates after the app was deleted, keys bound to their team, and `exp`.
@Suite struct ClockAndKeyTests {
    private static func bearer(_ jwt: String) -> [(String, String)] { [("Authorization", "Bearer \(jwt)")] }

    // ServerUnderTest.start (1,795,000,000) is 2026-11-18 in UTC.

    @Test func lastUpdateTimeIsTheServersMonthAndAPostedDateMovesIt() async throws {
        // Tokens that live for a season, so one token serves across the months the test moves through.
        try await ServerUnderTest.serving(tokenLifetime: 200 * 86_400) { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let auth = Self.bearer(try server.jwt())
            // Bits the scenario set before the server started read as the server's first month.
            let before = try await server.talk { c in
                try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(shop)).body
            }
            #expect(before == #"{"bit0": true, "bit1": false, "last_update_time": "2026-11"}"#)

            server.advance(by: 20 * 86_400)  // 2026-12-08
            let fresh = Self.bearer(try server.jwt())
            let december = try await server.talk { c in
                [try c.send("POST", "/v1/update_two_bits", headers: fresh, body: deviceCheckBody(shop, bit1: true)).status.description,
                 try c.send("POST", "/v1/query_two_bits", headers: fresh, body: deviceCheckBody(shop)).body]
            }
            #expect(december == ["200", #"{"bit0": true, "bit1": true, "last_update_time": "2026-12"}"#])

            let jwt = try server.jwt()
            let set = try await server.talk { c in
                [try c.send("POST", "/idscope/clock", body: #"{"date": "2027-03-01"}"#),
                 try c.send("POST", "/v1/update_two_bits", headers: Self.bearer(jwt), body: deviceCheckBody(shop, bit0: false)),
                 try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(jwt), body: deviceCheckBody(shop)),
                 try c.send("POST", "/idscope/clock", body: #"{"date": "2027-13-01"}"#),
                 try c.send("POST", "/idscope/clock", body: #"{"when": "2027-03-01"}"#),
                 try c.send("GET", "/idscope/clock")]
            }
            #expect(set[0].status == 200 && set[0].body == #"{"date": "2027-03-01"}"#)
            #expect(set[1].status == 200)
            #expect(set[2].body == #"{"bit0": false, "bit1": true, "last_update_time": "2027-03"}"#)
            #expect(set[3].status == 400 && set[3].body.contains("2027-13-01") && set[3].body.contains("is not a calendar date"))
            #expect(set[4].status == 400 && set[4].body.contains(#"{\"date\": \"YYYY-MM-DD\"}"#))
            #expect(set[5].status == 405)
            // The world keeps its simulated month: the jsonl, the inspector and --save are unchanged by the clock.
            let entry = try #require(server.served.world.deviceCheck.entries.first { $0.key.teamID == "ACME1234" && $0.key.environment == .production })
            #expect(entry.bits.lastUpdate.hasPrefix("2025-"))
        }
    }

    @Test func theSimulatedClockAnswersTheWorldsMonthAndRefusesADate() async throws {
        try await ServerUnderTest.serving(clock: .simulated) { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let auth = Self.bearer(try server.jwt())
            let replies = try await server.talk { c in
                [try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(shop)),
                 try c.send("POST", "/idscope/clock", body: #"{"date": "2027-03-01"}"#)]
            }
            #expect(replies[0].body == #"{"bit0": true, "bit1": false, "last_update_time": "2025-01"}"#)
            #expect(replies[1].status == 409 && replies[1].body.contains("--clock simulated"))
        }
    }

    @Test func anUpdateAfterTheUserDeletedEveryAppOfTheTeamIsAcceptedAndReplays() async throws {
        let server = try await ServerUnderTest()
        let trial = try await server.token(device: "phone", app: "com.acme.trial")
        let auth = Self.bearer(try server.jwt())
        let replies = try await server.talk { c in
            [try c.send("POST", "/idscope/steps", body: #"{"uninstall": "com.acme.trial"}"#),
             try c.send("POST", "/idscope/steps", body: #"{"uninstall": "com.acme.shop"}"#),
             // A refund job marks the device after the user deleted the apps: Apple answers 200.
             try c.send("POST", "/v1/update_two_bits", headers: auth, body: deviceCheckBody(trial, bit1: true)),
             try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(trial))]
        }
        try await server.stop()
        #expect(replies.map(\.status) == [200, 200, 200, 200], "\(replies.map(\.body))")
        #expect(replies[3].body.contains(#""bit0": true, "bit1": true"#))
        // The update is a step of the session, and the saved session replays to the same bits.
        let replayed = try Session.run(try ScenarioParser.parse(server.served.scenarioText, file: "saved"))
        #expect(replayed.deviceCheck == server.served.world.deviceCheck)
        #expect(replayed.deviceCheck.entries.contains { $0.key.teamID == "ACME1234" && $0.bits.bit1 })
    }

    @Test func aDeviceCheckStepNeedsAnAppThatWasOnceOnTheDevice() throws {
        // The core accepts a deviceCheck step for an app installed on the device or one that
        // launched there and was deleted since; on a device it never reached, it is still refused.
        func run(_ steps: String) throws {
            _ = try Session.run(try ScenarioParser.parse("""
                name: once on the device
                devices: [{ name: phone, os: "17.5" }, { name: tablet, os: "17.5", kind: ipad }]
                apps: [{ bundle: com.acme.trial, team: ACME1234, strategy: devicecheck }]
                steps:
                  - install: com.acme.trial
                \(steps)
                """, file: "once"))
        }
        try run("  - launch: com.acme.trial\n  - uninstall: com.acme.trial\n  - deviceCheck: { app: com.acme.trial, bit0: true }")
        let refused = #expect(throws: RunError.self) {
            try run("  - deviceCheck: { app: com.acme.trial, bit0: true }\n    device: tablet")
        }
        #expect(refused?.description.contains("not installed") == true, "\(String(describing: refused))")
    }

    @Test func aKeyBoundToATeamSignsOnlyForIt() async throws {
        try await ServerUnderTest.serving(keyTeam: "ACME1234") { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let quiz = try await server.token(device: "phone", app: "org.other.quiz")
            let acme = try server.jwt(), other = try server.jwt(team: "OTHR5678")
            let replies = try await server.talk { c in
                [try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(acme), body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(other), body: deviceCheckBody(quiz))]
            }
            #expect(replies[0].status == 200)
            #expect(replies[1].status == 401 && replies[1].body == "Unable to verify authorization token")
            #expect(replies[1].headers["x-idscope-reason"]?.contains("iss OTHR5678 is not the team of key TESTKEY1 (ACME1234") == true)
        }
    }

    @Test func anUnboundKeySignsForAnyTeamOfTheScenario() async throws {
        try await ServerUnderTest.serving { server in
            let quiz = try await server.token(device: "phone", app: "org.other.quiz")
            let reply = try await server.talk { c in
                try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(try server.jwt(team: "OTHR5678")), body: deviceCheckBody(quiz))
            }
            #expect(reply.status == 200)
        }
    }

    @Test func aJWTWhoseExpHasPassedIsRefusedEvenWhenRemembered() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let now = Int(server.now)
            let header = #"{"alg": "ES256", "kid": "\#(ServerUnderTest.keyID)"}"#
            let passed = try server.signedJWT(header: header, claims: #"{"iss": "ACME1234", "iat": \#(now - 60), "exp": \#(now - 1)}"#)
            let soon = try server.signedJWT(header: header, claims: #"{"iss": "ACME1234", "iat": \#(now), "exp": \#(now + 30)}"#)
            let text = try server.signedJWT(header: header, claims: #"{"iss": "ACME1234", "iat": \#(now), "exp": "tomorrow"}"#)
            let first = try await server.talk { c in
                [try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(passed), body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(soon), body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(text), body: deviceCheckBody(shop))]
            }
            #expect(first.map(\.status) == [401, 200, 401])
            #expect(first[0].headers["x-idscope-reason"]?.contains("exp (\(now - 1)) has passed") == true)
            #expect(first[2].headers["x-idscope-reason"]?.contains("exp is not a number") == true)
            // The verified JWT is remembered, but only until its exp, not for its iat's hour.
            server.advance(by: 31)
            let later = try await server.talk { c in
                try c.send("POST", "/v1/query_two_bits", headers: Self.bearer(soon), body: deviceCheckBody(shop))
            }
            #expect(later.status == 401 && later.headers["x-idscope-reason"]?.contains("exp (\(now + 30)) has passed") == true)
        }
    }

    @Test("only a calendar date from 1970 sets the clock: no sign, no 30th of February, the 29th only in a leap year")
    func clockDatesAreCalendarDates() async throws {
        let refused = ["-2027-01-01", "2027-02-30", "2027-02-29", "1969-12-31", "+027-01-01", "2027-1-01", "2027-01-01T00", "２０２７-01-01"]
        let accepted = ["2028-02-29", "2000-02-29", "1970-01-01", "2027-12-31"]
        try await ServerUnderTest.serving { server in
            let replies = try await server.talk { c in
                try (refused + accepted).map { try c.send("POST", "/idscope/clock", body: #"{"date": "\#($0)"}"#) }
            }
            for (date, reply) in zip(refused, replies) {
                #expect(reply.status == 400 && reply.body.contains("is not a calendar date from 1970 on"), "\(date): \(reply.status) \(reply.body)")
            }
            for (date, reply) in zip(accepted, replies.dropFirst(refused.count)) { #expect(reply.status == 200, "\(date): \(reply.body)") }
            #expect(ServedWorld.isCalendarDate("1900-02-28") == false && ServedWorld.isCalendarDate("2100-02-29") == false)
        }
    }

    @Test("a signed JWT whose iat is the smallest Int64, or past 1970's start, is a 401 with its reason; an iat with a fraction is an iat")
    func iatOutOfRangeIsRefused() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let now = Int(server.now)
            let header = #"{"alg": "ES256", "kid": "\#(ServerUnderTest.keyID)"}"#
            let tokens = try [#"{"iss": "ACME1234", "iat": -9223372036854775808}"#, #"{"iss": "ACME1234", "iat": -1}"#,
                              #"{"iss": "ACME1234", "iat": 1e300}"#, #"{"iss": "ACME1234", "iat": \#(now - 10).5}"#,
                              #"{"iss": "ACME1234", "iat": 9223372036854775807}"#].map { try server.signedJWT(header: header, claims: $0) }
            let replies = try await server.talk { c in
                try tokens.map { try c.send("POST", "/v1/query_two_bits", headers: Self.bearer($0), body: deviceCheckBody(shop)) }
            }
            #expect(replies.map(\.status) == [401, 401, 401, 200, 401], "\(replies.map(\.headers))")
            #expect(replies[0].headers["x-idscope-reason"]?.contains("before 1970") == true)
            #expect(replies[2].headers["x-idscope-reason"]?.contains("iat is not a number") == true)
            #expect(replies[4].headers["x-idscope-reason"]?.contains("in the future") == true)
            // The server is still there.
            #expect(try await server.talk { c in try c.send("GET", "/idscope/tokens").status } == 200)
        }
    }

    @Test func keyArgumentsNameTheirTeamOrNot() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clock-key-\(UUID().uuidString).p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var keys = SigningKeys()
        try keys.add("ACME1234/KEYONE=\(file.path)")
        try keys.add("KEYTWO=\(file.path)")
        #expect(keys.teamOf == ["KEYONE": "ACME1234"])
        #expect(keys.unboundIDs == ["KEYTWO"])
        for bad in ["/KEYTHREE=\(file.path)", "ACME1234/=\(file.path)", "A/B/C=\(file.path)"] {
            #expect(throws: SigningKeys.Problem.self, "\(bad)") { try keys.add(bad) }
        }
    }
}

@Suite struct UTCMonthTests {
    @Test func agreesWithFoundationsCalendarOverFourCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        // Month and year edges, leap days (2000 is one, 2100 is not), then random moments.
        var moments: [Double] = [0, -1, 951_782_400, 951_868_799, 4_107_542_400, 4_107_628_800, 1_795_000_000, 1_798_761_599, 1_798_761_600]
        for _ in 0..<20_000 { moments.append(Double(Int64.random(in: -2_208_988_800...16_725_225_600, using: &generator))) }
        for moment in moments {
            let parts = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: moment))
            let (year, month) = UTCMonth.of(secondsSince1970: moment)
            #expect(year == parts.year && month == parts.month, "at \(moment)")
        }
    }
}
