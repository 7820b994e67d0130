import IDSim
import IDStrategies

/// Schema parts that several recipe keys share (`if` and `unless` under a source, a save and a
/// call's action), or too long to stand in the key's declaration.
enum RecipeSchemaParts {
    /// `params`: names, or one name with its default.
    static var params: StructuredValue {
        FormatSchema.array(.object([("anyOf", .array([
            .ref("paramName"),
            .object([("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
                     ("propertyNames", .ref("paramName")), ("additionalProperties", .ref("scalar"))]),
        ]))]))
    }

    /// `ids`: each ID with its own keys, and the recipe's it may set for itself.
    static var ids: StructuredValue {
        .object([("type", .string("object")), ("minProperties", .int(1)),
                 ("additionalProperties", FormatSchema.object(RecipeKeys.eachIDFields.schemaProperties(), required: ["id"]))])
    }

    /// `if` and `unless`: a store's name, a comparison `{ store: A, equals: B }`, or a list of them.
    static var conditionNames: StructuredValue {
        let comparison = RecipeKeys.comparison.objectSchema()
        return .object([("anyOf", .array([.ref("text"), comparison, FormatSchema.array(.object([("anyOf", .array([.ref("text"), comparison]))]))]))])
    }

    /// `equals` as a mapping: `{ store: NAME }` or `{ from: idfv }`, shaped.
    static var shaped: StructuredValue {
        .object([
            ("type", .string("object")),
            ("properties", .object(RecipeKeys.shaped.schemaProperties())),
            ("additionalProperties", .bool(false)),
            ("oneOf", RecipeKeys.shaped.oneHeadSchema()),
        ])
    }

    /// `uuid`, `uuid7` and `server` as a source's head: nothing, or its shape.
    static var madeFormat: StructuredValue { .object([("anyOf", .array([.object([("type", .string("null"))]), .ref("format")]))]) }

    /// A save's policy word.
    static var savePolicy: StructuredValue { FormatSchema.words(RecipeSave.When.allCases.map(\.rawValue)) }

    /// `reissueOn`: an event, or a list of them.
    static var reissueOn: StructuredValue {
        let events = FormatSchema.words(ServerReissue.names.map(\.0))
        return .object([("anyOf", .array([events, FormatSchema.array(events)]))])
    }
}
