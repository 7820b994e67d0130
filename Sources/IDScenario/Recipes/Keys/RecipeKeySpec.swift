import IDSim
import IDStrategies

/// One key of the recipe format, declared once: its name, what it takes, whether it must be given
/// and its line in docs/recipes.md. The table that holds it (`RecipeKeys`) says where it may stand:
/// a recipe's top, an ID, a store of one kind, a source, a save, a migration, a call's action.
///
/// The parser's key lists, `idscope schema recipe` and the docs' key tables all read the tables.
/// A key that holds one value in one field (`accessible`, `backup`, `whenRefused`) is declared with
/// that field (`RecipeField`), so the declaration also reads and writes it; a key that holds a
/// structure (`stores`, `id`, `save`) names its schema, and the parser's function for it reads it.
struct RecipeKeySpec: Sendable {
    /// Where a key of the recipe's table stands.
    enum Scope: Sendable {
        /// At the recipe's top.
        case recipe
        /// Only in a recipe file (`name`).
        case file
        /// One ID's: at the top of a recipe of one ID, under each of `ids` otherwise.
        case oneID
        /// At the top, and under each of `ids` for that ID alone (`cache`).
        case recipeAndEachID
    }

    let name: String
    let kind: RecipeKeyKind
    var required = false
    var scope = Scope.recipe
    /// One of the keys that say what a mapping is (a source's `store`, `from`, `uuid`; a call's
    /// action's `clear`, `save`): a mapping has exactly one.
    var isHead = false
    /// What the docs say of it, in markdown, without its name.
    let docs: String
    /// Where a real SDK does what it says, for the docs' table of a source's keys.
    var seenIn: String?
    /// Whether a value that cannot be read refuses the whole mapping (a store), not only the key:
    /// a defaults store's `value` is written instead of the ID, so the store without it would
    /// write something else.
    var refusesOnError = false

    var schema: StructuredValue { kind.schema }
}

/// What a key takes.
enum RecipeKeyKind: Sendable {
    /// Text in which placeholders are filled (`{bundle}`, a param).
    case template
    /// Text as written.
    case text
    /// One value kept as written: a number or a word is text too (`value: true`).
    case scalar
    /// `true` or `false`.
    case bool
    /// One word of a fixed set.
    case choice([String])
    /// `true`, `false` or one more word (`querySynchronizable: any`).
    case boolOr(String)
    /// A structure the parser's own function reads; its schema (made when asked: a structure's
    /// schema may name the table that declares it, as `ids` names the ID's keys).
    case structure(@Sendable () -> StructuredValue)

    var schema: StructuredValue {
        switch self {
        case .template, .text: .ref("text")
        case .scalar: .ref("scalar")
        case .bool: .ref("bool")
        case .choice(let words): FormatSchema.words(words)
        case .boolOr(let word): .object([("anyOf", .array([.ref("bool"), FormatSchema.words([word])]))])
        case .structure(let schema): schema()
        }
    }
}

/// A value read for a key of one value, as its kind says.
enum RecipeKeyValue: Hashable, Sendable {
    case template(Template)
    case text(String)
    case bool(Bool)
    case word(String)

    /// As a recipe file writes it.
    var written: String {
        switch self {
        case .template(let template): ScenarioWriter.quote(template.raw)
        case .text(let text): ScenarioWriter.quote(text)
        case .bool(let value): String(value)
        case .word(let word): word
        }
    }
}

/// A key declared with the field of `Target` that holds it: its spec, and how the field is set from
/// the value read and written back. A key of a structure has neither (`structure`).
struct RecipeField<Target>: Sendable {
    let spec: RecipeKeySpec
    /// Sets the field from a value read as `spec.kind` says.
    let set: (@Sendable (inout Target, RecipeKeyValue) -> Void)?
    /// The field's value to write; nil where it is the default, which is not written.
    let get: (@Sendable (Target) -> RecipeKeyValue?)?

    var name: String { spec.name }

    init(_ spec: RecipeKeySpec, set: (@Sendable (inout Target, RecipeKeyValue) -> Void)?, get: (@Sendable (Target) -> RecipeKeyValue?)?) {
        self.spec = spec
        self.set = set
        self.get = get
    }

