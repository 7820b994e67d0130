import Foundation
import IDPlatform
import IDServeClient
import Synchronization
import Testing
import TestSupport

/// The platform layer: the only importer of the C library, and its calls doing what they say on
/// this system (the Darwin branches are not compiled here; see Sources/CPlatform/platform.c).
@Suite("Platform layer")
struct PlatformLayerTests {
    @Test("no Swift file outside IDPlatform imports Glibc, Darwin or Musl, or names one of them")
    func oneImportOfTheCLibrary() throws {
        let root = GeneratedSection.root
        var offenders: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !(folder == "Sources" && file.hasPrefix("IDPlatform/")) {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // The code of the line: no string literals, no comment.
                    let unquoted = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
                    let code = unquoted.range(of: "//").map { unquoted[..<$0.lowerBound] } ?? unquoted[...]
                    if Self.namesTheCLibrary(code) { offenders.append("\(folder)/\(file):\(number + 1): \(line)") }
                }
            }
        }
        #expect(offenders.isEmpty, "import IDPlatform instead, and add what differs to it:\n\(offenders.joined(separator: "\n"))")
    }

    /// `import Glibc`, `@_exported import Darwin.C`, `Glibc.write(...)`, `Musl.exit`.
    static func namesTheCLibrary(_ code: Substring) -> Bool {
        code.contains(/\bimport\s+(Glibc|Darwin|Musl)\b/) || code.contains(/\b(Glibc|Darwin|Musl)\.[A-Za-z_]/)
    }

    @Test("the check itself sees an import and a qualified name, and not a mention in prose")
    func checkSeesOffences() {
        #expect(Self.namesTheCLibrary("import Glibc"))
        #expect(Self.namesTheCLibrary("@_exported import Darwin.C"))
        #expect(Self.namesTheCLibrary("let n = Glibc.write(fd, p, 1)"))
        #expect(!Self.namesTheCLibrary("let x = 1  "))
        #expect(!Self.namesTheCLibrary("#if canImport(Darwin)"))
        #expect(!Self.namesTheCLibrary("Darwin. So"))
    }

    @Test("the running executable's path and the test bundle's folder")
    func paths() throws {
        let executable = try #require(Platform.executablePath())
        #expect(executable.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: executable))
        #expect(FileManager.default.isExecutableFile(atPath: BuiltProducts.executable("idscope").path),
                "the test bundle's folder holds the built binary: \(BuiltProducts.folder.path)")
    }

    @Test("a durable flush of a file succeeds, and of a closed descriptor says why not")
    func durableFlush() throws {
        let file = TemporaryDirectory.make().appendingPathComponent("f")
        let fd = open(file.path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        #expect(Platform.writeAll(Array("hello".utf8), to: fd) == nil)
        #expect(Platform.durableFlush(fd) == nil)
        close(fd)
        #expect(Platform.durableFlush(fd) != nil, "a closed descriptor")
        #expect(try String(contentsOf: file, encoding: .utf8) == "hello")
    }

    @Test("sending to a socket whose peer has gone fails with EPIPE instead of raising SIGPIPE")
    func sendWithoutSIGPIPE() throws {
        // A listener on an ephemeral loopback port, one connection accepted and closed at once.
        let (listener, port) = try loopbackListener()
        defer { close(listener) }
        let client = try LoopbackConnection.connectedSocket(port: port)   // from Platform.tcpSocket
        defer { close(client) }
        close(accept(listener, nil, nil))
        // The first send may still be taken (the peer answers it with a reset); a later one fails.
        // SIGPIPE is blocked on this thread meanwhile: one raised by a send stays pending here
        // (it is sent to the sending thread), where the test sees it, instead of ending the run.
        var pipe = sigset_t(), old = sigset_t(), pending = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, &old)
        var failure: Int32 = 0
        for _ in 0..<50 where failure == 0 {
            let byte: [UInt8] = [1]
            if byte.withUnsafeBytes({ Platform.send(client, $0.baseAddress!, 1) }) < 0 { failure = errno }
            usleep(1_000)
        }
        sigpending(&pending)
        let raised = sigismember(&pending, SIGPIPE) == 1
        #expect(!raised, "a send raised SIGPIPE")
        if !raised { pthread_sigmask(SIG_SETMASK, &old, nil) }   // else it stays blocked, and harmless
        #expect(failure == EPIPE || failure == ECONNRESET, "send failed with \(failure)")
    }

    @Test("a signal's origin is read by each system's codes: an arm64 Swift trap (SIGTRAP, si_code 0 on Darwin) is a fault, kill's 0 is sent")
    func signalOriginByCode() {
        // Darwin: xnu's kill fills 0, SI_USER..SI_MESGQ are 0x10001...0x10005, and a brk trap's
        // SIGTRAP arrives with 0 too (xnu's arm sendsig leaves it unset).
        #expect(Platform.Signals.readsAsSent(SIGTERM, code: 0, darwinRules: true))
        #expect(Platform.Signals.readsAsSent(SIGSEGV, code: 0x10001, darwinRules: true))
        #expect(!Platform.Signals.readsAsSent(SIGTRAP, code: 0, darwinRules: true), "a Swift trap on arm64")
        #expect(!Platform.Signals.readsAsSent(SIGSEGV, code: 1, darwinRules: true), "SEGV_MAPERR")
        #expect(!Platform.Signals.readsAsSent(SIGILL, code: 1, darwinRules: true), "ILL_ILLOPC: x86_64's ud2")
        // Linux: SI_USER 0, SI_QUEUE -1, SI_TKILL -6 are sent; TRAP_BRKPT 1 and SI_KERNEL 0x80 are faults.
        #expect(Platform.Signals.readsAsSent(SIGTERM, code: 0, darwinRules: false))
        #expect(Platform.Signals.readsAsSent(SIGABRT, code: -6, darwinRules: false), "raise(3) uses tgkill")
        #expect(Platform.Signals.readsAsSent(SIGUSR1, code: -1, darwinRules: false))
        #expect(!Platform.Signals.readsAsSent(SIGTRAP, code: 0x80, darwinRules: false))
        #expect(!Platform.Signals.readsAsSent(SIGTRAP, code: 1, darwinRules: false))
        #expect(!Platform.Signals.readsAsSent(SIGSEGV, code: 1, darwinRules: false))
    }

    @Test("spawn gives the child our descriptors or files, and starts it")
    func spawn() throws {
        let dir = TemporaryDirectory.make()
        let out = dir.appendingPathComponent("out").path
        let pid = try Platform.spawn("/bin/sh", arguments: ["sh", "-c", "echo $GREETING; echo oops >&2"], environment: ["GREETING": "hi"],
                                     stdio: (.file("/dev/null"), .file(out), .file("/dev/null")), resetSignals: true)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "hi\n")
        #expect(throws: Platform.SpawnError.self) {
            try Platform.spawn("/nonexistent/program", arguments: ["x"], environment: [:])
        }
    }

    @Test("a pseudo-terminal carries bytes from its terminal side to its controller")
    func pseudoTerminal() throws {
        let (controller, terminal) = try #require(Platform.openPseudoTerminal(columns: 100, rows: 30))
        defer { close(controller); close(terminal) }
        #expect(isatty(terminal) == 1)
        var size = winsize()
        #expect(ioctl(terminal, UInt(TIOCGWINSZ), &size) == 0)
        #expect(size.ws_col == 100 && size.ws_row == 30)
        #expect(Platform.writeAll(Array("ping".utf8), to: terminal) == nil)
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(controller, &buffer, buffer.count)
        #expect(n > 0 && String(decoding: buffer[..<n], as: UTF8.self).hasPrefix("ping"))
    }

    @Test("resident memory is a plausible figure")
    func residentMemory() {
        let bytes = Platform.residentBytes()
        #expect(bytes > 1 << 20 && bytes < 1 << 40, "\(bytes)")
    }

    @Test("a signal raised by this process reads as sent by a process, not as a fault")
    func signalOrigin() {
        Platform.Signals.catchFatal(SIGUSR2) { _, sentByProcess in PlatformLayerTests.origin.store(sentByProcess + 1, ordering: .relaxed) }
        // Test threads block signals: unblock it here, where raise(3) then delivers it at once.
        var usr2 = sigset_t(), old = sigset_t()
        sigemptyset(&usr2)
        sigaddset(&usr2, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &usr2, &old)
        defer {
            Platform.Signals.setDefault(SIGUSR2)
            pthread_sigmask(SIG_SETMASK, &old, nil)
        }
        raise(SIGUSR2)
        #expect(Self.origin.load(ordering: .relaxed) == 2, "1 + sent_by_process")
        #expect(Platform.Signals.previousIsFunction(SIGUSR2) == false, "the default action was there before")
    }

    static let origin = Atomic<Int32>(0)

    @Test("the fatal signals are this system's, each once")
    func fatalSignals() {
        let signals = Platform.Signals.otherFatal
        #expect(Set(signals).count == signals.count)
        #expect(!signals.contains(SIGINT) && !signals.contains(SIGTERM) && !signals.contains(SIGHUP), "stop requests are handled apart")
        #expect(!signals.contains(SIGCHLD) && !signals.contains(SIGWINCH), "these are ignored by default")
        #if os(Linux)
        #expect(signals.contains(SIGPWR) && signals.contains(SIGSTKFLT))
        #endif
    }
}
