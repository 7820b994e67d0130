import IDSim
import IDStrategies

/// One kind of store: its keys, and what docs/recipes.md's stores table says of it.
struct StoreKindSpec: Sendable {
    let name: String
    let keys: [RecipeKeySpec]
    /// The table's rows for the kind: words that lead the row's keys, and those keys' names.
    let docsRows: [(lead: String, keys: [String])]
    /// What the simulator does with a store of the kind (the table's last column).
    let does: String
}

extension RecipeKeys {
    static let keychain: [RecipeField<KeychainStore>] = [
        .template("service", \.service, docs: "default `{bundle}`"),
        .template("account", \.account, required: true, docs: ""),
        .choice("accessible", \.accessible, docs: "one of the seven classes; none given means WhenUnlocked"),
        .template("accessGroup", \.accessGroup, docs: "default: the app's first keychain access group, else its own"),
        .bool("synchronizable", \.synchronizable, docs: "default false"),
        .bool("queryAccessible", \.queryAccessible, docs: "the read query names the class too, so an item stored with another class is not found"),
        RecipeField(RecipeKeySpec(name: "querySynchronizable", kind: .boolOr("any"), docs: "`false`, `true`, `any`; default false"),
                    set: { item, value in
                        switch value {
                        case .bool(let b): item.querySynchronizable = b ? .yes : .no
                        case .word("any"): item.querySynchronizable = .any
                        default: break
                        }
                    },
                    get: { item in
                        switch item.querySynchronizable {
                        case .no: nil
                        case .yes: .bool(true)
                        case .any: .word("any")
                        }
                    }),
        .choice("write", \.write, default: .add, docs: "`add`, the default, or `upsert`: read, update if found or refused with -25308, else add"),
        // Written only with `add`: the parser refuses it beside an upsert, which updates what it finds.
        RecipeField(RecipeKeySpec(name: "onDuplicate", kind: .choice(KeychainStore.OnDuplicate.allCases.map(\.rawValue)), docs: """
            after an add fails as a duplicate: `update`, the default, `fail`, or `deleteAndAdd`, whose delete names neither class nor sync
            """),
                    set: { item, value in if case .word(let word) = value, let choice = KeychainStore.OnDuplicate(rawValue: word) { item.onDuplicate = choice } },
                    get: { $0.write == .add && $0.onDuplicate != .update ? .word($0.onDuplicate.rawValue) : nil }),
        .choice("updates", \.updates, default: .data, docs: "`data`, the default, or `all`: an update also sets class and sync"),
        .choice("accessControl", \.accessControl, docs: "`userPresence`, `biometryAny`, `biometryCurrentSet` or `devicePasscode`; default none"),
        .template("generic", \.generic, docs: """
            a text, placeholders filled: `kSecAttrGeneric`, set on an add and named by every query of the store, so an item without \
            it, or with another, is not found; it is not part of the item's key, so an add beside such an item is a duplicate
            """),
        .bool("upgradeAccessible", \.upgradeAccessible, docs: """
            `true`: an item a read finds with another class is updated to `accessible`, which it then needs, keeping its data, as \
            Airship moves its items to AfterFirstUnlockThisDeviceOnly
            """),
    ]

    static let defaults: [RecipeField<DefaultsStoreFields>] = [
        .template("key", \.key, required: true, docs: ""),
        .template("suite", \.suite, docs: "an App Group's name shares it with the group's apps; another name is a private suite"),
        .scalar("value", \.value, docs: "written instead of the ID: a flag like `true`"),
    ]

    static let file: [RecipeField<FileStoreFields>] = [
        .template("path", \.path, required: true, docs: "in the app's container"),
        .template("key", \.key, docs: """
            the value is one entry of a file that keeps several, as an SDK's preferences file does: Branch's BNCPreferences
            """),
        .bool("backup", \.backup, default: true, docs: "default true; false sets `isExcludedFromBackup`"),
        .template("group", \.group, docs: """
            an App Group of the app, like `"{appGroup}"`: the file is in the group's shared container instead, as PostHog keeps it \
            with `appGroupIdentifier`
            """),
        .choice("protection", \.protection, default: .default, docs: """
            its data-protection class: `complete`, `completeUnlessOpen`, `completeUntilFirstUserAuthentication`, the default as in \
            iOS, or `none`
            """),
    ]

    static let icloud: [RecipeField<ICloudStoreFields>] = [
        .template("key", \.key, required: true, docs: ""),
        .template("store", \.store, docs: ""),
    ]

    static let pasteboard: [RecipeField<PasteboardStoreFields>] = [.template("name", \.name, required: true, docs: "")]

