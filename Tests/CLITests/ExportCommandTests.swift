import Foundation
import IDReports
import IDScenario
import TestSupport
import Testing

/// `idscope export`: the page in a real browser and through tidy, the recording through
/// asciinema, and the arguments' errors.
@Suite("export")
struct ExportCommandTests {
    static let chromium = Host.tool("chromium")
    static let tidy = Host.tool("tidy")
    static let asciinema = Host.tool("asciinema")

    /// The tour exported to a file in a fresh folder.
    static func exportTour(_ format: String, _ extra: [String] = []) throws -> URL {
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("tour." + format)
        let result = try CLI.run(["export", "tour", "--format", format, "-o", file.path] + extra)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return file
    }

    @Test("headless Chromium loads the page: every step in the DOM, the lanes drawn, the duplicate marked, the script ran; a screenshot is taken",
          .enabled(if: chromium != nil, "chromium is not installed (.ci/run installs it)"))
    func browser() throws {
        let page = try Self.exportTour("html")
        let folder = page.deletingLastPathComponent()
        // As root (CI), Chromium needs --no-sandbox; the profile stays in the test's folder.
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder.appendingPathComponent("profile").path]
        let dom = try CLI.launch(URL(fileURLWithPath: Self.chromium!), flags + ["--dump-dom", page.absoluteString], environment: [:], timeout: 120)
        #expect(dom.status == 0)
        let html = dom.stdout
        for n in 0...32 { #expect(html.contains("id=\"step-\(n)\""), "step \(n) in the DOM") }
        #expect(html.contains("<svg id=\"lanes\""))
        #expect(html.contains("class=\"badge dup\""))
        // The page's script ran in the browser: it outlined the first step.
        #expect(html.contains("class=\"step current\" id=\"step-0\""))
        let shot = folder.appendingPathComponent("page.png")
        let screenshot = try CLI.launch(URL(fileURLWithPath: Self.chromium!),
                                        flags + ["--window-size=1280,2000", "--screenshot=" + shot.path, page.absoluteString],
                                        environment: [:], timeout: 120)
        #expect(screenshot.status == 0)
        let png = try Data(contentsOf: shot)
        #expect(png.count > 10_000 && png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    /// Three phones: an encrypted backup carries the old phone's ID to the new phone, an
    /// unencrypted one to the third does not; the vendor's IDFVs differ on every phone.
    static let threePhones = """
        name: three phones
        devices:
          - { name: oldphone, os: "17.5", passcode: true }
          - { name: newphone, os: "17.5", passcode: true }
          - { name: thirdphone, os: "17.5", passcode: true }
        apps: [{ bundle: com.acme.app, team: ACME1234, strategy: keychain-idfv }]
        steps:
          - install: com.acme.app
          - launch: com.acme.app
          - backup: { kind: encrypted, as: enc }
          - backup: { kind: unencrypted, as: plain }
          - restore: enc
            device: newphone
          - launch: com.acme.app
            device: newphone
          - restore: plain
            device: thirdphone
          - launch: com.acme.app
            device: thirdphone
          - uninstall: com.acme.app
        """

    /// Every match of a pattern's first two groups (an unmatched group as ""), each within a line.
    static func pairs(_ pattern: String, in text: String) throws -> [(String, String)] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let group = { (n: Int) in Range(match.range(at: n), in: text).map { String(text[$0]) } ?? "" }
            return (group(1), group(2))
        }
    }

    @Test("in Chromium the chart marks values, not rows: one mark per value across every lane and device, as the launches replayed say",
          .enabled(if: chromium != nil, "chromium is not installed (.ci/run installs it)"))
    func chartMarksByValue() throws {
        let folder = TemporaryDirectory.make()
        let scenario = folder.appendingPathComponent("three.yaml"), page = folder.appendingPathComponent("three.html")
        try Self.threePhones.write(to: scenario, atomically: true, encoding: .utf8)
        let export = try CLI.run(["export", scenario.path, "--format", "html", "-o", page.path])
        #expect(export.status == 0, "\(export.stderr)")
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder.appendingPathComponent("profile").path]
        let dom = try CLI.launch(URL(fileURLWithPath: Self.chromium!), flags + ["--dump-dom", page.absoluteString], environment: [:], timeout: 120)
        #expect(dom.status == 0)
        // What the browser drew: each bar's value and the letter shown on it.
        let bars = try Self.pairs("<g class=\"bar\" data-value=\"([^\"]+)\" data-mark=\"[^\"]+\"><title>.*?</title><rect[^>]*>(?:</rect>)?(?:<text class=\"letter\"[^>]*>([^<]+)</text>)?</g>", in: dom.stdout)
        #expect(!bars.isEmpty)
        var markOf: [String: String] = [:], valueOf: [String: String] = [:]
        for (value, letter) in bars where !letter.isEmpty {
            #expect(markOf[value, default: letter] == letter, "one mark per value: \(value)")
            #expect(valueOf[letter, default: value] == value, "never one mark for two values: \(letter)")
            markOf[value] = letter
            valueOf[letter] = value
        }
        // The launches replayed: the old and new phones' ids are one value, the third phone's another.
        let run = try CLI.run(["run", scenario.path, "--format", "jsonl", "--changes-only"])
        let launched = try Self.pairs("\"event\": \"launch\", \"device\": \"([a-z]+)\".*?\"launch\": \\{\"step\": [0-9]+, \"id\": \"([^\"]+)\"", in: run.stdout)
        var id: [String: String] = [:]
        for (device, value) in launched { id[device] = value }
        let old = try #require(id["oldphone"]), new = try #require(id["newphone"]), third = try #require(id["thirdphone"])
        #expect(old == new && old != third)
        #expect(markOf[old] != nil && markOf[old] == markOf[new])
        #expect(markOf[third] != nil && markOf[third] != markOf[old])
        // The legend keys every mark by its value.
        let legend = try Self.pairs("<li data-mark=\"([^\"]+)\" data-value=\"([^\"]+)\">", in: dom.stdout)
        #expect(legend.count == Set(legend.map(\.1)).count && legend.count == Set(legend.map(\.0)).count)
        for (letter, value) in legend where markOf[value] != nil { #expect(markOf[value] == letter) }
        // The third phone's launch is marked lost on the chart, and its step says so.
        #expect(dom.stdout.contains("lost: was \(old.prefix(4))…\(old.suffix(4)) on oldphone (step 2), after the restore at step 7"))
    }

    /// The three phones, then round after round of reinstalls and restores: 263 steps, with
    /// duplicates, lost IDs and a narration that needs escaping in every window.
    static func longStory() -> String {
        var text = threePhones + "\n"
        for round in 1...36 {
            text += """
                  - launch: com.acme.app
                    device: newphone
                  - uninstall: com.acme.app
                    device: thirdphone
                  - install: com.acme.app
                    device: thirdphone
                  - launch: com.acme.app
                    device: thirdphone
                  - restore: enc
                    device: thirdphone
                  - launch: com.acme.app
                    device: thirdphone
                  - note: 'round \(round): the "third" phone <b>again</b> & more'

                """
        }
        return text
    }

    /// Each section of a page's DOM by step (the outline of the step shown left out).
    static func sections(_ dom: String) throws -> [Int: String] {
        var out: [Int: String] = [:]
        for (number, html) in try pairs("<section class=\"step(?: current)?\" id=\"step-([0-9]+)\"((?:.|\\n)*?)</section>", in: dom) {
            out[Int(number)!] = html
        }
        return out
    }

    @Test("a long story's page shows a window of steps written from its data exactly as the whole page writes them: sections, chart, legend, marks",
          .enabled(if: chromium != nil, "chromium is not installed (.ci/run installs it)"))
    func windowedPageMatchesTheFullPage() throws {
        let folder = TemporaryDirectory.make()
        let file = folder.appendingPathComponent("long.yaml")
        try Self.longStory().write(to: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.loadFile(file.path)
        let count = scenario.steps.count
        #expect(count > 200 && count < HTMLPage.fullPageSteps)
        // The same story twice: every step as HTML, and as data with a window of it shown.
        let full = folder.appendingPathComponent("full.html"), windowed = folder.appendingPathComponent("windowed.html")
        try HTMLPage.document(scenario).write(to: full, atomically: true, encoding: .utf8)
        try HTMLPage.document(scenario, windowAbove: 10).write(to: windowed, atomically: true, encoding: .utf8)
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder.appendingPathComponent("profile").path]
        let fullDOM = try CLI.launch(URL(fileURLWithPath: Self.chromium!), flags + ["--dump-dom", full.absoluteString], environment: [:], timeout: 120).stdout
        let windowDOM = try CLI.launch(URL(fileURLWithPath: Self.chromium!), flags + ["--dump-dom", windowed.absoluteString + "#step-150"],
                                       environment: [:], timeout: 120).stdout
            .replacingOccurrences(of: "(?s)<script>.*?</script>", with: "<script></script>", options: .regularExpression)   // its source writes markup too
        // The data block holds no "<" (no text in it can end its script element) and is JSON.
        let source = try String(contentsOf: windowed, encoding: .utf8)
        let data = try #require(source.components(separatedBy: "<script type=\"application/json\" id=\"story-data\">").last?
            .components(separatedBy: "</script>").first)
        #expect(!data.contains("<") && data.contains("\\u003cli") == false && data.contains("\\u003ca class"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect((parsed["steps"] as? [Any])?.count == count && parsed["count"] as? Int == count)
        #expect(source.utf8.count < (try String(contentsOf: full, encoding: .utf8)).utf8.count / 2, "the data is smaller than the markup")
        // The address's step opened its window, outlined.
        #expect(windowDOM.contains("<span id=\"pager-range\">steps 101–200 of \(count)</span>"))
        #expect(windowDOM.contains("class=\"step current\" id=\"step-150\""))
        // Each section of the window is the full page's, and only the window's (and the setup) are there.
        let fullSections = try Self.sections(fullDOM), windowSections = try Self.sections(windowDOM)
        #expect(fullSections.count == count + 1)
        #expect(Set(windowSections.keys) == Set([0] + Array(101...200)))
        for n in 101...200 { #expect(windowSections[n] == fullSections[n], "step \(n)") }
        #expect((101...200).contains { windowSections[$0]?.contains("&lt;b&gt;again&lt;/b&gt; &amp; more") == true }, "the narration escaped")
        // The chart: every bar of the window is a run of the full chart (the same row, extent,
        // value and mark), and every run of the full chart that reaches into the window is there.
        let barPattern = "<g class=\"bar\" data-value=\"([^\"]+)\" data-mark=\"([^\"]+)\"><title>([^<]*), steps ([0-9]+)–([0-9]+):"
        func runs(_ dom: String) throws -> Set<[String]> {
            let regex = try NSRegularExpression(pattern: barPattern)
            return Set(regex.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { match in
                (1...5).map { String(dom[Range(match.range(at: $0), in: dom)!]) }
            })
        }
        let fullRuns = try runs(fullDOM), windowRuns = try runs(windowDOM)
        let reaching = fullRuns.filter { Int($0[3])! <= 200 && Int($0[4])! >= 101 }
        #expect(!windowRuns.isEmpty && windowRuns == reaching)
        // The ⚠ marks of the window's steps, and the legend: the full page's, for the marks shown.
        func said(_ dom: String) throws -> Set<String> {
            Set(try Self.pairs("<g class=\"dupmark\"><title>step ([0-9]+): ([^<]*)</title>", in: dom)
                .filter { (101...200).contains(Int($0.0)!) }.map { $0.0 + ": " + $0.1 })
        }
        #expect(try !said(windowDOM).isEmpty && said(windowDOM) == said(fullDOM))
        let legendPattern = "<li data-mark=\"([^\"]+)\" data-value=\"([^\"]+)\">"
        let fullLegend = Set(try Self.pairs(legendPattern, in: fullDOM).map { $0.0 + "=" + $0.1 })
        let windowLegend = Set(try Self.pairs(legendPattern, in: windowDOM).map { $0.0 + "=" + $0.1 })
        #expect(windowLegend.isSubset(of: fullLegend) && windowLegend == Set(windowRuns.map { $0[1] + "=" + $0[0] }),
                "\(windowLegend.subtracting(fullLegend).sorted().prefix(3)) \(fullLegend.sorted().prefix(3))")
        // The end: the same, each list of findings cut at 100 with the rest counted.
        func endLists(_ dom: String) throws -> [[String]] {
            let end = try #require(dom.range(of: "<section class=\"step end\"").map { String(dom[$0.lowerBound...]) })
            let section = end.components(separatedBy: "</section>")[0]
            return section.components(separatedBy: "<h3>").map { $0.components(separatedBy: "\n").filter { $0.hasPrefix("<li") || $0.hasPrefix("<tr>") } }
        }
        let fullEnd = try endLists(fullDOM), windowEnd = try endLists(windowDOM)
        #expect(fullEnd.count == windowEnd.count && fullEnd.contains { $0.count > 100 }, "a list long enough to be cut")
        for (whole, cut) in zip(fullEnd, windowEnd) {
            if whole.count > 100 {
                #expect(Array(cut.prefix(100)) == Array(whole.prefix(100)) && cut.count == 101)
                #expect(cut.last?.contains("and \(whole.count - 100) more") == true, "\(cut.last ?? "")")
            } else {
                #expect(cut == whole)
            }
        }
    }

    @Test("tidy -e finds no error in the page", .enabled(if: tidy != nil, "tidy is not installed (.ci/run installs it)"))
    func tidyClean() throws {
        let page = try Self.exportTour("html")
        let result = try CLI.launch(URL(fileURLWithPath: Self.tidy!), ["-e", "-q", page.path], environment: [:], timeout: 60)
        // tidy exits 0 when clean, 1 for warnings only, 2 for errors.
        #expect(result.status == 0, "\(result.stderr)")
        // A long story's page too (its steps as data, a window of them shown).
        let long = page.deletingLastPathComponent().appendingPathComponent("long.yaml")
        try Self.longStory().write(to: long, atomically: true, encoding: .utf8)
        let windowed = page.deletingLastPathComponent().appendingPathComponent("long.html")
        try HTMLPage.document(try ScenarioLoader.loadFile(long.path), windowAbove: 10).write(to: windowed, atomically: true, encoding: .utf8)
        let checked = try CLI.launch(URL(fileURLWithPath: Self.tidy!), ["-e", "-q", windowed.path], environment: [:], timeout: 60)
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    /// A recording's events: (time, code, text).
    static func events(_ file: URL) throws -> (header: [String: Any], events: [(time: Double, code: String, text: String)]) {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        var events: [(Double, String, String)] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3)
            events.append((try #require(event[0] as? Double), try #require(event[1] as? String), try #require(event[2] as? String)))
        }
        return (header, events)
    }

    /// A frame's text without its escape sequences (rows run together; a row's words stay together).
    static func plain(_ frame: String) -> String {
        frame.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
    }

    @Test("the recording is asciicast v2: a header, frames held for the interval, a marker at each step, and no keys offered")
    func castFormat() throws {
        let file = try Self.exportTour("cast", ["--size", "100x30", "--interval", "1.5"])
        let (header, events) = try Self.events(file)
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100 && header["height"] as? Int == 30)
        #expect(header["title"] as? String == "A tour of iOS identifiers")
        #expect(events.allSatisfy { $0.code == "o" || $0.code == "m" })
        // A marker at the setup, at each of the 32 steps and at the end, each where its first frame is.
        let markers = events.enumerated().filter { $0.element.code == "m" }
        #expect(markers.map(\.element.text).first == "step 0: the setup")
        #expect(markers.map(\.element.text).last == "the end")
        #expect(markers.count == 34)
        #expect(markers.contains { $0.element.text == "step 29: restore nightly" })
        for (index, marker) in markers {
            let next = try #require(events[(index + 1)...].first { $0.code == "o" })
            #expect(next.time == marker.time, "\(marker.text)")
        }
        // Every frame is held for the interval; each step has at least one.
        let frames = events.filter { $0.code == "o" }
        #expect(frames.count >= 35)
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.time - a.time == 1.5) }
        // A viewer cannot press keys: no frame offers them.
        #expect(!frames.contains { Self.plain($0.text).contains("? help") })
    }

    @Test("at 80×24 nothing is lost below the fold: long steps are paged, and the end holds every verdict the scenario checked")
    func castPages() throws {
        let file = try Self.exportTour("cast")
        let (_, events) = try Self.events(file)
        let frames = events.filter { $0.code == "o" }.map { Self.plain($0.text) }
        #expect(frames.contains { $0.contains("page 2 of") }, "a step longer than the screen is paged")
        // The end's frames, from its marker on: every expectation's verdict appears, as check replays them.
        let endIndex = try #require(events.lastIndex { $0.code == "m" && $0.text == "the end" })
        let end = events[endIndex...].filter { $0.code == "o" }.map { Self.plain($0.text) }.joined(separator: "\n")
        let run = try CLI.run(["run", "tour", "--format", "jsonl"])
        let expectSteps = run.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard line.contains("\"event\": \"expect\"") else { return nil }
            return Int(line.split(separator: ",")[0].split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        }
        #expect(expectSteps.count == 8)
        for step in expectSteps { #expect(end.contains("step \(step) "), "the end's verdict of step \(step)") }
        #expect(end.contains("Duplicates") && end.contains("IDs lost") && end.contains("Expectations"))
    }

    @Test("a story past the recording's limit is refused with a message that says the limit and where to look instead")
    func castLimit() throws {
        let folder = TemporaryDirectory.make()
        let scenario = folder.appendingPathComponent("long.yaml")
        let steps = String(repeating: "  - reboot\n", count: 2_001)
        try ("name: long\ndevices: [{ name: phone, os: \"17.5\" }]\napps: [{ bundle: com.acme.x, team: ACME1234 }]\nsteps:\n" + steps)
            .write(to: scenario, atomically: true, encoding: .utf8)
        let result = try CLI.run(["export", scenario.path, "--format", "cast"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a recording holds at most 2000 steps") && result.stderr.contains("--format html"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("asciinema plays the recording back: what it prints holds the last step's narration",
          .enabled(if: asciinema != nil && Host.utilLinuxScript != nil, "asciinema or util-linux script(1) is not installed"))
    func asciinemaCat() throws {
        let file = try Self.exportTour("cast")
        // asciinema cat reads the terminal's size from /dev/tty: give it one.
        let result = try CLI.launch(URL(fileURLWithPath: Host.utilLinuxScript!),
                                    ["-qec", "asciinema cat " + file.path, "/dev/null"], environment: ["TERM": "xterm-256color"], timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout.contains("The old phone is still in use, so two devices now report the same GUID."))
        #expect(result.stdout.contains("The end: 32 steps"))
        // Played through its markers and pages to the end summary's last section.
        #expect(result.stdout.contains("Expectations"))
    }

    @Test("without -o the export goes to standard output")
    func standardOutput() throws {
        let result = try CLI.run(["export", "b01-reinstall-resets-idfv", "--format", "html"])
        #expect(result.status == 0 && result.stdout.hasPrefix("<!DOCTYPE html>") && result.stdout.hasSuffix("</html>\n"))
    }

    @Test("wrong arguments: usage errors are 64, a scenario that names nothing 2, a file that cannot be written 74",
          arguments: [
            (["export", "tour", "--format", "markdown"], Int32(64), "--format"),
            (["export", "tour", "--format", "cast", "--size", "40x10"], 64, "--size"),
            (["export", "tour", "--format", "cast", "--interval", "0"], 64, "--interval 0.0"),
            (["export", "tour", "--format", "html", "--size", "80x24"], 64, "--size and --interval apply to --format cast only"),
            (["export", "no-such-scenario", "--format", "html"], 2, "no-such-scenario"),
            (["export", "tour", "--format", "html", "-o", "/nonexistent-folder/tour.html"], 74, "cannot write the export"),
          ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
