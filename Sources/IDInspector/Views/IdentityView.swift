import IDScenario
import IDSim

/// The selected app's identifiers at the cursor: what it read, whether that is new, kept or
/// gone since the step before, and the rule that changed it.
enum IdentityView {
    struct Row {
        var label: String
        var value: String?
        var mark: Mark
        var rule: RuleID?
        var detail: String?
    }

    enum Mark { case new, kept, gone, none }

    static func rows(_ state: InspectorState) -> [Row] {
        let session = state.session
        let world = session.world
        let (device, selected) = state.selection
        guard let app = selected else { return [] }
        let cursor = session.cursor
        let before = cursor > 0 ? session.timeline.world(at: cursor - 1) : world
        let changes = session.timeline.changes(at: cursor, after: before)
        func mark(_ old: String?, _ new: String?) -> Mark {
            guard cursor > 0 else { return .none }
            if old == new { return .kept }
            return new == nil ? .gone : .new
        }
        var rows: [Row] = []
        let idfv = world.identifierForVendor(app: app, on: device)?.uuidString
        let oldIDFV = before.identifierForVendor(app: app, on: device)?.uuidString
        let idfvRule = changes.first { if case .idfv(let d, _) = $0.subject { d == device } else { false } }?.rule
        rows.append(Row(label: "IDFV", value: idfv, mark: mark(oldIDFV, idfv), rule: idfv == oldIDFV ? nil : idfvRule ?? (idfv == nil ? .idfv3 : nil)))
        let idfa = world.advertisingIdentifier(app: app, on: device)?.uuidString
        let oldIDFA = before.advertisingIdentifier(app: app, on: device)?.uuidString
        let idfaRule = changes.first {
            switch $0.subject {
            case .idfa(let d), .att(let d, _): d == device
            default: false
            }
        }?.rule
        rows.append(Row(label: "IDFA", value: idfa, mark: mark(oldIDFA, idfa), rule: idfa == oldIDFA ? nil : idfaRule ?? .idfa9))
        let att = world.devices[device].os.major >= 14 ? world.trackingStatus(app: app, on: device).rawValue : "n/a (before iOS 14)"
        let oldATT = before.devices[device].os.major >= 14 ? before.trackingStatus(app: app, on: device).rawValue : "n/a (before iOS 14)"
        let attRule = changes.first { if case .att(let d, let a) = $0.subject { d == device && a == app } else { false } }?.rule
        rows.append(Row(label: "ATT", value: att, mark: mark(oldATT, att), rule: att == oldATT ? nil : attRule))
        // The APNs token the app is given when it registers (APNS-35), once it has launched.
        let token = world.devices[device].apnsToken(app)?.hex
        let oldToken = before.devices[device].apnsToken(app)?.hex
        if token != nil || oldToken != nil {
            rows.append(Row(label: "APNs", value: token, mark: mark(oldToken, token), rule: token == oldToken ? nil : .apns35))
        }

        let history = world.devices[device].launches[app]
        if let latest = history?.latest {
            let previous = history?.previous?.report
            let freshLaunch = latest.step == cursor
            // The platform rows above already show what the app read of IDFV and IDFA.
            for value in latest.report.values where value.name != "idfv" && value.name != "idfa" {
                let old = previous?.value(value.name)
                let m: Mark = freshLaunch && previous != nil ? (old == value.value ? .kept : (value.value == nil ? .gone : .new)) : (freshLaunch ? .new : .none)
                // A value the app code changed because the OS refused it something: name that rule.
                let rule = m == .new || m == .gone ? failureRule(latest.report.notes) : nil
                rows.append(Row(label: value.name, value: value.value, mark: m, rule: rule, detail: nil))
            }
            if world.apps[app].strategy == "id-kit" {
                let best = latest.report.best ?? "none"
                let hash = latest.report.result[best]?["hash"].flatMap { if case .string(let h) = $0 { h } else { nil } }
                rows.append(Row(label: "best", value: best, mark: .none, rule: nil,
                                detail: hash.map { "sha256 " + String($0.prefix(12)) + "…" }))
            }
            rows.append(Row(label: "launch", value: "step \(latest.step) (\(latest.mode.rawValue))", mark: freshLaunch ? .new : .none, rule: nil,
                            detail: latest.report.notes.first))
        } else {
            rows.append(Row(label: "launch", value: nil, mark: .none, rule: nil, detail: "not launched yet (L launches it)"))
        }
        return rows
    }

    /// The rule behind a keychain failure the launch ran into, if any.
    static func failureRule(_ notes: [String]) -> RuleID? {
        if notes.contains(where: { $0.contains("errSecInteractionNotAllowed") }) { return .kc17 }
        if notes.contains(where: { $0.contains("errSecMissingEntitlement") || $0.contains("errSecNoAccessForItem") }) { return .kc16 }
        return nil
    }

    static func draw(_ state: InspectorState, _ rect: Rect, into canvas: inout Canvas) {
        let theme = state.theme, g = theme.glyphs
        let (device, app) = state.selection
        let world = state.session.world
        let title: String
        if let app {
            let options = world.apps[app].options.keys.sorted().map { "\($0)=\(world.apps[app].options[$0]!)" }.joined(separator: " ")
            title = "Identity · \(world.devices[device].name) › \(world.apps[app].bundleID) (\(world.apps[app].strategy)\(options.isEmpty ? "" : ", " + options))"
        } else {
            title = "Identity · \(world.devices[device].name)"
        }
        canvas.box(rect, title: title, glyphs: g, style: state.focus == .identity ? theme.focusedBorder : theme.border, titleStyle: theme.title)
        let inner = rect.inner
        guard app != nil else {
            canvas.write("No app selected: ↑/↓ to pick one in the World pane, i to install one.", x: inner.x + 1, y: inner.y, style: theme.dim, limit: inner.width - 1)
            return
        }
        let all = rows(state)
        for (i, row) in all.prefix(inner.height).enumerated() {
            let y = inner.y + i
            var x = inner.x + 1
            x += canvas.write(row.label.padding(toLength: max(7, row.label.count + 1), withPad: " ", startingAt: 0), x: x, y: y, style: Style(bold: true))
            x += canvas.write(ShortUUID.text(row.value, g) + "  ", x: x, y: y, style: row.mark == .gone ? theme.gone : .plain, limit: inner.maxX - x)
            switch row.mark {
            case .new: x += canvas.write("\(g.new) new  ", x: x, y: y, style: theme.new)
            case .gone: x += canvas.write("\(g.gone) gone ", x: x, y: y, style: theme.gone)
            case .kept: x += canvas.write("\(g.kept) kept ", x: x, y: y, style: theme.kept)
            case .none: x += canvas.write("       ", x: x, y: y)
            }
            if let rule = row.rule {
                x += canvas.write(rule.rawValue, x: x, y: y, style: theme.rule)
                canvas.write(": " + rule.rule.title, x: x, y: y, style: theme.dim, limit: inner.maxX - x)
            } else if let detail = row.detail {
                canvas.write(detail, x: x, y: y, style: theme.dim, limit: inner.maxX - x)
            }
            if state.focus == .identity && i == min(state.identityRow, all.count - 1) {
                canvas.restyle(Rect(x: inner.x, y: y, width: inner.width, height: 1)) { $0.reverse = true }
            }
        }
    }
}
