import Foundation

/// Each library target's public declarations, read from its sources: what a package that depends
/// on ours could call. Only IDSim is a product; the other targets serve the repository's own
/// targets and declare `package`, so their lists are empty, and a `public` that creeps back in
/// shows up here.
///
/// One line per declaration, `File.swift: declaration` (its body, default values and attributes
/// left out; a declaration over several lines joined), sorted within each file so that moving
/// code changes nothing. Its text is kept in a golden file (Tests/IDScenarioTests/Golden/public-api.txt).
package enum PublicAPIDigest {
    /// The executables' targets: not libraries.
    static let executables: Set<String> = ["idscope", "idscope-bench"]

    package static func make(root: URL = GeneratedSection.root) throws -> String {
        let sources = root.appendingPathComponent("Sources")
        let fm = FileManager.default
        var out = ""
        for target in try fm.contentsOfDirectory(atPath: sources.path).sorted() where !executables.contains(target) {
            let folder = sources.appendingPathComponent(target)
            let files = (fm.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            guard !files.isEmpty else { continue }   // a C target
            var lines: [String] = []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                lines += declarations(in: text).map { "  \(file): \($0)" }.sorted()
            }
            out += "\(target): " + (lines.isEmpty ? "no public declarations\n" : "\(lines.count) public declarations\n" + lines.joined(separator: "\n") + "\n")
        }
        return out
    }

    /// The public declarations of one file, each cut at its body or its value.
    static func declarations(in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var found: [String] = []
        var index = 0
        while index < lines.count {
            var line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            // Attributes before the access level (`@inlinable public func`) are left out.
            while line.hasPrefix("@"), let space = line.firstIndex(of: " ") {
                line = String(line[space...]).trimmingCharacters(in: .whitespaces)
            }
            guard line.hasPrefix("public ") else { continue }
            var declaration = line
            // Parameters over several lines: join until the parentheses close.
            while depth(of: declaration) > 0 && index < lines.count {
                declaration += " " + lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            found.append(cut(declaration))
        }
        return found
    }

    private static func depth(of text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
    }

    /// The declaration without its body (`{`), its value (` = `) or a trailing comment, at the
    /// outermost level.
    private static func cut(_ declaration: String) -> String {
        var level = 0
        var out = ""
        var previous: Character = " "
        for c in declaration {
            if c == "(" || c == "[" || c == "<" { level += 1 }
            if c == ")" || c == "]" || (c == ">" && previous != "-") { level -= 1 }
            if level == 0 && (c == "{" || (c == "=" && previous == " ") || (c == "/" && previous == "/")) {
                if c == "/" { out.removeLast() }
                break
            }
            out.append(c)
            previous = c
        }
        return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
