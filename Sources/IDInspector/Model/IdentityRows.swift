import IDReports
import IDScenario
import IDSim

/// One row of the identity pane: a value the selected app reads, and what the cursor's step did to it.
struct IdentityRow {
    enum Mark: Equatable {
        case new, kept, gone, back, none
        /// New here, and the value another app of the vendor already read: "= same as com.acme.shop's".
        case same(as: String)
        /// A value another device (or another team's app) already holds: "⚠ dup".
        case dup
        /// An ID that did not follow the app across a continuity step: "⚠ lost: was … (step N)".
        case lost
        /// An expectation's check: held or failed.
        case held, failed
    }

    var label: String
    /// The value as people read it (raw first, hash second), shortened for the pane.
    var value: String?
    var mark: Mark
    var rule: RuleID?
    var detail: String?
    /// The value in full, for presenter mode and the row's detail.
    var full: String?

    init(label: String, value: String?, mark: Mark, rule: RuleID?, detail: String? = nil, full: String? = nil) {
        self.label = label
        self.value = value
        self.mark = mark
        self.rule = rule
        self.detail = detail
        self.full = full ?? value
    }
}

/// The selected app's identifiers at the cursor, from the world there and the world before it
/// (both computed once when the cursor moved: `Session.atCursor`).
enum IdentityRows {
    static func make(_ state: InspectorState) -> [IdentityRow] {
        let session = state.session
        let world = session.world, before = session.atCursor.before, changes = session.atCursor.changes
        let device = state.selection.device
        guard let app = state.selection.app else { return [] }
        let cursor = session.cursor
        let g = state.theme.glyphs
        func mark(_ old: String?, _ new: String?, lane: LaneHistory.Lane? = nil) -> IdentityRow.Mark {
            guard cursor > 0 else { return .none }
            if old == new { return new == nil ? .none : .kept }
            guard let new else { return .gone }
            // Readable again (after the first unlock): the value it had before is no news.
            if old == nil, let lane, session.lanes.lastValue(lane, device: device, app: app, before: cursor) == new { return .back }
            return .new
        }
        let presentNow = world.presence(of: app, on: device) != .absent
        let presentBefore = before.presence(of: app, on: device) != .absent
        // At an expectation, what it checked comes first: it is what the step is about.
        var rows: [IdentityRow] = expectationRows(state)

        let idfv = world.identifierForVendor(app: app, on: device)?.uuidString
        let oldIDFV = before.identifierForVendor(app: app, on: device)?.uuidString
        let idfvRule = changes.first { if case .idfv(let d, _) = $0.subject { d == device } else { false } }?.rule
        var idfvMark = mark(oldIDFV, idfv, lane: .idfv)
        // An app new to the device that reads the IDFV its vendor's other apps already read: the
        // same value, not a new one (IDFV-1: the vendor's, kept for as long as one of its apps is).
        if idfvMark == .new, idfvRule == nil, !presentBefore, let idfv,
           let other = before.apps.indices.first(where: { $0 != app && before.identifierForVendor(app: $0, on: device)?.uuidString == idfv }) {
            idfvMark = .same(as: before.apps[other].bundleID + "'s")
        }
        // A value that goes with the app goes because the app was deleted (CT-23), whatever else
        // the step did, unless the vendor's IDFV itself went with it (IDFV-5).
        let appGone = presentBefore && !presentNow
        let idfvRowRule: RuleID?
        switch idfvMark {
        // No change to the vendor's IDFV: an app new to the device reads its vendor's existing one
        // (IDFV-1); an app deleted reads nothing (CT-23); else it became readable (IDFV-3).
        case .new, .gone, .back: idfvRowRule = idfvRule ?? (appGone ? .ct23 : presentBefore ? .idfv3 : .idfv1)
        case .same: idfvRowRule = .idfv1
        default: idfvRowRule = nil
        }
        // An app deleted while another of its vendor stays: the app reads nothing now, but the
        // vendor's IDFV lives on (IDFV-5), so nothing of it is gone.
        if appGone, idfvRule == nil, let (_, vendorIDFV) = StepStory.vendorIDFV(app, on: device, in: world) {
            rows.append(IdentityRow(label: "IDFV", value: nil, mark: .none, rule: nil,
                                    detail: "not installed; the vendor's stays " + IDText.short(vendorIDFV, ellipsis: g.ellipsis) + " (IDFV-5)"))
        } else {
            rows.append(IdentityRow(label: "IDFV", value: idfv.map { IDText.short($0, ellipsis: g.ellipsis) }, mark: idfvMark,
                                    rule: idfvRowRule, detail: idfv == nil && presentNow ? "nil: before the first unlock (IDFV-3)" : nil, full: idfv))
        }

        // What the platform hands the app: nothing while it is not installed.
        let idfa = presentNow ? world.advertisingIdentifier(app: app, on: device)?.uuidString : nil
        let oldIDFA = presentBefore ? before.advertisingIdentifier(app: app, on: device)?.uuidString : nil
        let idfaRule = changes.first {
            switch $0.subject {
            case .idfa(let d), .att(let d, _): d == device
            default: false
            }
        }?.rule
        // The IDFA is the device's: an app deleted no longer reads it, but it is not gone.
        let idfaChanged = changes.contains { if case .idfa(let d) = $0.subject { d == device } else { false } }
        let idfaMark = appGone && !idfaChanged ? .none : mark(oldIDFA, idfa, lane: .idfa)
        rows.append(IdentityRow(label: "IDFA", value: idfa.map { IDText.short($0, ellipsis: g.ellipsis) }, mark: idfaMark,
                                rule: idfaMark == .new || idfaMark == .gone ? idfaRule ?? .idfa9 : nil,
                                detail: presentNow ? nil : "not installed", full: idfa))

        let att = world.devices[device].os.major >= 14 ? (presentNow ? world.trackingStatus(app: app, on: device).rawValue : nil) : "n/a (before iOS 14)"
        let oldATT = before.devices[device].os.major >= 14 ? (presentBefore ? before.trackingStatus(app: app, on: device).rawValue : nil) : "n/a (before iOS 14)"
        let attRule = changes.first { if case .att(let d, let a) = $0.subject { d == device && a == app } else { false } }?.rule
        let attMark = mark(oldATT, att)
        rows.append(IdentityRow(label: "ATT", value: att, mark: attMark,
                                rule: attMark == .new || attMark == .gone ? attRule ?? (appGone ? .ct23 : nil) : nil))

        // The APNs token the app is given when it registers (APNS-35), once it has launched.
        let issued = world.devices[device].apnsToken(app)
        let token = issued?.hex
        let oldToken = before.devices[device].apnsToken(app)?.hex
        if token != nil || oldToken != nil {
            let tokenMark = mark(oldToken, token)
            // The environment shows where it is the exception: an Xcode build's sandbox token,
            // which the production gateway refuses (production is every other build's).
            let sandbox = issued?.environment == .sandbox ? " (sandbox)" : ""
            rows.append(IdentityRow(label: "APNs", value: token.map { IDText.short($0, ellipsis: g.ellipsis) + sandbox }, mark: tokenMark,
                                    rule: tokenMark == .new || tokenMark == .gone ? .apns35 : nil, full: token.map { $0 + sandbox }))
        }

        let history = world.devices[device].launches[app]
        guard let latest = history?.latest else {
            rows.append(IdentityRow(label: "launch", value: nil, mark: .none, rule: nil,
                                    detail: presentNow ? "not launched yet (L launches it)" : "not installed (i installs it)"))
            return rows
        }
        let previous = history?.previous?.report
        let freshLaunch = latest.step == cursor
        // Every value the previous launch had: a store read now of what that launch wrote (its
        // keychain read was empty, then it saved its ID) is the old value, not a new one.
        let previousValues = Set((previous?.values.compactMap(\.value) ?? []) + [previous?.primaryID].compactMap { $0 })
        func launchMark(_ old: String?, _ new: String?) -> IdentityRow.Mark {
            guard freshLaunch else { return .none }
            guard previous != nil else { return new == nil ? .none : .new }
            if old == new { return .kept }
            guard let new else { return .gone }
            return previousValues.contains(new) ? .kept : .new
        }
        // The previous launch's values by name, looked up once: a recipe may report thousands.
        var earlier: [String: String?] = [:]
        for value in previous?.values ?? [] where earlier[value.name] == nil { earlier[value.name] = value.value }
        // The platform rows above already show what the app read of IDFV and IDFA.
        // The values this launch gave that another device already held (recorded when it ran).
        let duplicates = freshLaunch ? session.record(at: cursor)?.duplicates ?? [] : []
        // The ID this launch gave where the app's ID did not follow it (one row carries it).
        var lost = freshLaunch ? session.record(at: cursor)?.lost : nil
        for value in latest.report.values where value.name != "idfv" && value.name != "idfa" {
            let m = launchMark(earlier[value.name] ?? nil, value.value)
            // A value the app code changed because the OS refused it something: name that rule.
            let rule = m == .new || m == .gone ? failureRule(latest.report.notes) : nil
            if let duplicate = duplicates.first(where: { $0.name == value.name }) {
                rows.append(IdentityRow(label: value.name, value: value.value.map { IDText.short($0, ellipsis: g.ellipsis) }, mark: .dup,
                                        rule: nil, detail: duplicate.sameAs, full: value.value))
                continue
            }
            if let found = lost, value.value == found.value {
                rows.append(IdentityRow(label: value.name, value: value.value.map { IDText.short($0, ellipsis: g.ellipsis) }, mark: .lost,
                                        rule: nil, detail: found.wasText, full: value.value))
                lost = nil
                continue
            }
            rows.append(IdentityRow(label: value.name, value: value.value.map { IDText.short($0, ellipsis: g.ellipsis) }, mark: m, rule: rule,
                                    full: value.value))
        }
        if world.apps[app].strategy == "id-kit" {
            // The ID the app chose: flagged like any other value when it changes (its source may not).
            let best = latest.report.best ?? "none"
            var m = launchMark(previous?.primaryID, latest.report.primaryID)
            var detail = "from \(best)"
            if let found = lost {
                m = .lost
                detail = found.wasText + " · from \(best)"
                lost = nil
            }
            rows.append(IdentityRow(label: "best", value: IDText.human(latest.report.primaryID, hash: IDText.hash(of: latest.report),
                                                                      ellipsis: g.ellipsis),
                                    mark: m, rule: m == .new ? failureRule(latest.report.notes) : nil, detail: detail,
                                    full: IDText.human(latest.report.primaryID, hash: IDText.hash(of: latest.report), full: true)))
        }
        if let found = lost {
            // A primary ID none of the named values showed: a row of its own.
            rows.append(IdentityRow(label: "id", value: IDText.short(found.value, ellipsis: g.ellipsis), mark: .lost, rule: nil,
                                    detail: found.wasText, full: found.value))
        }
        rows.append(IdentityRow(label: "launch", value: "step \(latest.step) (\(latest.mode.rawValue))", mark: freshLaunch ? .new : .none,
                                rule: nil, detail: latest.report.notes.first))
        return rows
    }

    /// At an expectation about the selected app: each check, the value it looked at, and the verdict.
    static func expectationRows(_ state: InspectorState) -> [IdentityRow] {
        let session = state.session
        guard let step = session.entry(at: session.cursor), case .expect(let expectation) = step.action,
              expectation.app == state.selection.app, (expectation.device ?? step.device) == state.selection.device,
              let checks = session.record(at: session.cursor)?.checks else { return [] }
        return checks.map { check in
            IdentityRow(label: "expect", value: check.key + " " + check.expectedInWords, mark: check.held ? .held : .failed, rule: nil,
                        detail: check.held ? check.value : check.actual, full: check.key + " " + check.expectedInWords)
        }
    }

    /// The rule behind a keychain failure the launch ran into, if any.
    static func failureRule(_ notes: [String]) -> RuleID? {
        if notes.contains(where: { $0.contains("errSecInteractionNotAllowed") }) { return .kc17 }
        if notes.contains(where: { $0.contains("errSecMissingEntitlement") || $0.contains("errSecNoAccessForItem") }) { return .kc16 }
        return nil
    }
}
