import IDSim

/// Shorthands the schemas are written with: an object from a list of pairs (the schemas are
/// written as such lists, in the order they print), a reference to a definition, a list of words.
extension StructuredValue {
    static func object(_ pairs: [(String, StructuredValue)]) -> StructuredValue {
        .object(pairs.map { Member($0.0, $0.1) })
    }

    static func ref(_ name: String) -> StructuredValue { .object([Member("$ref", .string("#/$defs/" + name))]) }
    static func strings(_ words: [String]) -> StructuredValue { .array(words.map(StructuredValue.string)) }
}
