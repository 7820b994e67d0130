import Crypto
import Foundation
import IDPlatform

/// Checks a request's `Authorization: Bearer JWT` as Apple's DeviceCheck server does: ES256,
/// `kid` one of the `--key` keys, `iss` a Team ID of the scenario (the key's own team where
/// `--key TEAM_ID/KEY_ID=FILE` bound it), `iat` at most an hour old and not in the future, and
/// `exp`, where the JWT has one, not passed.
///
/// A verified token is remembered by its exact text until its hour is up: a backend signs one
/// JWT and sends it with many requests, and checking an ES256 signature on each would cost
/// most of the server's time.
final class AuthorizationCheck: Sendable {
    /// nil: `--no-auth`, any bearer token is accepted.
    private let keys: SigningKeys?
    private let teams: Set<String>
    private let verified = CheckedMutex<[String: Verified]>([:])

    /// Apple's limit on a JWT's age.
    static let maxAge: Int64 = 3600
    /// How many verified tokens are remembered; past that, the expired are dropped (and if none
    /// were, all are: a flood of distinct tokens costs verification, not memory).
    static let cacheLimit = 4096

    private struct Verified {
        var team: String
        /// The second after which the token is too old: an hour after `iat`, or its `exp` if sooner.
        var expires: Int64
        /// Why it is refused after that second.
        var expiredBy: String
    }

    /// What a check found: the verified team (nil with `--no-auth`), or the answer refusing the request.
    enum Outcome {
        case team(String?)
        case refused(Answer)
    }

    init(keys: SigningKeys?, teams: Set<String>) {
        self.keys = keys
        self.teams = teams
    }

    /// - Parameter now: seconds since the Unix epoch.
    func check(_ header: String?, now: Double) -> Outcome {
        guard let header, header.hasPrefix("Bearer "), header.utf8.count > 7 else {
            return .refused(.text(400, AppleText.badAuthorization,
                                  reason: header == nil ? "no Authorization header" : "the Authorization header is not 'Bearer JWT'"))
        }
        guard let keys else { return .team(nil) }
        let token = String(header.dropFirst(7))
        let second = Int64(now.rounded(.up))
        if let known = verified.withLock({ $0[token] }) {
            return second <= known.expires ? .team(known.team)
                : .refused(.text(401, AppleText.unverified, reason: known.expiredBy))
        }
        switch verify(token, keys: keys, now: second) {
        case .failure(let answer):
            return .refused(answer)
        case .success(let entry):
            verified.withLock { cache in
                if cache.count >= Self.cacheLimit {
                    cache = cache.filter { $0.value.expires >= second }
                    if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
                }
                cache[token] = entry
            }
            return .team(entry.team)
        }
    }

    private func verify(_ token: String, keys: SigningKeys, now: Int64) -> Result<Verified, Answer> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
              let signatureBytes = Base64URL.decode(parts[2]),
              let header = FlatJSON.object(headerBytes), let claims = FlatJSON.object(claimBytes) else {
            return .failure(.text(400, AppleText.badAuthorization, reason: "the bearer token is not a JWT (three base64url parts, JSON header and claims)"))
        }
        func unverified(_ why: String) -> Result<Verified, Answer> { .failure(.text(401, AppleText.unverified, reason: why)) }
        guard header["alg"] == .string("ES256") else { return unverified("the JWT's alg is not ES256") }
        // RFC 7515 §4.1.11: a recipient that does not understand every extension `crit` names
        // must refuse the token. This server understands none, so any `crit` is refused.
        guard header["crit"] == nil else { return unverified("the JWT's crit header names extensions this server does not understand") }
        guard case .string(let kid)? = header["kid"] else { return unverified("the JWT has no kid") }
        guard let key = keys.byID[kid] else {
            return unverified("kid \(kid) is none of the --key keys (\(keys.byID.keys.sorted().joined(separator: ", ")))")
        }
        guard signatureBytes.count == 64, let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
              key.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)) else {
            return unverified("the JWT's signature does not verify with key \(kid)")
        }
        guard case .string(let team)? = claims["iss"] else { return unverified("the JWT has no iss (the Team ID)") }
        guard teams.contains(team) else {
            return unverified("iss \(team) is not a Team ID of the scenario (\(teams.sorted().joined(separator: ", ")))")
        }
        if let owner = keys.teamOf[kid], owner != team {
            return unverified("iss \(team) is not the team of key \(kid) (\(owner), as --key \(owner)/\(kid) says)")
        }
        // A NumericDate may have a fraction (RFC 7519 §2), as exp may; the second it falls in counts.
        // Every number from the network is checked before arithmetic: 1970 or later, not past now.
        let iat: Int64
        switch claims["iat"] {
        case .integer(let whole)?: iat = whole
        case .number(let seconds)? where seconds.isFinite && abs(seconds) < 1e15: iat = Int64(seconds.rounded(.down))
        case nil: return unverified("the JWT has no iat (seconds since 1970)")
        default: return unverified("the JWT's iat is not a number of seconds since 1970")
        }
        guard iat >= 0 else { return unverified("the JWT's iat (\(iat)) is before 1970") }
        guard iat <= now else { return unverified("the JWT's iat is in the future") }
        guard now - iat <= Self.maxAge else { return unverified("the JWT's iat is more than an hour old") }
        var verified = Verified(team: team, expires: iat + Self.maxAge, expiredBy: "the JWT's iat is more than an hour old")
        let exp: Int64?
        switch claims["exp"] {
        case nil: exp = nil
        case .integer(let whole)?: exp = whole
        // A NumericDate may have a fraction (RFC 7519 §2); the second it falls in counts.
        case .number(let seconds)? where seconds.isFinite && abs(seconds) < 1e15: exp = Int64(seconds.rounded(.up))
        default:
            return unverified("the JWT's exp is not a number of seconds since 1970")
        }
        if let exp {
            // RFC 7519 §4.1.4: the token must not be accepted on or after its exp.
            guard now < exp else { return unverified("the JWT's exp (\(exp)) has passed") }
            if exp - 1 < verified.expires { verified = Verified(team: team, expires: exp - 1, expiredBy: "the JWT's exp (\(exp)) has passed") }
        }
        return .success(verified)
    }
}
