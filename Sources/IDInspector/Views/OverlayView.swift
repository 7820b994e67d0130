import IDScenario
import IDSim

/// Texts to read (help, rules, step and item details), pickers, questions and comparisons,
/// drawn over the panes.
enum OverlayView {
    static func draw(_ overlay: Overlay, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        switch overlay {
        case .reading(let reading): read(reading, state, layout, into: &canvas)
        case .picker(let picker): self.picker(picker, state, layout, into: &canvas)
        case .confirm(let question, _):
            let lines = wrap(question, width: min(layout.width - 8, 76))
            let box = centered(width: min(layout.width - 4, (lines.map(DisplayWidth.of).max() ?? 0) + 6), height: lines.count + 4, layout)
            frame(box, "Confirm", state, into: &canvas)
            for (i, line) in lines.enumerated() {
                canvas.write(line, x: box.x + 2, y: box.y + 1 + i, style: CellStyle(bold: true), limit: box.width - 4)
            }
            canvas.write("y yes · any other key: no", x: box.x + 2, y: box.maxY - 2, style: state.theme.dim, limit: box.width - 4)
        case .compare(let mark): compare(mark, state, layout, into: &canvas)
        }
    }

    static func centered(width: Int, height: Int, _ layout: Layout) -> CanvasRect {
        let height = min(height, layout.height - 2)
        return CanvasRect(x: max(0, (layout.width - width) / 2), y: max(1, (layout.height - height) / 2), width: width, height: height)
    }

    static func frame(_ rect: CanvasRect, _ title: String, _ state: InspectorState, into canvas: inout Canvas) {
        canvas.fill(rect)
        canvas.box(rect, title: title, glyphs: state.theme.glyphs, style: state.theme.focusedBorder, titleStyle: state.theme.title)
    }

    /// A reading's lines as the box wraps them at a screen width: what scrolling counts.
    static func rows(of reading: Reading, screenWidth: Int) -> [(text: String, style: ReadingStyle, logical: Int)] {
        let width = min(screenWidth - 4, 100)
        var wrapped: [(text: String, style: ReadingStyle, logical: Int)] = []
        for (index, line) in reading.lines.enumerated() {
            let pieces = line.text.isEmpty ? [""] : wrap(line.text, width: width - 4, hangingIndent: line.hangingIndent)
            for piece in pieces { wrapped.append((piece, line.style, index)) }
        }
        return wrapped
    }

    /// A text in full: wrapped to the box (long words, such as source URLs, broken across
    /// lines), scrolled when it is taller, the chosen line highlighted.
    static func read(_ reading: Reading, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let width = min(layout.width - 4, 100)
        let wrapped = rows(of: reading, screenWidth: layout.width)
        let box = centered(width: width, height: wrapped.count + 4, layout)
        frame(box, reading.title, state, into: &canvas)
        let visible = box.height - 4
        var top = min(reading.top, max(0, wrapped.count - visible))
        if let chosen = reading.chosen, let at = wrapped.firstIndex(where: { $0.logical == chosen }) {
            top = min(max(top, at - visible + 1), at)
        }
        let theme = state.theme
        for (i, line) in wrapped.dropFirst(top).prefix(visible).enumerated() {
            let y = box.y + 2 + i
            let style: CellStyle = switch line.style {
            case .plain: .plain
            case .heading: CellStyle(bold: true)
            case .key: theme.hint.with(bold: false)
            case .dim: theme.dim
            case .warning: theme.warning
            }
            canvas.write(line.text, x: box.x + 2, y: y, style: style, limit: box.width - 4)
            if line.logical == reading.chosen {
                canvas.restyle(CanvasRect(x: box.x + 1, y: y, width: box.width - 2, height: 1)) { $0.reverse = true }
            }
        }
        if wrapped.count > visible {
            let more = "\(top + 1)–\(min(wrapped.count, top + visible)) of \(wrapped.count)"
            canvas.write(" " + more + " ", x: box.maxX - DisplayWidth.of(more) - 3, y: box.maxY - 1, style: theme.dim)
        }
    }

    static func picker(_ picker: Picker, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let width = min(layout.width - 4, max(40, (picker.options.map { DisplayWidth.of($0.label) }.max() ?? 0) + 10))
        let box = centered(width: width, height: picker.options.count + 4, layout)
        frame(box, picker.title, state, into: &canvas)
        let visible = box.height - 4
        let top = max(0, picker.selected - visible + 1)
        for (i, option) in picker.options.enumerated().dropFirst(top).prefix(visible) {
            let y = box.y + 2 + i - top
            canvas.write(DisplayWidth.fit("\(i + 1) \(option.label)", to: box.width - 4), x: box.x + 2, y: y, limit: box.width - 4)
            if i == picker.selected { canvas.restyle(CanvasRect(x: box.x + 1, y: y, width: box.width - 2, height: 1)) { $0.reverse = true } }
        }
    }

