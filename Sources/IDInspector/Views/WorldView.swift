import IDSim

/// Devices → vendors → apps, with lock state, tracking settings, accounts and backups.
enum WorldView {
    static func draw(_ state: InspectorState, _ layout: Layout, into canvas: inout Canvas) {
        let rect = layout.world
        let theme = state.theme, g = theme.glyphs
        canvas.box(rect, title: "World" + (state.filter.isEmpty ? "" : " /\(state.filter)"), glyphs: g,
                   style: state.focus == .world ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let rows = state.worldRows
        let inner = rect.inner
        let offset = scrollOffset(state, visible: inner.height, count: rows.count)
        let world = state.session.world
        for (i, row) in rows.enumerated().dropFirst(offset).prefix(inner.height) {
            let y = inner.y + i - offset
            var x = inner.x
            switch row {
            case .device(let d):
                let device = world.devices[d]
                let lock = device.lockDescription
                canvas.write("\(g.expanded) \(device.name)", x: x, y: y, style: Style(bold: true), limit: inner.width)
                x += DisplayWidth.of("\(g.expanded) \(device.name)") + 1
                let detail = "\(device.kind == .iphone ? "iOS" : device.kind.rawValue) \(device.os)  \(lock)"
                canvas.write(detail, x: x, y: y, style: lock == "unlocked" ? theme.dim : theme.warning, limit: inner.maxX - x)
            case .vendor(let d, let team):
                let key = VendorKey(.team, team)
                let idfv = world.devices[d].vendorTable[key].map { ShortUUID.text($0, g) } ?? "no IDFV"
                canvas.write("  \(g.expanded) \(team)  \(idfv)", x: x, y: y, style: theme.dim, limit: inner.width)
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
                let tail = role + (presence == .absent ? " deleted"
                    : world.devices[d].os.major >= 14 ? " ATT " + attShort(world.trackingStatus(app: a, on: d)) : "")
                x += canvas.write(DisplayWidth.fit(name, to: inner.maxX - x - DisplayWidth.of(tail)), x: x, y: y,
                                  style: presence == .absent ? theme.dim : .plain)
                canvas.write(tail, x: x, y: y, style: theme.dim, limit: inner.maxX - x)
            case .info(let text):
                canvas.write(text, x: x, y: y, style: theme.dim, limit: inner.width)
            }
            if i == min(state.selectedRow, rows.count - 1), row.isSelectable {
                canvas.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
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

    static func scrollOffset(_ state: InspectorState, visible: Int, count: Int) -> Int {
        guard count > visible, visible > 0 else { return 0 }
        return min(max(0, state.selectedRow - visible / 2), count - visible)
    }

    static func rowIndex(atScreenY y: Int, layout: Layout, state: InspectorState) -> Int? {
        let inner = layout.world.inner
        let rows = state.worldRows
        let index = y - inner.y + scrollOffset(state, visible: inner.height, count: rows.count)
        return index >= 0 && index < rows.count ? index : nil
    }
}

/// Short forms of identifiers: `3F2A…91C0`, and all zeros as `0000…0000`.
enum ShortUUID {
    static func text(_ uuid: SimUUID, _ g: Glyphs) -> String {
        let s = uuid.uuidString
        return String(s.prefix(4)) + g.ellipsis + String(s.suffix(4))
    }

    /// Shortens hex identifiers (32+ hex digits, dashes allowed); other values are left whole.
    static func text(_ value: String?, _ g: Glyphs, full: Bool = false) -> String {
        guard let value else { return "∅" }
        let hexish = value.count >= 32 && value.allSatisfy { $0.isHexDigit || $0 == "-" }
        guard !full, hexish else { return value }
        return String(value.prefix(4)) + g.ellipsis + String(value.suffix(4))
    }
}

/// The keychain of the selected device: every item, the selected app's groups first.
enum KeychainView {
    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        let (device, app) = state.selection
        let world = state.session.world
        canvas.box(rect, title: "Keychain · \(world.devices[device].name)", glyphs: g, style: theme.border, titleStyle: theme.title)
        let inner = rect.inner
        let groups = app.map { world.apps[$0].keychainGroups } ?? []
        let items = world.devices[device].keychain.values.sorted { a, b in
            let ai = groups.firstIndex(of: a.group) ?? Int.max, bi = groups.firstIndex(of: b.group) ?? Int.max
            return ai != bi ? ai < bi : a.key < b.key
        }
        if items.isEmpty {
            canvas.write("(empty)", x: inner.x, y: inner.y, style: theme.dim)
            return
        }
        var y = inner.y
        for item in items {
            guard y + 1 < inner.maxY else {
                canvas.write("\(g.ellipsis) \(items.count) items", x: inner.x, y: min(y, inner.maxY - 1), style: theme.dim)
                break
            }
            let reachable = groups.contains(item.group)
            canvas.write(item.group, x: inner.x, y: y, style: reachable ? Style(bold: true) : theme.dim, limit: inner.width)
            let klass = item.accessible.rawValue + (item.synchronizable ? " sync" : "")
            canvas.write(" \(item.service)/\(item.account) \(klass) \(ShortUUID.text(item.value, g))", x: inner.x, y: y + 1,
                         style: reachable ? .plain : theme.dim, limit: inner.width)
            y += 2
        }
    }
}
