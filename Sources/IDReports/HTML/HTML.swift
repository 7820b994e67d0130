import IDScenario

/// Markup for the page, built so that a value cannot reach it unescaped by forgetting to escape
/// it: the page's own tags come only from string literals (`StaticString`: a literal cannot hold a
/// scenario's text), and whatever is interpolated into one is escaped by its type. A `String` is
/// text from the scenario (`HTMLText.escaped`, in element content and quoted attributes alike); a
/// number is its digits; an `HTML` is markup already built this way. Nothing else can be
/// interpolated, so there is no raw escape hatch to reach for:
///
///     let row: HTML = "<tr><td>\(device.name)</td><td class=\"count\">\(count)</td></tr>\n"
///
/// The styles and scripts (`HTMLAssets`) are literals too, and the windowed page's data block is
/// made whole by `jsonScript`, which makes JSON inert inside its script element.
struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The markup: read by the writers, made only here.
    private(set) var markup: String

    init() { markup = "" }

    init(stringLiteral literal: StaticString) {
        markup = literal.description
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// The interpolations a literal may hold, each escaped for what it is.
    struct Interpolation: StringInterpolationProtocol {
        typealias StringLiteralType = StaticString
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) { markup += literal.description }

        /// Text from anywhere: escaped (`HTMLText.escaped`), newlines kept where asked.
        mutating func appendInterpolation(_ text: String, keepingNewlines: Bool = false) {
            markup += HTMLText.escaped(text, keepingNewlines: keepingNewlines)
        }

        mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        mutating func appendInterpolation(_ number: UInt64) { markup += String(number) }

        mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        mutating func appendInterpolation(_ html: HTML?) { markup += html?.markup ?? "" }
    }

    static func + (lhs: HTML, rhs: HTML) -> HTML {
        var out = lhs
        out += rhs
        return out
    }

    static func += (lhs: inout HTML, rhs: HTML) { lhs.markup += rhs.markup }

    /// Each part in order.
    static func joined(_ parts: some Sequence<HTML>) -> HTML {
        var out = HTML()
        for part in parts { out += part }
        return out
    }

    mutating func reserveCapacity(_ bytes: Int) { markup.reserveCapacity(bytes) }

    var isEmpty: Bool { markup.isEmpty }

    /// A `<script type="application/json">` element holding a JSON document, every `<` in it
    /// written as `\u003c` (JSON reads it back the same, inside a string, the only place JSON
    /// text holds one), so nothing in it can end the element or open a comment. The whole
    /// element, so the document cannot be put where `<` is not the only danger (an attribute).
    static func jsonScript(id: StaticString, _ json: String) -> HTML {
        var out: HTML = "<script type=\"application/json\" id=\"\(id.description)\">"
        out.markup.reserveCapacity(out.markup.utf8.count + json.utf8.count + 256)
        var rest = Substring(json)
        while let at = rest.firstIndex(of: "<") {
            out.markup += rest[..<at]
            out.markup += "\\u003c"
            rest = rest[rest.index(after: at)...]
        }
        out.markup += rest
        out.markup += "</script>"
        return out
    }
}
