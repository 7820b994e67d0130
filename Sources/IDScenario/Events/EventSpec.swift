import IDSim

/// Everything about one kind of event except what it does: its scenario key, the shape of its
/// argument, how that argument is read (with located errors) and written back, how the event
/// reads in a table row, what the `:` line completes for it, and its row in the docs.
///
/// What an event does is `World.apply`'s, in IDSim. Adding an event is one `Event` case with
/// its behaviour there, and one declaration in `EventSpec.all`: the reader, the writer, the
/// step summaries, the command line and docs/scenario-format.md all come from it.
struct EventSpec: Sendable {
    let kind: Event.Kind
    /// The argument, as the docs table says it.
    let argument: String
    /// A step using the event, as the docs table shows it (it must parse).
    let example: String
    let shape: ArgumentShape
    /// The event, from arguments already read and checked against the shape.
    let build: @Sendable (EventArguments) -> Event
    /// The arguments of an event of this kind, for writing it back; `build(arguments(e)) == e`.
    let arguments: @Sendable (Event) -> EventArguments
    /// The event in words, for `run`'s table and the inspector's timeline.
    let describe: @Sendable (Event, World) -> String
    /// A check across fields that the shape cannot say: the field to point at and what is wrong.
    var validate: (@Sendable (EventArguments, _ stepDevice: DeviceIndex, StepContext) -> (field: String, message: String)?)?

    var key: String { kind.rawValue }
}

/// How an event's argument is written.
enum ArgumentShape: Sendable {
    /// No argument: `- reboot`, or `reboot:` with an empty value beside step options.
    case none
    /// One value: `- passcode: off`.
    case value(EventField)
    /// A mapping of fields (`{app, mode}`), written back as one; `shorthand` names the field that
    /// may be written alone instead (`- launch: com.acme.shop`). With `options`, every other key is
    /// a strategy option of the app (`configure`). `atLeastOne`: the fields of which one must be
    /// given, and what to say when none is.
    case fields([EventField], shorthand: String? = nil, options: Bool = false, atLeastOne: (names: [String], message: String)? = nil)
}

/// One field of an event's argument.
extension EventSpec {
    /// Whether the event can be written bare (`- reboot`, `- signOut`): it has no argument, or only
    /// optional fields.
    var takesNoArgument: Bool {
        switch shape {
        case .none: true
        case .value: false
        case .fields(let fields, _, _, let atLeastOne): atLeastOne == nil && fields.allSatisfy { $0.required == nil }
        }
    }
}

struct EventField: Sendable {
    enum Kind: Sendable {
        /// A declared app's bundle ID.
        case app
        /// A declared device's name.
        case device
        /// A declared account's ID.
        case account
        /// The name this step gives a backup.
        case newBackup
        /// A backup an earlier step made.
        case backup
        /// One word of a fixed set (written unquoted).
        case choice([String])
        /// `true` or `false`.
        case bool
        /// `on` or `off` (YAML reads them as booleans; written as the words).
        case onOff
        /// Any text (written quoted).
        case string
        /// An iOS version.
        case version
    }

    let name: String
    let kind: Kind
    /// What to say when the field is missing; nil for an optional field.
    let required: String?
    /// What messages call its value ("launch mode"); the field's name by default.
    let label: String?

    init(_ name: String, _ kind: Kind, required: String? = nil, label: String? = nil) {
        self.name = name
        self.kind = kind
        self.required = required
        self.label = label
    }
}

/// An event's argument values by field name, names already resolved to indices.
struct EventArguments: Sendable, Equatable {
    enum Value: Sendable, Equatable {
        case app(AppIndex)
        case device(DeviceIndex)
        case account(Int)
        case backup(String)
        case word(String)
        case bool(Bool)
        case string(String)
        case version(OSVersion)
        case options([String: OptionValue])
    }

    private(set) var values: [String: Value] = [:]

    init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    subscript(name: String) -> Value? {
        get { values[name] }
        set { values[name] = newValue }
    }

    // Typed reads for `build`: the reader has checked each value against its field's kind, and
    // required fields are present, so a build reads exactly what its shape declared.
    func app(_ name: String = "app") -> AppIndex {
        if case .app(let a)? = values[name] { return a }
        preconditionFailure("field \(name) is not an app")
    }

    func device(_ name: String) -> DeviceIndex {
        if case .device(let d)? = values[name] { return d }
        preconditionFailure("field \(name) is not a device")
    }

    func account(_ name: String) -> Int {
        if case .account(let a)? = values[name] { return a }
        preconditionFailure("field \(name) is not an account")
    }

    func backup(_ name: String) -> String {
        if case .backup(let b)? = values[name] { return b }
        preconditionFailure("field \(name) is not a backup")
    }

    func word(_ name: String) -> String? {
        if case .word(let w)? = values[name] { return w }
        return nil
    }

    func bool(_ name: String) -> Bool? {
        if case .bool(let b)? = values[name] { return b }
        return nil
    }

    func string(_ name: String) -> String? {
        if case .string(let s)? = values[name] { return s }
        return nil
    }

    func version(_ name: String) -> OSVersion {
        if case .version(let v)? = values[name] { return v }
        preconditionFailure("field \(name) is not a version")
    }

    func options(_ name: String = "options") -> [String: OptionValue] {
        if case .options(let o)? = values[name] { return o }
        return [:]
    }
}

extension EventSpec {
    /// The spec of an event kind.
    static func of(_ kind: Event.Kind) -> EventSpec { byKind[kind]! }

    /// The spec of a scenario key, if it names an event.
    static func named(_ key: String) -> EventSpec? { byKey[key] }

    /// Every event key, in the order of contract.md.
    static let keys = all.map(\.key)

    private static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })
    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The field whose names the `:` line completes after the key, if any.
    var completedField: EventField? {
        switch shape {
        case .none: nil
        case .value(let field): field
        case .fields(let fields, let shorthand, _, _): fields.first { $0.name == shorthand } ?? fields.first
        }
    }

    /// How the event is typed at the `:` line: `launch BUNDLE`, `passcode on|off`, `reboot`.
    var usage: String {
        guard let field = completedField else { return key }
        return key + " " + field.placeholder
    }
}

extension EventField {
    /// The field's value as people write it: `BUNDLE`, `on|off`, `foreground|background|prewarm`.
    var placeholder: String {
        switch kind {
        case .app: "BUNDLE"
        case .device: "DEVICE"
        case .account: "ACCOUNT"
        case .newBackup, .backup: "BACKUP"
        case .choice(let words): words.joined(separator: "|")
        case .bool: "true|false"
        case .onOff: "on|off"
        case .string: "TEXT"
        case .version: "VERSION"
        }
    }
}
