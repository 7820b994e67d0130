import IDSim
import Yams

/// Reads typed values out of YAML nodes, collecting located problems instead of stopping.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func error(_ message: String, at node: Node?) {
        let mark = node?.mark
        diagnostics.append(Diagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    /// A plain `~`, `null` or empty scalar.
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let s) = node else { return false }
        return s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    /// The pairs of a mapping with string keys, or nil (after recording why) if it is not one.
    mutating func mapping(_ node: Node, _ what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            error("\(what) must be a mapping (key: value), not \(Self.kindName(node))", at: node)
            return nil
        }
        var pairs: [(String, Node, Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error("keys in \(what) must be plain names", at: key)
                continue
            }
            pairs.append((scalar.string, key, value))
        }
        return pairs
    }

    mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            error("\(what) must be a list, not \(Self.kindName(node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    mutating func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) || scalar.style != .plain else {
            error("\(what) must be a string, not \(Self.kindName(node))", at: node)
            return nil
        }
        return scalar.string
    }

    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        error("\(what) must be true or false, not \(Self.describe(node))", at: node)
        return nil
    }

    mutating func integer(_ node: Node, _ what: String, range: ClosedRange<Int>) -> Int? {
        if case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) {
            guard range.contains(value) else {
                error("\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)", at: node)
                return nil
            }
            return value
        }
        error("\(what) must be a whole number, not \(Self.describe(node))", at: node)
        return nil
    }

    /// A word from a fixed set, with the nearest valid word on a miss.
    mutating func choice(_ node: Node, _ what: String, _ allowed: [String]) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            error("\(what) must be one of \(allowed.joined(separator: ", ")), not \(Self.kindName(node))", at: node)
            return nil
        }
        guard allowed.contains(scalar.string) else {
            error("invalid \(what) '\(scalar.string)'; expected one of \(allowed.joined(separator: ", "))"
                  + NameSuggester.hint(for: scalar.string, among: allowed), at: node)
            return nil
        }
        return scalar.string
    }

    /// A strategy option value as written: a bool, a number, a string, or a list of strings.
    mutating func optionValue(_ node: Node, _ what: String) -> OptionValue? {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let b = ["true": true, "false": false][scalar.string] { return .bool(b) }
                if let i = Int(scalar.string) { return .int(i) }
            }
            return .string(scalar.string)
        case .sequence(let items):
            var words: [String] = []
            for item in items {
                guard case .scalar(let s) = item else {
                    error("items of \(what) must be strings", at: item)
                    return nil
                }
                words.append(s.string)
            }
            return .list(words)
        default:
            error("\(what) must be a value or a list, not a mapping", at: node)
            return nil
        }
    }

    static func kindName(_ node: Node) -> String {
        switch node {
        case .scalar: isNull(node) ? "nothing" : "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        default: "an alias"
        }
    }

    static func describe(_ node: Node) -> String {
        if case .scalar(let s) = node, !isNull(node) { return "'\(s.string)'" }
        return kindName(node)
    }

    /// Reports unknown keys (with the nearest known one) and returns the known ones.
    mutating func checkKeys(_ pairs: [(key: String, keyNode: Node, value: Node)], known: [String], in what: String) {
        for pair in pairs where !known.contains(pair.key) {
            error("unknown key '\(pair.key)' in \(what)" + NameSuggester.hint(for: pair.key, among: known), at: pair.keyNode)
        }
    }
}
