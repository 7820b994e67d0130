import IDSim

/// An app's ID code as data (the contract's "Recipes"): named stores, the sources of the ID in
/// order, what is written back, and how failures are handled. The interpreter (`RecipeProgram`)
/// runs it on the same `AppOS` facade as the Swift strategies, so the lifecycle rules and
/// SecStatus codes apply to it unchanged.
package struct Recipe: Sendable, Hashable {
    package var name: String
    package var summary: String
    /// Placeholders filled from the app's `options:` (`{appID}`), and options that choose sources
    /// and saves (`when: { option: useIDFV }`).
    package var params: [String]
    /// The params an app may leave out, and what they are then (`params: [{ useIDFV: true }]`).
    package var paramDefaults: [String: OptionValue] = [:]
    /// In declaration order.
    package var stores: [RecipeStore]
    /// The IDs it keeps, in the order a launch works them out (one may read another's value):
    /// one named `id` for a recipe with a single ID, else each by its name (`ids:`).
    package var ids: [RecipeID]
    /// Which of `ids` is the primary: the ID the matrix, explore and the inspector follow unless
    /// told another (`--id NAME`).
    package var primary: Int = 0
    /// One-time moves from legacy stores, run at the start of a launch before any ID is worked out.
    package var migrate: [RecipeMigration] = []
    package var whenRefused: WhenRefused
    package var whenWriteFails: WhenWriteFails
    package var cache: Cache
    /// What a launch does while the device is before its first unlock.
    package var beforeFirstUnlock: BeforeFirstUnlock = .run
    /// What each call the app's code makes to the SDK does (`calls:`), in declaration order; the
    /// one named `launch` (`RecipeCall.launch`) runs at every launch, before the sources.
    package var calls: [RecipeCall] = []
    /// Where its parts were written (explore's why points at them); not part of what it is.
    package var origin = RecipeOrigin()

    /// Whether it declares several IDs (`ids:`) rather than one (`id:`).
    package var hasSeveralIDs: Bool { ids.count > 1 || ids.first?.name != "id" }

    // The primary ID's parts, as a recipe of one ID has them.
    /// Where the ID comes from, in order: the first that yields a value is the ID.
    package var sources: [RecipeSource] {
        get { ids[primary].sources }
        set { ids[primary].sources = newValue }
    }
    /// Written after the ID is chosen, in order (`overwrite:` entries become `different` saves).
    package var save: [RecipeSave] {
        get { ids[primary].save }
        set { ids[primary].save = newValue }
    }
    /// Deleted after a launch whose saves all succeeded and wrote something (aliases cleaned up).
    package var clear: [String] {
        get { ids[primary].clear }
        set { ids[primary].clear = newValue }
    }
    /// Shapes the returned ID only; stored copies keep what the app wrote.
    package var format: IDFormat? {
        get { ids[primary].format }
        set { ids[primary].format = newValue }
    }
    /// The returned ID becomes the lowercase hex SHA-256 of `salt:ID` (of `ID` without a salt).
    package var hash: RecipeHash? {
        get { ids[primary].hash }
        set { ids[primary].hash = newValue }
    }

    package enum WhenRefused: String, Sendable, CaseIterable {
        /// A refused read counts as nothing there: on to the next source.
        case next
        /// No ID and no writes this launch.
        case stop
    }

    package enum WhenWriteFails: String, Sendable, CaseIterable {
        case ignore
        /// No ID this launch (writes already made stay).
        case stop
    }

    package enum BeforeFirstUnlock: String, Sendable, CaseIterable {
        /// The code runs as at any launch (and meets what the lock refuses it).
        case run
        /// The code does nothing until protected data is available: no ID, no read, no write
        /// (OneSignal from 5.5.2 waits so: OneSignal-iOS-SDK PR 1669).
        case wait
    }

    package enum Cache: String, Sendable, CaseIterable {
        case none
        /// The ID is kept in memory while the process lives.
        case process
    }

    package init(name: String, summary: String = "", params: [String] = [], stores: [RecipeStore] = [], sources: [RecipeSource],
                save: [RecipeSave] = [], clear: [String] = [], whenRefused: WhenRefused = .next, whenWriteFails: WhenWriteFails = .ignore,
                cache: Cache = .none, format: IDFormat? = nil, hash: RecipeHash? = nil) {
        self.name = name
        self.summary = summary
        self.params = params
        self.stores = stores
        self.ids = [RecipeID(name: "id", sources: sources, save: save, clear: clear, format: format, hash: hash)]
        self.whenRefused = whenRefused
        self.whenWriteFails = whenWriteFails
        self.cache = cache
    }

    package func store(named name: String) -> RecipeStore? {
        stores.first { $0.name == name }
    }

    /// The names a launch reports under `values`: `id` (the primary), each named ID of a recipe
    /// with several, each store, then each platform source.
    package var valueNames: [String] {
        var names = ["id"] + (hasSeveralIDs ? ids.map(\.name).filter { $0 != "id" } : []) + stores.map(\.name)
        var seen = Set(names)
        for id in ids {
            for source in id.sources where source.idName == nil && seen.insert(source.name).inserted { names.append(source.name) }
        }
        return names
    }

    /// The names `--id` and `expect: { ids: … }` take: each declared ID (`id` for a recipe of one).
    package var idNames: [String] { ids.map(\.name) }

    /// Names that stores may not take: the platform sources.
    package static let sourceNames = ["idfv", "idfa", "uuid", "uuid7", "fid", "apnsToken", "appleUserID", "server"]
}

