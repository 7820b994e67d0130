import IDSim

/// One step in words, for the table and markdown formats.
public struct StepSummary {
    enum Mark: String {
        case new = "▲"
        case gone = "▼"
        case kept = "="
        case held = "✔"
        case failed = "✘"
        case note = "»"
    }

    struct Line {
        var mark: Mark?
        var text: String
        var rule: RuleID?
    }

    let number: Int
    let event: String
    let device: String
    let lines: [Line]
    let failed: Bool

    init(_ outcome: StepOutcome, full: Bool) {
        let world = outcome.world
        number = outcome.number
        device = world.devices[outcome.step.device].name
        var lines: [Line] = []
        func value(_ v: String?) -> String { v.map { full ? $0 : Self.shortenIDs($0) } ?? "∅" }
        switch outcome.step.action {
        case .event(let event):
            self.event = Self.describe(event, in: world)
            if case .launch(let app, _) = event, let history = world.devices[outcome.step.device].launches[app] {
                let report = history.latest.report
                let id = report.primaryID
                let before = history.previous?.report.primaryID
                let mark: Mark = history.previous == nil ? .new : (id == before ? .kept : .new)
                var text = "id " + value(id)
                if world.apps[app].strategy == "id-kit", let best = report.best { text += " (best \(best))" }
                if history.previous != nil && id != before { text += " was " + value(before) }
                lines.append(Line(mark: mark, text: text, rule: nil))
                for note in report.notes { lines.append(Line(mark: nil, text: note, rule: nil)) }
            }
            if case .note(let text) = event { lines.append(Line(mark: .note, text: text, rule: nil)) }
        case .expect(let expectation):
            self.event = "expect " + world.apps[expectation.app].bundleID
            if outcome.failures.isEmpty {
                lines.append(Line(mark: .held, text: "holds", rule: nil))
            } else {
                for failure in outcome.failures { lines.append(Line(mark: .failed, text: failure.description, rule: nil)) }
            }
        }
        for change in outcome.changes {
            let mark: Mark = change.to == nil ? .gone : .new
            let text = change.subject.text(in: world) + " " + (change.from == nil ? "" : value(change.from?.description) + " → ")
                + value(change.to?.description)
            lines.append(Line(mark: mark, text: text, rule: change.rule))
        }
        if let note = outcome.step.note { lines.append(Line(mark: .note, text: note, rule: nil)) }
        self.lines = lines
        failed = !outcome.failures.isEmpty
    }

    /// An event in words: "install com.acme.shop", "restore nightly".
    public static func describe(_ event: Event, in world: World) -> String {
        func app(_ a: AppIndex) -> String { world.apps[a].bundleID }
        switch event {
        case .install(let a, let source): return "install \(app(a))" + (source.map { " (\($0.rawValue))" } ?? "")
        case .uninstall(let a): return "uninstall \(app(a))"
        case .offload(let a): return "offload \(app(a))"
        case .update(let a, let team): return "update \(app(a))" + (team.map { " to team \($0)" } ?? "")
        case .launch(let a, let mode): return "launch \(app(a))" + (mode == .foreground ? "" : " (\(mode.rawValue))")
        case .requestTracking(let a, let answer, _): return "requestTracking \(app(a)) → \(answer.rawValue)"
        case .trackingToggle(let a, let on): return "trackingToggle \(app(a)) \(on ? "on" : "off")"
        case .setting(let s):
            let parts = [("allowTrackingRequests", s.allowTrackingRequests), ("continueTracking", s.continueTracking),
                         ("limitAdTracking", s.limitAdTracking), ("trackingRestricted", s.trackingRestricted)]
                .compactMap { name, v in v.map { "\(name)=\($0 ? "on" : "off")" } }
            return "setting " + parts.joined(separator: " ")
        case .consent(let a): return "consent \(app(a))"
        case .configure(let a, let options):
            return "configure \(app(a)) " + options.keys.sorted().map { "\($0)=\(options[$0]!)" }.joined(separator: " ")
        case .deviceCheck(let a, let b0, let b1):
            return "deviceCheck \(app(a))" + (b0.map { " bit0=\($0 ? 1 : 0)" } ?? "") + (b1.map { " bit1=\($0 ? 1 : 0)" } ?? "")
        case .passcode(let on): return "passcode \(on ? "on" : "off")"
        case .upgrade(let v): return "upgrade to iOS \(v)"
        case .signIn(let account): return "signIn \(world.accounts[account].id)"
        case .iCloudKeychain(let on): return "iCloudKeychain \(on ? "on" : "off")"
        case .backup(let kind, let name): return "backup \(kind.rawValue) as \(name)"
        case .restore(let name): return "restore \(name)"
        case .migrate(let from): return "migrate from \(world.devices[from].name)"
        case .note: return "note"
        default: return event.key
        }
    }

    /// Shortens every UUID-like run of hex in a text (`3F2A…91C0`).
    static func shortenIDs(_ text: String) -> String {
        var out = ""
        var token = ""
        func flush() {
            let hexish = token.count >= 32 && token.allSatisfy { $0.isHexDigit || $0 == "-" }
            out += hexish ? ShortID.shorten(token) : token
            token = ""
        }
        for c in text {
            if c.isHexDigit || c == "-" { token.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }
}
