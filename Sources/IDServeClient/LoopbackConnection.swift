import IDPlatform

/// One keep-alive HTTP/1.1 connection to a loopback server, with blocking calls: what the tests
/// and the benchmark talk to `idscope serve` with (this target is theirs alone, not the binary's). It sends exactly the bytes it is given when
/// asked (a malformed request is a test case) and reads responses framed by `Content-Length`,
/// which is how the server frames all of its own.
package final class LoopbackConnection {
    private let fd: Int32
    private var received: [UInt8] = []

    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// A response: its status, its headers (names lowercased) and its body as text.
    package struct Reply: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: String
    }

    package init(port: Int, host: String = "127.0.0.1") throws {
        fd = try Self.connectedSocket(port: port, host: host)
    }

    /// A TCP socket connected to `host:port` (sending to a closed peer fails, never raising SIGPIPE),
    /// with Nagle's delay off (a request is one write and
    /// waits for its answer): this connection's, and the benchmark's many non-blocking ones.
    package static func connectedSocket(port: Int, host: String = "127.0.0.1") throws -> Int32 {
        let fd = Platform.tcpSocket()
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let problem = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect to \(host):\(port): \(problem)")
        }
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    deinit { close(fd) }

    /// The bytes of a request with a body, `Content-Length` set.
    package static func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        return Array(head.utf8) + Array(body.utf8)
    }

    /// Sends a request and waits for its response.
    package func send(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") throws -> Reply {
        try exchange(Self.request(method, path, headers: headers, body: body))
    }

    /// Sends bytes as they are and reads one response.
    package func exchange(_ bytes: [UInt8]) throws -> Reply {
        try write(bytes)
        return try readReply()
    }

    package func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Platform.send(fd, $0.baseAddress! + sent, bytes.count - sent) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    package func readReply() throws -> Reply {
        let headEnd = try fill { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "not an HTTP response: \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        let length = headers["content-length"].flatMap(Int.init) ?? 0
        let bodyStart = headEnd + 4
        _ = try fill { $0.count >= bodyStart + length ? bodyStart + length : nil }
        let body = String(decoding: received[bodyStart..<bodyStart + length], as: UTF8.self)
        received.removeFirst(bodyStart + length)
        return Reply(status: status, headers: headers, body: body)
    }

    /// Reads until `done` finds what it needs in what was received.
    private func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            if let found = done(received) { return found }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: n == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
            received.append(contentsOf: chunk[..<n])
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return start }
        }
        return nil
    }
}
