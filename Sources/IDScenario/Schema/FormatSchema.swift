import IDSim
import IDStrategies

/// `idscope schema scenario|recipe`: JSON Schemas (draft 2020-12) of the two file formats, for
/// editors that check and complete YAML as it is typed (the yaml-language-server reads them).
///
/// Built from the declarations the parsers read with: the events' shapes (`EventSpec`), the key
/// lists the parsers check against, the profile switches and the enumerations of the core, so a
/// key added to the format is in the schema too (a test also checks the lists one by one).
///
/// A schema says less than the parser: names that must refer to something (an app, a store, a
/// label) are only text here. Where YAML 1.1 and 1.2 readers disagree (`on`, `yes`, `17.5`,
/// `12345678`), it accepts both readings: booleans as true, false, on and off; text as a string,
/// a number or a boolean.
package enum FormatSchema {
    package static func scenario() -> String { JSONText.pretty(scenarioDocument()) + "\n" }
    package static func recipe() -> String { JSONText.pretty(recipeDocument()) + "\n" }

    // MARK: - Documents

    static func scenarioDocument() -> StructuredValue {
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("urn:idscope:schema:scenario")),
            ("title", .string("idscope scenario")),
            ("description", .string("A world of devices and apps and the steps that happen to it (docs/scenario-format.md).")),
            ("type", .string("object")),
            ("required", .strings(["name", "devices", "apps", "steps"])),
            ("additionalProperties", .bool(false)),
            ("properties", .object(ScenarioParser.topKeys.map { key in (key, scenarioProperty(key)) })),
            ("$defs", .object(commonDefs() + scenarioDefs() + recipeDefs())),
        ])
    }

    static func recipeDocument() -> StructuredValue {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("urn:idscope:schema:recipe")),
            ("title", .string("idscope recipe file")),
            ("description", .string("An app's or an SDK's ID code as data (docs/recipes.md).")),
            ("allOf", .array([.ref("recipe"), .object([("required", .strings(["name"]))])])),
            ("$defs", .object(commonDefs() + recipeDefs())),
        ])
    }

    // MARK: - Scenario

    static func scenarioProperty(_ key: String) -> StructuredValue {
        switch key {
        case "seed": return .object([("type", .string("integer")), ("minimum", .int(0)), ("maximum", .unsigned(UInt64.max))])
        case "profile":
            return object(Profile.switches.map { ($0.name, words($0.values)) })
        case "accounts":
            return array(object(ScenarioParser.accountKeys.map { ($0, $0 == "id" ? .ref("text") : .ref("bool")) }, required: ["id"]))
        case "devices":
            let fields: [(String, StructuredValue)] = ScenarioParser.deviceKeys.map { key in
                switch key {
                case "os": (key, .ref("version"))
                case "kind": (key, words(DeviceKind.allCases.map(\.rawValue)))
                case "passcode": (key, .ref("bool"))
                default: (key, .ref("text"))
                }
            }
            return array(object(fields, required: ["name", "os"]), minItems: 1)
        case "recipes":
            return .object([("type", .string("object")), ("propertyNames", .ref("recipeName")), ("additionalProperties", .ref("recipe"))])
        case "apps":
            let fields: [(String, StructuredValue)] = ScenarioParser.appKeys.map { key in
                switch key {
                case "bundle": (key, .ref("bundleID"))
                case "team": (key, .ref("teamID"))
                case "source": (key, words(InstallSource.allCases.map(\.rawValue)))
                case "options": (key, .object([("type", .string("object")), ("additionalProperties", .ref("optionValue"))]))
                case "accessGroups", "appGroups": (key, array(.ref("text")))
                case "trackingUsageDescription": (key, .ref("bool"))
                default: (key, .ref("text"))
                }
            }
            var app = object(fields, required: ["bundle", "team"])
            // A built-in strategy's options, by kind: an app that names it takes those and no others.
            if case .object(var members) = app {
                members.append(.init("allOf", .array(builtInOptionRules())))
                app = .object(members)
            }
            return array(app, minItems: 1)
        case "steps":
            return .object([("type", .string("array")), ("items", .ref("step"))])
        default:
            return .ref("text")
        }
    }

    static func scenarioDefs() -> [(String, StructuredValue)] {
        let eventProperties = EventSpec.all.map { ($0.key, argument($0.shape)) }
        let stepOptions = StepParser.stepOptions.map { ($0, StructuredValue.ref("text")) }
        let bareKeys = EventSpec.all.filter(\.takesNoArgument).map(\.key)
        let others = StepParser.allKeys.filter { $0 != "note" }
        let step: StructuredValue = .object([
            ("description", .string("One event (or an expectation), with the step's device, label, note and speaker's note.")),
            ("anyOf", .array([
                words(bareKeys),
                .object([
                    ("type", .string("object")),
                    ("properties", .object(eventProperties + [("expect", .ref("expectation"))] + stepOptions)),
                    ("additionalProperties", .bool(false)),
                    // Exactly one event; `note` is the event only when no other is there (else the step's note).
                    ("oneOf", .array(others.map { .object([("required", .strings([$0]))]) } + [.object([
                        ("required", .strings(["note"])),
                        ("not", .object([("anyOf", .array(others.map { .object([("required", .strings([$0]))]) }))])),
                    ])])),
                ]),
            ])),
        ])
        let expectationFields: [(String, StructuredValue)] = ExpectationParser.keys.map { key in
            switch key {
            case "installed": (key, .ref("bool"))
            case "att": (key, words(ATTStatus.allCases.map(\.rawValue)))
            case "idfa": (key, words(Expectation.IDFACheck.allCases.map(\.rawValue)))
            case "best": (key, words(["idfa", "idfv", "guid", "none"]))
            case "sameOn": (key, array(.ref("text"), minItems: 2))
            case "values", "ids": (key, .object([("type", .string("object")), ("minProperties", .int(1)),
                                                 ("additionalProperties", .ref("valueCheck"))]))
            case "app", "device": (key, .ref("text"))
            case "apnsEnvironment": (key, .object([("anyOf", .array([words(APNsEnvironment.allCases.map(\.rawValue)), .ref("valueCheck")]))]))
            default: (key, .ref("valueCheck"))
            }
        }
        let valueCheck: StructuredValue = .object([("anyOf", .array([
            words(ExpectationParser.valueWords),
            .object([("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
                     ("properties", .object([("sameAs", .ref("text")), ("differsFrom", .ref("text")), ("equals", .ref("text"))])),
                     ("additionalProperties", .bool(false))]),
        ]))])
        var expectation = object(expectationFields, required: ["app"])
        if case .object(var members) = expectation {
            // Something to check, as the parser asks.
            members.append(.init("anyOf", .array(ExpectationParser.checkKeys.map { .object([("required", .strings([$0]))]) })))
            expectation = .object(members)
        }
        return [
            ("step", step),
            ("expectation", expectation),
            ("valueCheck", valueCheck),
        ]
    }

    /// An event's argument, from its declared shape.
    static func argument(_ shape: ArgumentShape) -> StructuredValue {
        switch shape {
        case .none:
            return .object([("type", .string("null"))])
        case .value(let field):
            return fieldSchema(field)
        case .fields(let fields, let shorthand, let options, let atLeastOne):
            var members: [(String, StructuredValue)] = [
                ("type", .string("object")),
                ("properties", .object(fields.map { ($0.name, fieldSchema($0)) })),
            ]
            let required = fields.filter { $0.required != nil }.map(\.name)
            if !required.isEmpty { members.append(("required", .strings(required))) }
            members.append(("additionalProperties", options ? .ref("optionValue") : .bool(false)))
            if let atLeastOne { members.append(("anyOf", .array(atLeastOne.names.map { .object([("required", .strings([$0]))]) }))) }
            let mapping: StructuredValue = .object(members)
            // Only optional fields: the event may also stand with no argument (`signOut:`).
            let bare: [StructuredValue] = required.isEmpty && atLeastOne == nil ? [.object([("type", .string("null"))])] : []
            guard let shorthand, let short = fields.first(where: { $0.name == shorthand }) else {
                return bare.isEmpty ? mapping : .object([("anyOf", .array(bare + [mapping]))])
            }
            return .object([("anyOf", .array(bare + [fieldSchema(short), mapping]))])
        }
    }

    static func fieldSchema(_ field: EventField) -> StructuredValue {
        switch field.kind {
        case .choice(let allowed): words(allowed)
        case .bool, .onOff: .ref("bool")
        case .version: .ref("version")
        case .app, .device, .account, .newBackup, .backup, .string: .ref("text")
        }
    }

    /// For each built-in strategy that takes options: an app naming it takes those options, each of
    /// its kind, and no others (`if strategy is NAME then options are …`).
    static func builtInOptionRules() -> [StructuredValue] {
        StrategyCatalog.builtIn.all.filter { !$0.options.isEmpty }.map { strategy in
            let fields: [(String, StructuredValue)] = strategy.options.map { option in
                switch option.kind {
                case .bool: (option.name, .ref("bool"))
                case .string: (option.name, .ref("text"))
                case .choice(let values): (option.name, words(values))
                case .list(let values): (option.name, array(words(values)))
                }
            }
            return .object([
                ("if", .object([("properties", .object([("strategy", .object([("const", .string(strategy.name))]))])), ("required", .strings(["strategy"]))])),
                ("then", .object([("properties", .object([("options", object(fields))]))])),
            ])
        }
    }

    // MARK: - Recipe

    /// The recipe's definitions, each from its keys' declarations (`RecipeKeys`).
    static func recipeDefs() -> [(String, StructuredValue)] {
        let recipe: StructuredValue = .object([
            ("type", .string("object")),
            ("properties", .object(RecipeKeys.recipe.schemaProperties())),
            ("additionalProperties", .bool(false)),
            // Either one ID (id, save, …) or several (ids), not both.
            ("oneOf", .array([.object([("required", .strings(["id"]))]), .object([("required", .strings(["ids"]))])])),
            ("dependentSchemas", .object([("ids", .object([("properties", .object(RecipeKeys.oneIDKeys.map { ($0, .bool(false)) }))]))])),
        ])
        let store: StructuredValue = .object([
            ("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
            ("properties", .object(RecipeKeys.storeKinds.map { kind in
                (kind.name, kind.keys.objectSchema())
            })),
            ("additionalProperties", .bool(false)),
        ])
        let source: StructuredValue = .object([("anyOf", .array([
            .ref("text"),
            .object([("type", .string("object")), ("properties", .object(RecipeKeys.source.schemaProperties())), ("additionalProperties", .bool(false)),
                     ("oneOf", RecipeKeys.source.oneHeadSchema())]),
        ]))])
        let save: StructuredValue = .object([("anyOf", .array([.ref("text"), RecipeKeys.save.objectSchema()]))])
        let optionTest = RecipeKeys.optionTest.objectSchema()
        // A save's `when`: an option test, the source that gave the ID, or both; `is` only with `option`.
        let saveOptionTest: StructuredValue = .object([
            ("type", .string("object")),
            ("properties", .object(RecipeKeys.saveWhen.schemaProperties())),
            ("anyOf", .array([.object([("required", .strings(["option"]))]), .object([("required", .strings(["source"]))])])),
            ("dependentRequired", .object([("is", .strings(["option"]))])),
            ("additionalProperties", .bool(false)),
        ])
        // A call's action: one of clear, save (with from: supplied), newId, rerun; `when` an option test.
        let callAction: StructuredValue = .object([
            ("type", .string("object")),
            ("properties", .object(RecipeKeys.callAction.schemaProperties())),
            ("additionalProperties", .bool(false)),
            ("oneOf", RecipeKeys.callAction.oneHeadSchema()),
            ("dependentRequired", .object([("save", .strings(["from"])), ("from", .strings(["save"]))])),
        ])
        return [
            ("recipe", recipe),
            ("callAction", callAction),
            ("store", store),
            ("source", source),
            ("save", save),
            ("migration", RecipeKeys.migration.objectSchema()),
            ("format", object(RecipeKeys.format.schemaProperties())),
            ("optionTest", optionTest),
            ("saveOptionTest", saveOptionTest),
        ]
    }

    // MARK: - Shared

    static func commonDefs() -> [(String, StructuredValue)] {
        [
            ("text", .object([
                ("description", .string("Text; an unquoted word that a YAML 1.1 reader takes for a number or a boolean is text too.")),
                ("type", .strings(["string", "number", "boolean"])),
            ])),
            ("scalar", .object([("type", .strings(["string", "number", "boolean"]))])),
            ("bool", .object([
                ("description", .string("true or false; on and off too, quoted or not (YAML 1.1 reads them as booleans, 1.2 as words).")),
                ("anyOf", .array([.object([("type", .string("boolean"))]), .strings(["true", "false", "on", "off"])].map(wrapEnum))),
            ])),
            ("version", .object([
                ("description", .string("An iOS version, a major from 6 to 18: \"17.5\" (quote it: unquoted, 17.10 reads as the number 17.1).")),
                ("anyOf", .array([
                    .object([("type", .string("string")), ("pattern", .string("^(6|7|8|9|1[0-8])(\\.[0-9]{1,3}){0,2}$"))]),
                    .object([("type", .string("number")), ("minimum", .int(6)), ("exclusiveMaximum", .int(19))]),
                ])),
            ])),
            ("bundleID", .object([
                ("description", .string("A bundle ID: reverse-DNS letters, digits and '-', parts joined by '.'.")),
                ("type", .string("string")), ("pattern", .string("^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*$")),
            ])),
            ("teamID", .object([
                ("description", .string("A Team ID: letters and digits (a YAML 1.1 reader takes one of digits alone for a number).")),
                ("anyOf", .array([.object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9]+$"))]),
                                  .object([("type", .string("integer")), ("minimum", .int(0))])])),
            ])),
            // Names the parser takes as letters (any script), digits and a few marks: written so that
            // a regex engine without Unicode classes (JavaScript's, Python's) never refuses a valid
            // one; U+00AA and above stand for the letters of every script.
            ("paramName", .object([
                ("description", .string("A param: letters, digits, - and _, beginning with a letter.")),
                ("type", .string("string")), ("pattern", .string("^[A-Za-z\\u00AA-\\uFFFF][A-Za-z0-9_\\u00AA-\\uFFFF-]*$")),
            ])),
            ("recipeName", .object([
                ("description", .string("A recipe's name: letters, digits, -, _ and .")),
                ("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_.\\u00AA-\\uFFFF-]+$")),
            ])),
            ("optionValue", .object([("anyOf", .array([.ref("scalar"), .object([("type", .string("array")), ("items", .ref("text"))])]))])),
        ]
    }

    /// An enumeration of words; where a YAML 1.1 reader takes a word for a boolean, that reading too.
    static func words(_ allowed: [String]) -> StructuredValue {
        var values: [StructuredValue] = allowed.map(StructuredValue.string)
        for word in allowed {
            switch word {
            case "true", "on", "yes": if !values.contains(.bool(true)) { values.append(.bool(true)) }
            case "false", "off", "no": if !values.contains(.bool(false)) { values.append(.bool(false)) }
            default: break
            }
        }
        return .object([("enum", .array(values))])
    }

    private static func wrapEnum(_ value: StructuredValue) -> StructuredValue {
        if case .array = value { return .object([("enum", value)]) }
        return value
    }

    static func object(_ fields: [(String, StructuredValue)], required: [String] = []) -> StructuredValue {
        var members: [(String, StructuredValue)] = [("type", .string("object")), ("properties", .object(fields))]
        if !required.isEmpty { members.append(("required", .strings(required))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members)
    }

    static func array(_ items: StructuredValue, minItems: Int? = nil) -> StructuredValue {
        var members: [(String, StructuredValue)] = [("type", .string("array")), ("items", items)]
        if let minItems { members.append(("minItems", .int(minItems))) }
        return .object(members)
    }
}

extension Array where Element == RecipeKeySpec {
    /// Each key's name with its schema, in order: an object schema's properties.
    func schemaProperties() -> [(String, StructuredValue)] { map { ($0.name, $0.schema) } }

    /// The closed object of the keys, those marked required required.
    func objectSchema() -> StructuredValue { FormatSchema.object(schemaProperties(), required: filter(\.required).map(\.name)) }
}

extension Array {
    /// Each field's name with its schema, in the table's order: an object schema's properties.
    func schemaProperties<Target>() -> [(String, StructuredValue)] where Element == RecipeField<Target> { map(\.spec).schemaProperties() }

    /// The closed object of the table's fields, those it marks required required.
    func objectSchema<Target>() -> StructuredValue where Element == RecipeField<Target> { map(\.spec).objectSchema() }

    /// Exactly one of the table's heads (`isHead`), for a schema's `oneOf`.
    func oneHeadSchema<Target>() -> StructuredValue where Element == RecipeField<Target> {
        .array(heads().map { .object([("required", .strings([$0]))]) })
    }
}