    /// Two apps (or one app on two devices) side by side, equal IDs on two devices flagged; or
    /// two devices' keychains side by side, items present on both flagged.
    static func compare(_ mark: Mark, _ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let world = state.session.world, g = state.theme.glyphs
        let other = state.selection
        let width = min(layout.width - 4, 116)
        // Rows: a name and the two sides' values. Apps put the name in a column of its own; a
        // keychain item's name (group · service · account) is too long for one, so it gets a line
        // above its values.
        var rows: [(name: String, left: String?, right: String?)] = []
        let titles: (String, String)
        let namesAbove: Bool
        if let a1 = mark.app, let a2 = other.app {
            func values(_ d: DeviceIndex, _ a: AppIndex) -> [(String, String?)] {
                let report = world.devices[d].launches[a]?.latest.report
                let present = world.presence(of: a, on: d) != .absent
                let id = report.flatMap { r in r.primaryID.map { IDText.human($0, hash: IDText.hash(of: r), full: true) } }
                return [("IDFV", world.identifierForVendor(app: a, on: d)?.uuidString),
                        ("IDFA", present ? world.advertisingIdentifier(app: a, on: d)?.uuidString : nil),
                        ("id", id)] + (report?.values.filter { $0.name != "idfv" && $0.name != "idfa" }.map { ($0.name, $0.value) } ?? [])
            }
            let left = values(mark.device, a1), right = values(other.device, a2)
            for name in left.map(\.0) + right.map(\.0) where !rows.contains(where: { $0.name == name }) {
                rows.append((name, left.first { $0.0 == name }?.1 ?? nil, right.first { $0.0 == name }?.1 ?? nil))
            }
            titles = ("\(world.apps[a1].bundleID) on \(world.devices[mark.device].name)", "\(world.apps[a2].bundleID) on \(world.devices[other.device].name)")
            namesAbove = false
        } else {
            func items(_ d: DeviceIndex) -> [String: String] {
                var items: [String: String] = [:]
                for item in world.devices[d].keychain.values { items["\(item.group) · \(item.service) · \(item.account)"] = item.value }
                return items
            }
            let left = items(mark.device), right = items(other.device)
            rows = Set(left.keys).union(right.keys).sorted().map { ($0, left[$0], right[$0]) }
            titles = ("keychain of \(world.devices[mark.device].name)", "keychain of \(world.devices[other.device].name)")
            namesAbove = true
        }
        let nameWidth = namesAbove ? 0 : 12
        let column = (width - nameWidth - 12) / 2
        let leftX = namesAbove ? 2 : 14
        let rightX = leftX + column + 2
        let linesPerRow = namesAbove ? 2 : 1
        let box = centered(width: width, height: max(1, rows.count) * linesPerRow + 6, layout)
        frame(box, "Compare (any key closes)", state, into: &canvas)
        canvas.write(DisplayWidth.fit(titles.0, to: column), x: box.x + leftX, y: box.y + 1, style: CellStyle(bold: true), limit: column)
        canvas.write(DisplayWidth.fit(titles.1, to: column), x: box.x + rightX, y: box.y + 1, style: CellStyle(bold: true), limit: column)
        if rows.isEmpty { canvas.write("no keychain items on either device", x: box.x + 2, y: box.y + 3, style: state.theme.dim) }
        let full = column >= 48
        var y = box.y + 3
        for row in rows where y + linesPerRow <= box.maxY - 1 {
            if namesAbove {
                canvas.write(DisplayWidth.fit(row.name, to: box.width - 4), x: box.x + 2, y: y, style: CellStyle(bold: true), limit: box.width - 4)
                y += 1
            } else {
                canvas.write(DisplayWidth.fit(row.name, to: 12), x: box.x + 2, y: y, style: CellStyle(bold: true), limit: 12)
            }
            func shown(_ value: String?) -> String {
                value.map { full ? DisplayWidth.fit($0, to: column) : IDText.short($0, ellipsis: g.ellipsis) } ?? "∅"
            }
            canvas.write(shown(row.left), x: box.x + leftX, y: y, limit: column)
            canvas.write(shown(row.right), x: box.x + rightX, y: y, limit: column)
            if let value = row.left, value == row.right, value != SimUUID.zero.uuidString {
                let twoDevices = mark.device != other.device
                canvas.write(twoDevices ? "\(g.duplicate) dup" : g.kept, x: box.maxX - 7, y: y,
                             style: twoDevices ? state.theme.warning : state.theme.dim, limit: 6)
            }
            y += 1
        }
    }

    /// Words wrapped to lines of at most `width` cells; a word longer than a line (a URL) is cut
    /// across lines rather than lost.
    /// Wrapped with the continuation lines indented by `hangingIndent` cells.
    static func wrap(_ text: String, width: Int, hangingIndent: Int) -> [String] {
        guard hangingIndent > 0, hangingIndent < width / 2 else { return wrap(text, width: width) }
        let first = wrap(text, width: width)
        guard first.count > 1 else { return first }
        let rest = text.dropFirst(first[0].count).drop { $0 == " " }
        let pad = String(repeating: " ", count: hangingIndent)
        return [first[0]] + wrap(String(rest), width: width - hangingIndent).map { pad + $0 }
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        // A line break in prose (a presenter note written as a YAML block) starts a new line; the
        // one a block ends with adds none.
        var paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        while paragraphs.count > 1 && paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        guard paragraphs.count == 1 else {
            return paragraphs.flatMap { $0.isEmpty ? [""] : wrap(String($0), width: width) }
        }
        let text = String(paragraphs[0])
        guard width > 0 else { return [text] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while DisplayWidth.of(word) > width {
                if !line.isEmpty { lines.append(line); line = "" }
                let head = DisplayWidth.truncate(word, to: width)
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            if line.isEmpty {
                line = word
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension CellStyle {
    func with(bold: Bool) -> CellStyle {
        var copy = self
        copy.bold = bold
        return copy
    }
}
