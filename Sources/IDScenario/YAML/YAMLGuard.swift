import Yams

/// Parses YAML text into a node tree with positions, refusing input that would exhaust memory.
///
/// Limits: the file size; the number of nodes the tree holds once aliases are expanded (the
/// "billion laughs" bomb composes in milliseconds but expands to billions of nodes, so the tree
/// is walked with a budget before anything else reads it); and, because Yams 6 hashes mapping
/// keys while composing, any alias that could be used as a key is refused before composing.
enum YAMLGuard {
    static let maxBytes = 1 << 20
    static let maxNodes = 2_000_000
    static let maxDepth = 64

    static func compose(_ rawText: String, file: String) throws(ScenarioError) -> Node {
        let text = rawText.hasPrefix("\u{FEFF}") ? String(rawText.dropFirst()) : rawText   // a BOM would shift columns
        let bytes = text.utf8.count
        guard bytes <= maxBytes else {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1,
                                            message: "file is \(bytes) bytes; scenarios are limited to \(maxBytes) bytes (1 MiB)")])
        }
        if let (line, column) = aliasUsedAsKey(text) {
            throw ScenarioError([Diagnostic(file: file, line: line, column: column,
                                            message: "an alias cannot be used as a mapping key in a scenario")])
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ScenarioError([diagnostic(error, text: text, file: file)])
        } catch {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1, message: "\(error)")])
        }
        guard let root else {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1, message: "the file is empty; a scenario needs name, devices, apps and steps")])
        }
        var visited = 0
        if let problem = walk(root, depth: 0, visited: &visited) {
            let mark = root.mark
            throw ScenarioError([Diagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: problem)])
        }
        return root
    }

    /// Counts nodes as if aliases were expanded, stopping at the budget.
    private static func walk(_ node: Node, depth: Int, visited: inout Int) -> String? {
        visited += 1
        if visited > maxNodes { return "the document expands to more than \(maxNodes) nodes (aliases expanding without bound?)" }
        if depth > maxDepth { return "the document nests deeper than \(maxDepth) levels" }
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                if let problem = walk(key, depth: depth + 1, visited: &visited) { return problem }
                if let problem = walk(value, depth: depth + 1, visited: &visited) { return problem }
            }
        case .sequence(let sequence):
            for item in sequence {
                if let problem = walk(item, depth: depth + 1, visited: &visited) { return problem }
            }
        default:
            break
        }
        return nil
    }

    /// Where an alias might stand as a key (`*a :`, `? *a`, `[*a]: …`), if anywhere.
    /// Deliberately over-cautious: scenarios have no use for complex keys.
    static func aliasUsedAsKey(_ text: String) -> (Int, Int)? {
        guard text.contains("*") else { return nil }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(line)
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "-" }
            if trimmed.hasPrefix("? ") || trimmed == "?" {
                if line.contains("*") { return (index + 1, chars.firstIndex(of: "?").map { $0 + 1 } ?? 1) }
            }
            var i = 0
            while i < chars.count {
                if chars[i] == "#" && (i == 0 || chars[i - 1] == " ") { break }
                if chars[i] == "*", i + 1 < chars.count, chars[i + 1].isLetter || chars[i + 1].isNumber || chars[i + 1] == "_" {
                    var j = i + 1
                    while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "-" { j += 1 }
                    while j < chars.count, chars[j] == " " || chars[j] == "\t" { j += 1 }
                    if j < chars.count, chars[j] == ":" { return (index + 1, i + 1) }
                }
                if (chars[i] == "]" || chars[i] == "}"), line.contains("*") {
                    var j = i + 1
                    while j < chars.count, chars[j] == " " { j += 1 }
                    if j < chars.count, chars[j] == ":" { return (index + 1, i + 1) }
                }
                i += 1
            }
        }
        return nil
    }

    /// A Yams error as a located one-line diagnostic (Yams' own description embeds the document).
    static func diagnostic(_ error: YamlError, text: String, file: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text))" } ?? problem
            return Diagnostic(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Diagnostic(file: file, line: context.mark.line, column: context.mark.column,
                              message: "duplicate key " + duplicates.map { "'\($0)'" }.joined(separator: ", "))
        case .reader(let problem, let offset, _, _):
            let (line, column) = position(ofCharacter: offset ?? 0, in: text)
            return Diagnostic(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        default:
            return Diagnostic(file: file, line: 1, column: 1, message: "invalid YAML")
        }
    }

    /// Line and column (1-based) of the n-th Character.
    static func position(ofCharacter offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for (i, c) in text.enumerated() {
            if i == offset { break }
            if c == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