    /// The kinds of store, in the order the schema and the docs list them.
    static let storeKinds: [StoreKindSpec] = [
        StoreKindSpec(name: "keychain", keys: keychain.map(\.spec), docsRows: [
            ("", ["service", "account", "accessible", "accessGroup", "synchronizable", "accessControl"]),
            ("reads: ", ["queryAccessible", "querySynchronizable", "upgradeAccessible"]),
            ("", ["generic"]),
            ("writes: ", ["write", "onDuplicate", "updates"]),
        ], does: """
            a generic-password item; class, group, sync and the device's lock state decide what survives and what is refused (KC \
            rules). With `accessControl` it is read only with the user there (a background or prewarm launch gets \
            errSecInteractionNotAllowed), never reaches another device, and a `biometryChange` step invalidates a \
            `biometryCurrentSet` item (KC-40)
            """),
        StoreKindSpec(name: "defaults", keys: defaults.map(\.spec), docsRows: [("", defaults.names())], does: """
            in the app's container (private) or the group's; restored from any backup; an App Group's suite outlives the app until \
            the group's last app goes (CT-36)
            """),
        StoreKindSpec(name: "file", keys: file.map(\.spec), docsRows: [("", ["path", "backup", "group", "key", "protection"])], does: """
            gone with the app; back after a restore only if it was backed up. A path under `Library/Caches/` or `tmp/` is never \
            backed up, and the `purgeCaches` event (the system freeing space) deletes it while the app is not running (CT-39): \
            sentry-cocoa keeps its installation ID there. A file in an App Group's container is read and written by every app of \
            the group and goes with the group's last app (CT-36). Entries of one keyed file share it: a write rewrites the file with \
            its own entry changed, a clear removes the entry and the file goes with its last; the stores on one file are all entries \
            (each its own `key`, one `backup`, at most 64 of them, as each write rewrites the file whole) or all plain, and the \
            contents are `key=value` lines in key order (the simulator's format, not a real archive's). The class decides when the \
            file opens (CT-42): `complete` only while the device is unlocked, so a launch while it is locked reads nothing and \
            cannot write; `completeUnlessOpen` the same, except that a new file can be created while locked; the default from the \
            first unlock after a boot on (CT-25); `none` always. Entries of one keyed file share one class
            """),
        StoreKindSpec(name: "icloud", keys: icloud.map(\.spec), docsRows: [("", icloud.names())], does: """
            `NSUbiquitousKeyValueStore`: on the Apple ID, seen by every device signed in; with no account, kept on the device (in \
            the app's container) until a sign-in reconciles it (KVS-38); `store` names the key-value store identifier of the app's \
            entitlement (`com.apple.developer.ubiquity-kvstore-identifier`, under the app's Team ID: `com.acme.shared` is \
            `ACME1234.com.acme.shared`), which two apps of a team naming it share; without it, the app's own store
            """),
        StoreKindSpec(name: "pasteboard", keys: pasteboard.map(\.spec), docsRows: [("", pasteboard.names())], does: """
            a named pasteboard: persistent before iOS 10, gone with the process from iOS 10 (PB-31)
            """),
    ]

    static let storeKindNames = storeKinds.map(\.name)
}

/// A `defaults` store's fields, as its keys set them (`RecipeStore.Kind.defaults`).
struct DefaultsStoreFields: Sendable {
    var key = Template("")
    var suite: Template?
    var value: String?

    init() {}

    init?(_ kind: RecipeStore.Kind) {
        guard case .defaults(let key, let suite, let value) = kind else { return nil }
        (self.key, self.suite, self.value) = (key, suite, value)
    }

    var kind: RecipeStore.Kind { .defaults(key: key, suite: suite, value: value) }
}

/// A `file` store's fields (`RecipeStore.Kind.file`).
struct FileStoreFields: Sendable {
    var path = Template("")
    var backup = true
    var group: Template?
    var key: Template?
    var protection = FileProtection.default

    init() {}

    init?(_ kind: RecipeStore.Kind) {
        guard case .file(let path, let backup, let group, let key, let protection) = kind else { return nil }
        (self.path, self.backup, self.group, self.key, self.protection) = (path, backup, group, key, protection)
    }

    var kind: RecipeStore.Kind { .file(path: path, backup: backup, group: group, key: key, protection: protection) }
}

/// An `icloud` store's fields (`RecipeStore.Kind.icloud`).
struct ICloudStoreFields: Sendable {
    var key = Template("")
    var store: Template?

    init() {}

    init?(_ kind: RecipeStore.Kind) {
        guard case .icloud(let key, let store) = kind else { return nil }
        (self.key, self.store) = (key, store)
    }

    var kind: RecipeStore.Kind { .icloud(key: key, store: store) }
}

/// A `pasteboard` store's field (`RecipeStore.Kind.pasteboard`).
struct PasteboardStoreFields: Sendable {
    var name = Template("")

    init() {}

    init?(_ kind: RecipeStore.Kind) {
        guard case .pasteboard(let name) = kind else { return nil }
        self.name = name
    }

    var kind: RecipeStore.Kind { .pasteboard(name: name) }
}
