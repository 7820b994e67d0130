import Foundation
import IDScenario
import IDSim
import Testing

/// Thousands of seeded mutations of valid scenarios: none may crash, and each ends either in a
/// run or in located errors.
@Suite("Scenario fuzzing")
struct FuzzTests {
    static func mutate(_ text: String, _ rng: inout SeededGenerator) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        switch rng.next() % 13 {
        case 0: if !lines.isEmpty { lines.remove(at: pick(lines.count)) }                       // deleted line
        case 1: if lines.count > 1 { lines.swapAt(pick(lines.count), pick(lines.count)) }         // swapped lines
        case 2:                                                                                   // wrong type
            let i = pick(lines.count)
            if let colon = lines[i].firstIndex(of: ":") {
                lines[i] = String(lines[i][...colon]) + [" [1, 2]", " {a: b}", " ~", " true", " \"\"", " -3"][pick(6)]
            }
        case 3:                                                                                   // huge number
            let i = pick(lines.count)
            lines[i] = lines[i].replacingOccurrences(of: "17.5", with: "99999999999999999999999")
                .replacingOccurrences(of: "seed: 7", with: "seed: 184467440737095516150")
        case 4:                                                                                   // deep nesting
            let depth = 20 + pick(200)
            lines.insert("deep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth), at: pick(lines.count))
        case 5:                                                                                   // duplicated key
            let i = pick(lines.count)
            lines.insert(lines[i], at: i)
        case 6:                                                                                   // renamed key
            let i = pick(lines.count)
            lines[i] = lines[i].replacingOccurrences(of: "app", with: "ap").replacingOccurrences(of: "device", with: "devise")
        case 7:                                                                                   // indentation shift
            let i = pick(lines.count)
            lines[i] = (rng.next() & 1 == 0 ? "  " : "") + String(lines[i].drop { $0 == " " && rng.next() & 1 == 0 })
        case 9:                                                                                   // alias bomb as a key
            var bomb = ["bomb:", "  a: &a [x,x,x,x,x,x,x,x,x,x]"]
            let names = Array("abcdefghi").map(String.init)
            for i in 1..<names.count {
                bomb.append("  \(names[i]): &\(names[i]) [" + Array(repeating: "*\(names[i - 1])", count: 10).joined(separator: ",") + "]")
            }
            bomb += [["k: {*i}"], ["k: {? *i}"], ["?", "  *i", ": v"], ["{*i : 1}: x"]][pick(4)]
            lines += bomb
        case 10:                                                                                  // a tag on a key or value
            let i = pick(lines.count)
            let indent = lines[i].prefix { $0 == " " || $0 == "-" }
            lines[i] = indent + ["!x ", "!!str ", "!!map ", "!<tag:yaml.org,2002:int> "][pick(4)] + lines[i].dropFirst(indent.count)
        case 11:                                                                                  // very long names
            let long = "com.acme." + String(repeating: "x", count: 1_000 + pick(20_000))
            if rng.next() & 1 == 0 {
                lines = lines.map { $0.replacingOccurrences(of: "com.acme.shop", with: long) }
            } else {
                let i = pick(lines.count)
                lines[i] = lines[i].replacingOccurrences(of: "com.acme.shop", with: long).replacingOccurrences(of: "phone", with: long)
            }
        case 12:                                                                                  // many devices
            if let at = lines.firstIndex(of: "devices:") {
                lines.insert(contentsOf: (0..<(100 + pick(900))).map { "  - { name: d\($0), os: \"17.5\" }" }, at: at + 1)
            }
        default:                                                                                  // invalid UTF-8
            var bytes = Array(lines.joined(separator: "\n").utf8)
            if !bytes.isEmpty { bytes[pick(bytes.count)] = [0xFF, 0xC3, 0x80, 0xED][pick(4)] }
            return bytes
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test("thousands of mutations never crash and always end in a run or located errors")
    func mutations() throws {
        let sources = ScenarioLibrary.names.map { ($0, ScenarioLibrary.text(named: $0)!) }
        var rng = SeededGenerator(seed: 2024)
        var ran = 0, rejected = 0
        for round in 0..<3_000 {
            let (name, text) = sources[round % sources.count]
            var bytes = Self.mutate(text, &rng)
            if rng.next() % 4 == 0 { bytes = Array(String(decoding: Self.mutate(String(decoding: bytes, as: UTF8.self), &rng), as: UTF8.self).utf8) }
            let file = "\(name)#\(round)"
            do {
                let text = try ScenarioLoader.decode(bytes, file: file)
                let scenario = try ScenarioParser.parse(text, file: file)
                try ScenarioRunner(scenario).run()
                ran += 1
            } catch let error as ScenarioLoader.LoadError {
                rejected += 1
                #expect(!error.lines.isEmpty)
                for line in error.lines { #expect(line.hasPrefix(file + ":"), "\(line)") }
            } catch let error as ScenarioError {
                rejected += 1
                #expect(!error.diagnostics.isEmpty, "round \(round): an error without a diagnostic")
                for d in error.diagnostics { #expect(d.line >= 1 && d.column >= 1 && !d.message.isEmpty, "round \(round): \(d)") }
            } catch let error as RunError {
                rejected += 1
                #expect(error.diagnostic.line >= 1, "round \(round): \(error)")
            }
        }
        #expect(ran > 300 && rejected > 1_000, "ran \(ran), rejected \(rejected)")
    }

    @Test("the binary answers mutated files with exit 0, 1 or 2 and a located message")
    func throughTheBinary() throws {
        let dir = CLI.temporaryDirectory()
        var rng = SeededGenerator(seed: 77)
        let text = ScenarioLibrary.text(named: "tour")!
        for round in 0..<15 {
            let file = dir.appendingPathComponent("m\(round).yaml")
            try Data(Self.mutate(text, &rng)).write(to: file)
            let result = try CLI.run(["check", file.path])
            #expect([0, 1, 2].contains(result.status), "round \(round): exit \(result.status)")
            if result.status == 2 {
                #expect(result.stderr.hasPrefix(file.path + ":"), "round \(round): \(result.stderr)")
            }
        }
    }

    @Test("invalid UTF-8 in a file is located at its byte")
    func invalidUTF8() throws {
        let dir = CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("bad.yaml")
        try Data(Array("name: ok\ndevices: \u{00E9}".utf8) + [0xFF]).write(to: file)
        do {
            _ = try ScenarioLoader.loadFile(file.path)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.lines == ["\(file.path):2:11: error: invalid UTF-8 (byte 20)"])
        }
    }

    @Test("a file whose reading fails is one clear line (works as root too)")
    func readFails() {
        // /proc/self/mem opens but reading its first page fails (nothing is mapped at address 0).
        do {
            _ = try ScenarioLoader.loadFile("/proc/self/mem")
            Issue.record("read a file that cannot be read")
        } catch {
            #expect(error.lines.count == 1)
            #expect(error.lines.first?.hasPrefix("/proc/self/mem: error: cannot be read") == true, "\(error.lines)")
        }
    }

    @Test("unreadable files are one clear line", .enabled(if: getuid() != 0, "running as root, who can read any file"))
    func unreadable() throws {
        let dir = CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("secret.yaml")
        try "name: x".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0)
        #expect(throws: ScenarioLoader.LoadError.self) { try ScenarioLoader.loadFile(file.path) }
    }
}
