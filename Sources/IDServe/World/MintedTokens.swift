import IDScenario
import IDSim
import IDStrategies

/// The DeviceCheck tokens the session's launches minted, by their text: what Apple's server would
/// decrypt a token into (the hardware, the app's team, the environment), and what decides whether
/// it is still good.
struct MintedTokens: Sendable {
    struct Token: Sendable {
        var text: String
        var device: DeviceIndex
        var app: AppIndex
        /// The device's and the app's names, for answers and the log.
        var deviceName: String
        var bundleID: String
        /// The session step whose launch minted it.
        var step: Int
        var key: DeviceCheckServer.Key
        /// Server time (seconds since 1970) it was minted at; tokens of the scenario's own steps
        /// count from the server's start.
        var mintedAt: Double
        /// The device's erase/restore/migrate count when it was minted: a token does not outlive
        /// the device state it was made in.
        var resets: Int
    }

    private(set) var byText: [String: Token] = [:]
    /// In minting order, for the listing.
    private(set) var order: [String] = []
    /// Per device, how many times it was erased, restored or migrated onto.
    private var resets: [Int]
    /// Per device, the step of its latest reset, for the reason a token is refused.
    private var resetSteps: [Int?]

    init(devices: Int) {
        resets = Array(repeating: 0, count: devices)
        resetSteps = Array(repeating: nil, count: devices)
    }

    /// Takes note of what a step did: a reset of its device, or the token its launch minted.
    mutating func record(_ outcome: StepOutcome, now: Double) {
        guard case .event(let event) = outcome.step.action else { return }
        let d = outcome.step.device
        switch event {
        case .erase, .restore, .migrate:
            resets[d] += 1
            resetSteps[d] = outcome.number
        case .launch(let app, _, _):
            let world = outcome.world
            guard world.apps[app].strategy == DeviceCheckStrategy.name,
                  let latest = world.devices[d].launches[app]?.latest, latest.step == world.clock,
                  let text = latest.report.values.first(where: { $0.name == "token" })?.value,
                  byText[text] == nil else { return }
            byText[text] = Token(text: text, device: d, app: app, deviceName: world.devices[d].name, bundleID: world.apps[app].bundleID,
                                 step: outcome.number,
                                 key: world.deviceCheckKey(for: app, on: d), mintedAt: now, resets: resets[d])
            order.append(text)
        default:
            return
        }
    }

    /// Why a minted token is no longer good, or nil while it is.
    func staleness(of token: Token, now: Double, lifetime: Double) -> String? {
        if resets[token.device] != token.resets {
            return "the token's device was erased, restored or migrated onto (step \(resetSteps[token.device] ?? 0)) after step \(token.step) minted it"
        }
        let age = now - token.mintedAt
        if age >= lifetime {
            return "the token was minted \(Int(age)) s ago; tokens stay valid for \(Int(lifetime)) s (--token-lifetime)"
        }
        return nil
    }
}
