import IDSim
import Testing
@testable import IDServe

/// The request body reader and the router: what a byte of input turns into.
@Suite struct RequestReadingTests {
    @Test func flatJSONKeepsEachMembersType() throws {
        let members = try #require(FlatJSON.object(Array(#" { "s": "a\"b\\c\u00e9\ud83d\ude00", "i": -12, "f": 1.5, "e": 1e3, "t": true, "n": null, "o": {"x": [1, {"y": []}]} } "#.utf8)))
        #expect(members["s"] == .string("a\"b\\cé😀"))
        #expect(members["i"] == .integer(-12))
        #expect(members["f"] == .number(1.5))
        #expect(members["e"] == .number(1000))
        #expect(members["t"] == .bool(true))
        #expect(members["n"] == .null)
        #expect(members["o"] == .nested)
        #expect(FlatJSON.object(Array("{}".utf8))?.isEmpty == true)
    }

    @Test(arguments: [#"{"a": 1"#, #"{"a" 1}"#, #"{"a": 01}"#, #"{"a": 1.}"#, #"{"a": tru}"#, #"{"a": "\x"}"#, #"{"a": "\ud800"}"#,
                      "{\"a\": \"\u{1}\"}", #"{"a": 1} x"#, "[1]", "", #"{"a": [1,]}"#, #"{a: 1}"#, #"{"a": 1,}"#])
    func flatJSONRefusesWhatIsNotOneObject(_ text: String) {
        #expect(FlatJSON.object(Array(text.utf8)) == nil)
    }

    @Test func nestingPastTheLimitIsRefusedNotRecursedInto() {
        let deep = #"{"a": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(FlatJSON.object(Array(deep.utf8)) == nil)
    }

    @Test func routesNameAppleAndIdscopePathsAndNothingElse() {
        #expect(Route.matching("/v1/query_two_bits") == .deviceCheck(.query, .production))
        #expect(Route.matching("/development/v1/update_two_bits?x=1") == .deviceCheck(.update, .development))
        #expect(Route.matching("/v1/validate_device_token") == .deviceCheck(.validate, .production))
        #expect(Route.matching("/idscope/tokens") == .tokens)
        #expect(Route.matching("/idscope/steps")?.method == "POST")
        for path in ["/", "/v1/", "/v1/query_two_bits/", "/development/query_two_bits", "/V1/query_two_bits", "/idscope"] {
            #expect(Route.matching(Substring(path)) == nil, "\(path)")
        }
    }
}
