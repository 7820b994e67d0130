import Foundation

/// `Sources/IDScenario/Library/BuiltInFiles.swift`: the built-in scenario and recipe files as
/// Swift string literals, so that the binary carries them. A test keeps it equal to what this
/// renders from the YAML files.
package enum BuiltInSource {
    package static let path = "Sources/IDScenario/Library/BuiltInFiles.swift"
    package static let folder = "Sources/IDScenario/Library/Scenarios"

    /// The Swift source for the files in `folder` (relative to the repository's root).
    package static func render() throws -> String {
        let base = GeneratedSection.root.appendingPathComponent(folder)
        var out = """
        // Generated from the YAML files in \(folder): do not edit. After changing one, run
        //   IDSCOPE_RECORD_DOCS=1 swift test --filter builtInFilesAreCurrent
        // (and then the docs' own tests, which read the library compiled in).

        /// The built-in scenarios and recipes, each file's text as it is in the source tree.
        enum BuiltInFiles {
            static let scenarios: [(name: String, text: String)] = [

        """
        out += try entries(base)
        out += """
            ]

            static let recipes: [(name: String, text: String)] = [

        """
        out += try entries(base.appendingPathComponent("recipes"))
        out += """
            ]
        }

        """
        return out
    }

    /// One `("name", #"""…"""#),` per YAML file, sorted by name.
    static func entries(_ folder: URL) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var out = ""
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            out += "        (\"\(file.dropLast(5))\", \(literal(text))),\n"
        }
        return out
    }

    /// A raw multi-line literal whose value is exactly `text`: more `#`s than any run of them in
    /// the text, so nothing in it can end the literal or interpolate; the closing delimiter at
    /// the line's start, so no indentation is stripped.
    package static func literal(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "#" ? run + 1 : 0
            longest = max(longest, run)
        }
        let hashes = String(repeating: "#", count: longest + 1)
        // The line break before the closing delimiter is not part of the value.
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }
}
