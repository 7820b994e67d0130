@testable import IDReports
import Foundation
import IDScenario
import Testing

/// The page's markup type: what is interpolated is escaped by its type, so the escaping is not a
/// call to remember. Each expected text below is written out by hand.
@Suite("HTML builder")
struct HTMLBuilderTests {
    @Test("a String is text wherever it goes (content and quoted attributes), a number its digits, HTML as built")
    func interpolation() {
        let hostile = "<b onclick='x'>\"&\u{1B}"
        let cell: HTML = "<td title=\"\(hostile)\">\(hostile) \(42) \(UInt64.max)</td>"
        #expect(cell.markup == "<td title=\"&lt;b onclick=&#39;x&#39;&gt;&quot;&amp;^[\">&lt;b onclick=&#39;x&#39;&gt;&quot;&amp;^[ 42 18446744073709551615</td>")
        let row: HTML = "<tr>\(cell)</tr>"
        #expect(row.markup == "<tr>" + cell.markup + "</tr>", "built markup is kept, not escaped twice")
        let lines: HTML = "<p>\("a\nb", keepingNewlines: true)</p><p>\("a\nb")</p>"
        #expect(lines.markup == "<p>a\nb</p><p>a^Jb</p>")
        #expect((HTML() + "<br>").markup == "<br>")
        #expect(HTML.joined([HTML("<i>"), "\("<")", "</i>"]).markup == "<i>&lt;</i>")
    }

    @Test("a data block is a whole script element, inert, and its JSON reads back the same")
    func jsonScript() throws {
        let json = #"{"a":"</script><script>alert(1)</script>","b":["<!--",1]}"#
        let element = HTML.jsonScript(id: "data", json).markup
        let open = "<script type=\"application/json\" id=\"data\">"
        #expect(element.hasPrefix(open) && element.hasSuffix("</script>"))
        let data = String(element.dropFirst(open.count).dropLast("</script>".count))
        #expect(!data.contains("<"))
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
        let read = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? NSDictionary
        #expect(original != nil && read == original)
        #expect(HTML.jsonScript(id: "x", "{}").markup == "<script type=\"application/json\" id=\"x\">{}</script>")
    }

    @Test("a long (windowed) story with hostile names: one script element of ours, and its data block parses back to escaped text")
    func windowedHostile() throws {
        var text = """
            name: "</script><script>alert(1)</script>"
            devices: [{ name: "<b>phone</b>", os: "17.5" }]
            apps: [{ bundle: com.acme.x, team: ACME1234, strategy: keychain-idfv }]
            steps:

            """
        for _ in 0..<15 { text += "  - install: com.acme.x\n  - launch: com.acme.x\n    note: \"</section><!-- x\"\n  - uninstall: com.acme.x\n" }
        let page = try HTMLPage.document(ScenarioParser.parse(text, file: "hostile.yaml"), windowAbove: 10)
        #expect(page.components(separatedBy: "<script").count == 3, "the data block and the window's script, nothing else")
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"story-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let block = String(page[start.upperBound..<end.lowerBound])
        #expect(!block.contains("<"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        let strings = try #require(data["strings"] as? [String])
        #expect(strings.contains("&lt;/section&gt;&lt;!-- x"))
        #expect(strings.contains("&lt;b&gt;phone&lt;/b&gt;"))
        #expect(!strings.contains { $0.contains("<b>") || $0.contains("</section>") })
        #expect((data["count"] as? Int) == 45)
    }
}
