import IDScenario
import IDSim

/// The history lanes as an inline SVG chart: a row for each ID of each app on each device (IDFV,
/// IDFA, the app's own id), a bar for each run of steps with one value. Each value has one mark
/// across the whole chart, a letter and a colour (A, B, … in the order values first appear, by
/// step and then by row; 0 for zeros), so the same letter is the same value in every lane and on
/// every device, and two values never share one; the legend under the chart keys each mark by
/// its value. Each bar's tooltip holds the value in full. The page's script moves the cursor band
/// to the step shown.
enum HTMLLanes {
    static let labelWidth = 300
    static let rowHeight = 20
    static let top = 22
    /// Eight colours that stay apart for the common kinds of colour blindness (Okabe and Ito's
    /// palette, https://jfly.uni-koeln.de/color/), and print in greys that differ.
    /// Each with the letter's colour that reads on it.
    static let palette = [("#0072B2", "#FFFFFF"), ("#E69F00", "#000000"), ("#009E73", "#FFFFFF"), ("#CC79A7", "#000000"),
                          ("#56B4E9", "#000000"), ("#D55E00", "#FFFFFF"), ("#F0E442", "#000000"), ("#000000", "#FFFFFF")]

    /// One row of the chart.
    struct Row {
        var device: DeviceIndex
        var app: AppIndex
        var lane: LaneHistory.Lane
    }

    /// Each value's mark, and where it first appeared (for the legend).
    struct Marks {
        struct Mark {
            var value: String
            var letter: String
            var colour: (fill: String, ink: String)
            var firstStep: Int
            var firstRow: Int
        }

        private(set) var all: [Mark] = []
        private var index: [String: Int] = [:]

        /// Marks every value in order of first appearance: step by step, row by row within a step.
        init(cells: [[String?]]) {
            let steps = cells.first?.count ?? 0
            var number = 0   // marks given so far, zeros aside
            for step in 0..<steps {
                for (row, lane) in cells.enumerated() {
                    guard let value = lane[step], index[value] == nil else { continue }
                    let isZero = value == SimUUID.zero.uuidString
                    index[value] = all.count
                    all.append(Mark(value: value, letter: isZero ? "0" : Self.letter(number),
                                    colour: isZero ? ("#BBBBBB", "#000000") : HTMLLanes.palette[number % HTMLLanes.palette.count],
                                    firstStep: step, firstRow: row))
                    if !isZero { number += 1 }
                }
            }
        }

        func of(_ value: String) -> Mark? { index[value].map { all[$0] } }

        /// A, B, … Z, then AA, AB, …: as many marks as values, never one for two.
        static func letter(_ number: Int) -> String {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            var n = number
            var out = String(letters[n % 26])
            n = n / 26
            while n > 0 {
                n -= 1
                out = String(letters[n % 26]) + out
                n /= 26
            }
            return out
        }
    }

    /// The chart's rows: every ID of every app that appeared on every device.
    static func rows(_ session: Session) -> [Row] {
        let world = session.world(at: session.count)
        var rows: [Row] = []
        for device in world.devices.indices {
            for app in world.apps.indices where session.lanes.appeared(device: device, app: app, by: session.count) {
                for lane in [LaneHistory.Lane.idfv, .idfa, .id] where !session.lanes.legend(lane, device: device, app: app).isEmpty {
                    rows.append(Row(device: device, app: app, lane: lane))
                }
            }
        }
        return rows
    }

