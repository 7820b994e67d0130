import IDSim
import IDStrategies

/// Every key of the recipe format, each declared once, grouped by where it stands. The parser,
/// the writer, `idscope schema recipe` and docs/recipes.md's key tables read these; the order of a
/// table is the order the schema lists, the docs show and an unknown key's message suggests.
enum RecipeKeys {
    private typealias Field = RecipeField<Recipe>

    /// A recipe's top: its own keys, and (scope `oneID`) those of its ID when it has one.
    static let recipe: [RecipeField<Recipe>] = [
        Field.structure("name", { .ref("recipeName") }, scope: .file,
                        docs: "in a recipe file: the name apps and the matrix show. It may not be a built-in strategy's name."),
        Field.structure("summary", { .ref("text") }, docs: "one line for `idscope strategies`"),
        Field.structure("params", { RecipeSchemaParts.params }, docs: """
            names of placeholders an app fills from its `options:` (`params: [appID]`, then `options: { appID: A1 }`), each required; \
            a param with a default, `{ useIDFV: true }`, is an option the app may leave out, which sources and saves test with \
            `when: { option: useIDFV }`. A number fills a param as written (`options: { version: 1 }`), and a boolean param takes \
            `on` and `off` too. `idscope matrix` and `idscope explore` give their worlds' apps options with `--option KEY=VALUE` \
            (repeatable: `--option useUniqueDistinctId=true` for mixpanel), or `--option STRATEGY:KEY=VALUE` for one strategy alone, \
            so strategies with their own options share a run (`--option mixpanel:token=T --option segment:writeKey=W`); an option \
            the strategy does not take is exit 2
            """),
        Field.structure("stores", { .object([("type", .string("object")), ("additionalProperties", .ref("store"))]) }, docs: """
            the named places the recipe reads and writes (below). A store may not be named like a source (\
            \(Recipe.sourceNames.map { "`\($0)`" }.joined(separator: ", "))).
            """),
        Field.structure("id", { FormatSchema.array(.ref("source"), minItems: 1) }, scope: .oneID,
                        docs: "the sources, in order; the first that gives a value is the ID (below)"),
        Field.structure("save", { FormatSchema.array(.ref("save")) }, scope: .oneID,
                        docs: "stores written after the ID is chosen, in order: a name (written when it held no value) or `{ store, when, if, unless }` (below)"),
        Field.structure("overwrite", { FormatSchema.array(.ref("text")) }, scope: .oneID, docs: "shorthand for `{ store, when: different }`"),
        Field.structure("clear", { FormatSchema.array(.ref("text")) }, scope: .oneID,
                        docs: "stores deleted after a launch whose saves all succeeded and wrote something (an old copy you migrate away from)"),
        Field.choice("whenRefused", \.whenRefused, default: .next,
                     docs: "`next` (default): a refused read counts as nothing there; `stop`: no ID and no writes this launch"),
        Field.choice("whenWriteFails", \.whenWriteFails, default: .ignore,
                     docs: "`ignore` (default); `stop`: no ID this launch (writes already made stay)"),
        Field.choice("cache", \.cache, default: .none, scope: .recipeAndEachID, docs: """
            `none` (default); `process`: the ID is kept in memory while the process lives, so later launches of a running app return \
            it without reading (with `ids`, each ID that had a value); the process ends at a reboot, an update, an uninstall or a \
            `terminate` step. Under `ids`, an ID may have its own `cache:`, which overrides the recipe's for it (Meta's SDK keeps the \
            advertiser ID it read for the process, not its anonymous ID)
            """),
        Field.structure("format", { .ref("format") }, scope: .oneID,
                        docs: "`{ case: lower \\| upper, dashes: true \\| false }`: shapes the returned ID; stored copies keep what was written"),
        Field.structure("hash", { FormatSchema.object(RecipeKeys.hash.schemaProperties()) }, scope: .oneID,
                        docs: "`{ salt: TEXT }` or `{}`: the returned ID becomes the lowercase hex SHA-256 of `salt:ID` (of `ID` without a salt)"),
        Field.structure("ids", { RecipeSchemaParts.ids }, docs: """
            instead of `id`, `save`, `overwrite`, `clear`, `format` and `hash`: several IDs, each under its name with those keys and its \
            own `cache` if it needs one (below)
            """),
        Field.structure("primary", { .ref("text") }, docs: "with `ids`: the ID followed by default (the first unless named)"),
        Field.structure("migrate", { FormatSchema.array(.ref("migration")) },
                        docs: "one-time moves from legacy stores, run at the start of a launch before any ID (below)"),
        Field.choice("beforeFirstUnlock", \.beforeFirstUnlock, default: .run, docs: """
            `run` (default): a launch before the first unlock runs the code, which meets what the lock refuses; `wait`: the code does \
            nothing until protected data is available, no ID, no read, no write (OneSignal from 5.5.2: OneSignal-iOS-SDK PR 1669)
            """),
        Field.structure("calls", { .object([("type", .string("object")), ("additionalProperties", FormatSchema.array(.ref("callAction")))]) },
                        docs: """
            `{ NAME: [actions] }`: what each call the app's code makes to the SDK does (reset, login, logout, identify), which a \
            scenario's `call:` steps make; `launch` runs by itself at every launch (below)
            """),
    ]