/// Where a recipe's parts were written: its file and the line of each store, source, save,
/// migration and policy key, so that explore's answers point at the user's own code. Two
/// recipes that differ only here are the same recipe: it is left out of `==` and the hash.
package struct RecipeOrigin: Sendable, Hashable {
    /// The file it was read from (a built-in's name, `recipes/adjust.yaml`); nil when built in code.
    package var file: String?
    package var lines: [Part: Int] = [:]

    package enum Part: Sendable, Hashable {
        case store(String)
        /// Source `index` of the ID `id` (`id` for a recipe of one).
        case source(id: String, index: Int)
        case save(id: String, index: Int)
        case migration(Int)
        /// A recipe-wide key: `whenRefused`, `whenWriteFails`, `beforeFirstUnlock`, `cache`.
        case key(String)
        /// A call under `calls:`, by its name.
        case call(String)
    }

    package init(file: String? = nil, lines: [Part: Int] = [:]) {
        self.file = file
        self.lines = lines
    }

    /// `file:line` of a part, or `line N`, or nil when unknown. A built-in recipe's file is its
    /// name: `keychain-idfv-twin:8` is line 8 of what `idscope strategies keychain-idfv-twin` prints.
    package func place(_ part: Part) -> String? {
        guard let line = lines[part] else { return nil }
        guard let file else { return "line \(line)" }
        let prefix = "builtin:recipes/"
        return (file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file) + ":\(line)"
    }

    package static func == (lhs: RecipeOrigin, rhs: RecipeOrigin) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}

