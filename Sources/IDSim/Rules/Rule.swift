/// A stable rule identifier: the area and the rule's number in `identifier-rules.md`'s default set.
public enum RuleID: String, CaseIterable, Hashable, Sendable, Comparable {
    case idfv1 = "IDFV-1", idfv2 = "IDFV-2", idfv3 = "IDFV-3", idfv4 = "IDFV-4", idfv5 = "IDFV-5"
    case idfv6 = "IDFV-6", idfv7 = "IDFV-7"
    case idfa8 = "IDFA-8", idfa9 = "IDFA-9", idfa10 = "IDFA-10", idfa11 = "IDFA-11"
    case att12 = "ATT-12", att13 = "ATT-13", att14 = "ATT-14", att15 = "ATT-15"
    case kc16 = "KC-16", kc17 = "KC-17", kc18 = "KC-18", kc19 = "KC-19", kc20 = "KC-20", kc21 = "KC-21"
    case kc22 = "KC-22", kc22a = "KC-22a"
    case ct23 = "CT-23", ct24 = "CT-24", ct25 = "CT-25"
    case dc26 = "DC-26", dc27 = "DC-27", aa28 = "AA-28"
    case udid29 = "UDID-29", mac30 = "MAC-30", pb31 = "PB-31", sim32 = "SIM-32"
    case ext33 = "EXT-33", clip34 = "CLIP-34", apns35 = "APNS-35"
    case ct36 = "CT-36", kc37 = "KC-37", kvs38 = "KVS-38", ct39 = "CT-39", kc40 = "KC-40"
    case clip41 = "CLIP-41", ct42 = "CT-42", siwa43 = "SIWA-43"

    /// Rules sort in the reference's order (22a right after 22).
    public static func < (a: RuleID, b: RuleID) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Parses "IDFV-2", case-insensitively.
    public init?(parsing text: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else { return nil }
        self = match
    }

    /// The rule's full entry in the registry.
    public var rule: Rule { RuleRegistry.rule(self) }
}

/// How sure the reference is of a rule.
public enum Confidence: String, Sendable, CaseIterable {
    /// Apple documentation, headers, WWDC, Platform Security, or Apple staff.
    case documented
    /// Reported by developers, not confirmed by Apple.
    case observed
    /// Sources disagree or behaviour changed silently; a profile switch gives the alternative.
    case contested
    /// No source found; the simulator assumes it, and a switch gives the alternative.
    case assumption
}

/// One iOS lifecycle rule, as the simulator implements it.
public struct Rule: Sendable, Identifiable {
    public let id: RuleID
    /// A few words for narrow places (the inspector's identity pane).
    public let title: String
    /// What iOS does, in full.
    public let statement: String
    /// The iOS versions it applies to.
    public let versions: String
    public let confidence: Confidence
    /// Where it comes from (see `identifier-rules.md` for the full evidence).
    public let sources: [String]
    /// Profile switches that change this rule.
    public let switches: [String]
}