    /// The keys a recipe's top may have (a recipe file also has `name`).
    static let recipeKeys = recipe.filter { $0.spec.scope != .file }.names()
    /// The keys of one ID: under `ids:` each ID has them; a recipe of one ID has them at its top.
    static let oneIDKeys = recipe.filter { $0.spec.scope == .oneID }.names()
    /// The keys of an ID under `ids:`: its own, and the recipe's it may set for itself.
    static let eachIDFields = recipe.filter { $0.spec.scope == .oneID } + recipe.filter { $0.spec.scope == .recipeAndEachID }
    static let eachIDKeys = eachIDFields.names()

    /// `hash: { salt }`.
    static let hash: [RecipeField<RecipeHash>] = [.template("salt", \.salt, docs: "text hashed before the ID, placeholders filled")]

    /// `format:`, and a source's or a comparison's shape: the same two keys.
    static let format: [RecipeField<IDFormat>] = [
        .choice("case", \.letterCase, docs: "`lower` or `upper`: the letter case of the value, whatever was read or made"),
        .bool("dashes", \.dashes, docs: "`false`: the value without its dashes"),
    ]

    /// A one-time move between two stores (`migrate:`).
    static let migration: [RecipeField<RecipeMigration>] = [
        .structure("from", { .ref("text") }, required: true, docs: "the legacy store its value moves from"),
        .structure("to", { .ref("text") }, required: true, docs: "the store the value moves to (another one)"),
        .structure("done", { .ref("text") }, docs: """
            a store that records the migration ran; with it, the migration runs at a launch where `done` does not hold `value` \
            (a refused read of it: not this launch). Without it, the migration runs whenever `from` holds a value.
            """),
        .structure("value", { .ref("scalar") }, docs: "what `done` records (default `1`)"),
        .bool("clear", \.clear, docs: "`true`: delete `from` after moving it"),
        .bool("overwrite", \.overwrite, docs: "`true`: write `to` even when it holds a value (by default only an empty `to` is written)"),
        .structure("when", { .ref("optionTest") }, docs: """
            `{ option: NAME[, is: VALUE] }`: only while the app's option holds (the SDK version or mode that has the migration)
            """),
    ]

    /// A save entry written as a mapping.
    static let save: [RecipeField<RecipeSave>] = [
        .structure("store", { .ref("text") }, required: true, docs: "the store written"),
        .structure("when", { .object([("anyOf", .array([RecipeSchemaParts.savePolicy, .ref("saveOptionTest")]))]) }, docs: """
            the write's policy (below), or `{ option: NAME, is: VALUE, source: NAME, write: POLICY }`
            """),
        .structure("if", { RecipeSchemaParts.conditionNames }, docs: "stores that must hold a value"),
        .structure("unless", { RecipeSchemaParts.conditionNames }, docs: "stores that must not hold a value"),
    ]

