import Foundation

/// A part of a document printed by the code (the events table, the README's keys): the text
/// between a marker line and an end marker must be what the code prints now.
package enum GeneratedSection {
    /// The repository's root folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The document as it is, and as it should be with `content` between the markers;
    /// IDSCOPE_RECORD_DOCS=1 writes the latter.
    /// - Parameters:
    ///   - begin: the end of the line that opens the section (it ends with a newline).
    ///   - end: the text that closes it.
    ///   - after: where a document with several sections of one `begin` has this one: the text
    ///     that opens its marker line.
    package static func compare(_ path: String, begin: String, end: String, content: String, after: String? = nil) throws
        -> (actual: String, expected: String)? {
        let url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        var start = text.startIndex
        if let after {
            // A marker that is not there is no section: never the first one of its kind instead.
            guard let found = text.range(of: after) else { return nil }
            start = found.upperBound
        }
        guard let opening = text.range(of: begin, range: start..<text.endIndex),
              let closing = text.range(of: end, range: opening.upperBound..<text.endIndex) else { return nil }
        let expected = String(text[..<opening.upperBound] + content + text[closing.lowerBound...])
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_DOCS"] != nil {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        return (text, expected)
    }
}
