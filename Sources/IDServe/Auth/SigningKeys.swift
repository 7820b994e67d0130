import Crypto
import Foundation
import IDScenario

/// The keys `--key KEY_ID=FILE` names: the public half of each, by key ID (a JWT's `kid`).
public struct SigningKeys: Sendable {
    public private(set) var byID: [String: P256.Signing.PublicKey] = [:]

    public init() {}

    public var isEmpty: Bool { byID.isEmpty }

    /// A problem with one `--key` argument, in words that name the argument and the file.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads `KEY_ID=FILE`: a PEM public key, or Apple's `.p8` (a PKCS #8 PEM private key) whose
    /// public key is taken. At most 64 KiB is read, through the scenario loader's checks (a
    /// directory, a device or a pipe gets a message, not a hang).
    public mutating func add(_ argument: String) throws(Problem) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw Problem(description: "--key \(argument): expected KEY_ID=FILE, like ABC123DEFG=AuthKey_ABC123DEFG.p8")
        }
        let id = String(argument[..<equals]), path = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { throw Problem(description: "--key \(argument): no file after '='") }
        guard byID[id] == nil else { throw Problem(description: "--key \(argument): key ID \(id) is given twice") }
        let text: String
        do {
            let data = try ScenarioLoader.readBytes(path, upTo: 64 << 10, kind: "key")
            text = String(decoding: data, as: UTF8.self)
        } catch {
            throw Problem(description: "--key \(id): \(error.description)")
        }
        byID[id] = try Self.publicKey(pem: text, id: id, path: path)
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
