import IDScenario

/// Text from a scenario made inert in a page: control characters shown as a terminal would show
/// them (`^[`), then `& < > " '` as character references, so a name can close no tag and open no
/// attribute. Everything the page shows that it did not write itself goes through here, by
/// being interpolated into an `HTML` literal.
enum HTMLText {
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        MarkupText.escaped(TerminalText.escaped(text, keepingNewlines: keepingNewlines))
    }

    /// Whether a source's address is made a link: only https links with nothing in them that
    /// could end the attribute; anything else is shown as text.
    static func isLinkable(_ url: String) -> Bool {
        url.hasPrefix("https://") && !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" })
    }
}
