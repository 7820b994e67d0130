import CLibYAML

/// Builds the node tree from libyaml's event stream in one pass, refusing on the way anything
/// that would make the document too costly to hold or to walk.
///
/// Aliases are counted as if expanded: each anchor's node count and height are kept, so a
/// "billion laughs" document (ten anchors of ten aliases of the one before), used as a value or
/// as a mapping key, is refused at the alias that takes it over `YAMLGuard.maxAliasExpansion`,
/// without expanding anything and at a cost linear in the text. The tree itself shares an
/// anchored node among its aliases, so it is as small as the text.
enum YAMLComposer {
    /// The tree, nil for a stream with no document; or the first problem, located.
    static func compose(_ text: String, file: String) -> Result<YAMLNode?, Diagnostic> {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .success(nil) }
        bytes.append(0)   // libyaml reads exactly `size` bytes; the terminator only guards C-string habits
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(Diagnostic(file: file, line: 1, column: 1, message: "out of memory reading YAML"))
        }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count - 1)
            var builder = Builder(file: file)
            return builder.run(&parser, bytes: UnsafeBufferPointer(rebasing: buffer.dropLast()))
        }
    }

    /// How far a node reaches once every alias in it is expanded.
    private struct Extent {
        var nodes = 1
        var height = 1
    }

    /// A collection being read: its items so far, and how far they reach.
    private struct Frame {
        var isMapping: Bool
        var mark: YAMLNode.Mark
        var anchor: String?
        var items: [YAMLNode] = []
        var extent = Extent(nodes: 1, height: 1)
    }

    private struct Builder {
        let file: String
        var anchors: [String: (node: YAMLNode, extent: Extent)] = [:]
        var stack: [Frame] = []
        var root: YAMLNode?
        var expansion = 0
        var documents = 0

        init(file: String) {
            self.file = file
        }

        func at(_ mark: yaml_mark_t, _ message: String) -> Diagnostic {
            Diagnostic(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: message)
        }

        /// Files a finished node under its anchor and in the collection it belongs to.
        mutating func finish(_ node: YAMLNode, _ extent: Extent, anchor: String?) {
            if let anchor { anchors[anchor] = (node, extent) }
            guard !stack.isEmpty else {
                root = node
                return
            }
            stack[stack.count - 1].items.append(node)
            stack[stack.count - 1].extent.nodes += extent.nodes
            stack[stack.count - 1].extent.height = max(stack[stack.count - 1].extent.height, extent.height + 1)
        }

        mutating func run(_ parser: inout yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, Diagnostic> {
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(YAMLComposer.syntaxError(parser, bytes: bytes, file: file))
                }
                defer { yaml_event_delete(&event) }
                if let problem = handle(event) { return .failure(problem) }
                if event.type == YAML_STREAM_END_EVENT { return .success(root) }
            }
        }

        mutating func handle(_ event: yaml_event_t) -> Diagnostic? {
            let start = event.start_mark
            let mark = YAMLNode.Mark(line: Int(start.line) + 1, column: Int(start.column) + 1)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { return at(start, "invalid YAML: a file holds one document, and a second one starts here") }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                var nodeStyle = style(scalar.style)
                if let tag = name(scalar.tag) {
                    switch YAMLComposer.coreTag(tag, on: text, style: nodeStyle) {
                    case .success(let tagged): nodeStyle = tagged
                    case .failure(let problem): return at(start, problem.message)
                    }
                }
                let node = YAMLNode.scalar(YAMLNode.Scalar(string: text, style: nodeStyle, mark: mark))
                finish(node, Extent(), anchor: name(scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                if let tag = isMapping ? name(event.data.mapping_start.tag) : name(event.data.sequence_start.tag) {
                    return at(start, YAMLComposer.tagRefusal(tag))
                }
                let anchor = isMapping ? name(event.data.mapping_start.anchor) : name(event.data.sequence_start.anchor)
                stack.append(Frame(isMapping: isMapping, mark: mark, anchor: anchor))
                if stack.count > YAMLGuard.maxDepth { return at(start, "the document nests deeper than \(YAMLGuard.maxDepth) levels") }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                let node: YAMLNode
                if frame.isMapping {
                    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                    pairs.reserveCapacity(frame.items.count / 2)
                    var i = 0
                    while i + 1 < frame.items.count {
                        pairs.append((frame.items[i], frame.items[i + 1]))
                        i += 2
                    }
                    node = .mapping(YAMLNode.Mapping(pairs: pairs, mark: frame.mark))
                } else {
                    node = .sequence(YAMLNode.Sequence(items: frame.items, mark: frame.mark))
                }
                finish(node, frame.extent, anchor: frame.anchor)
            case YAML_ALIAS_EVENT:
                let alias = name(event.data.alias.anchor) ?? ""
                guard let (node, extent) = anchors[alias] else {
                    return at(start, "invalid YAML: undefined alias '*\(alias)'; an alias must come after its anchor '&\(alias)'")
                }
                expansion += extent.nodes - 1
                if expansion > YAMLGuard.maxAliasExpansion {
                    return at(start, "aliases expand the document by more than \(YAMLGuard.maxAliasExpansion) nodes (an alias bomb?)")
                }
                if stack.count + extent.height > YAMLGuard.maxDepth {
                    return at(start, "the document nests deeper than \(YAMLGuard.maxDepth) levels once this alias is expanded")
                }
                finish(node, extent, anchor: nil)
            default:
                break
            }
            return nil
        }

        func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        func style(_ style: yaml_scalar_style_t) -> YAMLNode.Scalar.Style {
            switch style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
        }
    }

    /// The style a scalar keeps under one of YAML's core tags, which may only say what the value
    /// already is: `!!str` makes any value a string (read as if quoted, so `!!str true` is no
    /// boolean), `!!int`, `!!float`, `!!bool` and `!!null` must be such a value. Every other tag
    /// (`!!binary`, `!!python/object/apply:…`, `!local`) is refused: the formats have no types of
    /// their own, and a tag silently ignored would read the value as something it says it is not.
    static func coreTag(_ tag: String, on text: String, style: YAMLNode.Scalar.Style) -> Result<YAMLNode.Scalar.Style, TagProblem> {
        let core = "tag:yaml.org,2002:"
        guard tag.hasPrefix(core) else { return .failure(TagProblem(tagRefusal(tag))) }
        let type = tag.dropFirst(core.count)
        let fits: Bool
        switch type {
        case "str": return .success(style == .plain ? .doubleQuoted : style)
        case "int": fits = Int(text) != nil
        case "float": fits = Double(text) != nil || [".inf", "-.inf", ".nan"].contains(text.lowercased())
        case "bool": fits = ["true", "false", "yes", "no", "on", "off"].contains(text.lowercased())
        case "null": fits = ["", "~", "null"].contains(text.lowercased())
        default: return .failure(TagProblem(tagRefusal(tag)))
        }
        guard fits else { return .failure(TagProblem("'\(text)' is not a value of its tag !!\(type)")) }
        return .success(.plain)
    }

    /// Why a tag is refused, naming it as it was written (`!!binary` for YAML's own).
    static func tagRefusal(_ tag: String) -> String {
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        return "the YAML tag '\(TerminalText.escaped(shown))' is not allowed: values are plain, and only !!str, !!int, !!float, "
            + "!!bool and !!null may mark a value of that type"
    }

    struct TagProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// libyaml's own error, located.
    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, file: String) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        switch parser.error {
        case YAML_READER_ERROR:
            // The offset counts bytes; columns count Unicode scalars like every other mark.
            let offset = min(parser.problem_offset, bytes.count)
            let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<offset]), as: UTF8.self)
            var line = 1, column = 1
            for scalar in prefix.unicodeScalars {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return Diagnostic(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        case YAML_MEMORY_ERROR:
            return Diagnostic(file: file, line: 1, column: 1, message: "out of memory reading YAML")
        default:
            let detail = parser.context.map { "\(problem) (\(String(cString: $0)))" } ?? problem
            return Diagnostic(file: file, line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1,
                              message: "invalid YAML: \(detail)")
        }
    }
}
