/// Text from a scenario made safe to put in Markdown (a ticket, a table cell), as it reads.
///
/// A scenario's words are the user's (or whoever wrote the file): put raw into a ticket, an
/// `<img src=…>` in a device name is a tracking pixel, `<!--` in a note hides the rest of the
/// report (its failed expectation), `**Failed:** none` in a description forges the verdict, and a
/// backquote breaks the code span around it. So: control characters in caret form (as on a
/// terminal), `<`, `>` and `&` as entities (no raw HTML at all), Markdown's own characters
/// backslash-escaped, and code spans fenced by more backquotes than the text holds.
package enum MarkdownText {
    /// The characters that start Markdown's inline constructs (emphasis, code, links, tables,
    /// strike-through, escapes), escaped wherever they are.
    static let inline: Set<Character> = ["\\", "`", "*", "_", "[", "]", "|", "~"]

    /// Text for a line or a table cell: no HTML, no Markdown but what it says.
    package static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for character in TerminalText.escaped(text) {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default:
                if inline.contains(character) { out.append("\\") }
                out.append(character)
            }
        }
        return out
    }

    /// Prose of several lines (a description): `text` for each, and a line that would start a
    /// heading, a list, a quote or a rule has its first character escaped.
    package static func prose(_ prose: String) -> String {
        TerminalText.escaped(prose, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = text(String(line))
            let body = escaped.drop { $0 == " " }
            let indent = escaped.prefix(escaped.count - body.count)
            guard let first = body.first else { return escaped }
            let startsBlock = "#-+=".contains(first) || (first.isNumber && body.drop { $0.isNumber }.first.map { ".)".contains($0) } ?? false)
            return startsBlock ? indent + "\\" + body : escaped
        }.joined(separator: "\n")
    }

    /// A code span holding `code` whole: fenced by one more backquote than its longest run, with a
    /// space inside when it starts or ends with one (CommonMark 6.1). Control characters are in
    /// caret form; nothing else is escaped, as nothing inside a span is read as Markdown.
    package static func code(_ code: String) -> String {
        let inner = TerminalText.escaped(code)
        let fence = String(repeating: "`", count: longestRun(of: "`", in: inner) + 1)
        let pad = inner.hasPrefix("`") || inner.hasSuffix("`") || inner.isEmpty ? " " : ""
        return fence + pad + inner + pad + fence
    }

    /// A fenced block of `body` lines (`language` after the opening fence): the fence is longer
    /// than any run of backquotes in the body, so no line of it can close the block.
    package static func block(_ body: String, language: String = "") -> String {
        let inner = TerminalText.escaped(body, keepingNewlines: true)
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: inner) + 1))
        return fence + language + "\n" + inner + (inner.hasSuffix("\n") ? "" : "\n") + fence
    }

    static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, run = 0
        for c in text {
            run = c == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
