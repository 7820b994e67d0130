import IDSim

/// `idscope export --format html`: a scenario's story as one self-contained page, for a slide or
/// a ticket. The description, devices and apps; the history lanes as an inline SVG chart; every
/// step with its narration and what it checked and changed (in the presenter's order, `StepStory`),
/// each rule linked to its source; duplicates and verdicts marked; the end. A little inline script
/// steps through it with ← and →; it prints without it.
///
/// Nothing is fetched when it opens: the styles and the script are inline, and a
/// Content-Security-Policy forbids everything else. Every text from the scenario is escaped.
public enum HTMLPage {
    /// - Throws: `RunError` at the first step that cannot apply.
    /// - Parameter speakerNotes: include the speaker's notes (the scenario's and each step's).
    public static func document(_ scenario: Scenario, seed: UInt64? = nil, speakerNotes: Bool = false) throws(RunError) -> String {
        var session = try Session(setup: scenario, seed: seed)
        var sections: [String] = [setupSection(scenario, world: session.world)]
        for step in scenario.steps {
            let outcome = try session.take(step)
            sections.append(stepSection(outcome, narration: session.narration(at: outcome.number),
                                        speaker: speakerNotes ? step.speaker : nil))
        }
        let end = StoryEnd(session)
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HTMLAssets.contentSecurityPolicy + "\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"idscope export\">\n"
        page += "<title>" + HTMLText.escaped(scenario.name) + " · idscope</title>\n"
        page += "<style>\n" + HTMLAssets.style + "</style>\n</head>\n<body>\n"
        page += header(scenario, seed: session.seed, steps: session.count, speakerNotes: speakerNotes)
        page += "<section class=\"lanes\" aria-label=\"Each ID across the steps\">\n<h2>Each ID across the steps</h2>\n"
        page += "<p class=\"hint\">One letter and colour per value across the whole chart, in the order values first appear: "
            + "the same letter is the same value, in any lane and on any device; grey 0: zeros; no bar: none. "
            + "⚠ marks a launch whose ID another device already held, or whose ID did not follow a restore, a migration, "
            + "a reinstall or an update.</p>\n"
        let chart = HTMLLanes.chart(session)
        page += chart.svg + chart.legend + "</section>\n"
        page += "<main>\n" + sections.joined() + endSection(end) + "</main>\n"
        page += "<script>\n" + HTMLAssets.script + "</script>\n</body>\n</html>\n"
        return page
    }

    // MARK: - Parts

    static func header(_ scenario: Scenario, seed: UInt64, steps: Int, speakerNotes: Bool) -> String {
        var out = "<header>\n<h1>" + HTMLText.escaped(scenario.name) + "</h1>\n"
        if let description = scenario.description {
            out += "<p class=\"description\">" + HTMLText.escaped(trimmed(description), keepingNewlines: true) + "</p>\n"
        }
        let switches = scenario.profile.nonDefaultSwitches
        let profile = switches.isEmpty ? "default" : switches.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        out += "<p class=\"meta\">\(steps) step\(steps == 1 ? "" : "s") · seed \(seed) · OS profile: " + HTMLText.escaped(profile) + "</p>\n"
        out += "<p class=\"keys\">← and → step through the story (Home: the start, End: the end); the step shown is outlined.</p>\n"
        out += "<p class=\"legend\"><span class=\"new\">▲ new</span> <span class=\"gone\">▼ gone</span> "
            + "<span class=\"dup\">⚠ already held elsewhere</span> <span class=\"held\">✔ held</span> <span class=\"failed\">✘ failed</span></p>\n"
        if speakerNotes, let notes = scenario.presenterNotes {
            out += "<details class=\"notes\"><summary>Speaker's notes</summary><p>" + HTMLText.escaped(trimmed(notes), keepingNewlines: true)
                + "</p></details>\n"
        }
        return out + "</header>\n"
    }