/// A named place a recipe reads and writes.
package struct RecipeStore: Sendable, Hashable {
    package var name: String
    package var kind: Kind

    package enum Kind: Sendable, Hashable {
        case keychain(KeychainStore)
        /// UserDefaults: the standard suite, an App Group's suite or a private one; `value` is
        /// written instead of the ID (a flag).
        case defaults(key: Template, suite: Template?, value: String?)
        /// A file in the app's container, or with `group` in that App Group's shared container;
        /// `backup: false` marks it excluded from backups. With `key`, the value is one entry of
        /// a file that keeps several (`KeyedFile`), as an SDK's preferences file does.
        /// `protection`: the file's data-protection class (CT-42).
        case file(path: Template, backup: Bool, group: Template? = nil, key: Template? = nil, protection: FileProtection = .default)
        /// NSUbiquitousKeyValueStore; `store`: the key-value store identifier the app's entitlement
        /// names (com.apple.developer.ubiquity-kvstore-identifier, under the app's Team ID), which
        /// two apps of a team share; nil: the app's own (KVS-38).
        case icloud(key: Template, store: Template? = nil)
        /// A named pasteboard (persistent where iOS still allows it, PB-31).
        case pasteboard(name: Template)
    }

    package init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Its texts: the key, path, service and account and what else names where it is.
    package var templates: [Template] {
        switch kind {
        case .keychain(let item): [item.service, item.account] + (item.accessGroup.map { [$0] } ?? []) + (item.generic.map { [$0] } ?? [])
        case .defaults(let key, let suite, _): [key] + (suite.map { [$0] } ?? [])
        case .file(let path, _, let group, let key, _): [path] + (group.map { [$0] } ?? []) + (key.map { [$0] } ?? [])
        case .icloud(let key, let store): [key] + (store.map { [$0] } ?? [])
        case .pasteboard(let board): [board]
        }
    }

    /// The call whose supplied value its texts name (`{supplied:NAME}`): a store kept once per
    /// value the app supplies, as CleverTap keeps a GUID per identity (CTLoginInfoProvider.m).
    package var keyedBy: String? {
        for template in templates {
            for name in template.placeholders where name.hasPrefix(Template.suppliedPrefix) {
                return String(name.dropFirst(Template.suppliedPrefix.count))
            }
        }
        return nil
    }

    /// The value a write puts there: a defaults store's fixed `value`, else the ID.
    package var fixedValue: String? {
        if case .defaults(_, _, let value) = kind { return value }
        return nil
    }
}

/// A keychain item as a recipe reads and writes it: the item's attributes, what the read query
/// names, and how a write goes.
package struct KeychainStore: Sendable, Hashable {
    package var service: Template
    package var account: Template
    /// nil: none given, so WhenUnlocked (KC-17).
    package var accessible: Accessibility?
    /// nil: the app's first keychain-access-groups entry, else its own (KC-16).
    package var accessGroup: Template?
    /// What an add writes.
    package var synchronizable: Bool
    /// The read query also names the class (KC-37).
    package var queryAccessible: Bool
    package var querySynchronizable: SyncMatch
    package var write: Write
    /// After an add answers errSecDuplicateItem.
    package var onDuplicate: OnDuplicate
    package var updates: Updates
    /// `kSecAttrAccessControl` on an add (KC-40): reads then need the user there.
    package var accessControl: AccessControl?
    /// `kSecAttrGeneric`: set on an add, and named by every query, which then finds only items
    /// with it (Airship's device ID item, AirshipKeychainAccess.swift:197-224).
    package var generic: Template?
    /// An item found by a read whose class is not `accessible` is updated to it (Airship moves
    /// its older items to AfterFirstUnlockThisDeviceOnly as it reads them, 267-270).
    package var upgradeAccessible = false

    /// The query its reads, writes and deletes make, each text filled by `text` (a plan passes
    /// the raw text of an item that names no placeholder; a launch fills them).
    func query(_ text: (Template) -> String) -> KeychainQuery {
        KeychainQuery(service: text(service), account: text(account), accessGroup: accessGroup.map(text), synchronizable: querySynchronizable,
                      accessible: queryAccessible ? accessible ?? .whenUnlocked : nil, generic: generic.map(text))
    }

    /// The class an item a read finds in another is moved to (`upgradeAccessible`); nil: none.
    var upgradeTarget: Accessibility? { upgradeAccessible ? accessible : nil }

    package enum Write: String, Sendable, CaseIterable {
        /// SecItemAdd; on -25299, `onDuplicate`.
        case add
        /// Read first; update when found (or refused with -25308), else add.
        case upsert
    }

    package enum OnDuplicate: String, Sendable, CaseIterable {
        case fail, update
        /// Delete with a query naming neither class nor sync, then add again.
        case deleteAndAdd
    }

    package enum Updates: String, Sendable, CaseIterable {
        /// An update sets the data only.
        case data
        /// An update also sets the class and the sync flag.
        case all
    }

    package init(service: Template = Template("{bundle}"), account: Template, accessible: Accessibility? = nil,
                accessGroup: Template? = nil, synchronizable: Bool = false, queryAccessible: Bool = false,
                querySynchronizable: SyncMatch = .no, write: Write = .add, onDuplicate: OnDuplicate = .update,
                updates: Updates = .data, accessControl: AccessControl? = nil) {
        self.service = service
        self.account = account
        self.accessible = accessible
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
        self.queryAccessible = queryAccessible
        self.querySynchronizable = querySynchronizable
        self.write = write
        self.onDuplicate = onDuplicate
        self.updates = updates
        self.accessControl = accessControl
    }
}

