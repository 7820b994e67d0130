import Foundation
@testable import IDScenario
import Testing

/// YAML tags: refused, located, unless one of the core tags marks a value of its own type
/// (hardening, round 2: `!!python/object/apply` and `!!binary` were read as plain text).
@Suite("YAML tags")
struct TagTests {
    func errors(_ text: String, file: String = "t.yaml") -> [String] { parseErrors(text, file: file) }

    static let rest = "\ndevices: [{ name: phone, os: \"17.5\" }]\napps: [{ bundle: com.acme.shop, team: ACME1234 }]\nsteps: []\n"

    @Test("any tag but the five core ones is refused where it is written", arguments: [
        ("name: !!python/object/apply:os.system x", "t.yaml:1:7: error: the YAML tag '!!python/object/apply:os.system' is not allowed"),
        ("name: !!binary aGVsbG8=", "t.yaml:1:7: error: the YAML tag '!!binary' is not allowed"),
        ("name: !local x", "t.yaml:1:7: error: the YAML tag '!local' is not allowed"),
        ("name: ! x", "t.yaml:1:7: error: the YAML tag '!' is not allowed"),
        ("name: !<tag:example.com,2000:x> x", "t.yaml:1:7: error: the YAML tag 'tag:example.com,2000:x' is not allowed"),
        ("name: x\nprofile: !!map { keychainOnUninstall: persist }", "t.yaml:2:10: error: the YAML tag '!!map' is not allowed"),
        ("name: !e%1B%5B2J x", "t.yaml:1:7: error: the YAML tag '!e^[[2J' is not allowed"),
    ])
    func refused(_ line: String, _ message: String) {
        let found = errors(line + Self.rest)
        #expect(found.first?.contains(message) == true, "\(found)")
    }

    @Test("a core tag on a value of its type is read as that value; on another value it is an error")
    func coreTags() {
        #expect(errors("name: !!str 12\nseed: !!int 7" + Self.rest) == [])
        #expect(errors("name: x\nseed: !!int seven" + Self.rest) == ["t.yaml:2:7: error: 'seven' is not a value of its tag !!int"])
        #expect(errors("name: x\nseed: !!null" + Self.rest).first?.contains("seed must be a whole number") == true)
        // !!str makes a value a string; an on/off key takes the words quoted or not, so a tagged one too.
        let tagged = errors("name: x\ndevices: [{ name: phone, os: \"17.5\", passcode: !!str off }]\napps: [{ bundle: com.acme.shop, team: ACME1234 }]\nsteps: []\n")
        #expect(tagged == [], "\(tagged)")
        let word = errors("name: x\ndevices: [{ name: phone, os: \"17.5\", passcode: !!str maybe }]\napps: []\nsteps: []\n")
        #expect(word.first?.contains("passcode must be true or false") == true, "\(word)")
        #expect(errors("name: x\ndevices: [{ name: phone, os: \"17.5\", passcode: !!bool yes }]\napps: [{ bundle: com.acme.shop, team: ACME1234 }]\nsteps: []\n") == [])
    }
}
