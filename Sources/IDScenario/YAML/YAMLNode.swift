/// A YAML node as idscope reads it: scalars with their style, mappings as ordered pairs,
/// sequences, each with where it starts in the text.
///
/// Tags are not kept: a scenario's meaning comes from its keys and the scalar styles (a plain
/// `true` is a boolean, a quoted one a string), never from tags. An alias is the node its
/// anchor names, shared, not copied.
enum YAMLNode {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    /// A position in the text: 1-based line, and column counted in Unicode scalars.
    struct Mark: Hashable {
        var line: Int
        var column: Int
    }

    struct Scalar {
        enum Style { case plain, singleQuoted, doubleQuoted, literal, folded }

        var string: String
        var style: Style
        var mark: Mark
    }

    struct Mapping: RandomAccessCollection {
        var pairs: [(key: YAMLNode, value: YAMLNode)]
        var mark: Mark

        var startIndex: Int { pairs.startIndex }
        var endIndex: Int { pairs.endIndex }
        subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) { pairs[position] }
    }

    struct Sequence: RandomAccessCollection {
        var items: [YAMLNode]
        var mark: Mark

        var startIndex: Int { items.startIndex }
        var endIndex: Int { items.endIndex }
        subscript(position: Int) -> YAMLNode { items[position] }
    }

    var mark: Mark {
        switch self {
        case .scalar(let s): s.mark
        case .mapping(let m): m.mark
        case .sequence(let s): s.mark
        }
    }
}
