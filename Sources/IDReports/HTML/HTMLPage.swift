import IDScenario
import IDSim

/// `idscope export --format html`: a scenario's story as one self-contained page, for a slide or
/// a ticket. The description, devices and apps; the history lanes as an inline SVG chart; every
/// step with its narration and what it checked and changed (in the presenter's order, `StepStory`),
/// each rule linked to its source; duplicates and verdicts marked; the end. A little inline script
/// steps through it with ← and →; it prints without it.
///
/// Nothing is fetched when it opens: the styles and the script are inline, and a
/// Content-Security-Policy forbids everything else. Every text from the scenario is escaped.
package enum HTMLPage {
    /// Up to this many steps the page holds every step as HTML; above it, the steps are data and
    /// the page shows `HTMLWindow.steps` at a time (a 100,000-step story as HTML was 146 MB, more
    /// than a browser opens).
    package static let fullPageSteps = 1000

    /// - Throws: `RunError` at the first step that cannot apply.
    /// - Parameters:
    ///   - speakerNotes: include the speaker's notes (the scenario's and each step's).
    ///   - windowAbove: the most steps written as HTML (`fullPageSteps`; tests lower it).
    package static func document(_ scenario: Scenario, seed: UInt64? = nil, speakerNotes: Bool = false,
                                windowAbove: Int = fullPageSteps) throws(RunError) -> String {
        let story = try Story(scenario, seed: seed, speakerNotes: speakerNotes, windowed: scenario.steps.count > windowAbove)
        // The session is gone by now: a long story's page is written from its data alone.
        var page: HTML = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page.reserveCapacity(story.estimatedSize)
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLAssets.contentSecurityPolicy)\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"idscope export\">\n"
        page += "<title>\(scenario.name) · idscope</title>\n"
        page += "<style>\n\(HTMLAssets.style)</style>\n</head>\n<body>\n"
        page += header(scenario, seed: story.seed, steps: story.count, speakerNotes: speakerNotes, windowed: story.window != nil)
        page += "<section class=\"lanes\" aria-label=\"Each ID across the steps\">\n<h2>Each ID across the steps</h2>\n"
        page += "<p class=\"hint\">One letter and colour per value across the whole chart, in the order values first appear: "
            + "the same letter is the same value, in any lane and on any device; grey 0: zeros; no bar: none. "
            + "⚠ marks a launch whose ID another device already held, or whose ID did not follow a restore, a migration, "
            + "a reinstall or an update." + (story.window != nil ? " The chart shows the steps shown below." : "") + "</p>\n"
        if let window = story.window {
            page += "<svg id=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"Each ID's values across the steps shown\" "
                + "data-left=\"\(HTMLLanes.labelWidth)\"></svg>\n<ul class=\"value-legend\" id=\"value-legend\" aria-label=\"Each mark's value\"></ul>\n"
            page += "</section>\n<main>\n" + story.sections[0]
            page += "<nav class=\"pager\" aria-label=\"Steps shown\"><button type=\"button\" id=\"pager-previous\">◀ previous \(HTMLWindow.steps)</button> "
                + "<span id=\"pager-range\"></span> <button type=\"button\" id=\"pager-next\">next \(HTMLWindow.steps) ▶</button> "
                + "<label>go to step <input id=\"pager-go\" type=\"number\" min=\"0\" max=\"\(story.count)\"></label></nav>\n"
            page += "<noscript><p class=\"quiet\">This story's steps are data this page's script shows \(HTMLWindow.steps) at a time: "
                + "with scripts off, only the setup and the end show.</p></noscript>\n"
            page += "<div id=\"window\"></div>\n" + story.end + "</main>\n"
            page += HTML.jsonScript(id: "story-data", window.json(count: story.count))
            page += "\n<script>\n\(HTMLAssets.windowScript)</script>\n</body>\n</html>\n"
        } else {
            page += story.chart + "</section>\n<main>\n"
            for section in story.sections { page += section }
            page += story.end + "</main>\n<script>\n\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        }
        return page.markup
    }

    /// What the page shows, worked out by replaying the scenario: the sections (a long story: the
    /// setup's, the rest as data), the chart, the end.
    struct Story {
        var seed: UInt64
        var count: Int
        var sections: [HTML] = []
        var window: HTMLWindow?
        /// The chart and its legend; a long story's is in its window's data.
        var chart = HTML()
        var end = HTML()

        init(_ scenario: Scenario, seed: UInt64?, speakerNotes: Bool, windowed: Bool) throws(RunError) {
            var session = try Session(setup: scenario, seed: seed)
            self.seed = session.seed
            sections = [setupSection(scenario, world: session.world)]
            var window = HTMLWindow()
            for step in scenario.steps {
                let outcome = try session.take(step)
                let parts = stepParts(outcome, narration: session.narration(at: outcome.number), speaker: speakerNotes ? step.speaker : nil)
                if windowed { window.append(parts) } else { sections.append(section(parts)) }
            }
            count = session.count
            if windowed {
                window.chart(session)
                self.window = window
                end = endSection(StoryEnd(session), limit: 100)
            } else {
                let lanes = HTMLLanes.chart(session)
                chart = lanes.svg + lanes.legend
                end = endSection(StoryEnd(session))
            }
        }

        /// About the page's length, to write it without growing it again and again.
        var estimatedSize: Int {
            16_384 + HTMLAssets.style.markup.utf8.count + HTMLAssets.windowScript.markup.utf8.count + chart.markup.utf8.count
                + end.markup.utf8.count + sections.reduce(0) { $0 + $1.markup.utf8.count } + (window?.estimatedSize ?? 0)
        }
    }

    // MARK: - Parts

    static func header(_ scenario: Scenario, seed: UInt64, steps: Int, speakerNotes: Bool, windowed: Bool = false) -> HTML {
        var out: HTML = "<header>\n<h1>\(scenario.name)</h1>\n"
        if let description = scenario.description {
            out += "<p class=\"description\">\(trimmed(description), keepingNewlines: true)</p>\n"
        }
        let switches = scenario.profile.nonDefaultSwitches
        let profile = switches.isEmpty ? "default" : switches.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        out += "<p class=\"meta\">\(steps) step\(steps == 1 ? "" : "s") · seed \(seed) · OS profile: \(profile)</p>\n"
        out += "<p class=\"keys\">← and → step through the story (Home: the start, End: the end); the step shown is outlined."
        if windowed {
            out += " The story is long: the page shows \(HTMLWindow.steps) steps at a time, and prints those (PageUp and PageDown: "
                + "the previous and next \(HTMLWindow.steps))."
        }
        out += "</p>\n"
        out += "<p class=\"legend\"><span class=\"new\">▲ new</span> <span class=\"gone\">▼ gone</span> "
            + "<span class=\"dup\">⚠ already held elsewhere</span> <span class=\"held\">✔ held</span> <span class=\"failed\">✘ failed</span></p>\n"
        if speakerNotes, let notes = scenario.presenterNotes {
            out += "<details class=\"notes\"><summary>Speaker's notes</summary><p>\(trimmed(notes), keepingNewlines: true)</p></details>\n"
        }
        return out + "</header>\n"
    }

    /// Step 0: the devices and the apps, as the scenario sets them up.
    static func setupSection(_ scenario: Scenario, world: World) -> HTML {
        var out: HTML = "<section class=\"step\" id=\"step-0\" data-title=\"Step 0: the setup\">\n<h2><span class=\"n\">0</span> The setup</h2>\n"
        out += "<table class=\"setup\">\n<thead><tr><th>device</th><th>kind</th><th>iOS</th><th>passcode</th><th>Apple ID</th></tr></thead>\n<tbody>\n"
        for device in scenario.devices {
            let passcode = device.passcode ? "yes" : "no"
            out += "<tr><td>\(device.name)</td><td>\("\(device.kind)")</td><td>\("\(device.os)")</td><td>\(passcode)</td><td>\(device.appleID ?? "")</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += "<table class=\"setup\">\n<thead><tr><th>app</th><th>team</th><th>strategy</th></tr></thead>\n<tbody>\n"
        for app in scenario.apps {
            let options = app.options.keys.sorted().map { "\($0)=\(app.options[$0]!)" }.joined(separator: ", ")
            let strategy = app.strategy + (options.isEmpty ? "" : " (" + options + ")")
            out += "<tr><td>\(app.bundleID)</td><td>\(app.teamID)</td><td>\(strategy)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// A step as the page shows it, in parts: the full page writes it as a section, a windowed
    /// page keeps it as data its script writes the same way (HTMLWindow).
    struct StepParts {
        var number: Int
        var title: HTML
        var device: HTML
        /// The badges after the title: "⚠ duplicate", "✔ holds", ….
        var badges: HTML
        var narration: HTML?
        var speaker: HTML?
        var items: [ItemParts]
    }

    /// One line of a step's story.
    struct ItemParts {
        var kind: HTML
        var subject: HTML?
        var symbol: HTML
        var label: HTML
        var place: HTML
        /// Shown only with `to`; `to` nil: a line without values.
        var from: HTML?
        var to: HTML?
        var rule: RuleID?
        var detail: HTML?
    }

    static func stepParts(_ outcome: StepOutcome, narration: String?, speaker: String? = nil) -> StepParts {
        let world = outcome.world
        let (title, shownDevice) = StepSummary.title(of: outcome.step, in: world)
        var badges = HTML()
        var shownApp: AppIndex?
        switch outcome.step.action {
        case .event(let event):
            if let app = event.app, event.reportsIDs(of: app) { shownApp = app }
            if !outcome.duplicates.isEmpty { badges = " <span class=\"badge dup\">⚠ duplicate</span>" }
            if outcome.lost != nil { badges += " <span class=\"badge dup\">⚠ lost</span>" }
        case .expect(let expectation):
            shownApp = expectation.app
            badges = outcome.failures.isEmpty ? " <span class=\"badge held\">✔ holds</span>" : " <span class=\"badge failed\">✘ fails</span>"
        }
        let story = StepStory(outcome, shownDevice: shownDevice, shownApp: shownApp)
        return StepParts(number: outcome.number, title: "\(title)", device: "\(world.devices[shownDevice].name)",
                         badges: badges, narration: narration.map { "\(trimmed($0), keepingNewlines: true)" },
                         speaker: speaker.map { "\(trimmed($0), keepingNewlines: true)" },
                         items: story.lines.map(itemParts))
    }

    static func itemParts(_ line: StepStory.Line) -> ItemParts {
        let kind: HTML = switch line.mark {
        case .new: "new"
        case .gone: "gone"
        case .kept: "kept"
        case .dup, .lost: "dup"
        case .held: "held"
        case .failed: "failed"
        case .note: "note"
        }
        return ItemParts(kind: kind, subject: line.subject.map { "\($0)" }, symbol: "\(line.mark.symbol)",
                         label: "\(line.label)", place: "\(line.place)",
                         from: line.hasValues ? line.from.map { "\($0)" } : nil,
                         to: line.hasValues ? "\(line.to ?? "∅")" : nil,
                         rule: line.rule, detail: line.detail.map { "\($0)" })
    }

    static func stepSection(_ outcome: StepOutcome, narration: String?, speaker: String? = nil) -> HTML {
        section(stepParts(outcome, narration: narration, speaker: speaker))
    }

    /// The section of a step. HTMLAssets.windowScript writes the same markup from the same parts:
    /// change one, change the other (ExportCommandTests compares the two in a browser).
    static func section(_ step: StepParts) -> HTML {
        let n = step.number
        var out: HTML = "<section class=\"step\" id=\"step-\(n)\" data-title=\"Step \(n): \(step.title) on \(step.device)\">\n"
        out += "<h2><span class=\"n\">\(n)</span> \(step.title) <span class=\"on\">on \(step.device)</span>\(step.badges)</h2>\n"
        if let narration = step.narration { out += "<p class=\"narration\">\(narration)</p>\n" }
        if let speaker = step.speaker {
            out += "<details class=\"notes\"><summary>Speaker's note</summary><p>\(speaker)</p></details>\n"
        }
        if step.items.isEmpty {
            out += "<p class=\"quiet\">Nothing changed.</p>\n"
        } else {
            out += "<ul class=\"story\">\n\(HTML.joined(step.items.map(item)))</ul>\n"
        }
        return out + "</section>\n"
    }

    static func item(_ item: ItemParts) -> HTML {
        var out: HTML = "<li class=\"\(item.kind)\""
        if let subject = item.subject { out += " title=\"\(subject)\"" }
        out += "><span class=\"mark\">\(item.symbol)</span> <span class=\"label\">\(item.label)</span> "
        if !item.place.isEmpty { out += "<span class=\"place\">\(item.place)</span> " }
        if let to = item.to {
            out += "<span class=\"values\">"
            if let from = item.from { out += "<code class=\"from\">\(from)</code> → " }
            out += "<code class=\"to\">\(to)</code></span>"
        }
        if let rule = item.rule { out += " \(ruleLink(rule))" }
        if let detail = item.detail { out += "<div class=\"detail\">\(detail)</div>" }
        return out + "</li>\n"
    }

    /// A rule's ID linked to its first source on the web, and its title.
    static func ruleLink(_ id: RuleID) -> HTML {
        let rule = id.rule
        let anchor: HTML = if let url = rule.sources.first(where: HTMLText.isLinkable) {
            "<a class=\"rule\" href=\"\(url)\" rel=\"noreferrer\">\(id.rawValue)</a>"
        } else {
            "<span class=\"rule\">\(id.rawValue)</span>"
        }
        return anchor + " <span class=\"rule-title\">\(rule.title)</span>"
    }

    /// - Parameter limit: the most findings listed of each kind (a windowed page's end: a long
    ///   story can have one at every few steps); the rest are counted.
    static func endSection(_ end: StoryEnd, limit: Int = .max) -> HTML {
        var out: HTML = "<section class=\"step end\" id=\"end\" data-title=\"The end\">\n<h2>The end</h2>\n"
        let failed = end.verdicts.filter { !$0.check.held }.count
        let checked = end.verdicts.isEmpty ? "No expectations were checked."
            : failed == 0 ? "All \(end.verdicts.count) checks of the expectations held."
            : "\(failed) of \(end.verdicts.count) checks of the expectations failed."
        out += "<p class=\"narration\">\(checked) \(StoryEnd.findings(end))</p>\n"
        out += "<h3>IDs, from the first value to the end</h3>\n<table class=\"ids\">\n"
            + "<thead><tr><th>device</th><th>app</th><th>ID</th><th>first</th><th>at the end</th><th>values</th></tr></thead>\n<tbody>\n"
        for span in end.ids {
            out += "<tr><td>\(span.device)</td><td>\(span.app)</td><td>\(span.name)</td><td><code>\(span.first ?? "∅")</code></td>"
                + "<td><code>\(span.last ?? "∅")</code></td><td class=\"count\">\(span.values)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n<h3>Duplicates</h3>\n"
        if end.duplicates.isEmpty {
            out += "<p class=\"quiet\">None.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for found in end.duplicates.prefix(limit) {
                out += "<li class=\"dup\"><span class=\"mark\">⚠</span> <a href=\"#step-\(found.step)\">step \(found.step)</a> "
                    + "\("\(found.device) › \(found.app)") <span class=\"label\">\(found.duplicate.name)</span> "
                    + "<code>\(found.duplicate.value)</code><div class=\"detail\">\(found.duplicate.sameAs)</div></li>\n"
            }
            out += more(end.duplicates.count, limit)
            out += "</ul>\n"
        }
        out += "<h3>IDs lost</h3>\n"
        if end.lost.isEmpty {
            out += "<p class=\"quiet\">None: every ID followed its app across the restores, migrations, reinstalls and updates.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for found in end.lost.prefix(limit) {
                out += "<li class=\"dup\"><span class=\"mark\">⚠</span> <a href=\"#step-\(found.step)\">step \(found.step)</a> "
                    + "\("\(found.device) › \(found.app)") <span class=\"label\">id</span> <code>\(found.lost.value)</code>"
                    + "<div class=\"detail\">\(found.lost.marker + ", " + found.lost.after)</div></li>\n"
            }
            out += more(end.lost.count, limit)
            out += "</ul>\n"
        }
        out += "<h3>Expectations</h3>\n"
        if end.verdicts.isEmpty {
            out += "<p class=\"quiet\">None.</p>\n"
        } else {
            out += "<ul class=\"story\">\n"
            for verdict in end.verdicts.prefix(limit) {
                let check = verdict.check
                let (kind, mark) = check.held ? ("held", "✔") : ("failed", "✘")
                out += "<li class=\"\(kind)\"><span class=\"mark\">\(mark)</span> "
                    + "<a href=\"#step-\(verdict.step)\">step \(verdict.step)</a> \(verdict.app) \(check.key + " " + check.expectedInWords): "
                    + "<code>\(check.held ? check.value : check.actual)</code></li>\n"
            }
            out += more(end.verdicts.count, limit)
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// "… and 12 more": what a list left out past its limit.
    static func more(_ count: Int, _ limit: Int) -> HTML {
        count > limit ? "<li class=\"note\"><span class=\"mark\">…</span> and \(count - limit) more (each is marked at its step)</li>\n" : HTML()
    }

    static func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace })
    }
}
