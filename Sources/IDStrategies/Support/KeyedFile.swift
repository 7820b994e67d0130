/// The contents of a file that keeps several values under keys, as an SDK's preferences file does
/// (Branch keeps every value in one keyed archive, BNCPreferences): one `key=value` line a key, in
/// key order, so equal dictionaries are equal files (the search's fingerprint reads the contents).
/// A value is kept whole: a line break or a backslash in it (a template can make one) is written
/// escaped (`\n`, `\r`, `\\`) and read back as it was, so no value can write a line of its own
/// and overwrite another entry. Keys hold neither `=` nor a line break (the recipe parser refuses
/// such a key).
///
/// `entries` defines what the contents mean. `value` and `setting` give the same answers without
/// building that dictionary when the text is plain ASCII with no carriage return (what `setting`
/// writes, for IDs and flags): an app's launch reads each of its keys from the file and writes some
/// back, and read through a dictionary of Strings that was a fifth of a search's time for Branch.
/// Other text (where Characters and bytes could split lines or find `=` differently) takes the
/// dictionary's way.
package enum KeyedFile {
    /// The most entries a recipe may declare on one keyed file. Each write rewrites the whole file,
    /// so the cost of a launch grows with entries times writes; SDKs keep a handful (Branch five),
    /// and a bound keeps a hostile recipe's launches linear in its size.
    package static let maxEntries = 64

    /// The values of a file's contents by key (lines without `=` are not entries: nothing).
    package static func entries(_ contents: String?) -> [String: String] {
        written(contents).mapValues(unescaped)
    }

    /// The values as written (escaped): what a rewrite copies as it found it.
    static func written(_ contents: String?) -> [String: String] {
        guard let contents else { return [:] }
        var entries: [String: String] = [:]
        for line in contents.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }

    /// One key's value in a file's contents.
    package static func value(_ key: String, in contents: String?) -> String? {
        guard var text = contents else { return nil }
        var name = key
        let fast: String?? = text.withUTF8 { text in
            name.withUTF8 { name -> String?? in
                guard Self.isPlain(text), Self.isPlainKey(name) else { return .none }
                // The last line of the key wins, as in the dictionary.
                var found: Range<Int>?
                Self.forEachEntry(in: text) { entry in
                    if Self.bytes(text, entry.key).elementsEqual(name) { found = entry.value }
                }
                return .some(found.map { Self.unescaped(String(decoding: Self.bytes(text, $0), as: UTF8.self)) })
            }
        }
        return fast ?? entries(contents)[key]
    }

    /// The contents after setting (or, with nil, removing) one key; nil when no key is left, so
    /// the file goes with its last value.
    package static func setting(_ key: String, to value: String?, in contents: String?) -> String? {
        var text = contents ?? "", name = key, new = escaped(value ?? "")
        let fast: String?? = text.withUTF8 { text in
            name.withUTF8 { name in
                new.withUTF8 { new -> String?? in
                    guard Self.isPlain(text), Self.isPlainKey(name), Self.isPlain(new) else { return .none }
                    return .some(Self.rewritten(text, setting: name, to: value == nil ? nil : new))
                }
            }
        }
        if let fast { return fast }
        var entries = written(contents)
        entries[key] = value.map(escaped)
        guard !entries.isEmpty else { return nil }
        return entries.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    }

    /// A value as it is written: line breaks and backslashes escaped. IDs and flags hold none, and
    /// come back unchanged without a copy.
    static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\\") }) else { return value }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value as it was given to `setting`, from its written form.
    static func unescaped(_ written: String) -> String {
        guard written.utf8.contains(UInt8(ascii: "\\")) else { return written }
        var out = ""
        var pending = false
        for scalar in written.unicodeScalars {
            if pending {
                switch scalar {
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(scalar)
                }
                pending = false
            } else if scalar == "\\" {
                pending = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if pending { out += "\\" }
        return out
    }

    // MARK: - The byte-level path

    private typealias Bytes = UnsafeBufferPointer<UInt8>
    private static let newline = UInt8(ascii: "\n"), equals = UInt8(ascii: "=")

    /// ASCII with no carriage return: lines split on `\n` and `=` is found alike as bytes and as
    /// Characters, and keys sort alike as bytes and as Strings.
    private static func isPlain(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    /// A key the byte path can look up: plain, and holding no `=` or line break.
    private static func isPlainKey(_ bytes: Bytes) -> Bool {
        isPlain(bytes) && !bytes.contains(equals) && !bytes.contains(newline)
    }

    private static func bytes(_ text: Bytes, _ range: Range<Int>) -> Bytes {
        Bytes(rebasing: text[range])
    }

    /// Each line holding `=`, in order: its key (before the first `=`) and value (after it).
    private static func forEachEntry(in text: Bytes, _ body: ((key: Range<Int>, value: Range<Int>)) -> Void) {
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count && text[end] != newline { end += 1 }
            if let split = (start..<end).first(where: { text[$0] == equals }) {
                body((start..<split, split + 1..<end))
            }
            start = end + 1
        }
    }

    /// The entries with one set or removed, sorted by key, each key once (its last line), joined by
    /// line breaks; nil when none is left.
    private static func rewritten(_ text: Bytes, setting name: Bytes, to new: Bytes?) -> String? {
        var kept: [(key: Range<Int>, value: Range<Int>, line: Int)] = []
        var line = 0
        forEachEntry(in: text) { entry in
            if !bytes(text, entry.key).elementsEqual(name) { kept.append((entry.key, entry.value, line)) }
            line += 1
        }
        // By key, then by line, so that the last line of each key is the last of its run.
        kept.sort { a, b in
            let (x, y) = (bytes(text, a.key), bytes(text, b.key))
            return x.lexicographicallyPrecedes(y) || (x.elementsEqual(y) && a.line < b.line)
        }
        var out: [UInt8] = []
        var wroteNew = new == nil
        func writeLine(_ key: Bytes, _ value: Bytes) {
            if !out.isEmpty { out.append(newline) }
            out.append(contentsOf: key)
            out.append(equals)
            out.append(contentsOf: value)
        }
        for (index, entry) in kept.enumerated() {
            let key = bytes(text, entry.key)
            if index + 1 < kept.count && bytes(text, kept[index + 1].key).elementsEqual(key) { continue }
            if !wroteNew, let new, name.lexicographicallyPrecedes(key) {
                writeLine(name, new)
                wroteNew = true
            }
            writeLine(key, bytes(text, entry.value))
        }
        if !wroteNew, let new { writeLine(name, new) }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}
