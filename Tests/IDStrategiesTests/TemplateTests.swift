@testable import IDStrategies
import Testing

/// `Template`: text with `{placeholders}`, cut into parts once and filled at every launch.
@Suite("Recipe templates")
struct TemplateTests {
    func filled(_ raw: String) -> String {
        Template(raw).fill { ["team": "ACME1234", "bundle": "com.acme.shop", "empty": ""][$0] }
    }

    @Test("placeholders anywhere are filled; unknown ones and unclosed braces stay as written")
    func fill() {
        #expect(filled("{team}.com.cnblogs.smileEvday") == "ACME1234.com.cnblogs.smileEvday")
        #expect(filled("{bundle}") == "com.acme.shop")
        #expect(filled("a-{team}-{bundle}-z") == "a-ACME1234-com.acme.shop-z")
        #expect(filled("{team}{bundle}") == "ACME1234com.acme.shop")
        #expect(filled("x{empty}y") == "xy")
        #expect(filled("{nope}") == "{nope}" && filled("a{nope}b") == "a{nope}b")
        #expect(filled("a{team") == "a{team" && filled("plain") == "plain" && filled("") == "")
        #expect(filled("{team}}") == "ACME1234}")
        #expect(Template("a-{team}-{bundle}").placeholders == ["team", "bundle"])
        #expect(Template("{a}") == Template("{a}") && Template("{a}") != Template("{b}"))
    }
}