    /// The chart, and the legend of its marks (HTML, under it).
    static func chart(_ session: Session) -> (svg: HTML, legend: HTML) {
        let count = session.count
        let world = session.world(at: count)
        // One column per position, 0 (the setup) to the last step, at least 4 px and at most 28.
        let stepWidth = max(4, min(28, 900 / (count + 1)))
        let rows = Self.rows(session)
        let cells = rows.map { session.lanes.values($0.lane, device: $0.device, app: $0.app, steps: 0...count).map(\.value) }
        let marks = Marks(cells: cells)
        let width = labelWidth + stepWidth * (count + 1) + 8
        let height = top + rowHeight * max(1, rows.count) + 6
        var out: HTML = "<svg id=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
            + "role=\"img\" aria-label=\"Each ID's values across the steps\" data-left=\"\(labelWidth)\" data-step=\"\(stepWidth)\">\n"
        // The step numbers along the top, as many as fit.
        let every = max(1, Int((30.0 / Double(stepWidth)).rounded(.up)))
        for n in stride(from: 0, through: count, by: every) {
            out += "<text class=\"axis\" x=\"\(labelWidth + n * stepWidth + stepWidth / 2)\" y=\"14\" text-anchor=\"middle\">\(n)</text>\n"
        }
        out += "<rect id=\"lane-cursor\" class=\"cursor\" x=\"\(labelWidth)\" y=\"\(top - 4)\" width=\"\(stepWidth)\" height=\"\(rowHeight * max(1, rows.count) + 6)\"/>\n"
        if rows.isEmpty {
            out += "<text class=\"label\" x=\"4\" y=\"\(top + 14)\">No app was installed.</text>\n"
        }
        for (index, row) in rows.enumerated() {
            let y = top + index * rowHeight
            let owner = world.devices[row.device].name + " › " + world.apps[row.app].bundleID
            out += "<text class=\"label\" x=\"4\" y=\"\(y + 14)\">\(label(owner: owner, lane: row.lane))</text>\n"
            let lane = cells[index]
            var start = 0
            while start < lane.count {
                var end = start
                while end + 1 < lane.count && lane[end + 1] == lane[start] { end += 1 }
                if let value = lane[start], let mark = marks.of(value) {
                    let x = labelWidth + start * stepWidth
                    let w = (end - start + 1) * stepWidth - 1
                    // data-value: what a reader (or a test) keys the mark by.
                    out += "<g class=\"bar\" data-value=\"\(value)\" data-mark=\"\(mark.letter)\"><title>"
                        + "\("\(row.lane.title) of \(owner), steps \(start)–\(end): \(mark.letter) = \(value)")</title>"
                        + "<rect x=\"\(x)\" y=\"\(y + 2)\" width=\"\(w)\" height=\"\(rowHeight - 4)\" fill=\"\(mark.colour.fill)\"/>"
                    // The letter where it fits (a letter is 8 px wide at this size).
                    if w >= 4 + 8 * mark.letter.count {
                        out += "<text class=\"letter\" x=\"\(x + w / 2)\" y=\"\(y + 14)\" text-anchor=\"middle\" fill=\"\(mark.colour.ink)\">\(mark.letter)</text>"
                    }
                    out += "</g>\n"
                }
                start = end + 1
            }
        }
        // A launch whose value another device already held, or whose ID did not follow a
        // continuity step: marked on the app's id lane.
        for n in stride(from: 1, through: count, by: 1) {
            guard let flag = flag(at: n, in: session, rows: rows) else { continue }
            out += "<g class=\"dupmark\"><title>\(flag.said)</title><text x=\"\(labelWidth + n * stepWidth + stepWidth / 2)\" "
                + "y=\"\(top + flag.row * rowHeight + 15)\" text-anchor=\"middle\">⚠</text></g>\n"
        }
        out += "</svg>\n"
        return (out, legend(marks, rows: rows, world: world))
    }

    /// A row's label: whose ID (cut to fit the label column) and which.
    static func label(owner: String, lane: LaneHistory.Lane) -> HTML {
        "\(fitted(owner, 34)) · \(lane.title)"
    }

    /// A launch whose value another device already held, or whose ID did not follow a continuity
    /// step: the row it is marked on (the app's id lane) and what its tooltip says.
    static func flag(at n: Int, in session: Session, rows: [Row]) -> (row: Int, said: String)? {
        guard let record = session.record(at: n), !record.duplicates.isEmpty || record.lost != nil, let step = session.entry(at: n),
              case .event(.launch(let app, _, _)) = step.action,
              let index = rows.firstIndex(where: { $0.device == step.device && $0.app == app && $0.lane == .id })
                ?? rows.firstIndex(where: { $0.device == step.device && $0.app == app }) else { return nil }
        var said = record.duplicates.map { "\($0.name) \($0.sameAs)" }
        if let lost = record.lost { said.append(lost.marker + ", " + lost.after) }
        return (index, "step \(n): " + said.joined(separator: "; "))
    }

    /// Each mark with its value (shortened, in full on hover) and where it first appeared.
    static func legend(_ marks: Marks, rows: [Row], world: World) -> HTML {
        guard !marks.all.isEmpty else { return HTML() }
        var out: HTML = "<ul class=\"value-legend\" aria-label=\"Each mark's value\">\n"
        for mark in marks.all {
            let row = rows[mark.firstRow]
            let place = "\(world.devices[row.device].name) › \(world.apps[row.app].bundleID) · \(row.lane.title)"
            out += "<li data-mark=\"\(mark.letter)\" data-value=\"\(mark.value)\">"
                + "<span class=\"swatch\" style=\"background:\(mark.colour.fill);color:\(mark.colour.ink)\">\(mark.letter)</span> "
                + "<code title=\"\(mark.value)\">\(ShortID.shorten(mark.value))</code> "
                + "<span class=\"first\">first at step \(mark.firstStep), \(place)</span></li>\n"
        }
        return out + "</ul>\n"
    }

    static func fitted(_ text: String, _ count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}
