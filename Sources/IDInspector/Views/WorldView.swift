import IDScenario
import IDSim

/// Devices → vendors → apps, with lock state, tracking settings, accounts and backups.
enum WorldView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let rect = layout.world
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "World" + (state.filter.isEmpty ? "" : " /\(state.filter)") + (state.pinned ? " · pinned" : ""), glyphs: g,
                   style: state.focus == .world ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let rows = state.worldRows
        let selected = state.selectedRow
        let inner = rect.inner
        let offset = scrollOffset(selected ?? 0, visible: inner.height, count: rows.count)
        let world = state.session.world
        for (i, row) in rows.enumerated().dropFirst(offset).prefix(inner.height) {
            let y = inner.y + i - offset
            var x = inner.x
            switch row {
            case .device(let d):
                let device = world.devices[d]
                let lock = device.lockDescription
                let marked = state.marked.map { $0.device == d && $0.app == nil } == true ? " " + state.theme.glyphs.marked : ""
                canvas.write("\(g.expanded) \(device.name)\(marked)", x: x, y: y, style: CellStyle(bold: true), limit: inner.width)
                x += DisplayWidth.of("\(g.expanded) \(device.name)\(marked)") + 1
                let detail = "\(device.kind == .iphone ? "iOS" : device.kind.rawValue) \(device.os)  \(lock)"
                canvas.write(detail, x: x, y: y, style: lock == "unlocked" ? theme.dim : theme.warning, limit: inner.maxX - x)
            case .vendor(let d, let key):
                let idfv = world.devices[d].vendorTable[key].map { ShortUUID.text($0, g) } ?? "no IDFV"
                let name = switch key.namespace {
                case .team: key.value
                case .testflight: key.value + " (TestFlight)"
                case .bundle: key.value + " (bundle)"
                }
                canvas.write("  \(g.expanded) \(name)  \(idfv)", x: x, y: y, style: theme.dim, limit: inner.width)
            case .app(let d, let a):
                let presence = world.presence(of: a, on: d)
                let mark = presence == .installed ? g.installed : presence == .offloaded ? g.offloaded : g.absent
                let name = world.apps[a].displayName.map { "\(world.apps[a].bundleID) \($0)" } ?? world.apps[a].bundleID
                x += canvas.write("    \(mark) ", x: x, y: y, style: presence == .installed ? theme.new : theme.dim)
                // Extensions and clips say what they are (EXT-33, CLIP-34).
                let role = switch world.apps[a].role {
                case .app: ""
                case .appExtension: " ext"
                case .appClip: " clip"
                }
                let absent = state.session.lanes.appeared(device: d, app: a, by: state.session.cursor) ? " deleted" : " not installed"
                let marked = state.marked.map { $0.device == d && $0.app == a } == true ? " " + state.theme.glyphs.marked : ""
                let tail = role + marked + (presence == .absent ? absent
                    : world.devices[d].os.major >= 14 ? " ATT " + attShort(world.trackingStatus(app: a, on: d)) : "")
                x += canvas.write(DisplayWidth.fit(name, to: inner.maxX - x - DisplayWidth.of(tail)), x: x, y: y,
                                  style: presence == .absent ? theme.dim : .plain)
                canvas.write(tail, x: x, y: y, style: theme.dim, limit: inner.maxX - x)
            case .info(let text):
                canvas.write(DisplayWidth.fit(text, to: inner.width), x: x, y: y, style: theme.dim, limit: inner.width)
            }
            if i == selected {
                canvas.restyle(CanvasRect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }

    static func attShort(_ status: ATTStatus) -> String {
        switch status {
        case .notDetermined: "?"
        case .authorized: "yes"
        case .denied: "no"
        case .restricted: "mdm"
        }
    }

    static func scrollOffset(_ selected: Int, visible: Int, count: Int) -> Int {
        guard count > visible, visible > 0 else { return 0 }
        return min(max(0, selected - visible / 2), count - visible)
    }

    static func rowIndex(atScreenY y: Int, layout: Layout, state: InspectorState) -> Int? {
        let inner = layout.world.inner
        let rows = state.worldRows
        let index = y - inner.y + scrollOffset(state.selectedRow ?? 0, visible: inner.height, count: rows.count)
        return index >= 0 && index < rows.count ? index : nil
    }
}

/// Short forms of identifiers: `3F2A…91C0`, and all zeros as `0000…0000`.
enum ShortUUID {
    static func text(_ uuid: SimUUID, _ g: Glyphs) -> String {
        IDText.short(uuid.uuidString, ellipsis: g.ellipsis)
    }
}
