import Crypto
import IDServe

/// A DeviceCheck authorisation token as a backend makes one: an ES256 JWT whose header names
/// the key (`kid`) and whose claims name the team (`iss`) and the second it was made (`iat`).
/// For the tests and the benchmark; the server only verifies.
package enum DeviceCheckJWT {
    package static func sign(with key: P256.Signing.PrivateKey, keyID: String, team: String, issuedAt: Int) throws -> String {
        let header = Base64URL.encode(Array(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8))
        let claims = Base64URL.encode(Array(#"{"iss":"\#(team)","iat":\#(issuedAt)}"#.utf8))
        let signature = try key.signature(for: Array("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(Base64URL.encode(signature.rawRepresentation))"
    }
}
