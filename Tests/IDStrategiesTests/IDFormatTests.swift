@testable import IDSim
@testable import IDStrategies
import Testing

/// `IDFormat`: an ID's case and dashes, applied to every ID a recipe returns and to every
/// value a source shapes. Its byte-level path is checked against the Character-level one
/// written out here (String's own `lowercased()`, `uppercased()` and a filter), on IDs of
/// every kind a recipe meets, in every format.
@Suite("ID formats")
struct IDFormatTests {
    static let formats: [IDFormat] = {
        let cases: [IDFormat.Case?] = [nil, .lower, .upper], dashes: [Bool?] = [nil, true, false]
        return cases.flatMap { letterCase in dashes.map { IDFormat(case: letterCase, dashes: $0) } }
    }()

    static let ids = [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "e621e1f8c36c495a93fc0c247a3e6e5f",
        "Ab-Cd_ef~09", "-", "--", "", "Z", "a",
        // Beyond ASCII: the Character path (a letter whose case changes its length, an accent).
        "straße-ID", "Émile-7", "x-😀-Y",
    ]

    func expected(_ id: String, _ format: IDFormat) -> String {
        var out = format.dashes == false ? id.filter { $0 != "-" } : id
        if format.letterCase == .lower { out = out.lowercased() }
        if format.letterCase == .upper { out = out.uppercased() }
        return out
    }

    @Test("every format gives what String's own case and a filter give, for ASCII IDs and others")
    func matchesCharacterLevel() {
        for format in Self.formats {
            for id in Self.ids {
                #expect(format.apply(id) == expected(id, format), "\(format) on \(id)")
            }
        }
    }

    @Test("a UUID is written in the format at once, as its uuidString shaped")
    func uuids() {
        let uuids = [SimUUID(high: 0xE621_E1F8_C36C_495A, low: 0x93FC_0C24_7A3E_6E5F), .zero, SimUUID(high: .max, low: 1)]
        for format in Self.formats {
            for uuid in uuids {
                #expect(format.apply(uuid) == expected(uuid.uuidString, format), "\(format) on \(uuid.uuidString)")
            }
        }
    }

    @Test("an ID already in the format comes back equal, and bytes past the first change are all shaped")
    func alreadyShaped() {
        let lowerCompact = IDFormat(case: .lower, dashes: false)
        #expect(lowerCompact.apply("e621e1f8c36c495a93fc0c247a3e6e5f") == "e621e1f8c36c495a93fc0c247a3e6e5f")
        #expect(lowerCompact.apply("e621e1f8c36c495a93fc0c247a3e6e5F") == "e621e1f8c36c495a93fc0c247a3e6e5f")
        #expect(lowerCompact.apply("-e621e1f8c36c495a93fc0c247a3e6e5f-") == "e621e1f8c36c495a93fc0c247a3e6e5f")
        #expect(IDFormat.uuidString.apply("e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }
}
