import IDSim

/// id-kit, the uni-app UTS plugin idscope starts from: IDFA (ATT-gated, consent-gated, all
/// zeros counting as unavailable), IDFV, and a GUID in the keychain; a policy that orders them;
/// each reported with availability, a salted SHA-256 and optionally the raw value.
package struct IDKit: IDStrategy {
    package static let name = "id-kit"
    package static let summary = "the uni-app id-kit plugin: IDFA → IDFV → keychain GUID by policy, salted SHA-256"
    package static let service = "uts.sdk.modules.idKit"
    package static let account = "device.guid"

    enum Policy: String, CaseIterable {
        case global, cn, strict

        /// The sources the policy allows, in the order `best` is chosen.
        var order: [String] {
            switch self {
            case .global: ["idfa", "idfv", "guid"]
            case .cn, .strict: ["idfv", "guid"]
            }
        }
    }

    package static let options: [StrategyOption] = [
        StrategyOption("policy", .choice(Policy.allCases.map(\.rawValue)), default: .string("global"),
                       "global: idfa → idfv → guid; cn and strict: idfv → guid"),
        StrategyOption("salt", .string, default: .string(""), "prefixed as SALT: to each value before hashing (setSalt)"),
        StrategyOption("strict", .bool, default: .bool(false), "strict mode: never read the IDFA (setStrictMode)"),
        StrategyOption("exposeRaw", .bool, default: .bool(false), "include each raw value in the result"),
        StrategyOption("include", .list(of: ["idfa", "idfv", "guid"]), default: nil, "the sources to read (default: the policy's)"),
        StrategyOption("prefer", .list(of: ["idfa", "idfv", "guid"]), default: nil,
                       "accepted like the plugin's; as in the plugin, the policy's order decides best"),
    ]
    package static let valueNames = ["idfa", "idfv", "guid"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        [StoreDescription(.advertisingIdentifier, "ASIdentifierManager.advertisingIdentifier"),
         StoreDescription(.platform, "UIDevice.identifierForVendor"),
         StoreDescription(.keychain, service, account: account, accessible: .afterFirstUnlock)]
    }

    let policy: Policy
    let salt: String
    let strict: Bool
    let exposeRaw: Bool
    let include: [String]?

    package init(options: [String: OptionValue]) {
        let reader = OptionReader(values: options)
        policy = reader.string("policy").flatMap(Policy.init(rawValue:)) ?? .global
        salt = reader.string("salt") ?? ""
        strict = reader.bool("strict", default: false)
        exposeRaw = reader.bool("exposeRaw", default: false)
        include = reader.list("include")
    }

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes = LaunchNotes(for: os)
        let consent = os.consentGiven
        let strictMode = strict || policy == .strict
        let sources = policy.order.filter { include?.contains($0) ?? true }

        var idfa: (raw: String?, value: String?)?
        if sources.contains("idfa") {
            // Read only with consent and outside strict mode, and never prompting; zeros = unavailable.
            if consent && !strictMode {
                let raw = os.advertisingIdentifier()
                idfa = (raw?.uuidString, raw.flatMap { $0.isZero ? nil : $0.uuidString })
            } else {
                idfa = (nil, nil)
            }
        }
        var idfv: String?
        if sources.contains("idfv") { idfv = os.identifierForVendor()?.uuidString }
        var guid: String?
        if sources.contains("guid") { guid = Self.keychainGUID(&os, &notes) }

        // The first source in the policy's order that has a value.
        func available(_ source: String) -> String? {
            switch source {
            case "idfa": idfa?.value
            case "idfv": idfv
            case "guid": guid
            default: nil
            }
        }
        let best = sources.first { available($0) != nil }
        return LaunchReport(primaryID: best.flatMap(available), best: best ?? "none",
                            values: [NamedValue("idfa", idfa?.raw), NamedValue("idfv", idfv), NamedValue("guid", guid)],
                            result: notes.inFull ? result(idfa: idfa, idfv: idfv, guid: guid, sources: sources, best: best,
                                                          limited: strictMode ? true : (consent && idfa?.value == nil ? true : nil))
                                                 : .null,
                            notes: notes.lines)
    }

    /// `{idfa, idfv, guid, best}`, each source as `idValue` (with its hash) or null when not read.
    func result(idfa: (raw: String?, value: String?)?, idfv: String?, guid: String?, sources: [String], best: String?,
                limited: Bool?) -> StructuredValue {
        .object([
            .init("idfa", idfa.map { idValue("idfa", $0.value, limited: limited, message: nil) } ?? .null),
            .init("idfv", sources.contains("idfv") ? idValue("idfv", idfv, limited: nil, message: idfv == nil ? "no identifierForVendor" : nil) : .null),
            .init("guid", sources.contains("guid") ? idValue("guid", guid, limited: nil, message: nil) : .null),
            .init("best", .optional(best)),
        ])
    }

    /// The plugin's `getKeychainUUID`: on any failure to read, a new UUID, saved if possible,
    /// and returned even when saving failed (as before first unlock).
    static func keychainGUID(_ os: inout AppOS, _ notes: inout LaunchNotes) -> String {
        let (stored, status) = os.readPassword(service: service, account: account)
        if let stored { return stored }
        notes.keychain("read", status)
        let fresh = os.newUUID().uuidString
        notes.keychain("write", os.savePassword(fresh, service: service, account: account, accessible: .afterFirstUnlock))
        return fresh
    }

    /// `{source, available, limited, value, hash, message}`.
    func idValue(_ source: String, _ value: String?, limited: Bool?, message: String?) -> StructuredValue {
        .object([
            .init("source", .string(source)),
            .init("available", .bool(value != nil)),
            .init("limited", limited.map(StructuredValue.bool) ?? .null),
            .init("value", exposeRaw ? .optional(value) : .null),
            .init("hash", .optional(value.map { sha256Hex(salt.isEmpty ? $0 : salt + ":" + $0) })),
            .init("message", .optional(message)),
        ])
    }
}
