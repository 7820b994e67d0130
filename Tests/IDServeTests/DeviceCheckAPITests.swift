import Crypto
import Foundation
import IDScenario
import IDServe
import IDServeClient
import IDSim
import Testing

/// The DeviceCheck endpoints over HTTP, as a backend written against Apple's documentation
/// calls them, on the built-in two-team scenario.
@Suite struct DeviceCheckAPITests {
    @Test func tokensListEveryDeviceCheckLaunchWithItsEnvironment() async throws {
        try await ServerUnderTest.serving { server in
            let tokens = try await server.tokens()
            #expect(tokens.map { "\($0.device) \($0.app) \($0.step) \($0.environment)" } == [
                "phone com.acme.trial 6 production", "phone com.acme.shop 8 production", "phone org.other.quiz 10 production",
                "tablet com.acme.trial 12 production", "tablet com.acme.shop 13 development",
            ])
            #expect(tokens.allSatisfy { $0.valid })
            #expect(Set(tokens.map(\.token)).count == 5)
        }
    }

    @Test func queryUpdateAndValidateReadAndWriteTheTeamsBits() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let quiz = try await server.token(device: "phone", app: "org.other.quiz")
            let acme = try server.jwt(), other = try server.jwt(team: "OTHR5678")
            let replies = try await server.talk { c in
                [try c.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(acme)")], body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/update_two_bits", headers: [("Authorization", "Bearer \(acme)")], body: deviceCheckBody(shop, bit1: true)),
                 try c.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(acme)")], body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/validate_device_token", headers: [("Authorization", "Bearer \(acme)")], body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(other)")], body: deviceCheckBody(quiz))]
            }
            // The scenario's step 7 set ACME's bit0 on the phone; the shop app shares it (rule DC-27).
            // Bits set before the server started read as its clock's month (2026-11 in the test).
            #expect(replies[0].status == 200)
            #expect(replies[0].body == #"{"bit0": true, "bit1": false, "last_update_time": "2026-11"}"#)
            #expect(replies[0].headers["content-type"] == "application/json")
            #expect(replies[1].status == 200 && replies[1].body.isEmpty)
            #expect(replies[2].body.contains(#""bit0": true, "bit1": true"#))
            #expect(replies[3].status == 200 && replies[3].body.isEmpty)
            // The other team never set bits: 200 with the profile's plain-text body.
            #expect(replies[4].status == 200)
            #expect(replies[4].body == "Failed to find bit state")
            #expect(replies[4].headers["content-type"]?.hasPrefix("text/plain") == true)
            // The update is a step of the session, on the token's device.
            let world = server.served.world
            #expect(world.deviceCheck.entries.contains { $0.key.teamID == "ACME1234" && $0.bits.bit1 })
            #expect(server.served.world.clock == 15)
        }
    }

    @Test func developmentAndProductionKeepSeparateBitsAndRefuseEachOthersTokens() async throws {
        try await ServerUnderTest.serving { server in
            let development = try await server.token(device: "tablet", app: "com.acme.shop")
            let production = try await server.token(device: "tablet", app: "com.acme.trial")
            let jwt = try server.jwt()
            let auth = [("Authorization", "Bearer \(jwt)")]
            let replies = try await server.talk { c in
                [try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(development)),
                 try c.send("POST", "/development/v1/query_two_bits", headers: auth, body: deviceCheckBody(production)),
                 try c.send("POST", "/development/v1/update_two_bits", headers: auth, body: deviceCheckBody(development, bit0: true)),
                 try c.send("POST", "/development/v1/query_two_bits", headers: auth, body: deviceCheckBody(development)),
                 try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(production))]
            }
            #expect(replies[0].status == 400 && replies[0].body == "Missing or incorrectly formatted device token payload")
            #expect(replies[0].headers["x-idscope-reason"]?.contains("development token sent to the production endpoint") == true)
            #expect(replies[1].status == 400)
            #expect(replies[2].status == 200)
            #expect(replies[3].body.contains(#""bit0": true"#))
            // Same team, same iPad, production: untouched by the development update.
            #expect(replies[4].status == 200 && replies[4].body == "Failed to find bit state")
        }
    }

    @Test func aTokenDiesWithItsDevicesEraseAndWithTimeAndALaunchMintsANewOne() async throws {
        try await ServerUnderTest.serving(tokenLifetime: 600) { server in
            let old = try await server.token(device: "phone", app: "com.acme.trial")
            let tablet = try await server.token(device: "tablet", app: "com.acme.trial")
            let jwt = try server.jwt()
            let auth = [("Authorization", "Bearer \(jwt)")]
            let (erased, refused, relaunch) = try await server.talk { c in
                (try c.send("POST", "/idscope/steps", body: #"{"erase": null, "device": "phone"}"#),
                 try c.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(old)),
                 try c.send("POST", "/idscope/steps", body: #"{"install": "com.acme.trial"}"#))
            }
            #expect(erased.status == 200 && erased.body.hasPrefix(#"{"step": 15, "event": "erase""#))
            #expect(refused.status == 400)
            #expect(refused.headers["x-idscope-reason"]?.contains("erased, restored or migrated onto (step 15)") == true)
            #expect(relaunch.status == 200)
            let launched = try await server.talk { try $0.send("POST", "/idscope/steps", body: #"{"launch": "com.acme.trial", "device": "phone"}"#) }
            #expect(launched.status == 200)
            let fresh = try await server.token(device: "phone", app: "com.acme.trial")
            #expect(fresh != old && launched.body.contains(fresh))
            // The bits outlive the erase: they are Apple's, per hardware (rule DC-27).
            let query = try await server.talk { try $0.send("POST", "/v1/query_two_bits", headers: auth, body: deviceCheckBody(fresh)) }
            #expect(query.body.contains(#""bit0": true"#))
            // The tablet's token, untouched by the phone's erase, expires with time.
            server.advance(by: 600)
            let expiredJWT = try server.jwt()
            let expired = try await server.talk {
                try $0.send("POST", "/v1/validate_device_token", headers: [("Authorization", "Bearer \(expiredJWT)")], body: deviceCheckBody(tablet))
            }
            #expect(expired.status == 400)
            #expect(expired.headers["x-idscope-reason"]?.contains("--token-lifetime") == true)
            #expect(try await server.tokens().first { $0.token == tablet }?.valid == false)
        }
    }

    @Test func aRestoredDeviceRefusesItsOldTokensToo() async throws {
        try await ServerUnderTest.serving { server in
            let old = try await server.token(device: "tablet", app: "com.acme.trial")
            let jwt = try server.jwt()
            let replies = try await server.talk { c in
                [try c.send("POST", "/idscope/steps", body: #"{"backup": {"kind": "encrypted", "as": "b1"}, "device": "tablet"}"#),
                 try c.send("POST", "/idscope/steps", body: #"{"restore": "b1", "device": "tablet"}"#),
                 try c.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(jwt)")], body: deviceCheckBody(old))]
            }
            #expect(replies.prefix(2).map(\.status) == [200, 200], "\(replies.map(\.body))")
            #expect(replies[2].status == 400)
            #expect(replies[2].headers["x-idscope-reason"]?.contains("(step 16)") == true)
        }
    }

    @Test func aJWTOfAnotherTeamDoesNotReadThisTeamsToken() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let other = try server.jwt(team: "OTHR5678")
            let reply = try await server.talk {
                try $0.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(other)")], body: deviceCheckBody(shop))
            }
            #expect(reply.status == 400)
            #expect(reply.headers["x-idscope-reason"]?.contains("team ACME1234; the JWT's iss is OTHR5678") == true)
        }
    }

    /// PyJWT and jwt-kit add `typ` to the header, and backends often add `exp` and `sub`: Apple
    /// ignores what it does not need, and so does the server.
    @Test func aJWTWithTheClaimsCommonLibrariesAddVerifies() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let iat = Int(server.now) - 5
            let jwt = try server.signedJWT(header: #"{"typ": "JWT", "alg": "ES256", "kid": "\#(ServerUnderTest.keyID)"}"#,
                                           claims: #"{"iss": "ACME1234", "iat": \#(iat), "exp": \#(iat + 500), "sub": "com.acme.shop"}"#)
            let reply = try await server.talk {
                try $0.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(jwt)")], body: deviceCheckBody(shop))
            }
            #expect(reply.status == 200 && reply.body.contains("bit0"))
        }
    }

    /// RFC 7515 §4.1.11: a JWS whose `crit` names an extension the recipient does not
    /// understand is invalid; this server understands none.
    @Test func aJWTWithACritHeaderIsRefused() async throws {
        try await ServerUnderTest.serving { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let jwt = try server.signedJWT(header: #"{"alg": "ES256", "kid": "\#(ServerUnderTest.keyID)", "crit": ["x-idscope-unknown"], "x-idscope-unknown": 1}"#,
                                           claims: #"{"iss": "ACME1234", "iat": \#(Int(server.now) - 5)}"#)
            let reply = try await server.talk {
                try $0.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer \(jwt)")], body: deviceCheckBody(shop))
            }
            #expect(reply.status == 401 && reply.body == "Unable to verify authorization token")
            #expect(reply.headers["x-idscope-reason"]?.contains("crit") == true, "\(reply.headers)")
        }
    }

    @Test func noAuthAcceptsAnyBearerTokenButStillNeedsOne() async throws {
        try await ServerUnderTest.serving(auth: false) { server in
            let shop = try await server.token(device: "phone", app: "com.acme.shop")
            let (accepted, missing) = try await server.talk { c in
                (try c.send("POST", "/v1/query_two_bits", headers: [("Authorization", "Bearer anything")], body: deviceCheckBody(shop)),
                 try c.send("POST", "/v1/query_two_bits", body: deviceCheckBody(shop)))
            }
            #expect(accepted.status == 200)
            #expect(missing.status == 400 && missing.body == "Missing or badly formatted authorization token")
        }
    }

    @Test func everyRequestIsLoggedAsOneJSONLine() async throws {
        let server = try await ServerUnderTest()
        let shop = try await server.token(device: "phone", app: "com.acme.shop")
        let jwt = try server.jwt()
        _ = try await server.talk {
            try $0.send("POST", "/v1/update_two_bits", headers: [("Authorization", "Bearer \(jwt)")],
                        body: deviceCheckBody(shop, transaction: "txn-42", bit1: true))
        }
        try await server.stop()
        let lines = try server.logLines()
        #expect(lines.count == 2)
        let update = try #require(lines.last)
        #expect(update["method"]?.string == "POST" && update["path"]?.string == "/v1/update_two_bits")
        #expect(update["status"]?.int == 200 && update["transaction_id"]?.string == "txn-42")
        #expect(update["device"]?.string == "phone" && update["app"]?.string == "com.acme.shop" && update["step"]?.int == 15)
    }
}
