import IDInspector
import Testing

@Suite("Canvas and display width")
struct CanvasTests {
    @Test("CJK characters take two cells and keep the columns after them")
    func wideCharacters() {
        #expect(DisplayWidth.of("钥匙串") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("ｱ") == 1)
        #expect(DisplayWidth.truncate("钥匙串", to: 5) == "钥匙")
        #expect(DisplayWidth.fit("com.acme.news ACME 新闻", to: 18) == "com.acme.news ACM…")
        var canvas = Canvas(width: 12, height: 2)
        canvas.write("新闻|x", x: 0, y: 0)
        canvas.write("ab新", x: 9, y: 1)      // the wide character would straddle the edge: a space instead
        #expect(canvas.lines == ["新闻|x      ", "         ab "])
        #expect(canvas[4, 0].character == "|")
        #expect(canvas[1, 0].isContinuation)
    }

    @Test("control characters are drawn in caret form and take the cells they are drawn in: CR, LF, tab, ESC, DEL, C1")
    func controlCharacters() {
        #expect(DisplayWidth.of("a\rb") == 4 && DisplayWidth.of("\r\n") == 4 && DisplayWidth.of("\u{9B}") == 8)
        var canvas = Canvas(width: 24, height: 1)
        #expect(canvas.write("a\rb\u{1B}[2J\t\u{7F}\u{9B}|", x: 0, y: 0) == 22)
        #expect(canvas.lines == ["a^Mb^[[2J^I^?<U+009B>|  "])
        #expect(canvas.cells.allSatisfy { !$0.character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }

    @Test("a CR in a note or a device name draws as ^M, not over the status line or a border")
    func carriageReturnInAScenario() throws {
        let h = try Harness(scenarioText: """
            name: hostile
            devices: [{ name: "phone\\rXX", os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]
            steps:
              - note: "harmless\\r ✔ all 99 expectations held"
            """)
        #expect(h.screen.contains("phone^MXX"), "\(h.screen)")
        #expect(!h.canvas.cells.contains { $0.character.unicodeScalars.contains { $0.value == 13 } })
        // Every row of the World box still ends in its border.
        let rows = h.canvas.lines.dropFirst(2).prefix(10)
        #expect(rows.allSatisfy { $0.hasPrefix("│") }, "\(rows)")
    }

    @Test("boxes draw with Unicode or ASCII; a title is cut to fit")
    func boxes() {
        var unicode = Canvas(width: 10, height: 3)
        unicode.box(CanvasRect(x: 0, y: 0, width: 10, height: 3), title: "World pane", glyphs: .unicode)
        #expect(unicode.lines == ["┌ World… ┐", "│        │", "└────────┘"])
        var ascii = Canvas(width: 10, height: 3)
        ascii.box(CanvasRect(x: 0, y: 0, width: 10, height: 3), title: "Keys", glyphs: .ascii)
        #expect(ascii.lines == ["+ Keys --+", "|        |", "+--------+"])
    }

    @Test("writes are clipped to the limit and the canvas")
    func clipping() {
        var canvas = Canvas(width: 8, height: 1)
        #expect(canvas.write("abcdefghij", x: 2, y: 0, limit: 3) == 3)
        canvas.write("zz", x: 7, y: 0)
        canvas.write("out", x: 0, y: 5)
        #expect(canvas.lines == ["  abc  z"])
        canvas.restyle(CanvasRect(x: 2, y: 0, width: 2, height: 1)) { $0.reverse = true }
        #expect(canvas[2, 0].style.reverse && !canvas[4, 0].style.reverse)
    }
}
