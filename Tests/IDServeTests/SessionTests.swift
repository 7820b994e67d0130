import Foundation
import IDPlatform
import IDScenario
@testable import IDServe
import IDServeClient
import IDSim
import Testing

/// The served world as a session: updates and steps in one order, nothing lost, and a saved
/// session that replays to the same bits.
@Suite struct SessionTests {
    @Test func sixtyFourConcurrentUpdatersAreAppliedInOneOrderAndNoneIsLost() async throws {
        try await ServerUnderTest.serving { server in
            let token = try await server.token(device: "phone", app: "com.acme.trial")
            let jwt = try server.jwt()
            let statuses = CheckedMutex<[Int]>([])
            let port = server.port
            // Real threads, one connection each: all 64 in flight at once.
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                let group = DispatchGroup()
                let failure = CheckedMutex<(any Error)?>(nil)
                for n in 0..<64 {
                    group.enter()
                    Thread {
                        defer { group.leave() }
                        do {
                            let connection = try LoopbackConnection(port: port)
                            let reply = try connection.send("POST", "/v1/update_two_bits", headers: [("Authorization", "Bearer \(jwt)")],
                                                            body: deviceCheckBody(token, transaction: "u\(n)", bit0: n % 2 == 0, bit1: n % 3 == 0))
                            statuses.withLock { $0.append(reply.status) }
                        } catch {
                            failure.withLock { $0 = error }
                        }
                    }.start()
                }
                group.notify(queue: .global()) {
                    if let error = failure.withLock({ $0 }) { done.resume(throwing: error) } else { done.resume() }
                }
            }
            #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 64))
            try await server.stop()

            // Each update is one step, after the scenario's 14, each transaction once.
            let saved = try ScenarioParser.parse(server.served.scenarioText, file: "saved")
            let updates = saved.steps.dropFirst(14)
            #expect(updates.count == 64)
            let order = updates.compactMap { $0.note?.split(separator: " ").last.map(String.init) }
            #expect(Set(order) == Set((0..<64).map { "u\($0)" }))
            // The final bits are the last recorded update's.
            let lastName = try #require(order.last)
            let last = try #require(Int(lastName.dropFirst()))
            let bits = try #require(server.served.world.deviceCheck.entries.first { $0.key.teamID == "ACME1234" && $0.key.environment == .production
                                                                                && $0.key.hardwareID == server.served.world.devices[0].hardwareID })
            #expect(bits.bits.bit0 == (last % 2 == 0) && bits.bits.bit1 == (last % 3 == 0))
            // The log names each update's step, and the steps follow the same order.
            let logged = try server.logLines().filter { $0["path"]?.string == "/v1/update_two_bits" }
            let byStep = logged.sorted { ($0["step"]?.int ?? 0) < ($1["step"]?.int ?? 0) }
            #expect(byStep.map { $0["transaction_id"]?.string ?? "" } == order)
            #expect(byStep.map { $0["step"]?.int ?? 0 } == Array(15...78))
        }
    }

    @Test func theSavedSessionReplaysToTheSameBits() async throws {
        let server = try await ServerUnderTest()
        let trial = try await server.token(device: "phone", app: "com.acme.trial")
        let development = try await server.token(device: "tablet", app: "com.acme.shop")
        let jwt = try server.jwt()
        let auth = [("Authorization", "Bearer \(jwt)")]
        _ = try await server.talk { c in
            [try c.send("POST", "/v1/update_two_bits", headers: auth, body: deviceCheckBody(trial, bit0: false, bit1: true)),
             try c.send("POST", "/idscope/steps", body: #"{"erase": null, "device": "phone"}"#),
             try c.send("POST", "/development/v1/update_two_bits", headers: auth, body: deviceCheckBody(development, bit0: true))]
        }
        try await server.stop()
        let text = server.served.scenarioText
        let replayed = try Session.run(try ScenarioParser.parse(text, file: "saved"))
        #expect(replayed.deviceCheck == server.served.world.deviceCheck)
        #expect(replayed.deviceCheck.count == 2)
        #expect(text.contains("update_two_bits, transaction"))
    }

    @Test func stepsThatCannotBeReadOrAppliedAreRefusedWithTheReason() async throws {
        try await ServerUnderTest.serving { server in
            let replies = try await server.talk { c in
                [try c.send("POST", "/idscope/steps", body: #"{"lanch": "com.acme.trial"}"#),
                 try c.send("POST", "/idscope/steps", body: #"{"launch": "com.acme.trial", "device": "watch"}"#),
                 try c.send("POST", "/idscope/steps", body: #"["launch"]"#),
                 try c.send("POST", "/idscope/steps", body: #"{"launch": "org.other.quiz", "device": "tablet"}"#),
                 try c.send("GET", "/idscope/steps")]
            }
            #expect(replies[0].status == 400 && replies[0].body.contains("unknown event 'lanch'") && replies[0].body.contains("launch"))
            #expect(replies[1].status == 400 && replies[1].body.contains("unknown device 'watch'"))
            #expect(replies[2].status == 400 && replies[2].body.contains("a step is a JSON object"))
            #expect(replies[3].status == 409 && replies[3].body.contains("not installed"))
            #expect(replies[4].status == 405)
            #expect(server.served.world.clock == 14)
        }
    }

    @Test func aSessionStopsGrowingAtTheScenarioStepLimitWith503() async throws {
        var scenario = try ScenarioLoader.load("s01-serve-devicecheck-two-teams")
        scenario.steps += Array(repeating: ScenarioStep(.event(.note("filler"))), count: ScenarioLimits.maxSteps - scenario.steps.count)
        let world = try ServedWorld(scenario, tokenLifetime: 3600, now: 0)
        #expect(world.stepCount == ScenarioLimits.maxSteps)
        let refused = await world.applyStep(json: #"{"note": "one too many"}"#, now: 0)
        #expect(refused.status == 503 && refused.body.contains("at most \(ScenarioLimits.maxSteps) steps"))
    }
}
