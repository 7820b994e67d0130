import IDSim

/// OpenUDID (historical): an ID kept in UserDefaults and in up to 100 named persistent
/// pasteboards shared by every OpenUDID app; the most frequent value across the slots wins.
/// iOS 7 scoped named pasteboards to the team and iOS 10 ended their persistence, which is
/// what broke it.
package struct OpenUDID: IDStrategy {
    package static let name = "openudid"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "OpenUDID (historical): UserDefaults + 100 named pasteboard slots, majority vote"
    static let defaultsKey = "OpenUDID"
    static let slotCount = 100

    static func slotName(_ i: Int) -> String { slotNames[i] }
    /// Made once: a launch reads every slot (explore tries millions of launches).
    private static let slotNames = (0..<slotCount).map { "org.OpenUDID.slot.\($0)" }

    package static let options: [StrategyOption] = []
    package static let valueNames = ["openudid"]

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        [StoreDescription(.userDefaults, defaultsKey), StoreDescription(.pasteboard, "org.OpenUDID.slot.0…99")]
    }

    package init(options: [String: OptionValue]) {}

    package func launch(_ os: inout AppOS) -> LaunchReport {
        var notes: [String] = []
        let local = os.defaultsString(forKey: Self.defaultsKey).map(Self.parse)
        let appUID = local?.owner ?? os.newUUID().compactLowercase
        var counts: [String: Int] = [:]
        var firstSeen: [String] = []
        var mySlot: Int?
        var emptySlot: Int?
        for i in 0..<Self.slotCount {
            guard let raw = os.namedPasteboardString(Self.slotName(i)) else {
                if emptySlot == nil { emptySlot = i }
                continue
            }
            let slot = Self.parse(raw)
            if counts[slot.id] == nil { firstSeen.append(slot.id) }
            counts[slot.id, default: 0] += 1
            if slot.owner == appUID { mySlot = i }
        }
        // The value most slots agree on (the first seen wins a tie).
        var winner: String?
        for id in firstSeen where winner == nil || counts[id]! > counts[winner!]! { winner = id }
        let openudid = winner ?? local?.id ?? (os.newUUID().compactLowercase + String(os.newUUID().compactLowercase.prefix(8)))
        if os.reportsInFull, let local, let winner, local.id != winner { notes.append("kOpenUDIDErrorCompromised: local copy differs from the slots") }
        let record = openudid + "|" + appUID
        os.setDefaults(record, forKey: Self.defaultsKey)
        if let slot = mySlot ?? emptySlot {
            os.setNamedPasteboard(Self.slotName(slot), value: record, persistent: true)
        }
        return LaunchReport(primaryID: openudid, values: [NamedValue("openudid", openudid)],
                            result: os.reportsInFull ? .object([.init("openudid", .string(openudid))]) : .null, notes: notes)
    }

    /// "ID|APPUID" → its parts.
    static func parse(_ raw: String) -> (id: String, owner: String) {
        let parts = raw.split(separator: "|", maxSplits: 1)
        return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
    }
}
