import Foundation
import Testing
import TestSupport

/// What a Mac user's terminal and install do differently, as far as Linux can show it: a TERM
/// with no terminfo entry (macOS has no tmux-256color), and a binary copied away from its build.
@Suite("Portability end to end (tmux)", .serialized, .enabled(if: Tmux.available, "tmux is not installed; .ci/run installs it"))
struct PortabilityEndToEndTests {
    @Test("a TERM that terminfo does not know is drawn as a close entry, with a note, instead of refused",
          arguments: [("tmux-foo-256color", "screen-256color"), ("xterm-foo", "xterm-256color")])
    func unknownTerm(_ term: String, _ standIn: String) throws {
        let folders = try Self.terminfoWithOnlyStandIns()
        let t = try Tmux(command: "env TERMINFO_DIRS=\(folders.terminfo) TERMINFO=\(folders.empty) HOME=\(folders.empty) TERM=\(term) " + Tmux.binary)
        t.waitFor("step 0/32")
        // The header is drawn before the status line: the whole first frame, before looking.
        t.settle()
        t.expectScreen("TERM '\(term)' has no terminfo entry here; drawing as '\(standIn)'")
        t.press("Right")
        t.expectScreen("step 1/32")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("TERM=tmux-256color starts with only the stand-ins' entries in TERMINFO_DIRS (a note where the system lacks it)")
    func tmuxTermStarts() throws {
        let folders = try Self.terminfoWithOnlyStandIns()
        let t = try Tmux(command: "env TERMINFO_DIRS=\(folders.terminfo) TERMINFO=\(folders.empty) HOME=\(folders.empty) TERM=tmux-256color " + Tmux.binary)
        t.waitFor("step 0/32")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    @Test("the binary copied alone into an empty folder opens the tour")
    func binaryAlone() throws {
        let copy = try BuiltProducts.copy("idscope", into: TemporaryDirectory.make())
        let t = try Tmux(command: "env -u IDSCOPE_SCENARIOS " + copy.path)
        t.waitFor("A tour of iOS identifiers")
        t.waitFor("step 0/32")
        t.keys("q")
        t.waitFor("[exit 0]")
    }

    /// A terminfo folder holding only xterm-256color and screen-256color, copied from the
    /// system's (Linux names its subfolders by first letter, macOS by its hex code), and an
    /// empty folder for TERMINFO and HOME.
    static func terminfoWithOnlyStandIns() throws -> (terminfo: String, empty: String) {
        let folder = TemporaryDirectory.make()
        let terminfo = folder.appendingPathComponent("terminfo")
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for name in ["xterm-256color", "screen-256color"] {
            let first = name.prefix(1)
            let subfolders = [String(first), String(first.utf8.first!, radix: 16)]
            let found = ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"].flatMap { base in subfolders.map { "\(base)/\($0)" } }
                .first { FileManager.default.fileExists(atPath: "\($0)/\(name)") }
            let source = try #require(found, "no terminfo entry for \(name) on this system")
            let target = terminfo.appendingPathComponent(URL(fileURLWithPath: source).lastPathComponent)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(source)/\(name)", toPath: target.appendingPathComponent(name).path)
        }
        return (terminfo.path, empty.path)
    }
}
