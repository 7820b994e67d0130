/// The contents of a file that keeps several values under keys, as an SDK's preferences file does
/// (Branch keeps every value in one keyed archive, BNCPreferences): one `key=value` line a key, in
/// key order, so equal dictionaries are equal files (the search's fingerprint reads the contents).
/// Values are IDs and flags, never a line break; keys hold neither `=` nor a line break (the
/// recipe parser refuses such a key).
public enum KeyedFile {
    /// The most entries a recipe may declare on one keyed file. Each write rewrites the whole file,
    /// so the cost of a launch grows with entries times writes; SDKs keep a handful (Branch five),
    /// and a bound keeps a hostile recipe's launches linear in its size.
    public static let maxEntries = 64

    /// The values of a file's contents by key (lines without `=` are not entries: nothing).
    public static func entries(_ contents: String?) -> [String: String] {
        guard let contents else { return [:] }
        var entries: [String: String] = [:]
        for line in contents.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }

    /// One key's value in a file's contents.
    public static func value(_ key: String, in contents: String?) -> String? {
        entries(contents)[key]
    }

    /// The contents after setting (or, with nil, removing) one key; nil when no key is left, so
    /// the file goes with its last value.
    public static func setting(_ key: String, to value: String?, in contents: String?) -> String? {
        var entries = entries(contents)
        entries[key] = value
        guard !entries.isEmpty else { return nil }
        return entries.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    }
}
