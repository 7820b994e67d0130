import Foundation
import Testing
import TestSupport

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

    @Test("tidy -e finds no error in the page", .enabled(if: tidy != nil, "tidy is not installed (.ci/run installs it)"))
    func tidyClean() throws {
        let page = try Self.exportTour("html")
        let result = try CLI.launch(URL(fileURLWithPath: Self.tidy!), ["-e", "-q", page.path], environment: [:], timeout: 60)
        // tidy exits 0 when clean, 1 for warnings only, 2 for errors.
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("the recording is asciicast v2: a header, then [time, \"o\", text] events, a frame for each step and the end")
    func castFormat() throws {
        let file = try Self.exportTour("cast", ["--size", "100x30", "--interval", "1.5"])
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100 && header["height"] as? Int == 30)
        #expect(header["title"] as? String == "A tour of iOS identifiers")
        var times: [Double] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3 && event[1] as? String == "o" && event[2] is String)
            times.append(try #require(event[0] as? Double))
        }
        // The setup, 32 steps, the end, and the last frame's hold.
        #expect(times.count == 35)
        #expect(times == (0..<35).map { Double($0) * 1.5 })
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