/// A move from a legacy store, once: Amplitude's remnant-data migration guarded by a storage
/// version, Mixpanel's archive files read and deleted, Adjust's Documents → Application Support.
///
/// At a launch where `done` does not hold `value` (or, without `done`, whenever `from` holds a
/// value): `from`'s value is copied to `to` when `to` holds none (or always, with `overwrite`),
/// `from` is deleted with `clear`, and `done` is set to `value`.
package struct RecipeMigration: Sendable, Hashable {
    package var from: String
    package var to: String
    /// The store that records the migration ran, and what it records there.
    package var done: String?
    package var value: String
    package var clear: Bool
    package var overwrite: Bool
    /// Run only while an option holds (the SDK version or mode that has the migration).
    package var option: RecipeCondition.OptionTest?

    package init(from: String, to: String, done: String? = nil, value: String = "1", clear: Bool = false, overwrite: Bool = false,
                option: RecipeCondition.OptionTest? = nil) {
        self.from = from
        self.to = to
        self.done = done
        self.value = value
        self.clear = clear
        self.overwrite = overwrite
        self.option = option
    }
}

/// One ID a recipe keeps: where it comes from, what is written back, and its returned shape.
package struct RecipeID: Sendable, Hashable {
    package var name: String
    package var sources: [RecipeSource]
    package var save: [RecipeSave]
    package var clear: [String]
    package var format: IDFormat?
    package var hash: RecipeHash?
    /// Under `ids:`, this ID's own `cache:` (Meta's SDK keeps the IDFA string for the process,
    /// not its anonymous ID); nil: the recipe's.
    package var cache: Recipe.Cache?

    package init(name: String, sources: [RecipeSource] = [], save: [RecipeSave] = [], clear: [String] = [], format: IDFormat? = nil,
                hash: RecipeHash? = nil) {
        self.name = name
        self.sources = sources
        self.save = save
        self.clear = clear
        self.format = format
        self.hash = hash
    }
}

