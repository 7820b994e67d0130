internal import CPlatform

extension Platform {
    /// Flushes a file to the disk itself: `fsync` on Linux; on Darwin `fcntl(F_FULLFSYNC)`,
    /// since its `fsync` may leave the data in the drive's cache. Nil, or why it failed.
    package static func durableFlush(_ fd: Int32) -> String? {
        idscope_durable_flush(fd) == 0 ? nil : lastError()
    }

    /// A text's UTF-8, written in place where the string holds it contiguously (a native Swift
    /// string does): a page of tens of megabytes is not copied to be written.
    package static func writeAll(_ text: String, to fd: Int32) -> String? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ bytes in writeBuffer(bytes, to: fd) }) { return result }
        return writeAll(Array(text.utf8), to: fd)
    }

    /// Writes every byte, retrying short writes and interruptions. Nil, or why it failed.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBufferPointer { writeBuffer($0, to: fd) }
    }

    static func writeBuffer(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            offset += n
        }
        return nil
    }

    /// The text of the last error (`errno`).
    package static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
