import Foundation
import IDReports
import Testing

/// The asciicast v2 format, read back by Foundation's JSON parser rather than by our writer.
@Suite("asciicast writer")
struct CastWriterTests {
    @Test("a header line, then output and markers as [seconds, code, text], every line JSON")
    func format() throws {
        var cast = CastWriter(width: 80, height: 24, title: "tour \u{1B}[2J")
        cast.output("\u{1B}[2Jhello", at: 0)
        cast.marker("step 1: \u{7}install", at: 3)
        cast.output("bye", at: 1234.5678)
        let lines = cast.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.last == "")
        let objects = try lines.dropLast().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let header = try #require(objects[0] as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        // The title reaches a viewer's window title: no escape sequence survives.
        #expect(header["title"] as? String == "tour ^[[2J")
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        let events = try objects.dropFirst().map { try #require($0 as? [Any]) }
        #expect(events.map { $0[1] as? String } == ["o", "m", "o"])
        #expect(events.map { ($0[0] as? Double) ?? -1 } == [0, 3, 1234.568])
        // A frame is what the terminal prints, escapes and all; a marker comes from the scenario.
        #expect(events[0][2] as? String == "\u{1B}[2Jhello")
        #expect(events[1][2] as? String == "step 1: ^Ginstall")
        #expect(lines[1].hasPrefix("[0.000, \"o\", "))
        #expect(lines[3].hasPrefix("[1234.568, \"o\", "))
    }
}
