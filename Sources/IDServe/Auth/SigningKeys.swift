import Crypto
import Foundation
import IDScenario

/// The keys `--key [TEAM_ID/]KEY_ID=FILE` names: the public half of each, by key ID (a JWT's
/// `kid`), and the team a key belongs to where the argument says it (Apple's keys are made in one
/// team's account, so a JWT signed with one names that team as its `iss`).
package struct SigningKeys: Sendable {
    package private(set) var byID: [String: P256.Signing.PublicKey] = [:]
    /// The team each bound key belongs to; a key missing here may sign for any team of the scenario.
    package private(set) var teamOf: [String: String] = [:]

    package init() {}

    package var isEmpty: Bool { byID.isEmpty }

    /// A problem with one `--key` argument, in words that name the argument and the file.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Keys given as `KEY_ID=FILE`, with no team: they sign for any team of the scenario.
    package var unboundIDs: [String] { byID.keys.filter { teamOf[$0] == nil }.sorted() }

    /// Reads `[TEAM_ID/]KEY_ID=FILE`: a PEM public key, or Apple's `.p8` (a PKCS #8 PEM private key) whose
    /// public key is taken. At most 64 KiB is read, through the scenario loader's checks (a
    /// directory, a device or a pipe gets a message, not a hang).
    package mutating func add(_ argument: String) throws(Problem) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw Problem(description: "--key \(argument): expected [TEAM_ID/]KEY_ID=FILE, like A1B2C3D4E5/ABC123DEFG=AuthKey_ABC123DEFG.p8")
        }
        var id = String(argument[..<equals]), team: String?
        let path = String(argument[argument.index(after: equals)...])
        if let slash = id.firstIndex(of: "/") {
            team = String(id[..<slash])
            id = String(id[id.index(after: slash)...])
            guard team?.isEmpty == false, !id.isEmpty, !id.contains("/") else {
                throw Problem(description: "--key \(argument): expected TEAM_ID/KEY_ID=FILE, like A1B2C3D4E5/ABC123DEFG=AuthKey_ABC123DEFG.p8")
            }
        }
        guard !path.isEmpty else { throw Problem(description: "--key \(argument): no file after '='") }
        guard byID[id] == nil else { throw Problem(description: "--key \(argument): key ID \(id) is given twice") }
        let text: String
        do {
            let data = try ScenarioLoader.readBytes(path, upTo: 64 << 10, kind: "a key file (PEM or .p8)")
            text = String(decoding: data, as: UTF8.self)
        } catch {
            throw Problem(description: "--key \(id): \(error.description)")
        }
        byID[id] = try Self.publicKey(pem: text, id: id, path: path)
        if let team { teamOf[id] = team }
    }

    static func publicKey(pem text: String, id: String, path: String) throws(Problem) -> P256.Signing.PublicKey {
        if text.contains("PRIVATE KEY-----") {
            if let key = try? P256.Signing.PrivateKey(pemRepresentation: text) { return key.publicKey }
            throw Problem(description: "--key \(id): \(path) holds a private key that is not a P-256 (ES256) key in PEM, as Apple's .p8 files are")
        }
        if text.contains("PUBLIC KEY-----") {
            if let key = try? P256.Signing.PublicKey(pemRepresentation: text) { return key }
            throw Problem(description: "--key \(id): \(path) holds a public key that is not a P-256 (ES256) key in PEM")
        }
        throw Problem(description: "--key \(id): \(path) is not a PEM key (expected -----BEGIN PUBLIC KEY----- or Apple's .p8, -----BEGIN PRIVATE KEY-----)")
    }
}
