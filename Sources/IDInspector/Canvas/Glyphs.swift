/// The characters boxes and marks are drawn with: Unicode, or plain ASCII (`--ascii`).
package struct Glyphs: Sendable, Equatable {
    package var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    package var new, gone, kept, cursor, expanded, collapsed, installed, offloaded, absent, arrow, ellipsis: String
    package var back, forward, passed, failed, duplicate, note, marked: String
    /// "More below": presenter mode's footer.
    package var below: String

    package static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        new: "▲", gone: "▼", kept: "=", cursor: "▶", expanded: "▾", collapsed: "▸", installed: "●", offloaded: "◐",
        absent: "○", arrow: "→", ellipsis: "…", back: "◀", forward: "▶", passed: "✔", failed: "✘", duplicate: "⚠", note: "»", marked: "◆",
        below: "↓")

    package static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        new: "^", gone: "v", kept: "=", cursor: ">", expanded: "v", collapsed: ">", installed: "*", offloaded: "~",
        absent: "o", arrow: "->", ellipsis: "...", back: "<", forward: ">", passed: "ok", failed: "X", duplicate: "!!", note: ">>", marked: "*",
        below: "v")
}

/// Colours and glyphs for one run: with or without colour, Unicode or ASCII.
package struct Theme: Sendable, Equatable {
    package var colour: Bool
    package var glyphs: Glyphs

    package init(colour: Bool, ascii: Bool) {
        self.colour = colour
        self.glyphs = ascii ? .ascii : .unicode
    }

    func tint(_ color: Color, bold: Bool = false) -> CellStyle {
        CellStyle(foreground: colour ? color : nil, bold: bold || !colour && color != .white)
    }

    package var title: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    package var border: CellStyle { CellStyle(foreground: colour ? .blue : nil) }
    package var focusedBorder: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    package var new: CellStyle { tint(.green, bold: true) }
    package var gone: CellStyle { tint(.red, bold: true) }
    package var kept: CellStyle { CellStyle(dim: true) }
    package var rule: CellStyle { CellStyle(foreground: colour ? .yellow : nil, underline: !colour) }
    package var selection: CellStyle { CellStyle(reverse: true) }
    package var dim: CellStyle { CellStyle(dim: true) }
    package var warning: CellStyle { tint(.red, bold: true) }
    package var hint: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    package var header: CellStyle { CellStyle(bold: true, reverse: true) }
}