/// One place the ID may come from: what it reads or makes, when it is asked at all, what a value
/// must be to count, and the shape of a value it makes.
package struct RecipeSource: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A store's value.
        case store(String)
        /// `identifierForVendor` (nil before the first unlock, IDFV-3).
        case idfv
        /// The advertising identifier; the all-zero one counts as no value unless the source
        /// keeps zeros (`keepsZeros`).
        case idfa
        /// A new random UUID (version 4) in the given shape.
        case uuid(IDFormat)
        /// A new time-ordered UUID (version 7, RFC 9562): the simulated clock's milliseconds, then
        /// random bits.
        case uuid7(IDFormat)
        /// A new Firebase installation ID: 22 characters of base64url whose first four bits are 0111.
        case fid
        /// The APNs device token the app was given (APNS-35).
        case apnsToken
        /// Sign in with Apple's user identifier for the app's team (SIWA-43): the same on every
        /// device of the Apple ID and across reinstalls; nothing without an Apple ID, before
        /// iOS 13, or after the user stopped using the Apple ID with the team's apps.
        case appleUserID
        /// A value the SDK's server assigns, in the given shape: only at a launch that reaches the
        /// network (`launch: { app, network: false }` does not). A new one each time it is asked,
        /// unless the source says when the server reissues (`RecipeSource.reissueOn`): then it keeps
        /// a record of what it gave the app on the device, and answers with it until then.
        case server(IDFormat)
        /// The value an ID worked out before this one in the same launch (PostHog seeds its device
        /// ID with its anonymous ID).
        case id(String)
        /// The last value the app's code passed with the call of this name (`call:` steps), else
        /// the app's option of this name: a value the app gives its SDK (Statsig's
        /// `overrideStableID`, CleverTap's custom ID). Kept as given, as a store's value is.
        case supplied(String)
    }

    package var kind: Kind
    /// Asked only when this holds.
    package var condition: RecipeCondition
    /// What a value must be to count; one that fails counts as nothing there.
    package var check: RecipeCheck
    /// The shape of a value the source makes (`$RCAnonymousID:{value}`); nil for a store's. It
    /// takes the value as `shape` left it, and changes nothing else of it.
    package var template: Template?
    /// Letter case and dashes of the value the source gives, whatever it reads or makes (`{ from:
    /// idfv, case: lower, dashes: false }`: CleverTap's `-v` ID), after its check and before its
    /// template; nil keeps the value as it came.
    package var shape: IDFormat?
    /// A server source's record: the events after which the server assigns a new value (none: it
    /// always recognises the device). nil: it keeps no record, and each ask gets a new value.
    package var reissueOn: ServerReissue?
    /// For `idfa`: the all-zero UUID is a value, not nothing (`nonZero: false`). Meta's SDK sends
    /// the zeros it read before the ATT answer as its advertiser ID (FBSDKAppEventsUtility.m:166-170).
    package var keepsZeros = false

    package init(_ kind: Kind, condition: RecipeCondition = RecipeCondition(), check: RecipeCheck = RecipeCheck(), template: Template? = nil) {
        self.kind = kind
        self.condition = condition
        self.check = check
        self.template = template
    }

    package static let idfv = RecipeSource(.idfv)
    package static let idfa = RecipeSource(.idfa)
    package static let fid = RecipeSource(.fid)
    package static let apnsToken = RecipeSource(.apnsToken)
    package static let appleUserID = RecipeSource(.appleUserID)
    package static func store(_ name: String) -> RecipeSource { RecipeSource(.store(name)) }

    /// The name it reports its value under.
    package var name: String {
        switch kind {
        case .store(let name): name
        case .idfv: "idfv"
        case .idfa: "idfa"
        case .uuid: "uuid"
        case .uuid7: "uuid7"
        case .fid: "fid"
        case .apnsToken: "apnsToken"
        case .appleUserID: "appleUserID"
        case .server: "server"
        case .id(let name): name
        case .supplied: "supplied"
        }
    }

    /// The ID it reads, if it reads another ID.
    package var idName: String? {
        if case .id(let name) = kind { return name }
        return nil
    }

    /// The store it reads, if it is a store's.
    package var storeName: String? {
        if case .store(let name) = kind { return name }
        return nil
    }

    /// Whether its value is one the app kept or was given (a store's, another ID's, a supplied
    /// one), taken as it is, rather than one the platform gives or the source makes.
    package var takesAsIs: Bool {
        switch kind {
        case .store, .id, .supplied: true
        default: false
        }
    }

    /// Whether it makes a new value each time it is asked: what `newId` asks of an ID.
    package var makesNewValue: Bool {
        switch kind {
        case .uuid, .uuid7, .fid, .server: true
        default: false
        }
    }
}

