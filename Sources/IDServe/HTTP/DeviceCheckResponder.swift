import HTTPTypes
import Hummingbird
import NIOCore

/// Turns each HTTP request into a call on the served world and its answer into a response, and
/// logs it. Routing is a switch on the path: five fixed paths need no router, and an unknown one
/// or a wrong method gets its own clear answer.
struct DeviceCheckResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let world: ServedWorld
    let authorization: AuthorizationCheck
    let log: RequestLog
    let clock: @Sendable () -> Double

    /// Apple's documented limit is silent; 64 KiB is far above any real body.
    static let maxBody = 64 << 10
    static let reasonHeader = HTTPField.Name("x-idscope-reason")!

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let now = clock()
        var transactionID: String?
        let answer = await answer(request, now: now, transactionID: &transactionID)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        log.record(RequestLog.Entry(time: now, method: request.method.rawValue, path: request.uri.path, status: answer.status,
                                    milliseconds: milliseconds, transactionID: transactionID, answer: answer))
        return Self.response(answer)
    }

    private func answer(_ request: Request, now: Double, transactionID: inout String?) async -> Answer {
        guard let route = Route.matching(Substring(request.uri.path)) else {
            return .error(404, "no such endpoint: \(request.uri.path) (DeviceCheck: POST /v1/query_two_bits, /v1/update_two_bits, "
                          + "/v1/validate_device_token, the same under /development/v1/; idscope: GET /idscope/tokens, POST /idscope/steps, POST /idscope/clock)")
        }
        guard request.method.rawValue == route.method else {
            var answer = Answer.error(405, "\(request.uri.path) takes \(route.method), not \(request.method.rawValue)")
            answer.allow = route.method
            return answer
        }
        switch route {
        case .tokens:
            // A GET: a body, if one came, is not read.
            return world.tokenList(now: now)
        case .steps:
            switch await Self.collectBody(request) {
            case .success(let body): return await world.applyStep(json: String(buffer: body), now: now)
            case .failure(let answer): return answer
            }
        case .clock:
            switch await Self.collectBody(request) {
            case .success(let body): return world.setClock(json: String(buffer: body))
            case .failure(let answer): return answer
            }
        case .deviceCheck(let operation, let environment):
            let body: ByteBuffer
            switch await Self.collectBody(request) {
            case .success(let collected): body = collected
            case .failure(let answer): return answer
            }
            let team: String?
            switch authorization.check(request.headers[.authorization], now: now) {
            case .refused(let answer): return answer
            case .team(let verified): team = verified
            }
            let fields: DeviceCheckRequest
            switch body.withUnsafeReadableBytes({ DeviceCheckRequest.read($0, for: operation) }) {
            case .failure(let answer): return answer
            case .success(let read): fields = read
            }
            transactionID = fields.transactionID
            return await world.answer(operation, fields, environment: environment, team: team, now: now)
        }
    }

    /// The body, or 413 past the limit (declared or sent).
    private static func collectBody(_ request: Request) async -> Result<ByteBuffer, Answer> {
        let tooLarge = Answer.error(413, "the body is over \(maxBody / 1024) KiB")
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maxBody { return .failure(tooLarge) }
        do {
            return .success(try await request.body.collect(upTo: maxBody))
        } catch {
            return .failure(tooLarge)
        }
    }

    static func response(_ answer: Answer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.kind == .json ? "application/json" : "text/plain; charset=utf-8"
        if let reason = answer.reason {
            // A header value is one line of visible text.
            headers[reasonHeader] = String(reason.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        }
        if let allow = answer.allow { headers[.allow] = allow }
        return Response(status: HTTPResponse.Status(code: answer.status, reasonPhrase: reasonPhrase(answer.status)),
                        headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 503: "Service Unavailable"
        default: ""
        }
    }
}
