import IDScenario

/// What the server answers one request with, before it becomes an HTTP response: the status, the
/// body, and for the request log (and the `x-idscope-reason` header) why, when the body is one
/// of Apple's fixed texts that cannot say it.
struct Answer: Sendable {
    enum Kind: Sendable {
        case json, text
    }

    var status: Int
    var body: String
    var kind: Kind
    /// idscope's explanation of a refusal or an outcome, in words.
    var reason: String?
    /// What the log records of the simulated world: the device and app a token belongs to, and
    /// the session step a request made.
    var device: String?
    var app: String?
    var step: Int?
    /// For 405: the method the path takes.
    var allow: String?

    static func json(_ status: Int, _ body: String, reason: String? = nil) -> Answer {
        Answer(status: status, body: body, kind: .json, reason: reason)
    }

    static func text(_ status: Int, _ body: String, reason: String? = nil) -> Answer {
        Answer(status: status, body: body, kind: .text, reason: reason)
    }

    /// idscope's own errors (its extra endpoints, and HTTP errors Apple documents no body for):
    /// `{"error": "…"}`.
    static func error(_ status: Int, _ message: String) -> Answer {
        .json(status, JSONText.object([("error", JSONText.string(message))]), reason: message)
    }

    func about(device: String?, app: String?, step: Int? = nil) -> Answer {
        var copy = self
        copy.device = device
        copy.app = app
        copy.step = step ?? self.step
        return copy
    }
}

/// A refusal travels as the failure of a `Result` while a request is read.
extension Answer: Error {}

/// Apple's response bodies, word for word where its DeviceCheck documentation gives them
/// ("Accessing and modifying per-device data"); `reference/identifier-rules.md` section 5.
enum AppleText {
    static let badDeviceToken = "Missing or incorrectly formatted device token payload"
    static let badBits = "Missing or incorrectly formatted bits"
    static let badTimestamp = "Missing or incorrectly formatted time stamp"
    static let badAuthorization = "Missing or badly formatted authorization token"
    static let unverified = "Unable to verify authorization token"
    /// idscope's words: Apple documents no text for a body that is not JSON or lacks a
    /// transaction ID.
    static let badPayload = "Missing or incorrectly formatted payload"
    static let badTransactionID = "Missing or incorrectly formatted transaction ID"
}
