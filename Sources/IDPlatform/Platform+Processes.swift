internal import CPlatform

extension Platform {
    /// The running executable's absolute path (Linux: the kernel's; Darwin:
    /// `_NSGetExecutablePath`), symlinks resolved.
    package static func executablePath() -> String? {
        withPathBuffer { idscope_executable_path($0, $1) }
    }

    /// The path of the loaded image that holds `address`: the executable, a library, or a test
    /// bundle's binary (`dladdr`).
    package static func imagePath(containing address: UnsafeRawPointer) -> String? {
        withPathBuffer { idscope_image_path(address, $0, $1) }
    }

    private static func withPathBuffer(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return status == 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// What a spawned child's standard descriptor is.
    package enum SpawnStream: Sendable {
        /// The same as ours.
        case inherit
        /// A descriptor of ours.
        case descriptor(Int32)
        /// A file, opened for reading (standard input) or created for writing (output).
        case file(String)
    }

    package struct SpawnError: Error, CustomStringConvertible {
        package var code: Int32
        package var description: String { "posix_spawn: " + String(cString: strerror(code)) }
    }

    /// Starts `path` with `arguments` (argv[0] included) and `environment`.
    /// - Parameters:
    ///   - stdio: the child's standard input, output and error.
    ///   - closing: a descriptor of ours to close in the child.
    ///   - newSession: the child starts a session of its own (its own controlling terminal).
    ///   - resetSignals: an empty signal mask and default actions in the child (a test's threads
    ///     block signals, and a child would inherit that).
    package static func spawn(_ path: String, arguments: [String], environment: [String: String],
                             stdio: (SpawnStream, SpawnStream, SpawnStream) = (.inherit, .inherit, .inherit),
                             closing: Int32? = nil, newSession: Bool = false, resetSignals: Bool = false) throws(SpawnError) -> Int32 {
        let streams = [stdio.0, stdio.1, stdio.2]
        let paths: [UnsafeMutablePointer<CChar>?] = streams.map { if case .file(let path) = $0 { strdup(path) } else { nil } }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in paths + argv + envp { free(pointer) } }
        var options = idscope_spawn_options()
        let fds = streams.map { if case .descriptor(let fd) = $0 { fd } else { Int32(-1) } }
        options.fds = (fds[0], fds[1], fds[2])
        options.paths = (paths[0].map { UnsafePointer($0) }, paths[1].map { UnsafePointer($0) }, paths[2].map { UnsafePointer($0) })
        options.close_fd = closing ?? -1
        options.new_session = newSession ? 1 : 0
        options.reset_signals = resetSignals ? 1 : 0
        var pid: Int32 = 0
        let status = idscope_spawn(&pid, path, argv, envp, &options)
        guard status == 0 else { throw SpawnError(code: status) }
        return pid
    }

    /// A new pseudo-terminal of the given size: its controller, and its terminal (open).
    package static func openPseudoTerminal(columns: Int, rows: Int) -> (controller: Int32, terminal: Int32)? {
        var controller: Int32 = -1, terminal: Int32 = -1
        guard idscope_open_pty(&controller, &terminal, Int32(columns), Int32(rows)) == 0 else { return nil }
        return (controller, terminal)
    }

    /// Raises the soft limit on open descriptors as far as the hard limit allows (macOS starts a
    /// shell's processes at 256), and returns the limit then in force.
    package static func raiseOpenFileLimit() -> Int {
        idscope_raise_open_file_limit()
    }

    /// This process's resident memory in bytes (0 when the system does not say).
    package static func residentBytes() -> Int {
        Int(idscope_resident_bytes())
    }
}

extension Platform {
    /// Ends the process with a status, as exit(3) does (flushing C's stdio buffers and running
    /// atexit handlers). A name of ours: inside a ParsableCommand, `exit` is the command's own.
    package static func exitProcess(_ status: Int32) -> Never {
        cExit(status)
    }
}

/// exit(3), reached from a scope where `exit` means something else.
private func cExit(_ status: Int32) -> Never {
    exit(status)
}