    /// A source written as a mapping: one head that says what it reads, and the modifiers.
    static let source: [RecipeField<RecipeSource>] = [
        .structure("store", { .ref("text") }, head: true, docs: "a store of the recipe"),
        .structure("from", { .ref("text") }, head: true, docs: "a store, an earlier ID or a platform source"),
        .structure("uuid", { RecipeSchemaParts.madeFormat }, head: true, docs: "a new random UUID, shaped"),
        .structure("uuid7", { RecipeSchemaParts.madeFormat }, head: true, docs: "a new time-ordered UUID, shaped"),
        .structure("server", { RecipeSchemaParts.madeFormat }, head: true, docs: "a value the SDK's server assigns, shaped"),
        .structure("supplied", { .ref("text") }, head: true, docs: "the last value the app passed with a call, or its option"),
    ] + sourceModifiers

    /// What a source mapping may name as what it reads, and what it may say beside.
    static let sourceHeads = source.heads()
    static let sourceModifierNames = sourceModifiers.names()

    /// What a source may say beside its head: when it is asked, what counts, its shape.
    static let sourceModifiers: [RecipeField<RecipeSource>] = [
        .structure("if", { RecipeSchemaParts.conditionNames }, docs: """
            a store's name or a list: the source is asked only when each holds a value (a stored `false` counts). Beside or instead \
            of names, here and under `unless`, a comparison `{ store: A, equals: B }`: store A holds a value and it is B's, where B \
            is another store's name, a platform source read (`idfv`, `idfa`, `apnsToken`, `appleUserID`), or \
            `{ from: idfv, case: lower, dashes: false }` / `{ store: NAME, case: … }` to compare with B shaped; a missing value \
            equals nothing
            """, seenIn: "Firebase Installations trusts its keychain FID only while a UserDefaults flag exists (`{ store: kc, if: seen }`)"),
        .structure("unless", { RecipeSchemaParts.conditionNames }, docs: "a store's name or a list, or comparisons: asked only when none holds a value",
                   seenIn: """
            RevenueCat reads its private suite unless `UserDefaults.standard` already holds the ID (DeviceCache.swift, purchases-ios); \
            RudderStack drops a stored anonymousId equal to the lowercased IDFV, its default up to 1.18 \
            (`{ store: anon, unless: { store: anon, equals: { from: idfv, case: lower } } }`; rudder-sdk-ios RSEventRepository.m:148-157 \
            at dcf152d, docs/research/sdk/rudderstack.md)
            """),
        .structure("when", { .ref("optionTest") }, docs: """
            `{ option: NAME }` (`option` names a param): asked only when the app's option NAME (a param) is true; \
            `{ option: NAME, is: VALUE }` (`is`): when it is VALUE
            """, seenIn: "Amplitude-Swift reads the IDFV only while IDFV tracking is on (`trackingOptions.disableTrackIDFV()` turns it off, TrackingOptions.swift)"),
        .structure("valid", { FormatSchema.words(RecipeKeys.validWords) }, docs: "`uuid`: only a UUID in its 36-character form (either case) counts",
                   seenIn: "Adjust keeps its keychain token only when it parses as a UUID (ADJActivityState.m)"),
        .structure("not", { FormatSchema.array(.ref("text")) }, docs: "a list of values that count as nothing",
                   seenIn: "a placeholder value an SDK once wrote by mistake"),
        .structure("nonZero", { .ref("bool") }, docs: "`true`: the all-zero UUID counts as nothing (on `idfa`, where that is the default, `false` keeps it)",
                   seenIn: "Amplitude-Swift skips the zero IDFV an App Clip can read (Amplitude-Swift issue 182)"),
        .structure("case", { RecipeKeys.formatSchema("case") }, docs: "`lower` or `upper`: the letter case of the value the source gives, whatever it reads or makes",
                   seenIn: """
            CleverTap lowercases the IDFV it builds its ID from (clevertap-ios-sdk CleverTapSDK/CTDeviceInfo.m:155-163 at 3af43fc, 7.7.0; \
            docs/research/sdk/clevertap.md)
            """),
        .structure("dashes", { RecipeKeys.formatSchema("dashes") }, docs: "`false`: the value without its dashes",
                   seenIn: "the same CleverTap ID: the IDFV's 32 hex digits"),
        // A template keeps what the source made: it holds {value}.
        .structure("template", { .object([("type", .string("string")), ("pattern", .string("\\{value\\}"))]) }, docs: """
            for a value the source makes (not a store's): its shape, with `{value}` where the value goes, the value as `case` and \
            `dashes` left it and nothing else changed
            """, seenIn: """
            RevenueCat's anonymous ID is `$RCAnonymousID:` and 32 lowercase hex digits \
            (`{ uuid: { case: lower, dashes: false }, template: "$RCAnonymousID:{value}" }`); CleverTap's is `-v` and the IDFV \
            (`{ from: idfv, case: lower, dashes: false, template: "-v{value}" }`)
            """),
        .structure("reissueOn", { RecipeSchemaParts.reissueOn }, docs: """
            with `server`: the events after which the server no longer recognises the device and assigns a new value: `reinstall` \
            (the app deleted, alone or by an erase) or `erase` (the device erased); `[]` never
            """, seenIn: "Branch's backend matches a reinstall by the hardware_id the SDK sends (BNCDeviceInfo.m)"),
    ]

