import Foundation
import IDSim

/// The three DeviceCheck operations, and the idscope endpoints beside them.
enum Route: Equatable, Sendable {
    case deviceCheck(Operation, DeviceCheckServer.Environment)
    /// `GET /idscope/tokens`
    case tokens
    /// `POST /idscope/steps`
    case steps
    /// `POST /idscope/clock`
    case clock

    enum Operation: String, Sendable {
        case query = "query_two_bits"
        case update = "update_two_bits"
        case validate = "validate_device_token"
    }

    /// The route a path names (query string ignored), or nil for an unknown path. Apple's two
    /// hosts become two path prefixes: `/v1/…` is production, `/development/v1/…` development.
    static func matching(_ path: Substring) -> Route? {
        var path = path
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        switch path {
        case "/idscope/tokens": return .tokens
        case "/idscope/steps": return .steps
        case "/idscope/clock": return .clock
        default: break
        }
        let environment: DeviceCheckServer.Environment
        if path.hasPrefix("/v1/") {
            environment = .production
            path = path.dropFirst(4)
        } else if path.hasPrefix("/development/v1/") {
            environment = .development
            path = path.dropFirst(16)
        } else {
            return nil
        }
        return Operation(rawValue: String(path)).map { .deviceCheck($0, environment) }
    }

    /// The one method the route answers.
    var method: String { self == .tokens ? "GET" : "POST" }
}

/// A DeviceCheck request body, checked field by field as Apple's server does: the fields it
/// documents, their types, and the answer each problem gets.
struct DeviceCheckRequest: Sendable {
    var deviceToken: String
    var transactionID: String
    /// Milliseconds since the Unix epoch (Apple's `Long`).
    var timestamp: Int64
    var bit0: Bool?
    var bit1: Bool?

    /// - Returns: the request, or the 400 answer its first problem gets.
    static func read(_ body: some Collection<UInt8>, for operation: Route.Operation) -> Result<DeviceCheckRequest, Answer> {
        guard let fields = FlatJSON.object(body) else {
            return .failure(.text(400, AppleText.badPayload, reason: "the body is not a JSON object"))
        }
        guard case .string(let token)? = fields["device_token"], isBase64(token) else {
            let why = fields["device_token"] == nil ? "device_token is missing" : "device_token is not a base64 string"
            return .failure(.text(400, AppleText.badDeviceToken, reason: why))
        }
        guard case .string(let transaction)? = fields["transaction_id"], !transaction.isEmpty else {
            let why = fields["transaction_id"] == nil ? "transaction_id is missing" : "transaction_id is not a non-empty string"
            return .failure(.text(400, AppleText.badTransactionID, reason: why))
        }
        guard case .integer(let timestamp)? = fields["timestamp"], timestamp >= 0 else {
            let why = fields["timestamp"] == nil ? "timestamp is missing"
                : "timestamp is not a whole number of milliseconds since 1970 (Apple's Long)"
            return .failure(.text(400, AppleText.badTimestamp, reason: why))
        }
        var request = DeviceCheckRequest(deviceToken: token, transactionID: transaction, timestamp: timestamp)
        if operation == .update {
            for name in ["bit0", "bit1"] {
                switch fields[name] {
                case nil: continue
                case .bool(let bit)?: if name == "bit0" { request.bit0 = bit } else { request.bit1 = bit }
                default:
                    return .failure(.text(400, AppleText.badBits, reason: "\(name) is not true or false (JSON booleans; not \"true\", 1 or bit_0)"))
                }
            }
            if request.bit0 == nil && request.bit1 == nil {
                let misspelt = fields.keys.filter { $0.hasPrefix("bit") && $0 != "bit0" && $0 != "bit1" }.sorted()
                let hint = misspelt.isEmpty ? "" : " (\(misspelt.map { "'\($0)'" }.joined(separator: ", ")) is not a field; the bits are bit0 and bit1)"
                return .failure(.text(400, AppleText.badBits, reason: "an update needs bit0, bit1 or both" + hint))
            }
        }
        return .success(request)
    }

    /// Standard base64 with padding, on one line (Apple: "must not contain line breaks").
    static func isBase64(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count % 4 == 0 && Data(base64Encoded: text) != nil
    }
}
