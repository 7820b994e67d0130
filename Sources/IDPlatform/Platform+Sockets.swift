internal import CPlatform

extension Platform {
    /// A TCP socket (IPv4) on which sending to a closed peer fails with EPIPE instead of raising
    /// SIGPIPE (Linux: `MSG_NOSIGNAL` on each send; Darwin: `SO_NOSIGPIPE` on the socket).
    /// -1 with `errno` on failure.
    package static func tcpSocket() -> Int32 {
        idscope_tcp_socket()
    }

    /// `send(2)` on a socket from `tcpSocket()`, never raising SIGPIPE.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        idscope_send(fd, bytes, count)
    }
}
