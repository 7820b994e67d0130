import IDSim
import IDStrategies

/// Reads the keys of one value (`RecipeField`s with a setter) out of a mapping into their fields,
/// each as its declaration's kind says, with located errors.
extension RecipeParser {
    typealias Pairs = [(key: String, keyNode: YAMLNode, value: YAMLNode)]

    /// Checks the mapping's keys against the table, then reads every key the table sets, the
    /// required ones first; false when a required one is missing or not read.
    /// - Parameter what: the mapping as an error names it (`keychain store 'kc'`).
    static func read<Target>(_ table: [RecipeField<Target>], from pairs: Pairs, at node: YAMLNode, into target: inout Target, what: String,
                             placeholders: [String], _ reader: inout NodeReader) -> Bool {
        let known = table.names()
        reader.checkKeys(pairs, known: known, in: what)
        let required = table.filter { $0.spec.required && $0.set != nil }
        var complete = true
        for field in required where !pairs.contains(where: { $0.key == field.name }) {
            // A misspelling of the key (`acount:`) is reported once, as the unknown key with the
            // name it was meant to be, not again as the key missing.
            let misspelt = pairs.contains { !known.contains($0.key) && reader.nearest(to: $0.key, among: known) == field.name }
            if !misspelt { reader.error("\(what) needs '\(field.name)'", at: node) }
            complete = false
        }
        // The required keys read first: one that cannot be read refuses the mapping at once, with
        // no more errors about what it holds besides.
        guard complete, readValues(required, from: pairs, into: &target, what: what, placeholders: placeholders, refusing: true, &reader) else {
            return false
        }
        return readValues(table.filter { !$0.spec.required }, from: pairs, into: &target, what: what, placeholders: placeholders, &reader)
    }

    /// Reads the table's keys that are set from one value, leaving the others (read by the
    /// parser's own functions) and the check of unknown keys to the caller.
    /// - Parameter refusing: whether any key that cannot be read refuses the mapping (else only
    ///   one whose declaration says so, `refusesOnError`).
    /// - Returns: false when a key that refuses the mapping could not be read.
    @discardableResult
    static func readValues<Target>(_ table: [RecipeField<Target>], from pairs: Pairs, into target: inout Target, what: String,
                                   placeholders: [String] = [], refusing: Bool = false, _ reader: inout NodeReader) -> Bool {
        var complete = true
        for field in table {
            guard let set = field.set, let valueNode = pairs.first(where: { $0.key == field.name })?.value else { continue }
            if let value = read(valueNode, field.spec, what: what, placeholders: placeholders, &reader) {
                set(&target, value)
            } else if refusing || field.spec.refusesOnError {
                complete = false
            }
        }
        return complete
    }

    /// One key's value, as its kind says.
    static func read(_ node: YAMLNode, _ spec: RecipeKeySpec, what: String, placeholders: [String], _ reader: inout NodeReader) -> RecipeKeyValue? {
        switch spec.kind {
        case .template: return template(node, spec.name, placeholders: placeholders, &reader).map(RecipeKeyValue.template)
        case .text: return reader.string(node, spec.name).map(RecipeKeyValue.text)
        case .scalar:
            guard case .scalar(let scalar) = node, !NodeReader.isNull(node) else {
                reader.error("\(spec.name) of \(what) must be a single value, like true", at: node)
                return nil
            }
            return .text(scalar.string)
        case .bool: return reader.bool(node, spec.name).map(RecipeKeyValue.bool)
        case .choice(let words): return reader.choice(node, spec.name, words).map(RecipeKeyValue.word)
        case .boolOr(let word):
            if case .scalar(let scalar) = node, scalar.style == .plain, scalar.string == word { return .word(word) }
            return reader.bool(node, "\(spec.name) (true, false or \(word))").map(RecipeKeyValue.bool)
        case .structure: return nil
        }
    }
}
