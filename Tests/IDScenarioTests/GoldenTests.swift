import Foundation
import IDReports
import IDScenario
import Testing

/// `run --format jsonl` of a few scenarios, byte for byte: determinism end to end.
@Suite("Golden jsonl")
struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func jsonl(_ name: String) throws -> String {
        let scenario = try ScenarioLoader.load(name)
        var writer = JSONLWriter(scenario)
        var out = ""
        try Session.run(scenario) { out += writer.line(for: $0) + "\n" }
        return out
    }

    @Test("jsonl output matches the golden files", arguments: ["tour", "b05-icloud-restore-duplicates", "b11-prewarm-before-unlock"])
    func matchesGolden(name: String) throws {
        let url = Self.folder.appendingPathComponent(name + ".jsonl")
        let actual = try Self.jsonl(name)
        if ProcessInfo.processInfo.environment["IDSCOPE_RECORD_SNAPSHOTS"] != nil || !FileManager.default.fileExists(atPath: url.path) {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded a new golden file \(url.lastPathComponent); run again to compare")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "run with IDSCOPE_RECORD_SNAPSHOTS=1 after an intended change")
    }

    @Test("each jsonl line is one JSON object in the contract's shape")
    func shape() throws {
        let lines = try Self.jsonl("b01-reinstall-resets-idfv").split(separator: "\n")
        #expect(lines.count == 7)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["step"] is Int && object?["changes"] is [Any] && object?["devices"] is [String: Any])
        }
        let launch = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
        let app = ((launch["devices"] as! [String: Any])["phone"] as! [String: Any])["apps"] as! [String: Any]
        let shop = app["com.acme.shop"] as! [String: Any]
        #expect(shop["state"] as? String == "installed")
        #expect(shop["idfa"] as? String == "00000000-0000-0000-0000-000000000000")
        let record = shop["launch"] as! [String: Any]
        #expect(record["step"] as? Int == 2)
        #expect(record["best"] as? String == "idfv")
        let result = record["result"] as! [String: Any]
        let idfv = result["idfv"] as! [String: Any]
        #expect(Set(idfv.keys) == ["source", "available", "limited", "value", "hash", "message"])
        let install = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        let change = (install["changes"] as! [[String: Any]]).first { ($0["rule"] as? String) == "IDFV-2" }
        #expect((change?["subject"] as? String) == "idfv:phone:team:ACME1234")
    }
}
