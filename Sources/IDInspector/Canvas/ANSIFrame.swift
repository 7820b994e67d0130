/// A canvas as the bytes a terminal draws it from: each row addressed, styles as SGR sequences
/// that change only where the style does. What a recording (asciicast) holds for one frame.
/// Control characters never reach it raw: the canvas stores them in caret form.
package enum ANSIFrame {
    package static func text(_ canvas: Canvas) -> String {
        var out = "\u{1B}[0m\u{1B}[H"
        for y in 0..<canvas.height {
            out += "\u{1B}[\(y + 1);1H"
            var current = CellStyle.plain
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                if cell.style != current {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out.append(cell.character)
            }
            if current != .plain { out += "\u{1B}[0m" }
        }
        return out
    }

    /// The SGR sequence that sets a style from nothing (it starts with a reset).
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let foreground = style.foreground { codes.append(String(30 + Int(foreground.rawValue))) }
        if let background = style.background { codes.append(String(40 + Int(background.rawValue))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
