import IDSim

/// How every human view shows an identifier (`run`'s table and Markdown, the inspector's panes,
/// the comparison): the raw value first, shortened unless asked in full, and the hash the app
/// reports second. jsonl keeps the contract's own shape instead.
package enum IDText {
    /// `3F2A…91C0 · sha256 7d2c4e…`, or the value alone when there is no hash; `∅` for nothing.
    package static func human(_ value: String?, hash: String?, full: Bool = false, ellipsis: String = "…") -> String {
        guard let value else { return "∅" }
        let shown = full ? value : short(value, ellipsis: ellipsis)
        guard let hash else { return shown }
        return shown + " · sha256 " + (full ? hash : String(hash.prefix(12)) + ellipsis)
    }

    /// Long identifiers (32+ hex digits, dashes allowed) shortened to `3F2A…91C0`; others whole.
    package static func short(_ value: String, ellipsis: String = "…") -> String {
        let hexish = value.count >= 32 && value.allSatisfy { $0.isHexDigit || $0 == "-" }
        guard hexish else { return value }
        return String(value.prefix(4)) + ellipsis + String(value.suffix(4))
    }

    /// The hash an app's code reported for the ID it chose (id-kit's, of its best source), if any.
    package static func hash(of report: LaunchReport) -> String? {
        guard let best = report.best, case .string(let hash)? = report.result[best]?["hash"] else { return nil }
        return hash
    }
}
