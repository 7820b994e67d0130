/// Text from a scenario made safe to print on a terminal.
///
/// Scenario strings are the user's (or an attacker's): printed raw, an ESC or BEL in a device
/// name could set the window title, write the clipboard (OSC 52) or clear the screen, and a CR
/// or LF would split a one-line error in two. Control characters are shown in caret notation as
/// a terminal itself would (`^[` for ESC, `^?` for DEL), C1 controls as `<U+009B>`. Applied
/// always, terminal or not, so the same input gives the same bytes everywhere.
package enum TerminalText {
    /// - Parameters:
    ///   - keepingNewlines: leave line feeds as they are (multi-line prose); a CR is escaped either
    ///     way, as it would overwrite the line it ends.
    ///   - keepingTabs: leave tabs as they are (an indented document: a property list).
    package static func escaped(_ text: String, keepingNewlines: Bool = false, keepingTabs: Bool = false) -> String {
        func escape(_ scalar: Unicode.Scalar) -> Bool {
            needsEscape(scalar) && !(keepingNewlines && scalar == "\n") && !(keepingTabs && scalar == "\t")
        }
        guard text.unicodeScalars.contains(where: escape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard escape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x7F: out += "^?"
            case 0..<0x20: out += "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            default: out += "<U+" + hex4(scalar.value) + ">"
            }
        }
        return out
    }

    /// C0 controls, DEL and C1 controls (U+0080–U+009F, which some terminals obey as 8-bit
    /// escape sequences: U+009B is CSI).
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A Markdown table cell's text: control characters visible, `|` escaped.
    package static func markdownCell(_ text: String) -> String {
        MarkdownText.text(text)
    }

    /// The cells a scalar's escaped form takes: `^M` 2, `<U+009B>` 8.
    package static func escapedWidth(_ scalar: Unicode.Scalar) -> Int {
        scalar.value < 0x20 || scalar.value == 0x7F ? 2 : 8
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
