/// Finds the nearest valid name for a misspelt one ("did you mean …?").
public enum NameSuggester {
    /// The closest candidate by edit distance, if it is close enough to be a plausible typo.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        // Accept up to a third of the longer name's length (at least 2 edits), or a prefix match.
        let limit = max(2, max(name.count, candidate.count) / 3)
        if d <= limit || candidate.lowercased().hasPrefix(lowered) && !lowered.isEmpty { return candidate }
        return nil
    }

    /// "; did you mean 'x'?" or an empty string.
    public static func hint(for name: String, among candidates: [String]) -> String {
        nearest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over Characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
