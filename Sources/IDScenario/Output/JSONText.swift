import IDSim

/// The one JSON writer: `StructuredValue` (IDSim's ordered JSON value) as one line (`encode`) or
/// indented (`pretty`, the schemas), and, where a line is written per step or per request, the
/// same escape and layout from already-encoded parts (`object`, `array`). Keys keep their order,
/// so runs are byte-identical.
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

    /// `{"a": 1, "b": ` from ordered pairs and the last member's key, for an object whose last
    /// value is streamed after it (jsonl's devices and apps): the caller writes the value and `}`.
    package static func objectOpening(_ members: [(String, String)], last key: String) -> String {
        let head = object(members)
        return String(head.dropLast()) + (members.isEmpty ? "" : ", ") + string(key) + ": "
    }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    /// One line: `{"a": 1, "b": [true, null]}`.
    package static func encode(_ value: StructuredValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .unsigned(let n): String(n)
        case .string(let s): string(s)
        case .array(let items): array(items.map(encode))
        case .object(let members): object(members.map { ($0.key, encode($0.value)) })
        }
    }

    /// Two-space indents, a member or an item a line; a short list of words or flags stays on one
    /// line (an enum reads better that way).
    package static func pretty(_ value: StructuredValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + string($0.key) + ": " + pretty($0.value, indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy({ if case .string = $0 { true } else if case .bool = $0 { true } else { false } }) {
                let line = "[" + items.map { encode($0) }.joined(separator: ", ") + "]"
                if line.count <= 100 { return line }
            }
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .null, .bool, .int, .unsigned, .string:
            return encode(value)
        }
    }
}
