import IDScenario

/// The five characters that mean something in HTML and XML text and attributes, as character
/// references: what the HTML page and the JUnit report both need of text they did not write.
enum MarkupText {
    /// - Parameter apostrophe: `&#39;` (HTML 4 has no `&apos;`) or `&apos;` (XML).
    static func escaped(_ text: String, apostrophe: String = "&#39;") -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
