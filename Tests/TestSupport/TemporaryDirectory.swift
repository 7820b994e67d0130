import Foundation

/// Fresh folders for tests that write files, all inside one folder per test process, which is
/// removed when the process exits.
///
/// Tests make a folder where they need one (about fifty places) and leave it: removing each at
/// the end of its test would mean a `defer` in every one and a scoped body around async code.
/// Gathering them under one root that goes at exit keeps the system's temporary directory clean
/// (a full run used to leave some sixty folders behind, every run). Set
/// `IDSCOPE_KEEP_TEST_FILES` (to any value) to keep them for a look after a failing run: they are in
/// `idscope-test-PID-…` under the temporary directory.
package enum TemporaryDirectory {
    package static func make() -> URL {
        let url = root.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This process's folder, made (and its removal at exit arranged) on first use.
    package static var root: URL { Root.url }

    private enum Root {
        // A static stored property is initialized once, thread-safely, on first access.
        static let url: URL = {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("idscope-test-\(getpid())-\(UUID().uuidString.prefix(8))")
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            if ProcessInfo.processInfo.environment["IDSCOPE_KEEP_TEST_FILES"] == nil {
                atexit { try? FileManager.default.removeItem(at: Root.url) }
            }
            return url
        }()
    }
}