    /// Step 0: the devices and the apps, as the scenario sets them up.
    static func setupSection(_ scenario: Scenario, world: World) -> String {
        var out = "<section class=\"step\" id=\"step-0\" data-title=\"Step 0: the setup\">\n<h2><span class=\"n\">0</span> The setup</h2>\n"
        out += "<table class=\"setup\">\n<thead><tr><th>device</th><th>kind</th><th>iOS</th><th>passcode</th><th>Apple ID</th></tr></thead>\n<tbody>\n"
        for device in scenario.devices {
            out += "<tr><td>" + HTMLText.escaped(device.name) + "</td><td>" + HTMLText.escaped("\(device.kind)") + "</td><td>"
                + HTMLText.escaped("\(device.os)") + "</td><td>" + (device.passcode ? "yes" : "no") + "</td><td>"
                + HTMLText.escaped(device.appleID ?? "") + "</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += "<table class=\"setup\">\n<thead><tr><th>app</th><th>team</th><th>strategy</th></tr></thead>\n<tbody>\n"
        for app in scenario.apps {
            let options = app.options.keys.sorted().map { "\($0)=\(app.options[$0]!)" }.joined(separator: ", ")
            out += "<tr><td>" + HTMLText.escaped(app.bundleID) + "</td><td>" + HTMLText.escaped(app.teamID) + "</td><td>"
                + HTMLText.escaped(app.strategy + (options.isEmpty ? "" : " (" + options + ")")) + "</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    static func stepSection(_ outcome: StepOutcome, narration: String?, speaker: String? = nil) -> String {
        let world = outcome.world
        let (title, shownDevice) = StepSummary.title(of: outcome.step, in: world)
        var badge = ""
        var shownApp: AppIndex?
        switch outcome.step.action {
        case .event(let event):
            if case .launch(let app, _, _) = event { shownApp = app }
            if !outcome.duplicates.isEmpty { badge = " <span class=\"badge dup\">⚠ duplicate</span>" }
            if outcome.lost != nil { badge += " <span class=\"badge dup\">⚠ lost</span>" }
        case .expect(let expectation):
            shownApp = expectation.app
            badge = outcome.failures.isEmpty ? " <span class=\"badge held\">✔ holds</span>" : " <span class=\"badge failed\">✘ fails</span>"
        }
        let device = world.devices[shownDevice].name
        let n = outcome.number
        var out = "<section class=\"step\" id=\"step-\(n)\" data-title=\"" + HTMLText.escaped("Step \(n): \(title) on \(device)") + "\">\n"
        out += "<h2><span class=\"n\">\(n)</span> " + HTMLText.escaped(title) + " <span class=\"on\">on " + HTMLText.escaped(device)
            + "</span>" + badge + "</h2>\n"
        if let narration {
            out += "<p class=\"narration\">" + HTMLText.escaped(trimmed(narration), keepingNewlines: true) + "</p>\n"
        }
        if let speaker {
            out += "<details class=\"notes\"><summary>Speaker's note</summary><p>" + HTMLText.escaped(trimmed(speaker), keepingNewlines: true)
                + "</p></details>\n"
        }
        let story = StepStory(outcome, shownDevice: shownDevice, shownApp: shownApp)
        if story.lines.isEmpty {
            out += "<p class=\"quiet\">Nothing changed.</p>\n"
        } else {
            out += "<ul class=\"story\">\n" + story.lines.map(item).joined() + "</ul>\n"
        }
        return out + "</section>\n"
    }

    static func item(_ line: StepStory.Line) -> String {
        let kind: String = switch line.mark {
        case .new: "new"
        case .gone: "gone"
        case .kept: "kept"
        case .dup, .lost: "dup"
        case .held: "held"
        case .failed: "failed"
        case .note: "note"
        }
        var out = "<li class=\"\(kind)\"" + (line.subject.map { " title=\"" + HTMLText.escaped($0) + "\"" } ?? "") + ">"
        out += "<span class=\"mark\">" + line.mark.symbol + "</span> <span class=\"label\">" + HTMLText.escaped(line.label) + "</span> "
        if !line.place.isEmpty { out += "<span class=\"place\">" + HTMLText.escaped(line.place) + "</span> " }
        if line.hasValues {
            out += "<span class=\"values\">"
            if let from = line.from { out += "<code class=\"from\">" + HTMLText.escaped(from) + "</code> → " }
            out += "<code class=\"to\">" + HTMLText.escaped(line.to ?? "∅") + "</code></span>"
        }
        if let rule = line.rule { out += " " + ruleLink(rule) }
        if let detail = line.detail { out += "<div class=\"detail\">" + HTMLText.escaped(detail) + "</div>" }
        return out + "</li>\n"
    }

    /// A rule's ID linked to its first source on the web, and its title.
    static func ruleLink(_ id: RuleID) -> String {
        let rule = id.rule
        let name = HTMLText.escaped(id.rawValue)
        let title = HTMLText.escaped(rule.title)
        let linked = rule.sources.lazy.compactMap(HTMLText.link).first
        let anchor = linked.map { "<a class=\"rule\" href=\"\($0)\" rel=\"noreferrer\">\(name)</a>" } ?? "<span class=\"rule\">\(name)</span>"
        return anchor + " <span class=\"rule-title\">" + title + "</span>"
    }

    static func endSection(_ end: StoryEnd) -> String {
        var out = "<section class=\"step end\" id=\"end\" data-title=\"The end\">\n<h2>The end</h2>\n"
        let failed = end.verdicts.filter { !$0.check.held }.count
        out += "<p class=\"narration\">" + (end.verdicts.isEmpty ? "No expectations were checked."
            : failed == 0 ? "All \(end.verdicts.count) checks of the expectations held."
            : "\(failed) of \(end.verdicts.count) checks of the expectations failed.")
            + " " + StoryEnd.findings(end)
            + "</p>\n"
        out += "<h3>IDs, from the first value to the end</h3>\n<table class=\"ids\">\n"
            + "<thead><tr><th>device</th><th>app</th><th>ID</th><th>first</th><th>at the end</th><th>values</th></tr></thead>\n<tbody>\n"
        for span in end.ids {
            out += "<tr><td>" + HTMLText.escaped(span.device) + "</td><td>" + HTMLText.escaped(span.app) + "</td><td>" + span.name
                + "</td><td><code>" + HTMLText.escaped(span.first ?? "∅") + "</code></td><td><code>" + HTMLText.escaped(span.last ?? "∅")
                + "</code></td><td class=\"count\">\(span.values)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n<h3>Duplicates</h3>\n"
        if end.duplicates.isEmpty {
            out += "<p class=\"quiet\">None.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for found in end.duplicates {
                out += "<li class=\"dup\"><span class=\"mark\">⚠</span> <a href=\"#step-\(found.step)\">step \(found.step)</a> "
                    + HTMLText.escaped("\(found.device) › \(found.app)") + " <span class=\"label\">" + HTMLText.escaped(found.duplicate.name)
                    + "</span> <code>" + HTMLText.escaped(found.duplicate.value) + "</code><div class=\"detail\">"
                    + HTMLText.escaped(found.duplicate.sameAs) + "</div></li>\n"
            }
            out += "</ul>\n"
        }
        out += "<h3>IDs lost</h3>\n"
        if end.lost.isEmpty {
            out += "<p class=\"quiet\">None: every ID followed its app across the restores, migrations, reinstalls and updates.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for found in end.lost {
                out += "<li class=\"dup\"><span class=\"mark\">⚠</span> <a href=\"#step-\(found.step)\">step \(found.step)</a> "
                    + HTMLText.escaped("\(found.device) › \(found.app)") + " <span class=\"label\">id</span> <code>"
                    + HTMLText.escaped(found.lost.value) + "</code><div class=\"detail\">"
                    + HTMLText.escaped(found.lost.marker + ", " + found.lost.after) + "</div></li>\n"
            }
            out += "</ul>\n"
        }
        out += "<h3>Expectations</h3>\n"
        if end.verdicts.isEmpty {
            out += "<p class=\"quiet\">None.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for verdict in end.verdicts {
                let check = verdict.check
                out += "<li class=\"\(check.held ? "held" : "failed")\"><span class=\"mark\">\(check.held ? "✔" : "✘")</span> "
                    + "<a href=\"#step-\(verdict.step)\">step \(verdict.step)</a> " + HTMLText.escaped(verdict.app) + " "
                    + HTMLText.escaped(check.key + " " + check.expectedInWords) + ": <code>"
                    + HTMLText.escaped(check.held ? check.value : check.actual) + "</code></li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    static func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace })
    }
}