    static let callActionHeads = callAction.heads()
    static let callActionNames = callAction.names()
    static let saveNames = save.names()
    static let migrationNames = migration.names()
    static let formatNames = format.names()

    /// `{ store: A, equals: B }` under `if` or `unless`.
    static let comparison: [RecipeField<RecipeComparison>] = [
        .structure("store", { .ref("text") }, required: true, docs: "the store whose value is compared"),
        .structure("equals", { .object([("anyOf", .array([.ref("text"), RecipeSchemaParts.shaped]))]) }, required: true,
                   docs: "a store's name, a platform source's, or `{ store: NAME }` / `{ from: idfv }` with `case` and `dashes`"),
    ]
    static let comparisonNames = comparison.names()

    /// `equals` written as a mapping: one head, and the shape the value is compared in.
    static let shaped: [RecipeField<RecipeSource>] = [
        .structure("store", { .ref("text") }, head: true, docs: "a store of the recipe"),
        .structure("from", { FormatSchema.words(RecipeParser.comparableSources) }, head: true, docs: "a platform source read"),
    ] + format.map { .borrowed($0) }
    static let shapedNames = shaped.names()
    static let shapedHeads = shaped.heads()

    /// `when: { option: NAME, is: VALUE }`: a test of the app's option.
    static let optionTest: [RecipeField<RecipeCondition.OptionTest>] = [
        .structure("option", { .ref("text") }, required: true, docs: "a param of the recipe"),
        .structure("is", { .ref("scalar") }, docs: "the value it must have (without: true)"),
    ]
    static let optionTestNames = optionTest.names()

    /// A save's `when` as a mapping: an option test, the source that gave the ID, or both, and the policy.
    static let saveWhen: [RecipeField<RecipeSave>] = optionTest.map { .borrowed($0) } + [
        .structure("source", { .ref("text") }, docs: "a source of the ID: saved only at a launch where it gave the ID"),
        .structure("write", { RecipeSchemaParts.savePolicy }, docs: "the write's policy"),
    ]
    /// What a save's `when` takes beside an option test.
    static let saveWhenNames = saveWhen.names().filter { !optionTestNames.contains($0) }

    /// A call's action: one head that says what it does, `from` with `save`, and when it is done.
    static let callAction: [RecipeField<RecipeCallAction>] = [
        .structure("clear", { .ref("text") }, head: true, docs: "deletes the store's copy"),
        .structure("save", { .ref("text") }, head: true, docs: "writes the value the app passed with the call (with `from: supplied`)"),
        .structure("newId", { .ref("text") }, head: true, docs: "the ID takes a new value from its first source that makes one"),
        .structure("rerun", { .ref("text") }, head: true, docs: "the ID's sources again, as at a launch"),
        .structure("from", { FormatSchema.words(["supplied"]) }, docs: "with `save`: `supplied`"),
        .structure("if", { RecipeSchemaParts.conditionNames }, docs: "as a source's"),
        .structure("unless", { RecipeSchemaParts.conditionNames }, docs: "as a source's"),
        .structure("when", { .ref("optionTest") }, docs: "as a source's"),
    ]
}

extension RecipeKeys {
    /// What `valid` may say a value must be.
    static let validWords = ["uuid"]

    /// The schema of a key of `format`, which a source's and a comparison's shape share.
    static func formatSchema(_ name: String) -> StructuredValue { format.first { $0.name == name }!.spec.schema }
}

extension Array {
    /// The heads of a table (`isHead`), in its order.
    func heads<Target>() -> [String] where Element == RecipeField<Target> { filter(\.spec.isHead).names() }
}
