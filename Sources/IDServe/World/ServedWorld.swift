import Foundation
import IDPlatform
import IDReports
import IDScenario
import IDSim

/// The session the server serves, behind one lock: every request that changes the world (an
/// update, a step) is applied in the order it takes the lock, and is a step of the session, so
/// concurrent clients lose nothing and the saved scenario replays what they did.
///
/// Queries and validations read the world under the same lock without stepping it. Each holds
/// the lock for a dictionary lookup or one step's work, never across I/O.
package final class ServedWorld: Sendable {
    private let state: CheckedMutex<State>
    /// Updates and steps, applied one at a time in the order they arrived.
    private let changes = SerialChanges()
    /// Seconds a token stays valid (`--token-lifetime`).
    let tokenLifetime: Double
    /// The scenario's Team IDs: what a JWT's `iss` may be.
    package let teams: Set<String>
    /// What `last_update_time` tells: the month of the server's clock (`real`, the default) or
    /// the world's simulated month (`--clock simulated`).
    package let clock: Clock

    package enum Clock: String, Sendable, CaseIterable {
        case real, simulated
    }

    private struct State: Sendable {
        var session: Session
        var tokens: MintedTokens
        /// With the real clock: the month (`YYYY-MM`) each key's bits were last updated by the
        /// server's clock; bits the scenario set before the server started read as its first month.
        var updateMonths: [DeviceCheckServer.Key: String] = [:]
        var startMonth: String
        /// A date set with `POST /idscope/clock` (`YYYY-MM-DD`): the server's date until the next one.
        var setDate: String?
        /// The session's world after its latest step, kept here because `Session.world` hands out
        /// a copy (a retain of each of its parts): a query then reads a stored value in place.
        var world: World

        /// Takes a step and keeps the world it made.
        mutating func take(_ step: ScenarioStep) throws(RunError) -> StepOutcome {
            let outcome = try session.take(step)
            world = outcome.world
            return outcome
        }
    }

    /// Runs the scenario's steps, noting the tokens its launches mint.
    /// - Parameter now: seconds since 1970; the scenario's tokens count their lifetime from it.
    /// - Throws: `RunError` at a step of the scenario that cannot apply.
    package init(_ scenario: Scenario, tokenLifetime: Double, now: Double, clock: Clock = .real) throws(RunError) {
        var session = try Session(setup: scenario)
        var tokens = MintedTokens(devices: scenario.devices.count)
        for step in scenario.steps {
            tokens.record(try session.take(step), now: now)
        }
        state = CheckedMutex(State(session: session, tokens: tokens, startMonth: Self.month(of: now), world: session.world))
        self.tokenLifetime = tokenLifetime
        teams = Set(scenario.apps.map(\.teamID))
        self.clock = clock
    }

    /// `YYYY-MM` of a time (seconds since 1970), in UTC, as Apple's last_update_time is.
    static func month(of now: Double) -> String {
        let (year, month) = UTCMonth.of(secondsSince1970: now)
        return "\(year)-" + (month < 10 ? "0\(month)" : "\(month)")
    }

    /// The session as a scenario file (`--save`): its setup and every step taken, updates included.
    package var scenarioText: String {
        state.withLock { ScenarioWriter.yaml($0.session.scenario) }
    }

    /// How many steps the session holds.
    package var stepCount: Int { state.withLock { $0.session.count } }

    /// The world as the session has it now (a copy).
    package var world: World { state.withLock { $0.world } }

    // MARK: - DeviceCheck

    /// Answers a DeviceCheck request whose body and authorisation were checked. A query or a
    /// validation reads the world in place; an update is a step, applied in arrival order.
    /// - Parameters:
    ///   - team: the JWT's verified `iss`; nil with `--no-auth` (the token's own team is used).
    func answer(_ operation: Route.Operation, _ request: DeviceCheckRequest, environment: DeviceCheckServer.Environment,
                team: String?, now: Double) async -> Answer {
        guard operation == .update else {
            return state.withLock { state in
                Self.read(operation, request, environment: environment, team: team, now: now, lifetime: tokenLifetime, clock: clock, in: state)
            }
        }
        // Worked out before the queue: Foundation-free, but no need to do it in line.
        let month = clock == .real ? Self.month(of: now) : ""
        let lifetime = tokenLifetime
        return await changes.apply { [self] in
            state.withLock { state in
                let token: MintedTokens.Token
                switch Self.usableToken(request.deviceToken, in: state, environment: environment, team: team, now: now, lifetime: lifetime) {
                case .failure(let refusal): return Self.aboutMinter(refusal, request.deviceToken, in: state)
                case .success(let found): token = found
                }
                let answer = Self.update(token, request, in: &state)
                if answer.status == 200 { state.updateMonths[token.key] = state.setDate.map { String($0.prefix(7)) } ?? month }
                return answer.about(device: token.deviceName, app: token.bundleID)
            }
        }
    }

    /// A query or a validation.
    private static func read(_ operation: Route.Operation, _ request: DeviceCheckRequest, environment: DeviceCheckServer.Environment,
                             team: String?, now: Double, lifetime: Double, clock: Clock, in state: State) -> Answer {
        let token: MintedTokens.Token
        switch usableToken(request.deviceToken, in: state, environment: environment, team: team, now: now, lifetime: lifetime) {
        case .failure(let refusal): return aboutMinter(refusal, request.deviceToken, in: state)
        case .success(let found): token = found
        }
        let device = token.deviceName, app = token.bundleID
        guard operation == .query else { return Answer.text(200, "").about(device: device, app: app) }
        // Read in place: no copy of the world for a lookup.
        guard let bits = state.world.deviceCheck[token.key] else {
            return Answer.text(200, state.world.profile.deviceCheckNotFoundBody.rawValue, reason: "no bits were ever set")
                .about(device: device, app: app)
        }
        var told = bits
        if clock == .real { told.lastUpdate = state.updateMonths[token.key] ?? state.startMonth }
        return Answer.json(200, bitsJSON(told)).about(device: device, app: app)
    }

    /// A refusal of a token some device did mint names that device and app in the log, to tell
    /// which test went wrong.
    private static func aboutMinter(_ refusal: Answer, _ text: String, in state: State) -> Answer {
        guard let minted = state.tokens.byText[text] else { return refusal }
        return refusal.about(device: minted.deviceName, app: minted.bundleID)
    }

    /// The minted token a request names, if it is still good for this environment and team.
    private static func usableToken(_ text: String, in state: State, environment: DeviceCheckServer.Environment,
                                    team: String?, now: Double, lifetime: Double) -> Result<MintedTokens.Token, Answer> {
        func refused(_ why: String) -> Result<MintedTokens.Token, Answer> {
            .failure(.text(400, AppleText.badDeviceToken, reason: why))
        }
        guard let token = state.tokens.byText[text] else {
            return refused("no simulated device minted this token (GET /idscope/tokens lists those that did)")
        }
        if token.key.environment != environment {
            return refused("a \(token.key.environment.rawValue) token sent to the \(environment.rawValue) endpoint"
                           + (token.key.environment == .development ? " (an Xcode build's token belongs under /development/v1/)" : " (use /v1/)"))
        }
        if let team, team != token.key.teamID {
            return refused("the token was minted by an app of team \(token.key.teamID); the JWT's iss is \(team)")
        }
        if let stale = state.tokens.staleness(of: token, now: now, lifetime: lifetime) { return refused(stale) }
        return .success(token)
    }

    /// An update is the session's `deviceCheck` step, on the token's device, by an app of the token's
    /// team whose builds talk to the token's environment: the same (team, hardware, environment)
    /// bits. Apple accepts it after the user deleted every app of the team (a refund job runs
    /// then), so an app that was once on the device will do: installed now, preferred, else one
    /// that launched there.
    private static func update(_ token: MintedTokens.Token, _ request: DeviceCheckRequest, in state: inout State) -> Answer {
        let world = state.world
        let apps = [token.app] + world.apps.indices.filter { $0 != token.app && world.apps[$0].teamID == token.key.teamID }
        let installed = apps.first { world.presence(of: $0, on: token.device) == .installed
                                     && world.deviceCheckKey(for: $0, on: token.device) == token.key }
        let once = apps.first { world.devices[token.device].launches.isPresent($0) && world.deviceCheckKey(for: $0, on: token.device) == token.key }
        guard let app = installed ?? once else {
            return .error(409, "no app of team \(token.key.teamID) that talks to \(token.key.environment.rawValue) was ever on "
                          + "\(token.deviceName), so the update cannot be recorded as a step of the session")
        }
        let step = ScenarioStep(.event(.deviceCheck(app, bit0: request.bit0, bit1: request.bit1)), device: token.device,
                                note: "update_two_bits, transaction \(request.transactionID)")
        if let refusal = state.session.growthRefusal(for: step) { return .error(503, refusal) }
        do throws(RunError) {
            let outcome = try state.take(step)
            var answer = Answer.text(200, "")
            answer.step = outcome.number
            return answer
        } catch {
            return .error(409, error.diagnostic.message)
        }
    }

    /// `{"bit0": true, "bit1": false, "last_update_time": "2025-01"}`: JSONText's streaming form, as it is on every query.
    static func bitsJSON(_ bits: DeviceCheckServer.Bits) -> String {
        JSONText.object([("bit0", bits.bit0 ? "true" : "false"), ("bit1", bits.bit1 ? "true" : "false"),
                         ("last_update_time", JSONText.string(bits.lastUpdate))])
    }

    // MARK: - idscope's endpoints

    /// Whether a text is `YYYY-MM-DD`, digits only, a day that month has (February 29 in leap
    /// years alone), from 1970-01-01 to 9999-12-31.
    static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1970...9999).contains(year), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `POST /idscope/clock` with `{"date": "YYYY-MM-DD"}`: the server's date for what the API
    /// answers (last_update_time of the updates from now on), until the next one. The world, the
    /// jsonl and --save keep the simulated month; JWTs and token lifetimes keep real time.
    func setClock(json: String) -> Answer {
        guard clock == .real else {
            return .error(409, "the server runs with --clock simulated: last_update_time follows the scenario's month")
        }
        guard let fields = FlatJSON.object(Array(json.utf8)), case .string(let date)? = fields["date"], fields.count == 1 else {
            return .error(400, "the body is {\"date\": \"YYYY-MM-DD\"}")
        }
        guard Self.isCalendarDate(date) else {
            return .error(400, "date \(JSONText.string(date)) is not a calendar date from 1970 on, like 2026-11-26")
        }
        state.withLock { $0.setDate = date }
        return .json(200, JSONText.object([("date", JSONText.string(date))]))
    }

    /// `GET /idscope/tokens`: every minted token, oldest first, with whether it is still good.
    func tokenList(now: Double) -> Answer {
        state.withLock { state in
            let items = state.tokens.order.map { text in
                let token = state.tokens.byText[text]!
                let stale = state.tokens.staleness(of: token, now: now, lifetime: tokenLifetime)
                return JSONText.object([
                    ("device", JSONText.string(token.deviceName)),
                    ("app", JSONText.string(token.bundleID)),
                    ("token", JSONText.string(text)),
                    ("step", String(token.step)),
                    ("environment", JSONText.string(token.key.environment.rawValue)),
                    ("valid", stale == nil ? "true" : "false"),
                    ("expiresIn", stale == nil ? String(Int(tokenLifetime - (now - token.mintedAt))) : "0"),
                ])
            }
            return .json(200, JSONText.object([("tokens", JSONText.array(items))]))
        }
    }

    /// `POST /idscope/steps`: one scenario step in its JSON form, applied as the session's next
    /// step; the answer is the step's `idscope run --format jsonl` line.
    func applyStep(json: String, now: Double) async -> Answer {
        await changes.apply { [self] in state.withLock { state in
            // Read through `state.session`, not a local copy of it: a copy still alive when the
            // step is taken would make the session copy its whole history to change it.
            let step: ScenarioStep
            do throws(ScenarioError) {
                step = try CommandParser.jsonStep(json, file: "request body", scenario: state.session.scenario,
                                                  backups: state.session.backupsSoFar, labels: state.session.labelsSoFar)
            } catch {
                return .error(400, error.diagnostics.map(\.description).joined(separator: "; "))
            }
            if let refusal = state.session.growthRefusal(for: step) { return .error(503, refusal) }
            do throws(RunError) {
                let outcome = try state.take(step)
                state.tokens.record(outcome, now: now)
                var writer = JSONLWriter(state.session.scenario)
                var answer = Answer.json(200, writer.line(for: outcome))
                answer.step = outcome.number
                answer.device = outcome.world.devices[step.device].name
                return answer
            } catch {
                return .error(409, error.diagnostic.message)
            }
        } }
    }
}
