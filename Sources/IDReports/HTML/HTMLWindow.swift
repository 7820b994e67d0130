import IDScenario
import IDSim

/// A long story's page: the steps as data in the page itself, and a script that shows a window of
/// them at a time (sections and chart), so that a 100,000-step scenario makes a page a browser
/// opens at once and an export that stays small in memory. The page stays self-contained: the
/// data is a JSON block inside it, read by the inline script.
///
/// Each step keeps the parts the full page writes (`HTMLPage.StepParts`, as markup), every
/// text interned once in a table: a story repeats its titles, labels, rule links and values.
struct HTMLWindow {
    /// How many steps the page shows at once.
    static let steps = 100

    private(set) var strings: [String] = []
    private var index: [String: Int] = [:]
    /// The steps as JSON arrays, joined by commas as they come.
    private(set) var rows = ""
    /// The chart as JSON (`chart(_:)`).
    private(set) var chartJSON = "{}"

    mutating func intern(_ html: HTML?) -> Int {
        guard let text = html?.markup else { return -1 }
        if let known = index[text] { return known }
        index[text] = strings.count
        strings.append(text)
        return strings.count - 1
    }

    /// One step as `[title, device, badges, narration, speaker, [item…]]`, each item
    /// `[kind, subject, symbol, label, place, from, to, rule, detail]`: indexes into the strings,
    /// -1 for none. HTMLAssets.windowScript reads it.
    mutating func append(_ step: HTMLPage.StepParts) {
        var row = "[\(intern(step.title)),\(intern(step.device)),\(intern(step.badges)),\(intern(step.narration)),\(intern(step.speaker)),["
        for (n, item) in step.items.enumerated() {
            if n > 0 { row += "," }
            row += "[\(intern(item.kind)),\(intern(item.subject)),\(intern(item.symbol)),\(intern(item.label)),\(intern(item.place)),"
                + "\(intern(item.from)),\(intern(item.to)),\(intern(item.rule.map(HTMLPage.ruleLink))),\(intern(item.detail))]"
        }
        row += "]]"
        if !rows.isEmpty { rows += ",\n" }
        rows += row
    }

    /// The chart as data: each row's label and its runs of one value (`[first, last, mark]`,
    /// flattened), the marks (the same as the full page's: one per value, HTMLLanes.Marks), and
    /// the launches marked ⚠. The script draws the window's steps from it.
    mutating func chart(_ session: Session) {
        let count = session.count
        let world = session.world(at: count)
        let rows = HTMLLanes.rows(session)
        let cells = rows.map { session.lanes.values($0.lane, device: $0.device, app: $0.app, steps: 0...count).map(\.value) }
        let marks = HTMLLanes.Marks(cells: cells)
        var markIndex: [String: Int] = [:]
        for (n, mark) in marks.all.enumerated() { markIndex[mark.value] = n }
        var out = "{\"left\":\(HTMLLanes.labelWidth),\"top\":\(HTMLLanes.top),\"rowHeight\":\(HTMLLanes.rowHeight),\"rows\":["
        for (n, row) in rows.enumerated() {
            let owner = world.devices[row.device].name + " › " + world.apps[row.app].bundleID
            let label = intern(HTMLLanes.label(owner: owner, lane: row.lane))
            var runs: [Int] = []
            let lane = cells[n]
            var start = 0
            while start < lane.count {
                var end = start
                while end + 1 < lane.count && lane[end + 1] == lane[start] { end += 1 }
                if let value = lane[start], let mark = markIndex[value] { runs += [start, end, mark] }
                start = end + 1
            }
            out += (n > 0 ? "," : "") + "{\"label\":\(label),\"title\":\(intern("\(row.lane.title + " of " + owner)")),\"runs\":["
                + runs.map(String.init).joined(separator: ",") + "]}"
        }
        out += "],\"marks\":["
        for (n, mark) in marks.all.enumerated() {
            let row = rows[mark.firstRow]
            let place = "\(world.devices[row.device].name) › \(world.apps[row.app].bundleID) · \(row.lane.title)"
            out += (n > 0 ? "," : "") + "[\(intern("\(mark.letter)")),\(intern("\(mark.colour.fill)")),\(intern("\(mark.colour.ink)")),"
                + "\(intern("\(mark.value)")),\(intern("\(ShortID.shorten(mark.value))")),\(mark.firstStep),"
                + "\(intern("\(place)"))]"
        }
        out += "],\"flags\":["
        var first = true
        for n in stride(from: 1, through: count, by: 1) {
            guard let flag = HTMLLanes.flag(at: n, in: session, rows: rows) else { continue }
            out += (first ? "" : ",") + "[\(n),\(flag.row),\(intern("\(flag.said)"))]"
            first = false
        }
        chartJSON = out + "]}"
    }

    /// The page's data block (HTML.jsonScript makes it inert inside its script element).
    func json(count: Int) -> String {
        var out = "{\"count\":\(count),\"window\":\(Self.steps),\"chart\":"
        out.reserveCapacity(estimatedSize)
        out += chartJSON
        out += ",\"strings\":["
        for (n, text) in strings.enumerated() {
            if n > 0 { out += ",\n" }
            out += JSONText.string(text)
        }
        out += "],\n\"steps\":[\n"
        out += rows
        out += "]}"
        return out
    }

    /// About the length of `json`.
    var estimatedSize: Int {
        rows.utf8.count + chartJSON.utf8.count + strings.reduce(0) { $0 + $1.utf8.count + 4 } + 256
    }
}