    /// A key whose value is a structure, read by the parser's function for it.
    static func structure(_ name: String, _ schema: @escaping @Sendable () -> StructuredValue, required: Bool = false,
                          scope: RecipeKeySpec.Scope = .recipe, head: Bool = false, docs: String, seenIn: String? = nil) -> Self {
        Self(RecipeKeySpec(name: name, kind: .structure(schema), required: required, scope: scope, isHead: head, docs: docs, seenIn: seenIn),
             set: nil, get: nil)
    }

    /// Another table's key declared again for this target: its name, schema and docs, read by the
    /// parser's own function and required by nothing here (a save's `when` takes an option test's
    /// keys, a comparison's shape the format's).
    static func borrowed<Other>(_ field: RecipeField<Other>) -> Self {
        structure(field.name, { [schema = field.spec.schema] in schema }, docs: field.spec.docs)
    }

    /// Text with placeholders, always written (`account`, `path`).
    static func template(_ name: String, _ path: WritableKeyPath<Target, Template> & Sendable, required: Bool = false, docs: String) -> Self {
        Self(RecipeKeySpec(name: name, kind: .template, required: required, docs: docs),
             set: { if case .template(let value) = $1 { $0[keyPath: path] = value } },
             get: { .template($0[keyPath: path]) })
    }

    /// Text with placeholders that may be left out.
    static func template(_ name: String, _ path: WritableKeyPath<Target, Template?> & Sendable, docs: String) -> Self {
        Self(RecipeKeySpec(name: name, kind: .template, docs: docs),
             set: { if case .template(let value) = $1 { $0[keyPath: path] = value } },
             get: { $0[keyPath: path].map(RecipeKeyValue.template) })
    }

    /// One value as written, that may be left out.
    static func scalar(_ name: String, _ path: WritableKeyPath<Target, String?> & Sendable, docs: String) -> Self {
        Self(RecipeKeySpec(name: name, kind: .scalar, docs: docs, refusesOnError: true),
             set: { if case .text(let value) = $1 { $0[keyPath: path] = value } },
             get: { $0[keyPath: path].map(RecipeKeyValue.text) })
    }

    static func bool(_ name: String, _ path: WritableKeyPath<Target, Bool> & Sendable, default base: Bool = false, docs: String) -> Self {
        Self(RecipeKeySpec(name: name, kind: .bool, docs: docs),
             set: { if case .bool(let value) = $1 { $0[keyPath: path] = value } },
             get: { $0[keyPath: path] == base ? nil : .bool($0[keyPath: path]) })
    }

    /// A boolean that may be left out (nil keeps what there is).
    static func bool(_ name: String, _ path: WritableKeyPath<Target, Bool?> & Sendable, docs: String) -> Self {
        Self(RecipeKeySpec(name: name, kind: .bool, docs: docs),
             set: { if case .bool(let value) = $1 { $0[keyPath: path] = value } },
             get: { $0[keyPath: path].map(RecipeKeyValue.bool) })
    }

    static func choice<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Target, Value> & Sendable, default base: Value, scope: RecipeKeySpec.Scope = .recipe,
        docs: String
    ) -> Self where Value.RawValue == String {
        Self(RecipeKeySpec(name: name, kind: .choice(Value.allCases.map(\.rawValue)), scope: scope, docs: docs),
             set: { if case .word(let word) = $1, let value = Value(rawValue: word) { $0[keyPath: path] = value } },
             get: { $0[keyPath: path] == base ? nil : .word($0[keyPath: path].rawValue) })
    }

    /// A word that may be left out (nil: the system's default, as `accessible` none given).
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Target, Value?> & Sendable, docs: String
    ) -> Self where Value.RawValue == String {
        Self(RecipeKeySpec(name: name, kind: .choice(Value.allCases.map(\.rawValue)), docs: docs),
             set: { if case .word(let word) = $1, let value = Value(rawValue: word) { $0[keyPath: path] = value } },
             get: { $0[keyPath: path].map { .word($0.rawValue) } })
    }
}

extension Array {
    /// The keys' names, in the table's order.
    func names<Target>() -> [String] where Element == RecipeField<Target> { map(\.spec.name) }

    /// `key: value` for each field of `target` that is not its default, in the table's order.
    func written<Target>(_ target: Target) -> [String] where Element == RecipeField<Target> {
        compactMap { field in field.get.flatMap { $0(target) }.map { field.spec.name + ": " + $0.written } }
    }
}