/// A call the app's code makes to its SDK (`calls: { NAME: [actions] }`): what it does to the
/// recipe's stores and IDs, in order.
package struct RecipeCall: Sendable, Hashable {
    /// The reserved name of the call that runs at every launch, before the sources (Datadog
    /// deletes its stored ID at start when it does not track anonymous users).
    package static let launch = "launch"

    package var name: String
    package var actions: [RecipeCallAction]

    package init(name: String, actions: [RecipeCallAction]) {
        self.name = name
        self.actions = actions
    }
}

/// One thing a call does, when its condition holds (`if`, `unless` and `when`, as a source's).
package struct RecipeCallAction: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `{ clear: STORE }`: deletes the store's copy; the IDs the process holds stay as they are.
        case clear(store: String)
        /// `{ save: STORE, from: supplied }`: writes the value the call passed.
        case saveSupplied(store: String)
        /// `{ newId: ID }`: the ID gets a new value from its first source that makes one, saved
        /// as its `save:` says.
        case newID(String)
        /// `{ rerun: ID }`: the ID's sources again, as at a launch, past the process's cache.
        case rerun(String)
    }

    package var kind: Kind
    package var condition: RecipeCondition

    package init(_ kind: Kind, condition: RecipeCondition = RecipeCondition()) {
        self.kind = kind
        self.condition = condition
    }
}

/// When a source is asked or a save is made: stores that must all hold a value (`if`), stores
/// none of which may (`unless`), comparisons of a store's value with another value (in either
/// list: `{ store: A, equals: B }`), and an option of the app (`when: { option: NAME }`).
package struct RecipeCondition: Sendable, Hashable {
    package var ifHeld: [String]
    package var unlessHeld: [String]
    /// Comparisons that must all hold (`if`), and comparisons none of which may (`unless`).
    package var ifEqual: [RecipeComparison] = []
    package var unlessEqual: [RecipeComparison] = []
    package var option: OptionTest?

    /// `when: { option: NAME }` holds when the option is true; `when: { option: NAME, is: VALUE }`
    /// when it is that value.
    package struct OptionTest: Sendable, Hashable {
        package var name: String
        package var value: OptionValue?

        package init(name: String, value: OptionValue? = nil) {
            self.name = name
            self.value = value
        }

        package func holds(_ actual: OptionValue?) -> Bool {
            guard let value else {
                switch actual {
                case .bool(let b)?: return b
                case .string(let s)?: return s == "true"
                default: return false
                }
            }
            return actual == value
        }
    }

    package init(ifHeld: [String] = [], unlessHeld: [String] = [], option: OptionTest? = nil) {
        self.ifHeld = ifHeld
        self.unlessHeld = unlessHeld
        self.option = option
    }

    package var isEmpty: Bool { ifHeld.isEmpty && unlessHeld.isEmpty && ifEqual.isEmpty && unlessEqual.isEmpty && option == nil }
}

/// `{ store: A, equals: B }`: store A holds a value, and it is B's: another store's, or a platform
/// source's as the app reads it (`idfv`, `idfa`, `apnsToken`, `appleUserID`), shaped by B's
/// `case` and `dashes` (RudderStack drops a stored anonymousId equal to the lowercased IDFV:
/// `{ store: anon, equals: { from: idfv, case: lower } }`). Nothing equals a missing value.
package struct RecipeComparison: Sendable, Hashable {
    package var store: String
    /// A store's source or a platform source's, with its shape; nothing else of a source applies.
    package var other: RecipeSource

    package init(store: String, equals other: RecipeSource) {
        self.store = store
        self.other = other
    }

    /// The sources B may be: a store's, or one read from the platform (not one that makes a value).
    package static func canCompare(with kind: RecipeSource.Kind) -> Bool {
        switch kind {
        case .store, .idfv, .idfa, .apnsToken, .appleUserID: true
        case .uuid, .uuid7, .fid, .server, .id, .supplied: false
        }
    }
}

