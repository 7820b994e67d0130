/// Shortens long identifiers for people: `3F2A…91C0`.
package enum ShortID {
    package static func shorten(_ value: String) -> String {
        let chars = Array(value)
        guard chars.count > 12 else { return value }
        return String(chars[0..<4]) + "…" + String(chars[(chars.count - 4)...])
    }
}
