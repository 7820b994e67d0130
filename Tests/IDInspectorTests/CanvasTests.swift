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

    @Test("boxes draw with Unicode or ASCII; a title is cut to fit")
    func boxes() {
        var unicode = Canvas(width: 10, height: 3)
        unicode.box(Rect(x: 0, y: 0, width: 10, height: 3), title: "World pane", glyphs: .unicode)
        #expect(unicode.lines == ["┌ World… ┐", "│        │", "└────────┘"])
        var ascii = Canvas(width: 10, height: 3)
        ascii.box(Rect(x: 0, y: 0, width: 10, height: 3), title: "Keys", glyphs: .ascii)
        #expect(ascii.lines == ["+ Keys --+", "|        |", "+--------+"])
    }

    @Test("writes are clipped to the limit and the canvas")
    func clipping() {
        var canvas = Canvas(width: 8, height: 1)
        #expect(canvas.write("abcdefghij", x: 2, y: 0, limit: 3) == 3)
        canvas.write("zz", x: 7, y: 0)
        canvas.write("out", x: 0, y: 5)
        #expect(canvas.lines == ["  abc  z"])
        canvas.restyle(Rect(x: 2, y: 0, width: 2, height: 1)) { $0.reverse = true }
        #expect(canvas[2, 0].style.reverse && !canvas[4, 0].style.reverse)
    }
}
