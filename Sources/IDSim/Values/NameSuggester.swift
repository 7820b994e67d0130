/// Finds the nearest valid name for a misspelt one ("did you mean …?").
///
/// Bounded, because names come from files: a name or candidate longer than `maxLength` is not
/// compared (a 20,000-character name is no typo), each comparison computes only the band of the
/// edit-distance table that could still give an acceptable answer, and callers with many names
/// to check (every step of a large scenario naming an unknown app) share a `budget` of table
/// cells, after which they simply get no suggestion.
public enum NameSuggester {
    /// The longest name compared, in characters.
    public static let maxLength = 128
    /// Table cells a whole file's suggestions may cost: well under a second in total.
    public static let fileBudget = 50_000_000

    /// The closest candidate by edit distance, if it is close enough to be a plausible typo:
    /// up to a third of the longer name's length (at least 2 edits), or a candidate that the name
    /// begins.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        var budget = Int.max
        return nearest(to: name, among: candidates, budget: &budget)
    }

    /// As `nearest(to:among:)`, spending at most `budget` table cells (and deducting them).
    public static func nearest(to name: String, among candidates: [String], budget: inout Int) -> String? {
        guard name.utf8.count <= maxLength * 4 else { return nil }
        let lowered = Array(name.lowercased())
        guard lowered.count <= maxLength else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard budget > 0 else { break }
            guard candidate.utf8.count <= maxLength * 4 else { continue }
            let other = Array(candidate.lowercased())
            guard other.count <= maxLength else { continue }
            let limit = max(2, max(lowered.count, other.count) / 3)
            let d: Int
            if !lowered.isEmpty && other.starts(with: lowered) {
                d = other.count - lowered.count
            } else {
                guard abs(other.count - lowered.count) <= limit else { continue }
                budget -= (lowered.count + 1) * (2 * limit + 1)
                guard let bounded = distance(lowered, other, limit: limit) else { continue }
                d = bounded
            }
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// "; did you mean 'x'?" or an empty string.
    public static func hint(for name: String, among candidates: [String]) -> String {
        nearest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// As `hint(for:among:)`, within a budget of table cells.
    public static func hint(for name: String, among candidates: [String], budget: inout Int) -> String {
        nearest(to: name, among: candidates, budget: &budget).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over Characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        return distance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance if it is at most `limit`, else nil; fills only the cells within
    /// `limit` of the diagonal (Ukkonen's band), so it costs O(len × limit).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        guard abs(a.count - b.count) <= limit else { return nil }
        let outside = limit + 1
        var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    current[j] = min(value, outside)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
