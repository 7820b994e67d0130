import Foundation

/// A fresh folder under the system's temporary directory, for tests that write files.
public enum TemporaryDirectory {
    public static func make() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("idscope-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