/// What a value must be to count (SDKs that validate what they read: Adjust keeps only a UUID,
/// Amplitude skips an all-zero IDFV).
package struct RecipeCheck: Sendable, Hashable {
    /// Only a UUID in its 36-character form (either case) counts.
    package var uuid: Bool
    /// Values that count as nothing. An empty string among them also covers a value of spaces
    /// only (whitespace and line breaks): SDKs test for a blank value after trimming it.
    package var not: [String]
    /// The all-zero UUID (with or without dashes, either case) counts as nothing.
    package var nonZero: Bool

    package init(uuid: Bool = false, not: [String] = [], nonZero: Bool = false) {
        self.uuid = uuid
        self.not = not
        self.nonZero = nonZero
    }

    package var isEmpty: Bool { !uuid && not.isEmpty && !nonZero }

    package func accepts(_ value: String) -> Bool {
        if uuid && !Self.isUUID(value) { return false }
        if nonZero && Self.isZeroUUID(value) { return false }
        if not.contains("") && value.allSatisfy(\.isWhitespace) { return false }
        return !not.contains(value)
    }

    static func isUUID(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if b != UInt8(ascii: "-") { return false }
            } else if !((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)) {
                return false
            }
        }
        return true
    }

    static func isZeroUUID(_ value: String) -> Bool {
        let digits = value.utf8.filter { $0 != UInt8(ascii: "-") }
        return digits.count == 32 && digits.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}

/// A store written after the ID is chosen, and when.
package struct RecipeSave: Sendable, Hashable {
    package var store: String
    package var when: When
    /// Made only when this holds (`if`, `unless`, an option).
    package var condition = RecipeCondition()
    /// Made only at a launch where this source gave the ID (`when: { source: uuid }`), by the name
    /// it reports under: LaunchDarkly 7.x stored the UUID it made, never the IDFV it took first.
    package var source: String?

    package enum When: String, Sendable, CaseIterable {
        /// It held no value (not found: -25300, an absent key or file).
        case missing
        /// It held no value, or its read was refused.
        case missingOrRefused
        /// It does not hold the value to write (missing and refused included).
        case different
        case always
    }

    package init(store: String, when: When = .missing) {
        self.store = store
        self.when = when
    }
}

/// How an ID is written out: letter case and dashes.
package struct IDFormat: Sendable, Hashable {
    package enum Case: String, Sendable, CaseIterable { case lower, upper }

    /// nil keeps the case as it is.
    package var letterCase: Case?
    /// nil keeps the dashes as they are.
    package var dashes: Bool?

    package init(case letterCase: Case? = nil, dashes: Bool? = nil) {
        self.letterCase = letterCase
        self.dashes = dashes
    }

    /// `UUID().uuidString`: uppercase with dashes.
    package static let uuidString = IDFormat(case: .upper, dashes: true)

    package func apply(_ id: String) -> String {
        // IDs are ASCII (UUIDs, hex, base64url): read the bytes where they are, not as Characters,
        // write the shaped ones once into the new string's storage, and keep the ID itself when it
        // already has the shape (a stored value read back, shaped at every launch).
        switch id.utf8.withContiguousStorageIfAvailable(shapedASCII) {
        case .same?: return id
        case .made(let shaped)?: return shaped
        case .notASCII?, nil: break
        }
        var out = id
        if dashes == false { out = out.filter { $0 != "-" } }
        switch letterCase {
        case .lower?: out = out.lowercased()
        case .upper?: out = out.uppercased()
        case nil: break
        }
        return out
    }

    private enum ShapedBytes {
        case same, made(String), notASCII
    }

    /// `bytes` in this shape, when they are all ASCII; the flags are read once, not per byte.
    private func shapedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> ShapedBytes {
        let drop = dashes == false, lower = letterCase == .lower, upper = letterCase == .upper
        let dash = UInt8(ascii: "-")
        // A kept byte in the case asked for: an ASCII letter differs from its other case by one bit.
        func cased(_ byte: UInt8) -> UInt8 {
            lower && byte &- 0x41 < 26 ? byte | 0x20 : upper && byte &- 0x61 < 26 ? byte & ~0x20 : byte
        }
        var changes = 0, dropped = 0
        for byte in bytes {
            if byte >= 0x80 { return .notASCII }
            if drop && byte == dash {
                dropped += 1
            } else if cased(byte) != byte {
                changes += 1
            }
        }
        if changes == 0 && dropped == 0 { return .same }
        return .made(String(unsafeUninitializedCapacity: bytes.count - dropped) { buffer in
            var out = 0
            for byte in bytes where !(drop && byte == dash) {
                buffer[out] = cased(byte)
                out += 1
            }
            return out
        })
    }

    /// A UUID in this shape (dashes kept unless the format drops them).
    func apply(_ uuid: SimUUID) -> String {
        // Written in its shape at once: `uuidString` (uppercase, dashes) unless the format says otherwise.
        uuid.format(dashes: dashes ?? true, upper: letterCase != .lower)
    }
}

