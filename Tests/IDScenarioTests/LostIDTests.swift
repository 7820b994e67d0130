import Foundation
import IDReports
import IDScenario
import IDSim
import Testing

/// A launch whose ID did not follow a restore, a migration, a reinstall or an update is marked
/// where it happens. Every claim is checked against the launches themselves: the value a lost
/// marker says the app had is read back from the launch it names.
@Suite("Lost IDs")
struct LostIDTests {
    /// The trainer's story: the app's ID on an old phone; an encrypted backup brings it to a new
    /// phone (followed, and a duplicate while the old phone is in use); an unencrypted one to a
    /// third phone does not (keychain-idfv's item is not restored there: KC-21). Then a reinstall
    /// on the old phone after deleting the vendor's only app: a new IDFV, the keychain item stays.
    static let story = """
        name: three phones
        devices:
          - { name: oldphone, os: "17.5", passcode: true }
          - { name: newphone, os: "17.5", passcode: true }
          - { name: thirdphone, os: "17.5", passcode: true }
        apps: [{ bundle: com.acme.app, team: ACME1234, strategy: keychain-idfv }]
        steps:
          - install: com.acme.app
          - launch: com.acme.app
          - backup: { kind: encrypted, as: enc }
          - backup: { kind: unencrypted, as: plain }
          - restore: enc
            device: newphone
          - launch: com.acme.app
            device: newphone
          - restore: plain
            device: thirdphone
          - launch: com.acme.app
            device: thirdphone
          - uninstall: com.acme.app
          - install: com.acme.app
          - launch: com.acme.app
        """

    /// Each launch's primary ID, by step, read from the world after it: the independent record
    /// the markers are checked against.
    static func launches(_ scenario: Scenario) throws -> [Int: (device: String, id: String?)] {
        var out: [Int: (String, String?)] = [:]
        try Session.run(scenario) { outcome in
            // A launch, or a call to the SDK: both report the app's IDs.
            guard case .event(let event) = outcome.step.action, let app = event.app, event.reportsIDs(of: app) else { return }
            let latest = outcome.world.devices[outcome.step.device].launches[app]?.latest
            out[outcome.number] = (outcome.world.devices[outcome.step.device].name, latest?.step == outcome.number ? latest?.report.primaryID : nil)
        }
        return out
    }

    @Test("the third phone's launch says its ID was lost, naming the old phone's value and launch; the new phone's does not")
    func thirdPhone() throws {
        let scenario = try ScenarioParser.parse(Self.story, file: "story.yaml")
        var lost: [Int: LostID] = [:]
        try Session.run(scenario) { if let found = $0.lost { lost[$0.number] = found } }
        let ids = try Self.launches(scenario)
        // Replayed: the new phone kept the old phone's ID, the third phone has another.
        #expect(ids[6]?.id == ids[2]?.id)
        #expect(ids[8]?.id != ids[2]?.id)
        #expect(lost[6] == nil, "followed")
        let third = try #require(lost[8])
        #expect(third.was == ids[2]?.id && third.wasDevice == "oldphone" && third.wasStep == 2)
        #expect(third.value == ids[8]?.id)
        #expect(third.story == .restore && third.storyStep == 7)
        #expect(third.marker == "lost: was \(ShortID.shorten(ids[2]!.id!)) on oldphone (step 2)")
        // keychain-idfv keeps its item through a reinstall (KC-19): the reinstall's launch followed.
        #expect(ids[11]?.id == ids[2]?.id)
        #expect(lost[11] == nil)
        #expect(lost.keys.sorted() == [8])
    }

