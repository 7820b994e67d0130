import IDSim

/// Each identifier across the steps as letters, one letter per distinct value, so a reset shows
/// at a glance; the cursor's column is marked.
enum HistoryView {
    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "History", glyphs: g, style: theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let (device, selected) = state.selection
        guard let app = selected else { return }
        let session = state.session
        let labelWidth = 7, cellWidth = 4
        let columns = max(1, (inner.width - labelWidth - 1) / cellWidth)
        let count = session.count
        var start = max(0, session.cursor - columns / 2)
        start = max(0, min(start, count + 1 - columns))
        let end = min(count, start + columns - 1)
        let lanes = values(session, device: device, app: app, from: start, to: end)
        // Step numbers.
        var x = inner.x + labelWidth
        for n in start...end {
            let label = String(n)
            canvas.write(label, x: x, y: inner.y, style: n == session.cursor ? Style(bold: true, reverse: true) : theme.dim, limit: cellWidth - 1)
            x += cellWidth
        }
        for (laneIndex, lane) in lanes.enumerated() where laneIndex + 1 < inner.height {
            let y = inner.y + 1 + laneIndex
            canvas.write(lane.name, x: inner.x, y: y, style: Style(bold: true), limit: labelWidth)
            var letters: [String: String] = [:]
            var x = inner.x + labelWidth
            var previous: String??
            for (column, value) in lane.values.enumerated() {
                let n = start + column
                let text: String
                if let value {
                    if lane.name == "IDFA" && value == SimUUID.zero.uuidString {
                        text = "0"
                    } else if let letter = letters[value] {
                        text = letter
                    } else {
                        let letter = Self.letter(letters.count, lower: lane.name == "id")
                        letters[value] = letter
                        text = letter
                    }
                } else {
                    text = "·"
                }
                let changed = previous != nil && previous! != value
                canvas.write(text, x: x, y: y, style: n == session.cursor ? Style(bold: true, reverse: true) : (changed ? theme.new : .plain),
                             limit: cellWidth - 1)
                previous = .some(value)
                x += cellWidth
            }
        }
    }

    static func letter(_ n: Int, lower: Bool) -> String {
        let base = lower ? Array("abcdefghijklmnopqrstuvwxyz") : Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return n < base.count ? String(base[n]) : "#"
    }

    /// The values of each lane at steps start...end, by one replay from the world at `start`.
    static func values(_ session: Session, device: DeviceIndex, app: AppIndex, from start: Int, to end: Int)
        -> [(name: String, values: [String?])] {
        var world = session.timeline.world(at: start)
        var idfv: [String?] = [], idfa: [String?] = [], id: [String?] = [], best: [String?] = []
        let isIDKit = world.apps[app].strategy == "id-kit"
        for n in start...end {
            if n > start {
                _ = try? world.apply(session.timeline.steps[n - 1], programs: session.timeline.programs, recordingChanges: false)
            }
            idfv.append(world.identifierForVendor(app: app, on: device)?.uuidString)
            idfa.append(world.presence(of: app, on: device) == .absent ? nil : world.advertisingIdentifier(app: app, on: device)?.uuidString)
            let report = world.devices[device].launches[app]?.latest.report
            id.append(report?.primaryID)
            best.append(report?.best)
        }
        var lanes: [(String, [String?])] = [("IDFV", idfv), ("IDFA", idfa), ("id", id)]
        if isIDKit { lanes.append(("best", best)) }
        return lanes
    }
}
