/// `DCDevice`, `DCAppAttestService` and the app's server talking to Apple's DeviceCheck API
/// (rules DC-26, DC-27, AA-28).
extension AppOS {
    /// `DCDevice.current.isSupported`.
    public var deviceCheckSupported: Bool { world.deviceCheckSupported(on: device) }

    /// `DCDevice.current.generateToken`: a new opaque token on every call, or nil where unsupported.
    public mutating func generateDeviceCheckToken() -> DeviceCheckToken? {
        guard deviceCheckSupported else { return nil }
        let key = world.deviceCheckKey(for: app, on: device)
        return DeviceCheckToken(hardwareID: key.hardwareID, environment: key.environment,
                                issuedAt: world.clock, nonce: newUUID())
    }

    /// The app's server calls `query_two_bits` with a token from the app.
    public func queryTwoBits(token: DeviceCheckToken) -> DeviceCheckResponse {
        guard token.isValid(at: world.clock) else { return .badRequest }
        let key = DeviceCheckServer.Key(teamID: teamID, hardwareID: token.hardwareID, environment: token.environment)
        guard let bits = world.deviceCheck[key] else { return .notFound(world.profile.deviceCheckNotFoundBody.rawValue) }
        return .bits(bits)
    }

    /// The app's server calls `update_two_bits`; only the bits given change.
    public mutating func updateTwoBits(token: DeviceCheckToken, bit0: Bool?, bit1: Bool?) -> DeviceCheckResponse {
        guard token.isValid(at: world.clock) else { return .badRequest }
        let key = DeviceCheckServer.Key(teamID: teamID, hardwareID: token.hardwareID, environment: token.environment)
        world.setDeviceCheckBits(key, bit0: bit0, bit1: bit1, device: device, &log)
        return .ok
    }

    // MARK: - App Attest

    /// `DCAppAttestService.shared.isSupported`: iOS 14+ (an App Clip: 15+), not the Simulator, not
    /// an iPhone or iPad app running on a Mac, and not in an app extension (AA-28).
    public var appAttestSupported: Bool {
        let role = world.apps[app].role
        return osVersion.major >= (role.fullApp == nil ? 14 : 15) && deviceKind != .simulator && deviceKind != .mac && role.host == nil
    }

    /// `generateKey`: a new key in this installation's Secure Enclave, for the environment the
    /// app's entitlement names; returns its key ID.
    public mutating func generateAttestKey(environment: DeviceCheckServer.Environment = .production) -> String? {
        guard appAttestSupported else { return nil }
        let keyID = "aa-" + newUUID().compactLowercase
        installed.attestKeys.append(AppAttestKey(id: keyID, environment: environment))
        log.record(.appAttest(device: device, app: app), from: nil, to: .text(keyID), rule: nil)
        return keyID
    }

    /// What `attestKey` / `generateAssertion` with a stored key ID gives: nil when it works, or the
    /// `DCError` it fails with. A key works only in the installation that made it, and in its own
    /// environment (rule AA-28).
    public func appAttestError(keyID: String, environment: DeviceCheckServer.Environment = .production) -> AppAttestError? {
        guard appAttestSupported else { return .featureUnsupported }
        return installed.attestKeys.contains(AppAttestKey(id: keyID, environment: environment)) ? nil : .invalidKey
    }

    /// Whether a stored key ID still asserts in this installation (rule AA-28).
    public func appAttestKeyIsValid(_ keyID: String, environment: DeviceCheckServer.Environment = .production) -> Bool {
        appAttestError(keyID: keyID, environment: environment) == nil
    }
}

/// The `DCError` codes App Attest calls fail with.
public enum AppAttestError: String, Hashable, Sendable {
    /// The key ID names no key this installation can use.
    case invalidKey
    /// App Attest is not available here (the Simulator, before iOS 14).
    case featureUnsupported
}

/// A DeviceCheck token: opaque to apps, readable by Apple's server.
public struct DeviceCheckToken: Hashable, Sendable {
    public var hardwareID: UInt64
    public var environment: DeviceCheckServer.Environment
    /// The step it was made at; it stays valid for `lifetime` steps so a server can retry.
    public var issuedAt: Int
    public var nonce: SimUUID

    public static let lifetime = 2

    public init(hardwareID: UInt64, environment: DeviceCheckServer.Environment, issuedAt: Int, nonce: SimUUID) {
        self.hardwareID = hardwareID
        self.environment = environment
        self.issuedAt = issuedAt
        self.nonce = nonce
    }

    func isValid(at clock: Int) -> Bool { clock - issuedAt < Self.lifetime }

    /// The base64-looking form an app would send to its server.
    public var text: String {
        "DC1" + SimUUID.hex(hardwareID, 16) + (environment == .production ? "P" : "D") + nonce.compactLowercase
    }
}

/// What Apple's DeviceCheck server answers (rule DC-27).
public enum DeviceCheckResponse: Hashable, Sendable {
    /// 200 with `{bit0, bit1, last_update_time}`.
    case bits(DeviceCheckServer.Bits)
    /// 200 with a plain-text body: no bits were ever set.
    case notFound(String)
    /// 200 with an empty body (an update).
    case ok
    /// 400: a bad or expired token.
    case badRequest

    public var httpStatus: Int {
        if case .badRequest = self { return 400 }
        return 200
    }
}
