import IDSim

/// The history lanes as an inline SVG chart: a row for each ID of each app on each device (IDFV,
/// IDFA, the app's own id), a bar for each run of steps with one value, coloured and lettered by
/// value (the inspector's History pane's letters: A, B, … in order of first appearance; lowercase
/// for the app's id; 0 for zeros). Each bar's tooltip holds the value in full. The page's script
/// moves the cursor band to the step shown.
enum HTMLLanes {
    static let labelWidth = 300
    static let rowHeight = 20
    static let top = 22
    /// Eight colours that stay apart for the common kinds of colour blindness (Okabe and Ito's
    /// palette, https://jfly.uni-koeln.de/color/), and print in greys that differ.
    /// Each with the letter's colour that reads on it.
    static let palette = [("#0072B2", "#FFFFFF"), ("#E69F00", "#000000"), ("#009E73", "#FFFFFF"), ("#CC79A7", "#000000"),
                          ("#56B4E9", "#000000"), ("#D55E00", "#FFFFFF"), ("#F0E442", "#000000"), ("#000000", "#FFFFFF")]

    static func svg(_ session: Session) -> String {
        let count = session.count
        let world = session.world(at: count)
        // One column per position, 0 (the setup) to the last step, at least 4 px and at most 28.
        let stepWidth = max(4, min(28, 900 / (count + 1)))
        var rows: [(device: DeviceIndex, app: AppIndex, lane: LaneHistory.Lane)] = []
        for device in world.devices.indices {
            for app in world.apps.indices where session.lanes.appeared(device: device, app: app, by: count) {
                for lane in [LaneHistory.Lane.idfv, .idfa, .id] where !session.lanes.legend(lane, device: device, app: app).isEmpty {
                    rows.append((device, app, lane))
                }
            }
        }
        let width = labelWidth + stepWidth * (count + 1) + 8
        let height = top + rowHeight * max(1, rows.count) + 6
        var out = "<svg id=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
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
            out += "<text class=\"label\" x=\"4\" y=\"\(y + 14)\">" + HTMLText.escaped(fitted(owner, 34)) + " · " + row.lane.title + "</text>\n"
            let cells = session.lanes.values(row.lane, device: row.device, app: row.app, steps: 0...count)
            var start = 0
            while start < cells.count {
                var end = start
                while end + 1 < cells.count && cells[end + 1].value == cells[start].value { end += 1 }
                if let value = cells[start].value {
                    let x = labelWidth + start * stepWidth
                    let w = (end - start + 1) * stepWidth - 1
                    let letter = Self.letter(value, cells[start].number, lane: row.lane)
                    let (fill, ink) = value == SimUUID.zero.uuidString ? ("#BBBBBB", "#000000") : palette[(cells[start].number ?? 0) % palette.count]
                    out += "<g><title>" + HTMLText.escaped("\(row.lane.title) of \(owner), steps \(start)–\(end): \(value)") + "</title>"
                        + "<rect x=\"\(x)\" y=\"\(y + 2)\" width=\"\(w)\" height=\"\(rowHeight - 4)\" fill=\"\(fill)\"/>"
                    if w >= 12 {
                        out += "<text class=\"letter\" x=\"\(x + w / 2)\" y=\"\(y + 14)\" text-anchor=\"middle\" fill=\"\(ink)\">\(letter)</text>"
                    }
                    out += "</g>\n"
                }
                start = end + 1
            }
        }
        // A launch whose value another device already held: marked on the app's id lane.
        for n in stride(from: 1, through: count, by: 1) {
            guard let record = session.record(at: n), !record.duplicates.isEmpty, let step = session.entry(at: n),
                  case .event(.launch(let app, _, _)) = step.action,
                  let index = rows.firstIndex(where: { $0.device == step.device && $0.app == app && $0.lane == .id })
                    ?? rows.firstIndex(where: { $0.device == step.device && $0.app == app }) else { continue }
            let text = record.duplicates.map { "\($0.name) \($0.sameAs)" }.joined(separator: "; ")
            out += "<g class=\"dupmark\"><title>" + HTMLText.escaped("step \(n): " + text) + "</title><text x=\"\(labelWidth + n * stepWidth + stepWidth / 2)\" "
                + "y=\"\(top + index * rowHeight + 15)\" text-anchor=\"middle\">⚠</text></g>\n"
        }
        return out + "</svg>\n"
    }

    static func letter(_ value: String, _ number: Int?, lane: LaneHistory.Lane) -> String {
        if value == SimUUID.zero.uuidString { return "0" }
        guard let number else { return "?" }
        let base = Array(lane == .id ? "abcdefghijklmnopqrstuvwxyz" : "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return number < base.count ? String(base[number]) : "#"
    }

    static func fitted(_ text: String, _ count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}
