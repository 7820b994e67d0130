import IDSim

/// One option a strategy accepts in a scenario's `options:` (and at run time with `configure`).
package struct StrategyOption: Sendable {
    package enum Kind: Sendable, Equatable {
        case bool
        case string
        /// One of a fixed set of words.
        case choice([String])
        /// A list whose items come from a fixed set.
        case list(of: [String])

        package var description: String {
            switch self {
            case .bool: "true or false"
            case .string: "a string"
            case .choice(let values): "one of " + values.joined(separator: ", ")
            case .list(let values): "a list of " + values.joined(separator: ", ")
            }
        }
    }

    package let name: String
    package let kind: Kind
    /// The default, as the option's value; nil where the default depends on the app.
    package let defaultValue: OptionValue?
    package let help: String

    package init(_ name: String, _ kind: Kind, default defaultValue: OptionValue?, _ help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The value as the option's kind reads it, where the writer chose another spelling: a number
    /// for a text option (`version: 1` fills `{version}` with "1"), and `on`/`off`, quoted or not,
    /// for a boolean (as docs/scenario-format.md promises for every boolean; so is a quoted
    /// `"true"`). Anything else is left for `problem(with:)` to judge.
    package func normalized(_ value: OptionValue) -> OptionValue {
        switch (kind, value) {
        case (.string, .int(let number)): .string(String(number))
        case (.choice(let allowed), .int(let number)) where allowed.contains(String(number)): .string(String(number))
        case (.bool, .string("on")), (.bool, .string("true")): .bool(true)
        case (.bool, .string("off")), (.bool, .string("false")): .bool(false)
        default: value
        }
    }

    /// Checks a value against the option's kind.
    /// - Returns: nil when valid, else what is wrong (with the nearest valid word where one is close).
    package func problem(with value: OptionValue) -> String? {
        switch (kind, value) {
        case (.bool, .bool), (.string, .string):
            return nil
        case (.choice(let allowed), .string(let word)):
            return allowed.contains(word) ? nil
                : "invalid value '\(word)' for option '\(name)'; expected \(kind.description)" + NameSuggester.hint(for: word, among: allowed)
        case (.list(let allowed), .list(let words)):
            for word in words where !allowed.contains(word) {
                return "invalid item '\(word)' in option '\(name)'; expected \(kind.description)" + NameSuggester.hint(for: word, among: allowed)
            }
            return nil
        default:
            return "option '\(name)' must be \(kind.description), not \(value.kindName)"
        }
    }
}

extension OptionValue {
    /// "a boolean", "a string", … for error messages.
    package var kindName: String {
        switch self {
        case .bool: "a boolean"
        case .int: "a number"
        case .string: "a string"
        case .list: "a list"
        }
    }
}

/// A strategy's options as its code reads them: the declared value, or the default.
struct OptionReader {
    let values: [String: OptionValue]

    func bool(_ name: String, default fallback: Bool) -> Bool {
        if case .bool(let b)? = values[name] { return b }
        return fallback
    }

    func string(_ name: String) -> String? {
        if case .string(let s)? = values[name] { return s }
        return nil
    }

    func list(_ name: String) -> [String]? {
        if case .list(let l)? = values[name] { return l }
        return nil
    }
}