    @Test("an IDFV-only ID is lost at the reinstall's launch and at a restore onto a new phone; the markers name the launches they compare")
    func idfvOnly() throws {
        let scenario = try ScenarioParser.parse(Self.story.replacingOccurrences(of: "keychain-idfv", with: "id-kit")
            .replacingOccurrences(of: "name: three phones", with: "name: three phones, id-kit"), file: "story.yaml")
        var lost: [Int: LostID] = [:]
        try Session.run(scenario) { if let found = $0.lost { lost[$0.number] = found } }
        let ids = try Self.launches(scenario)
        // Every marker's claim, checked against the replayed launches.
        for (step, found) in lost {
            #expect(found.value == ids[step]?.id, "step \(step)")
            #expect(found.was == ids[found.wasStep]?.id && found.wasDevice == ids[found.wasStep]?.device, "step \(step)")
            #expect(found.value != found.was)
            #expect(found.wasStep < found.storyStep && found.storyStep < step)
        }
        // And every launch after a continuity step whose ID differs from the one it should follow is marked.
        #expect((ids[6]?.id != ids[2]?.id) == (lost[6] != nil))
        #expect((ids[8]?.id != ids[2]?.id) == (lost[8] != nil))
        #expect((ids[11]?.id != ids[2]?.id) == (lost[11] != nil), "the reinstall on the old phone follows its launch at step 2")
        #expect(lost[11]?.story == .reinstall || ids[11]?.id == ids[2]?.id)
    }

    @Test("a branch forgets what its dropped steps followed: the same launch marked, whichever way the session got there")
    func branchRebuilds() throws {
        let scenario = try ScenarioParser.parse(Self.story, file: "story.yaml")
        var session = try Session(scenario)
        // Back to step 7 (the restore onto the third phone), and launch there again: a new branch.
        session.jump(to: 7)
        let launch = scenario.steps[7]
        let outcome = try session.take(launch)
        #expect(outcome.number == 8)
        var straight: LostID?
        try Session.run(scenario) { if $0.number == 8 { straight = $0.lost } }
        #expect(outcome.lost == straight && outcome.lost != nil)
        #expect(session.record(at: 8)?.lost == straight)
    }

    @Test("every built-in scenario's lost markers hold against its own launches")
    func builtIns() throws {
        var marked = 0
        for (name, scenario) in try ScenarioLibrary.all() {
            var lost: [Int: LostID] = [:]
            try Session.run(scenario) { if let found = $0.lost { lost[$0.number] = found } }
            guard !lost.isEmpty else { continue }
            let ids = try Self.launches(scenario)
            for (step, found) in lost {
                marked += 1
                #expect(found.value == ids[step]?.id, "\(name) step \(step)")
                #expect(found.was == ids[found.wasStep]?.id, "\(name) step \(step): was")
                #expect(found.wasDevice == ids[found.wasStep]?.device, "\(name) step \(step): device")
                #expect(found.value != found.was, "\(name) step \(step)")
                let story = scenario.steps[found.storyStep - 1]
                if case .event(let event) = story.action {
                    let keys: [LostID.Story: String] = [.restore: "restore", .migration: "migrate", .reinstall: "install", .update: "update"]
                    #expect(event.key == keys[found.story], "\(name) step \(step): the continuity step is a \(found.story)")
                }
            }
        }
        #expect(marked > 0, "the built-ins show lost IDs (b01's reinstall, b05's restore)")
    }

    @Test("run's table, jsonl and the ticket say it where it happens")
    func outputs() throws {
        let scenario = try ScenarioParser.parse(Self.story, file: "story.yaml")
        var rows: [String] = []
        var json = ""
        var writer = JSONLWriter(scenario, changesOnly: true)
        var ticket = MarkdownTicket(scenario, seed: scenario.seed, full: false)
        try Session.run(scenario) { outcome in
            rows.append(TableWriter(style: .table, colour: false, full: false).row(outcome))
            if outcome.number == 8 { writer.write(outcome) { json += $0 } }
            ticket.add(outcome)
        }
        let ids = try Self.launches(scenario)
        let was = ids[2]!.id!
        #expect(rows[7].contains("⚠ lost: was \(ShortID.shorten(was)) on oldphone (step 2), after the restore at step 7"))
        #expect(!rows[5].contains("lost"))
        #expect(json.contains("\"lost\": {\"value\": \"\(ids[8]!.id!)\", \"was\": \"\(was)\", \"device\": \"oldphone\", \"step\": 2, \"after\": \"restore\", \"afterStep\": 7}"))
        let document = ticket.document()
        #expect(document.contains("id `\(ids[8]!.id!)` lost the ID it had: was \(was) on oldphone (step 2), after the restore at step 7"))
    }
}