/// `hash:`: SHA-256 of `salt:value`, or of the value alone without a salt.
package struct RecipeHash: Sendable, Hashable {
    package var salt: Template?

    package init(salt: Template? = nil) {
        self.salt = salt
    }
}

/// Text with placeholders: `{bundle}`, `{bundleName}`, `{team}`, `{appGroup}` and the recipe's params.
package struct Template: Sendable, Hashable, CustomStringConvertible {
    package let raw: String
    /// Whether `raw` has a `{`: most templates are plain text, and a launch fills them all.
    let hasPlaceholders: Bool
    /// `raw` cut into text and placeholder names once, when there are placeholders: a launch fills
    /// every template it touches, and scanning the text each time was most of a fill.
    private let parts: [Part]

    enum Part: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    package init(_ raw: String) {
        self.raw = raw
        hasPlaceholders = raw.utf8.contains(UInt8(ascii: "{"))
        parts = hasPlaceholders ? Self.parts(of: raw) : []
    }

    /// Text and `{name}`s in order; a `{` with no `}` after it is text.
    private static func parts(of raw: String) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(raw)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return parts
    }

    package var description: String { raw }

    /// The built-in placeholders.
    package static let builtInPlaceholders = ["bundle", "bundleName", "team", "appGroup"]
    /// A store's texts may name a supplied value: `{supplied:NAME}`.
    package static let suppliedPrefix = "supplied:"

    /// The placeholder names it uses, in order.
    package var placeholders: [String] {
        var names: [String] = []
        var rest = Substring(raw)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The text with an app's placeholders filled in.
    func fill(_ placeholders: Placeholders) -> String {
        guard hasPlaceholders else { return raw }
        return fill { placeholders.value($0) }
    }

    /// The text with every placeholder replaced by what `value(name)` gives (unknown ones stay as
    /// written; validation reports them before anything runs).
    func fill(_ value: (String) -> String?) -> String {
        guard hasPlaceholders else { return raw }
        if parts.count == 1, case .placeholder(let name) = parts[0] { return value(name) ?? raw }   // "{bundle}"
        var out = ""
        out.reserveCapacity(raw.utf8.count + 40)
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .placeholder(let name): out += value(name) ?? "{\(name)}"
            }
        }
        return out
    }
}

extension Recipe {
    /// Whether any of its texts uses a placeholder.
    package func usesPlaceholder(_ name: String) -> Bool {
        var templates = stores.flatMap(\.templates)
        for id in ids {
            if let salt = id.hash?.salt { templates.append(salt) }
            templates += id.sources.compactMap(\.template)
        }
        return templates.contains { $0.placeholders.contains(name) }
    }
}
