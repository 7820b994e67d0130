import IDSim

/// One step in words, for the table and markdown formats.
package struct StepSummary {
    package enum Mark {
        case new, gone, kept, held, failed, note
        /// A value another device (or another team's app) already holds.
        case dup
        /// An ID that did not follow the app across a restore, a migration, a reinstall or an update.
        case lost

        package var symbol: String {
            switch self {
            case .new: "▲"
            case .gone: "▼"
            case .kept: "="
            case .held: "✔"
            case .failed: "✘"
            case .note: "»"
            case .dup, .lost: "⚠"
            }
        }
    }

    package struct Line {
        package var mark: Mark?
        package var text: String
        package var rule: RuleID?
    }

    package let number: Int
    package let event: String
    package let device: String
    package let lines: [Line]
    package let failed: Bool

    package init(_ outcome: StepOutcome, full: Bool) {
        let world = outcome.world
        number = outcome.number
        device = world.devices[Self.title(of: outcome.step, in: world).device].name
        var lines: [Line] = []
        func value(_ v: String?) -> String { v.map { full ? $0 : Self.shortenIDs($0) } ?? "∅" }
        switch outcome.step.action {
        case .event(let event):
            self.event = Self.title(of: outcome.step, in: world).what
            if let app = event.app, event.reportsIDs(of: app), let history = world.devices[outcome.step.device].launches[app] {
                let report = history.latest.report
                let id = report.primaryID
                let before = history.previous?.report.primaryID
                var text = "id " + IDText.human(id, hash: IDText.hash(of: report), full: full)
                if world.apps[app].strategy == "id-kit", let best = report.best { text += " (best \(best))" }
                if history.previous != nil && id != before { text += " was " + value(before) }
                let idDuplicate = outcome.duplicates.first { $0.name == "id" }
                if let idDuplicate { text += " · dup: " + idDuplicate.sameAs }
                lines.append(Line(mark: idDuplicate != nil ? .dup : Self.idMark(history), text: text, rule: nil))
                for duplicate in outcome.duplicates where duplicate.name != "id" {
                    lines.append(Line(mark: .dup, text: "dup: \(duplicate.name) \(value(duplicate.value)), \(duplicate.sameAs)", rule: nil))
                }
                if let lost = outcome.lost {
                    lines.append(Line(mark: .lost, text: "lost: " + (full ? lost.wasTextFull : lost.wasText) + ", " + lost.after, rule: nil))
                }
                for note in report.notes { lines.append(Line(mark: nil, text: note, rule: nil)) }
            }
            if case .note(let text) = event { lines.append(Line(mark: .note, text: text, rule: nil)) }
        case .expect:
            self.event = Self.title(of: outcome.step, in: world).what
            // What each check looked at: the values compared and the verdict.
            for check in outcome.checks {
                lines.append(check.held ? Line(mark: .held, text: check.description, rule: nil)
                                        : Line(mark: .failed, text: ExpectationFailure.of([check])[0].description, rule: nil))
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

    /// How a launch's ID line is marked: new at the first launch or when the ID changed.
    static func idMark(_ history: LaunchHistory) -> Mark {
        history.previous == nil || history.latest.report.primaryID != history.previous?.report.primaryID ? .new : .kept
    }

    /// How many changes `run` lists for a step: its changed values, and a launch's ID when it is
    /// new or changed (the lines marked ▲ or ▼). The inspector's status line counts the same.
    package static func changeCount(_ outcome: StepOutcome) -> Int {
        var count = outcome.changes.count
        if case .event(.launch(let app, _, _)) = outcome.step.action, let history = outcome.world.devices[outcome.step.device].launches[app],
           idMark(history) == .new {
            count += 1
        }
        return count
    }

    /// A step in a few words and the device it is about: what `run`, the presenter and the page
    /// all call it. An expectation about another device is about that one (the step's device is
    /// only its default).
    package static func title(of step: ScenarioStep, in world: World) -> (what: String, device: DeviceIndex) {
        switch step.action {
        case .event(let event): (describe(event, in: world), step.device)
        case .expect(let expectation): ("expect " + world.apps[expectation.app].bundleID, expectation.device ?? step.device)
        }
    }

    /// A step's count in the status line's words: "3 changes", "0 changes · ⚠ dup · ⚠ lost". What a
    /// launch found (a duplicate, a lost ID) is said beside the count, so a launch that changed
    /// nothing but gave another device's ID does not read as a step where nothing happened.
    package static func tally(changes count: Int, duplicates: Int, lost: Bool, glyph: String = "⚠") -> String {
        var text = "\(count) change\(count == 1 ? "" : "s")"
        if duplicates > 0 { text += " · \(glyph) \(duplicates == 1 ? "" : "\(duplicates) ")dup" }
        if lost { text += " · \(glyph) lost" }
        return text
    }

    /// A launch's ID line when it counts as a change (new or changed): "id of com.acme.shop: A → B".
    package static func launchIDChange(_ outcome: StepOutcome) -> String? {
        guard case .event(.launch(let app, _, _)) = outcome.step.action,
              let history = outcome.world.devices[outcome.step.device].launches[app], history.latest.step == outcome.number,
              idMark(history) == .new else { return nil }
        let report = history.latest.report
        let before = history.previous.map { IDText.human($0.report.primaryID, hash: IDText.hash(of: $0.report), full: true) } ?? "∅"
        return "id of \(outcome.world.apps[app].bundleID): \(before) → " + IDText.human(report.primaryID, hash: IDText.hash(of: report), full: true)
    }

    /// An event in words: "install com.acme.shop", "restore nightly".
    package static func describe(_ event: Event, in world: World) -> String {
        EventSpec.of(event.kind).describe(event, world)
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
