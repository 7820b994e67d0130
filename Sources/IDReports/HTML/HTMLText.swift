import IDScenario

/// Text from a scenario made inert in a page: control characters shown as a terminal would show
/// them (`^[`), then `& < > " '` as character references, so a name can close no tag and open no
/// attribute. Everything the page shows that it did not write itself goes through here.
enum HTMLText {
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        MarkupText.escaped(TerminalText.escaped(text, keepingNewlines: keepingNewlines))
    }

    /// A link's address: only https links to sources are made links; anything else is text.
    static func link(_ url: String) -> String? {
        guard url.hasPrefix("https://"), !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        return escaped(url)
    }
}
