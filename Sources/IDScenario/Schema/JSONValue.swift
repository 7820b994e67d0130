/// A JSON document built in code and printed with two-space indents and keys in the order they
/// were given, so the schemas print the same bytes every time.
indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Int)
    /// A number past Int's range, written as its digits (a seed's maximum, UInt64's).
    case unsigned(UInt64)
    case bool(Bool)
    case null

    static func == (a: JSONValue, b: JSONValue) -> Bool { a.text() == b.text() }

    func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + JSONText.string($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            // Short lists of words stay on one line: enums read better that way.
            if items.allSatisfy({ if case .string = $0 { true } else if case .bool = $0 { true } else { false } }) {
                let line = "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
                if line.count <= 100 { return line }
            }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .string(let s): return JSONText.string(s)
        case .number(let n): return String(n)
        case .unsigned(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    // Shorthands for schema writing.
    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/" + name))]) }
    static func strings(_ words: [String]) -> JSONValue { .array(words.map(JSONValue.string)) }
}
