import Foundation
import IDReports
import IDScenario
import Testing

/// The HTML export in process: what the page holds, and that nothing from a scenario gets out of
/// its text. (A real browser loads it in the CLI tests.)
@Suite("HTML export")
struct HTMLPageTests {
    @Test("the tour's page: every step, the lanes, the duplicate and the verdicts marked, rules linked to their sources")
    func tour() throws {
        let page = try HTMLPage.document(ScenarioLoader.load("tour"))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        for n in 0...32 { #expect(page.contains("id=\"step-\(n)\""), "step \(n)") }
        #expect(page.contains("id=\"end\""))
        #expect(page.contains("<svg id=\"lanes\""))
        // The narration, and step 30's launch marked as a duplicate where it happens.
        #expect(page.contains("<p class=\"narration\">An encrypted backup restored onto a new phone carries the keychain GUID but not the IDFV.</p>"))
        let step30 = try #require(page.range(of: "id=\"step-30\"").map { String(page[$0.lowerBound...].prefix(3000)) })
        #expect(step30.contains("<span class=\"badge dup\">⚠ duplicate</span>"))
        #expect(step30.contains("<li class=\"dup\"><span class=\"mark\">⚠</span> <span class=\"label\">guid</span>"))
        #expect(step30.contains("same as phone&#39;s guid (step 26)"))
        // Verdicts, and a rule with its source.
        #expect(page.contains("<span class=\"badge held\">✔ holds</span>"))
        #expect(page.contains("<a class=\"rule\" href=\"https://"))
        #expect(page.contains(">IDFV-2</a> <span class=\"rule-title\">"))
    }

    @Test("self-contained: a policy that forbids every fetch, no src attribute, no stylesheet link, one script")
    func selfContained() throws {
        let page = try HTMLPage.document(ScenarioLoader.load("b05-icloud-restore-duplicates"))
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline';"))
        #expect(!page.contains(" src="))
        #expect(!page.contains("<link"))
        #expect(!page.contains("url("))
        #expect(page.components(separatedBy: "<script").count == 2)
    }

    @Test("a hostile scenario exports inert: tags, quotes and escape bytes stay text")
    func hostile() throws {
        let text = """
            name: "<script>alert(1)</script> \\"onload=x '\\e[31m"
            description: "</p><img src=x onerror=alert(2)> & \\u0007"
            devices: [{ name: "<b>phone\\"</b>\\u001b]0;pwned\\u0007", os: "17.5" }]
            apps: [{ bundle: com.acme.x, team: ACME1234, strategy: keychain-idfv }]
            steps:
              - install: com.acme.x
              - launch: com.acme.x
                note: "</section><script>alert(3)</script>"
            """
        let page = try HTMLPage.document(ScenarioParser.parse(text, file: "hostile.yaml"))
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("\u{1B}") && !page.contains("\u{07}"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;onload=x &#39;^[[31m"))
        #expect(page.contains("&lt;/section&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
        #expect(page.contains("&lt;b&gt;phone&quot;&lt;/b&gt;^[]0;pwned^G"))
    }
}
