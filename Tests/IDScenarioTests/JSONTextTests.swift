import Foundation
import IDScenario
import IDSim
import Testing

/// The one JSON writer, read back by Foundation's parser: what it writes is the value it was given.
@Suite("JSON writer")
struct JSONTextTests {
    static let value = StructuredValue.object([
        .init("name", .string("a \"quoted\" \\ name\n\u{1B}[31m\u{2028}")),
        .init("count", .int(-42)),
        .init("seed", .unsigned(UInt64.max)),
        .init("flags", .array([.bool(true), .bool(false)])),
        .init("words", .array(["one", "two"].map(StructuredValue.string))),
        .init("nothing", .null),
        .init("empty", .object([])),
        .init("nested", .object([.init("list", .array([.int(1), .object([.init("z", .string("last"))])]))])),
    ])

    @Test("one line and indented read back to the same value, keys in the order given")
    func roundTrip() throws {
        for text in [JSONText.encode(Self.value), JSONText.pretty(Self.value)] {
            let read = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
            #expect(read["name"] as? String == "a \"quoted\" \\ name\n\u{1B}[31m\u{2028}")
            #expect(read["count"] as? Int == -42)
            #expect((read["seed"] as? NSNumber)?.uint64Value == UInt64.max)
            #expect(read["flags"] as? [Bool] == [true, false])
            #expect(read["words"] as? [String] == ["one", "two"])
            #expect(read["nothing"] is NSNull)
            #expect((read["empty"] as? NSDictionary)?.count == 0)
            let nested = try #require((read["nested"] as? NSDictionary)?["list"] as? [Any])
            #expect(nested.first as? Int == 1 && (nested.last as? NSDictionary)?["z"] as? String == "last")
            // The order given, not a sorted one.
            let keys = ["name", "count", "seed", "flags", "words", "nothing", "empty", "nested"]
            let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted())
        }
    }

    @Test("the layouts: one line with \", \" and \": \"; indented two spaces, a short list of words on one line")
    func layouts() {
        let small = StructuredValue.object([.init("a", .int(1)), .init("b", .array([.string("x"), .string("y")])), .init("c", .object([]))])
        #expect(JSONText.encode(small) == #"{"a": 1, "b": ["x", "y"], "c": {}}"#)
        #expect(JSONText.pretty(small) == "{\n  \"a\": 1,\n  \"b\": [\"x\", \"y\"],\n  \"c\": {}\n}")
        let numbers = StructuredValue.array([.int(1), .int(2)])
        #expect(JSONText.pretty(numbers) == "[\n  1,\n  2\n]")
        // Controls and the line separators YAML would break at are \u escapes.
        #expect(JSONText.encode(.string("\u{7}\u{2028}")) == #""\u0007\u2028""#)
    }

    @Test("an object opened for a streamed last member reads back once the caller closes it")
    func opening() throws {
        let opened = JSONText.objectOpening([("a", "1"), ("b", JSONText.string("x"))], last: "rest") + "{\"c\": true}}"
        #expect(opened == #"{"a": 1, "b": "x", "rest": {"c": true}}"#)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(opened.utf8)) as? NSDictionary)
        #expect(read["a"] as? Int == 1 && (read["rest"] as? NSDictionary)?["c"] as? Bool == true)
        // With nothing before it, no stray comma.
        let alone = JSONText.objectOpening([], last: "rest") + "[]}"
        #expect(alone == #"{"rest": []}"#)
        #expect(try JSONSerialization.jsonObject(with: Data(alone.utf8)) is NSDictionary)
    }
}
