import IDSim

/// Hand-made JSON with keys in a fixed order, so runs are byte-identical.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func optional(_ text: String?) -> String {
        text.map(string) ?? "null"
    }

    /// `{"a": 1, "b": 2}` from ordered pairs of already-encoded values.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    static func encode(_ value: StructuredValue) -> String {
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
