import Foundation
import IDInspector
import IDSim
import Testing
import TestSupport

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

    @Test("the tour at 200×60, on the restore onto the new phone")
    func large() throws {
        var h = try Harness(width: 200, height: 60)
        h.type("29")
        h.press(.enter)
        try assertSnapshot(h.screen, named: "tour-step29-200x60")
    }

    @Test("presenter mode at 80×24 and at 120×36")
    func presenter() throws {
        var h = try Harness(width: 80, height: 24)
        h.press(.right)
        h.type("P")
        try assertSnapshot(h.screen, named: "presenter-step1-80x24")
        var wide = try Harness()
        wide.type("29")
        wide.press(.enter)
        wide.type("P")
        try assertSnapshot(wide.screen, named: "presenter-step29-120x36")
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

/// The README's key table, printed from the key table the inspector runs on.
@Suite("Docs from the key table")
struct KeyDocsTests {
    @Test("README.md's keys are KeyTable.markdown()")
    func keyTableIsCurrent() throws {
        let section = try #require(try GeneratedSection.compare("README.md", begin: "swift test --filter keyTableIsCurrent -->\n",
                                                                end: "<!-- end of keys -->", content: KeyTable.markdown()))
        #expect(section.actual == section.expected,
                "README's keys are out of date: IDSCOPE_RECORD_DOCS=1 swift test --filter keyTableIsCurrent")
    }

    @Test("every key of the table reaches its intent, and no key means two things in one scope")
    func tableDrivesTheKeys() {
        for scope in KeyScope.allCases {
            var seen: [Key: Intent] = [:]
            for binding in KeyTable.bindings where binding.scope == scope {
                for key in binding.keys {
                    if let intent = binding.intent {
                        #expect(seen[key] == nil, "\(key) is bound twice in \(scope.rawValue)")
                        seen[key] = intent
                        #expect(KeyTable.intent(for: key, in: scope) == intent, "\(key) in \(scope.rawValue)")
                    }
                }
            }
        }
    }
}
