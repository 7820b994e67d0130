import Foundation

/// Text compared with a file kept in the repository; `IDSCOPE_RECORD_SNAPSHOTS=1` records it
/// instead. A missing file is a difference: a golden file nobody committed must not pass.
package enum Golden {
    /// Where the text first differs from the file at `path` (relative to the repository's root),
    /// line by line, or nil when they are equal.
    package static func difference(_ actual: String, file path: String) throws -> String? {
        let url = GeneratedSection.root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return "\(path) is missing (IDSCOPE_RECORD_SNAPSHOTS=1 records it; then commit it)"
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        let got = line < a.count ? String(a[line]) : "(the end)", wanted = line < e.count ? String(e[line]) : "(the end)"
        return "\(path) differs at line \(line + 1):\n  expected: \(wanted)\n  actual:   \(got)\n(IDSCOPE_RECORD_SNAPSHOTS=1 records the new text after an intended change)"
    }
}
