import IDSim

/// Reads typed values out of YAML nodes, collecting located problems instead of stopping.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// What the file's "did you mean" suggestions may still cost (see `NameSuggester`).
    private var suggestionBudget = NameSuggester.fileBudget
    /// Names looked up among a recipe's stores: the tests check it grows with the recipe, no faster.
    var storeLookups = 0

    init(file: String) {
        self.file = file
    }

    /// What parses and runs but cannot do what it says: reported, never refused.
    private(set) var warnings: [Diagnostic] = []

    mutating func warn(_ message: String, at node: YAMLNode?) {
        let mark = node?.mark
        warnings.append(Diagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message, severity: .warning))
    }

    /// Warnings found in another file (a recipe file the scenario names).
    mutating func appendWarnings(_ more: [Diagnostic]) {
        warnings.append(contentsOf: more)
    }

    mutating func error(_ message: String, at node: YAMLNode?) {
        let mark = node?.mark
        diagnostics.append(Diagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    /// Problems found in another file (a recipe file the scenario names).
    mutating func append(_ more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// "; did you mean 'x'?" or "", within the file's suggestion budget.
    mutating func hint(for name: String, among candidates: [String]) -> String {
        NameSuggester.hint(for: name, among: candidates, budget: &suggestionBudget)
    }

    /// The name `name` is likely a misspelling of, from the same budget as the hints.
    mutating func nearest(to name: String, among candidates: [String]) -> String? {
        NameSuggester.nearest(to: name, among: candidates, budget: &suggestionBudget)
    }

    /// A plain `~`, `null` or empty scalar.
    static func isNull(_ node: YAMLNode) -> Bool {
        guard case .scalar(let s) = node else { return false }
        return s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    /// The pairs of a mapping with string keys, or nil (after recording why) if it is not one.
    mutating func mapping(_ node: YAMLNode, _ what: String) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let mapping) = node else {
            error("\(what) must be a mapping (key: value), not \(Self.kindName(node))", at: node)
            return nil
        }
        var pairs: [(String, YAMLNode, YAMLNode)] = []
        var seen: [String: YAMLNode] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error("keys in \(what) must be plain names", at: key)
                continue
            }
            // YAML keeps `on` and `"on"`, or `steps` and `!x steps`, apart; a scenario reads them
            // as one name, so the second would silently lose to the first.
            if let first = seen[scalar.string] {
                error("duplicate key '\(scalar.string)' in \(what) (first at line \(first.mark.line), column \(first.mark.column))", at: key)
                continue
            }
            seen[scalar.string] = key
            pairs.append((scalar.string, key, value))
        }
        return pairs
    }

    mutating func sequence(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        guard case .sequence(let sequence) = node else {
            error("\(what) must be a list, not \(Self.kindName(node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) || scalar.style != .plain else {
            error("\(what) must be a string, not \(Self.kindName(node))", at: node)
            return nil
        }
        return scalar.string
    }

    /// A boolean: true, false, on or off, quoted or not (JSON, as `POST /idscope/steps` sends it,
    /// has no bare `off`); plain yes and no too, as YAML 1.1 reads them.
    mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        if case .scalar(let scalar) = node {
            switch scalar.string.lowercased() {
            case "true", "on": return true
            case "false", "off": return false
            case "yes" where scalar.style == .plain: return true
            case "no" where scalar.style == .plain: return false
            default: break
            }
        }
        error("\(what) must be true or false, not \(Self.describe(node))", at: node)
        return nil
    }

    mutating func integer(_ node: YAMLNode, _ what: String, range: ClosedRange<Int>) -> Int? {
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

    /// A whole number from 0 to `UInt64.max` (seeds).
    mutating func unsigned(_ node: YAMLNode, _ what: String) -> UInt64? {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            if let value = UInt64(scalar.string) { return value }
            let digits = scalar.string.hasPrefix("-") ? scalar.string.dropFirst() : Substring(scalar.string)
            if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                error("\(what) must be between 0 and \(UInt64.max), not \(scalar.string)", at: node)
                return nil
            }
        }
        error("\(what) must be a whole number, not \(Self.describe(node))", at: node)
        return nil
    }

    /// A word from a fixed set, with the nearest valid word on a miss.
    mutating func choice(_ node: YAMLNode, _ what: String, _ allowed: [String]) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            error("\(what) must be one of \(allowed.joined(separator: ", ")), not \(Self.kindName(node))", at: node)
            return nil
        }
        guard allowed.contains(scalar.string) else {
            error("invalid \(what) '\(scalar.string)'; expected one of \(allowed.joined(separator: ", "))"
                  + hint(for: scalar.string, among: allowed), at: node)
            return nil
        }
        return scalar.string
    }

    /// A strategy option value as written: a bool, a number, a string, or a list of strings.
    mutating func optionValue(_ node: YAMLNode, _ what: String) -> OptionValue? {
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

    static func kindName(_ node: YAMLNode) -> String {
        switch node {
        case .scalar: isNull(node) ? "nothing" : "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    static func describe(_ node: YAMLNode) -> String {
        if case .scalar(let s) = node, !isNull(node) { return "'\(s.string)'" }
        return kindName(node)
    }

    /// Reports unknown keys (with the nearest known one) and returns the known ones.
    mutating func checkKeys(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], known: [String], in what: String) {
        for pair in pairs where !known.contains(pair.key) {
            error("unknown key '\(pair.key)' in \(what)" + hint(for: pair.key, among: known), at: pair.keyNode)
        }
    }
}
