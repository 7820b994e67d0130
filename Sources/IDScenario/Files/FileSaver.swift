import IDPlatform

/// Writes a file the way a careful editor saves: the old content stays whole until the new is
/// on disk, and the save cannot be turned against another file.
///
/// - A regular file (or a new one) is written to a temporary file made exclusively in the same
///   directory (an unpredictable name, `O_EXCL|O_NOFOLLOW`, so a planted symlink cannot redirect
///   it), synced, given the old file's permissions (and owner, where we may), then renamed over
///   the target.
/// - A symlink is followed: the file it points at is saved, and the link stays a link.
/// - Our own standard output or error, by any name (`/dev/stdout`, or the file the shell
///   redirected it to), is written through that descriptor, after what was written there before.
/// - Anything else that is not a regular file (a directory, a FIFO, a device, a socket) is refused
///   before anything is opened for writing: opening a FIFO with no reader would wait for ever,
///   and a device is no place to keep a session.
/// - A path that cannot name a file (empty, or ending in `/`) is refused with the reason.
package enum FileSaver {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// The most symlinks followed before giving up (a loop).
    static let maxLinks = 40

    package static func write(_ text: String, to path: String) throws(Failure) {
        guard !path.isEmpty else { throw Failure(path: path, reason: "no file name given") }
        guard !path.hasSuffix("/") else { throw Failure(path: path, reason: "names a folder (it ends in /), not a file") }
        var info = stat()
        if stat(path, &info) == 0 {   // it exists (through any links)
            if let fd = standardDescriptor(sameAs: info) {
                if let reason = Platform.writeAll(text, to: fd) { throw Failure(path: path, reason: reason) }
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Failure(path: path, reason: "is a directory")
            default: throw Failure(path: path, reason: "is \(kind(of: info)), not a regular file; save to a file")
            }
            guard let real = realpath(path, nil) else { throw Failure(path: path, reason: Platform.lastError()) }
            defer { free(real) }
            try replace(String(cString: real), with: text, keeping: info, shownAs: path)
        } else {
            // Missing is what a new file is; anything else (a part of the path that is a file, no
            // permission to look) is the answer.
            guard errno == ENOENT else { throw Failure(path: path, reason: Platform.lastError()) }
            try replace(try resolve(path), with: text, keeping: nil, shownAs: path)
        }
    }

    /// Standard output or error, when that is the file `info` describes.
    static func standardDescriptor(sameAs info: stat) -> Int32? {
        for fd in [STDOUT_FILENO, STDERR_FILENO] {
            var open = stat()
            if fstat(fd, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino { return fd }
        }
        return nil
    }

    /// What a file that is not a regular one is, in words.
    static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Whether a path names the terminal this process draws on or reads from: its standard input,
    /// output or error when they are a terminal, or its controlling terminal (`/dev/tty`), by any
    /// name (`/dev/stdout`, `/proc/self/fd/1`, the pty's own path). The inspector refuses to save
    /// there: the YAML would be written over its screen and the session counted as saved.
    package static func isOurTerminal(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where isatty(fd) == 1 {
            var open = stat()
            if fstat(fd, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino && open.st_rdev == info.st_rdev { return true }
        }
        var tty = stat()
        return stat("/dev/tty", &tty) == 0 && tty.st_rdev == info.st_rdev && isatty(STDIN_FILENO) == 1
    }

    /// Whether two paths name the same existing file (symlinks followed).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Where a path that does not exist yet will be: itself, or where a dangling link points.
    static func resolve(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<maxLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw Failure(path: path, reason: Platform.lastError()) }
            let destination = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : directory(of: current) + "/" + destination
        }
        throw Failure(path: path, reason: "too many levels of symbolic links")
    }

    /// The folder a path is in: what comes before its last `/` (`.` when there is none, `/` for
    /// a file at the root). Plain string work: Foundation's `deletingLastPathComponent` traps on
    /// a one-character relative path.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// What comes after a path's last `/`.
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func replace(_ target: String, with text: String, keeping old: stat?, shownAs path: String) throws(Failure) {
        let (fd, temporary) = try createTemporary(beside: target, shownAs: path)
        var failure: String?
        if let reason = Platform.writeAll(text, to: fd) { failure = reason }
        if failure == nil {
            // Keep what the old file was: its permissions (a 0600 file stays private) and, when we
            // are allowed to, its owner. A new file gets the default the umask gives.
            let mode: mode_t
            if let old {
                mode = old.st_mode & 0o7777
                if getuid() == 0 { _ = fchown(fd, old.st_uid, old.st_gid) }
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            if fchmod(fd, mode) != 0 {
                failure = Platform.lastError()
            } else if let reason = Platform.durableFlush(fd) {
                failure = reason
            }
        }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = Platform.lastError() }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
        // Make the rename itself durable.
        let directoryFD = open(directory(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = Platform.durableFlush(directoryFD)
            close(directoryFD)
        }
    }

    /// A new file beside `target`, created exclusively under an unpredictable name: `O_EXCL`
    /// refuses any name that exists (a planted symlink included) and `O_NOFOLLOW` says so twice.
    private static func createTemporary(beside target: String, shownAs path: String) throws(Failure) -> (Int32, String) {
        let prefix = directory(of: target) + "/." + lastComponent(of: target) + "."
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let name = prefix + String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36) + ".tmp"
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, name) }
            if errno != EEXIST { break }
        }
        throw Failure(path: path, reason: "cannot create a temporary file beside it: " + Platform.lastError())
    }
}
