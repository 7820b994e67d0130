import IDInspector
import IDSim
import Testing

/// Whole screens as text, at the sizes and in the modes users run.
@Suite("Inspector snapshots")
struct SnapshotTests {
    @Test("the tour at 120×36, mid-way")
    func wide() throws {
        var h = try Harness()
        h.type("20")
        h.press(.enter)
        try assertSnapshot(h.screen, named: "tour-step20-120x36")
    }

    @Test("the tour at 80×24 (the smallest supported size)")
    func narrow() throws {
        var h = try Harness(width: 80, height: 24)
        h.type("11")
        h.press(.enter)
        try assertSnapshot(h.screen, named: "tour-step11-80x24")
    }

    @Test("ASCII line drawing")
    func ascii() throws {
        var h = try Harness(width: 100, height: 30, ascii: true)
        h.press(.right)
        try assertSnapshot(h.screen, named: "tour-step1-ascii")
        #expect(!h.screen.unicodeScalars.contains { $0.value > 0x7F && $0 != "…" && !(0x4E00...0x9FFF).contains($0.value) },
                "only ASCII glyphs (app names may still be CJK)")
    }

    @Test("too small below 80×24")
    func tooSmall() throws {
        let h = try Harness(width: 40, height: 10)
        try assertSnapshot(h.screen, named: "too-small-40x10")
        #expect(h.screen.contains("Terminal too small: 40×10"))
    }

    @Test("help, picker and rule overlays")
    func overlays() throws {
        var h = try Harness()
        h.type("?")
        try assertSnapshot(h.screen, named: "help-overlay")
        h.press(.escape)
        h.press(.end)
        h.type("i")
        try assertSnapshot(h.screen, named: "install-picker")
    }

    @Test("CJK app names keep their columns")
    func cjk() throws {
        var h = try Harness()
        h.type("4")                            // com.acme.news is installed: its row reads "ACME 新闻  ATT ?"
        h.press(.enter)
        let line = try #require(h.canvas.lines.first { $0.contains("新闻") })
        #expect(DisplayWidth.of(line) == 120)
        #expect(line.hasSuffix("│"))
    }

    @Test("without colour, changes stay visible through marks and bold; with colour they are also green")
    func colourAndNoColour() throws {
        var plain = try Harness(colour: false)
        plain.press(.right)
        let cells = plain.canvas.cells
        #expect(!cells.contains { $0.style.foreground != nil || $0.style.background != nil })
        #expect(plain.screen.contains("▲ new"))
        #expect(cells.contains { $0.character == "▲" && $0.style.bold })
        var colour = try Harness(colour: true)
        colour.press(.right)
        #expect(colour.canvas.cells.contains { $0.character == "▲" && $0.style.foreground == .green })
    }
}
