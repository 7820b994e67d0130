import IDSim

/// Hand-made JSON with keys in a fixed order, so runs are byte-identical.
package enum JSONText {
    package static func string(_ text: String) -> String {
        // Most strings (bundle IDs, UUIDs, names) need no escape: one scan of their bytes.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Self.needsUnicodeEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Characters written as `\\uXXXX`: controls (C0, DEL, C1), which terminals obey and YAML
    /// refuses raw; U+2028 and U+2029, which YAML reads as line breaks; the byte-order mark; and
    /// U+FFFE and U+FFFF, which YAML refuses. Both JSON and YAML's double quotes read them back.
    static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    package static func optional(_ text: String?) -> String {
        text.map(string) ?? "null"
    }

    /// `{"a": 1, "b": 2}` from ordered pairs of already-encoded values.
    /// Built in one string, without the intermediate array of members a map and join would make
    /// (`run --format jsonl` and the server's log call it for every line).
    package static func object(_ members: [(String, String)]) -> String {
        var out = "{"
        out.reserveCapacity(members.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 6 })
        for (n, member) in members.enumerated() {
            if n > 0 { out += ", " }
            out += string(member.0)
            out += ": "
            out += member.1
        }
        out += "}"
        return out
    }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    package static func encode(_ value: StructuredValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .string(let s): string(s)
        case .array(let items): array(items.map(encode))
        case .object(let members): object(members.map { ($0.key, encode($0.value)) })
        }
    }
}
