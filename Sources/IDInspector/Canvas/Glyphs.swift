/// The characters boxes and marks are drawn with: Unicode, or plain ASCII (`--ascii`).
public struct Glyphs: Sendable, Equatable {
    public var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    public var new, gone, kept, cursor, expanded, collapsed, installed, offloaded, absent, arrow, ellipsis: String
    public var back, forward, passed, failed, duplicate, note, marked: String
    /// "More below": presenter mode's footer.
    public var below: String

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        new: "▲", gone: "▼", kept: "=", cursor: "▶", expanded: "▾", collapsed: "▸", installed: "●", offloaded: "◐",
        absent: "○", arrow: "→", ellipsis: "…", back: "◀", forward: "▶", passed: "✔", failed: "✘", duplicate: "⚠", note: "»", marked: "◆",
        below: "↓")

    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        new: "^", gone: "v", kept: "=", cursor: ">", expanded: "v", collapsed: ">", installed: "*", offloaded: "~",
        absent: "o", arrow: "->", ellipsis: "...", back: "<", forward: ">", passed: "ok", failed: "X", duplicate: "!!", note: ">>", marked: "*",
        below: "v")
}

/// Colours and glyphs for one run: with or without colour, Unicode or ASCII.
public struct Theme: Sendable, Equatable {
    public var colour: Bool
    public var glyphs: Glyphs

    public init(colour: Bool, ascii: Bool) {
        self.colour = colour
        self.glyphs = ascii ? .ascii : .unicode
    }

    func tint(_ color: Color, bold: Bool = false) -> CellStyle {
        CellStyle(foreground: colour ? color : nil, bold: bold || !colour && color != .white)
    }

    public var title: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    public var border: CellStyle { CellStyle(foreground: colour ? .blue : nil) }
    public var focusedBorder: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    public var new: CellStyle { tint(.green, bold: true) }
    public var gone: CellStyle { tint(.red, bold: true) }
    public var kept: CellStyle { CellStyle(dim: true) }
    public var rule: CellStyle { CellStyle(foreground: colour ? .yellow : nil, underline: !colour) }
    public var selection: CellStyle { CellStyle(reverse: true) }
    public var dim: CellStyle { CellStyle(dim: true) }
    public var warning: CellStyle { tint(.red, bold: true) }
    public var hint: CellStyle { CellStyle(foreground: colour ? .cyan : nil, bold: true) }
    public var header: CellStyle { CellStyle(bold: true, reverse: true) }
}
