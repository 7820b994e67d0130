import IDScenario

/// How many terminal cells text takes: 2 for East Asian wide and fullwidth characters, 0 for
/// combining marks, a control character's caret form (`^M`, `<U+009B>`, as the canvas draws it),
/// 1 otherwise.
///
/// Computed here rather than with the C library's `wcwidth`, so that the inspector lays out the
/// same in tests (no locale, no terminal) as on screen. Emoji sequences are not attempted: the
/// inspector does not draw them.
package enum DisplayWidth {
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if TerminalText.needsEscape(scalar) { return TerminalText.escapedWidth(scalar) }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// The width of a grapheme: its first scalar's, combining marks adding nothing; one with a
    /// control character (CR LF is one grapheme) is drawn escaped, scalar by scalar.
    package static func of(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: TerminalText.needsEscape) {
            return character.unicodeScalars.reduce(0) { $0 + (TerminalText.needsEscape($1) ? TerminalText.escapedWidth($1) : of($1)) }
        }
        return character.unicodeScalars.first.map { of($0) } ?? 0
    }

    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix that fits in `width` cells; never splits a wide character.
    package static func truncate(_ text: String, to width: Int) -> String {
        var used = 0
        var out = ""
        for c in text {
            let w = of(c)
            if used + w > width { break }
            used += w
            out.append(c)
        }
        return out
    }

    /// Cuts text to `width` cells, ending in "…" when it had to cut.
    package static func fit(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return truncate(text, to: width - 1) + "…"
    }
}
