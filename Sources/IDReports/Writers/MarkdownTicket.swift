import IDScenario
import IDSim

/// `idscope run --format markdown`: a whole ticket to attach to a bug. What failed comes first,
/// with values in full; then the environment (idscope's version, the OS profile, the devices with
/// their iOS versions, the apps and strategies, the seed); every step as a list, one line per
/// change; and the scenario itself in a fenced block, so whoever reads the ticket replays it with
/// `idscope check`. Nothing in it is HTML (Jira's renderer shows no `<br>`), and every text from
/// the scenario is escaped (`MarkdownText`).
package struct MarkdownTicket {
    let scenario: Scenario
    let seed: UInt64
    let full: Bool
    private var steps: [String] = []
    private var failures: [String] = []
    private var findings: [String] = []
    private var expectations = 0

    package init(_ scenario: Scenario, seed: UInt64, full: Bool) {
        self.scenario = scenario
        self.seed = seed
        self.full = full
    }

    /// Takes one step's outcome in.
    package mutating func add(_ outcome: StepOutcome) {
        let summary = StepSummary(outcome, full: full)
        var text = "**\(summary.number). " + MarkdownText.text(summary.event) + "** on " + MarkdownText.text(summary.device)
            + (outcome.step.label.map { " (" + MarkdownText.code($0) + ")" } ?? "")
        for line in summary.lines {
            text += "\n  - " + (line.mark.map { $0.symbol + " " } ?? "") + MarkdownText.text(line.text)
                + (line.rule.map { " " + MarkdownText.code($0.rawValue) } ?? "")
        }
        steps.append(text)
        let world = outcome.world
        if case .expect(let expectation) = outcome.step.action {
            expectations += 1
            let failed = outcome.checks.filter { !$0.held }
            if !failed.isEmpty {
                let device = world.devices[expectation.device ?? outcome.step.device].name
                var entry = "- **Step \(outcome.number)**" + (outcome.step.label.map { " " + MarkdownText.code($0) } ?? "")
                    + " (line \(outcome.step.line)): expect " + MarkdownText.text(world.apps[expectation.app].bundleID) + " on "
                    + MarkdownText.text(device)
                for check in failed {
                    entry += "\n  - ✘ " + MarkdownText.text(check.key + ": expected " + check.expectedInWords + ", got ")
                        + MarkdownText.code(check.actualFull)
                }
                failures.append(entry)
            }
        }
        if case .event(.launch(let app, _, _)) = outcome.step.action {
            let who = MarkdownText.text(world.devices[outcome.step.device].name + " › " + world.apps[app].bundleID)
            for duplicate in outcome.duplicates {
                findings.append("- ⚠ Step \(outcome.number), \(who): \(MarkdownText.text(duplicate.name)) " + MarkdownText.code(duplicate.value)
                                + " is " + MarkdownText.text(duplicate.sameAs))
            }
            if let lost = outcome.lost {
                findings.append("- ⚠ Step \(outcome.number), \(who): id " + MarkdownText.code(lost.value) + " lost the ID it had: "
                                + MarkdownText.text(lost.wasTextFull + ", " + lost.after))
            }
        }
    }

    /// The ticket.
    package func document() -> String {
        var out = "## " + MarkdownText.text(scenario.name) + "\n\n"
        if let description = scenario.description { out += MarkdownText.prose(TableWriter.trimmed(description)) + "\n\n" }
        let failed = failures.count
        out += expectations == 0 ? "No expectations.\n\n"
            : failed == 0 ? "All \(expectations) expectation\(expectations == 1 ? "" : "s") held.\n\n"
            : "**\(failed) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed.**\n\n"
        if !failures.isEmpty {
            out += "### What failed\n\n" + failures.joined(separator: "\n") + "\n\n"
        }
        if !findings.isEmpty {
            out += "### IDs duplicated or lost\n\n" + findings.joined(separator: "\n") + "\n\n"
        }
        out += environment()
        out += "### Steps\n\n" + (steps.isEmpty ? "None." : steps.joined(separator: "\n\n")) + "\n\n"
        out += "### The scenario, to replay\n\nSave it as `scenario.yaml`, then run `idscope check scenario.yaml` "
            + "(or `idscope scenario.yaml` to step through it).\n\n"
        var replay = scenario
        replay.seed = seed
        out += MarkdownText.block(ScenarioWriter.yaml(replay), language: "yaml") + "\n"
        return out
    }

    func environment() -> String {
        let switches = scenario.profile.nonDefaultSwitches
        var out = "### Environment\n\n"
        out += "- idscope " + IDScopeVersion.current + ", seed \(seed)\n"
        out += "- OS profile: " + (switches.isEmpty ? "default" : MarkdownText.text(switches.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")))
            + "\n"
        out += "- Scenario: " + MarkdownText.code(scenario.file) + "\n"
        for device in scenario.devices {
            out += "- Device " + MarkdownText.text(device.name) + ": " + MarkdownText.text("\(device.kind)") + ", iOS " + MarkdownText.text("\(device.os)")
                + (device.passcode ? ", passcode" : ", no passcode") + (device.appleID.map { ", Apple ID " + MarkdownText.text($0) } ?? "") + "\n"
        }
        for app in scenario.apps {
            let options = app.options.keys.sorted().map { "\($0)=\(app.options[$0]!)" }.joined(separator: ", ")
            out += "- App " + MarkdownText.text(app.bundleID) + " (team " + MarkdownText.text(app.teamID) + "): strategy "
                + MarkdownText.text(app.strategy + (options.isEmpty ? "" : " (" + options + ")")) + "\n"
        }
        return out + "\n"
    }
}
