internal import CPlatform

extension Platform {
    /// Flushes a file to the disk itself: `fsync` on Linux; on Darwin `fcntl(F_FULLFSYNC)`,
    /// since its `fsync` may leave the data in the drive's cache. Nil, or why it failed.
    public static func durableFlush(_ fd: Int32) -> String? {
        idscope_durable_flush(fd) == 0 ? nil : lastError()
    }

    /// Writes every byte, retrying short writes and interruptions. Nil, or why it failed.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            offset += n
        }
        return nil
    }

    /// The text of the last error (`errno`).
    public static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
