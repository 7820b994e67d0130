@testable import IDInspector
import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim
import Testing

/// The end-to-end tests' key sequences (Tests/EndToEndTests), in process, asserting the whole
/// state after each action and the effects it returned (`Store`). tmux keeps the tests of what a
/// terminal shows; these say that each key changed what it should and nothing else.
/// The tour's apps and devices, by their order in its file (apps shop, news, game; devices phone, newphone).
private enum Tour {
    static let shop: AppIndex = 0
    static let news: AppIndex = 1
    static let phone: DeviceIndex = 0
    static let newPhone: DeviceIndex = 1
}

@Suite("The whole state after each action")
struct WholeStateTests {
    /// The state after taking a step at the cursor, as `apply` promises: the step in the session,
    /// the session before it on the undo stack, redo emptied, a new version, the timeline row and
    /// the selection at the new step, and the status's tally.
    static func took(_ step: ScenarioStep, _ s: inout InspectorState, selecting selection: Selection, status: String) throws {
        s.undoStack.append(Snapshot(session: s.session, version: s.version, branchedAt: s.branchedAt))
        s.redoStack = []
        _ = try s.session.take(step)
        s.newVersion()
        s.timelineRow = s.session.cursor
        s.selection = selection
        s.status = Status(status)
    }

    /// The state after a move in time to step `n`, as `jump` promises: the session's cursor there,
    /// the timeline's row with it, and the selection on that step's device and app.
    static func moved(_ s: inout InspectorState, to n: Int, selecting selection: Selection) {
        s.session.jump(to: n)
        s.timelineRow = n
        s.selection = selection
    }

    @Test("digits and Enter jump; → and ← step; the selection follows each step's device and app")
    func stepping() throws {
        var store = try Store()
        try store.type("17") { c, s in
            s.pendingNumber.append(c)
            s.status = Status("go to step \(s.pendingNumber) (Enter)")
        }
        try store.key(.enter) {
            $0.pendingNumber = ""
            $0.status = nil
            Self.moved(&$0, to: 17, selecting: Selection(device: Tour.phone, app: Tour.news))   // step 17 uninstalls news
        }
        try store.key(.right) {
            Self.moved(&$0, to: 18, selecting: Selection(device: Tour.phone, app: Tour.shop))
        }
        #expect(store.state.session.world.identifierForVendor(app: Tour.shop, on: Tour.phone) == nil, "ACME's last app deleted (IDFV-5)")
        try store.key(.left) {
            Self.moved(&$0, to: 17, selecting: Selection(device: Tour.phone, app: Tour.news))
        }
        try store.key(.end) {
            // Step 32 is a note on the phone, of no app: the selection moves to the phone and keeps its app.
            Self.moved(&$0, to: 32, selecting: Selection(device: Tour.phone, app: Tour.news))
        }
        try store.type("99") { c, s in
            s.pendingNumber.append(c)
            s.status = Status("go to step \(s.pendingNumber) (Enter)")
        }
        try store.key(.enter) {
            $0.pendingNumber = ""
            $0.status = Status("no step 99; the session has steps 0 to 32", error: true)
        }
    }

    @Test("i installs through a picker, the command line uninstalls, a misspelt command is an error, q asks and y quits")
    func acting() throws {
        var store = try Store()
        try store.key(.end) {
            Self.moved(&$0, to: 32, selecting: Selection(device: Tour.phone, app: Tour.shop))   // step 32: a note on the phone
        }
        // Only news is not on the phone (step 17 uninstalled it; shop and game are there).
        let install = ScenarioStep(.event(.install(Tour.news, source: nil)), device: Tour.phone)
        try store.key(.character("i")) {
            $0.overlay = .picker(Picker(title: "install on phone", options: [PickerOption("com.acme.news", .act(install))]))
        }
        // The vendor already has an IDFV on the phone (shop): the install changes the app's presence alone.
        try store.key(.enter) {
            $0.overlay = nil
            try Self.took(install, &$0, selecting: Selection(device: Tour.phone, app: Tour.news), status: "install: 1 change")
        }
        try store.key(.character(":")) {
            $0.status = nil
            $0.prompt = Prompt(purpose: .command)
        }
        try store.type("uninstall com.acme.news") { c, s in
            s.status = nil
            s.prompt = Prompt(purpose: .command, text: (s.prompt?.text ?? "") + String(c))
        }
        let uninstall = ScenarioStep(.event(.uninstall(Tour.news)), device: Tour.phone)
        try store.key(.enter) {
            $0.prompt = nil
            $0.commandHistory = ["uninstall com.acme.news"]
            try Self.took(uninstall, &$0, selecting: Selection(device: Tour.phone, app: Tour.news), status: "uninstall: 1 change")
        }
        #expect(store.state.session.count == 34 && store.state.session.world.presence(of: Tour.news, on: Tour.phone) == .absent)
        try store.key(.character(":")) { $0.status = nil; $0.prompt = Prompt(purpose: .command) }
        try store.type("instal com.acme.news") { c, s in s.prompt = Prompt(purpose: .command, text: (s.prompt?.text ?? "") + String(c)) }
        try store.key(.enter) {
            $0.prompt = nil
            $0.commandHistory.append("instal com.acme.news")
            $0.status = Status("unknown event 'instal'; did you mean 'install'?", error: true)
        }
        try store.key(.character("q")) {
            $0.status = nil
            $0.overlay = .confirm("Quit without saving the changes to this session?", .quit)
        }
        try store.key(.character("y")) {
            $0.overlay = nil
            $0.quit = true
        }
    }

    @Test("acting at an earlier step asks: n keeps the later steps, y branches and says so, u undoes the branch")
    func branching() throws {
        var store = try Store()
        try store.type("5") { c, s in s.pendingNumber.append(c); s.status = Status("go to step 5 (Enter)") }
        try store.key(.enter) {
            $0.pendingNumber = ""
            $0.status = nil
            Self.moved(&$0, to: 5, selecting: Selection(device: Tour.phone, app: Tour.news))
        }
        let reboot = ScenarioStep(.event(.reboot), device: Tour.phone)
        let question = Overlay.confirm("Acting at step 5 drops the 27 later steps. Branch here?", .branch(reboot))
        try store.key(.character("r")) { $0.overlay = question }
        try store.key(.character("n")) {
            $0.overlay = nil
            $0.status = Status("cancelled")
        }
        try store.key(.character("r")) { $0.status = nil; $0.overlay = question }
        let before = store.state
        try store.key(.character("y")) {
            $0.overlay = nil
            try Self.took(reboot, &$0, selecting: Selection(device: Tour.phone, app: Tour.news), status: "branched at step 5: reboot: 3 changes (KC-22)")
            $0.branchedAt = 5
        }
        #expect(store.state.session.count == 6 && store.state.hasUnsavedChanges)
        let branch = store.state
        try store.key(.character("u")) {
            $0 = before
            $0.newVersion()   // versions are never given out twice, even after an undo
            $0.version = before.version
            $0.overlay = nil
            $0.redoStack = [Snapshot(session: branch.session, version: branch.version, branchedAt: 5)]
            $0.status = Status("undone (Ctrl-R redoes)")
        }
        #expect(store.state.session.count == 32 && !store.state.hasUnsavedChanges)
    }

    @Test("w suggests a file; Enter asks the loop to write the session's YAML; the outcome decides saved or not")
    func saving() throws {
        var store = try Store()
        try store.key(.end) {
            Self.moved(&$0, to: 32, selecting: Selection(device: Tour.phone, app: Tour.shop))
        }
        try store.key(.character("r")) {
            try Self.took(ScenarioStep(.event(.reboot), device: Tour.phone), &$0, selecting: $0.selection, status: "reboot: 2 changes (KC-22)")
        }
        try store.key(.character("w")) {
            $0.status = nil
            $0.prompt = Prompt(purpose: .save, text: "session.yaml", prefilled: true)
        }
        let yaml = ScenarioWriter.yaml(store.state.session.scenario)
        try store.key(.enter, effects: [.write(path: "session.yaml", text: yaml)]) { $0.prompt = nil }
        // Nothing counts as saved until the write's outcome comes back.
        #expect(store.state.hasUnsavedChanges)
        try store.send(.wrote(path: "session.yaml", failure: "No space left on device")) {
            $0.status = Status("could not save session.yaml: No space left on device", error: true)
        }
        #expect(store.state.hasUnsavedChanges && store.state.path == nil)
        try store.send(.wrote(path: "session.yaml", failure: nil)) {
            $0.path = "session.yaml"
            $0.markSaved()
            $0.branchedAt = nil
            $0.status = Status("saved 33 steps to session.yaml; replay with: idscope run session.yaml")
        }
        #expect(!store.state.hasUnsavedChanges)
        // The YAML written replays to the same session.
        #expect(try Session(ScenarioParser.parse(yaml, file: "session.yaml")).scenario.steps.map(\.key) == store.state.session.scenario.steps.map(\.key))
    }

    @Test("x asks for the goal, then asks the loop for the search; progress shows; Esc cancels it and a late report is dropped")
    func exploring() throws {
        var store = try Store()
        try store.key(.end) {
            Self.moved(&$0, to: 32, selecting: Selection(device: Tour.phone, app: Tour.shop))
        }
        let options = ExploreGoal.allCases.map { goal in
            PickerOption("\(goal.rawValue): \(goal.summary)" + (goal == .standard ? " (the default)" : ""), .explore(app: Tour.shop, id: nil, goal: goal))
        }
        try store.key(.character("x")) {
            $0.overlay = .picker(Picker(title: "explore com.acme.shop's ID: what is it for?", options: options))
        }
        let job = ExploreJob(app: Tour.shop, device: Tour.phone, step: 32, budgetSeconds: Inspector.exploreBudgetSeconds, goal: .standard)
        try store.key(.enter, effects: [.startSearch(job)]) {
            $0.overlay = nil
            $0.exploring = job
            $0.status = Status("exploring what breaks com.acme.shop's ID (goal \(ExploreGoal.standard.rawValue)) from step 32, 10 s at most; Esc stops")
        }
        try store.send(.exploreProgressed(seconds: 3.4, states: 12_000)) {
            $0.status = Status("exploring com.acme.shop: 3 of 10 s, 12000 states; Esc stops")
        }
        // While it runs, other keys wait.
        try store.key(.right)
        try store.key(.escape, effects: [.cancelSearch]) {
            $0.exploring = nil
            $0.status = Status("explore stopped")
        }
        try store.send(.exploreFinished(ExploreReport(targets: [])))
    }

    @Test("a terminal too small takes only q and resizing; back to size, the keys act again")
    func tooSmall() throws {
        var store = try Store()
        try store.send(.input(.resize(width: 40, height: 10))) { $0.size = TerminalSize(width: 40, height: 10) }
        try store.key(.right)
        try store.key(.character("i"))
        try store.send(.input(.resize(width: 80, height: 24))) { $0.size = TerminalSize(width: 80, height: 24) }
        try store.key(.right) {
            Self.moved(&$0, to: 1, selecting: Selection(device: Tour.phone, app: Tour.shop))
        }
        try store.send(.input(.resize(width: 40, height: 10))) { $0.size = TerminalSize(width: 40, height: 10) }
        try store.key(.character("q")) { $0.quit = true }
    }

    @Test("o opens a built-in scenario by a prefix from a later step: a new session, undoable, nothing of the old one's rows kept")
    func opening() throws {
        var store = try Store()
        try store.type("5") { c, s in s.pendingNumber.append(c); s.status = Status("go to step 5 (Enter)") }
        try store.key(.enter) {
            $0.pendingNumber = ""
            $0.status = nil
            Self.moved(&$0, to: 5, selecting: Selection(device: Tour.phone, app: Tour.news))
        }
        try store.key(.character("o")) { $0.prompt = Prompt(purpose: .open, text: "", prefilled: true) }
        try store.type("b01") { c, s in s.prompt = Prompt(purpose: .open, text: (s.prompt?.text ?? "") + String(c)) }
        let opened = try Session(ScenarioLoader.loadBuiltIn("b01", allowingPrefix: true))
        let before = store.state
        try store.key(.enter) {
            $0.prompt = nil
            $0.undoStack.append(Snapshot(session: before.session, version: before.version, branchedAt: nil))
            $0.session = opened
            $0.newVersion()
            $0.markSaved()
            // No app is installed at b01's step 0: the selection is its first device alone.
            $0.selection = Selection(device: 0, app: nil)
            $0.timelineRow = 0
            $0.status = Status("opened built-in b01-reinstall-resets-idfv: \(opened.scenario.name)")
        }
        try store.key(.character("u")) {
            $0.redoStack = [Snapshot(session: opened, version: $0.version, branchedAt: nil)]
            $0.undoStack = []
            $0.session = before.session
            $0.version = before.version
            $0.timelineRow = 5
            $0.selection = Selection(device: Tour.phone, app: Tour.news)
            $0.status = Status("undone (Ctrl-R redoes)")
        }
    }

    @Test("presenter mode: P enters, n shows the notes, a auto-advances on each tick, Esc goes back to the panes")
    func presenting() throws {
        var store = try Store()
        try store.key(.character("P")) { $0.presenter = Presenter() }
        try store.key(.character("n")) {
            $0.presenter?.showsNotes = true
            $0.status = Status("the presenter's notes are on screen (n hides them)")
        }
        try store.key(.character("a")) {
            $0.presenter?.autoAdvance = true
            $0.status = Status("auto-advance on, every 3 s (+ and - change it)")
        }
        try store.send(.input(.tick)) {
            Self.moved(&$0, to: 1, selecting: Selection(device: Tour.phone, app: Tour.shop))
        }
        try store.key(.escape) {
            $0.status = nil
            $0.presenter = nil
        }
        // In the panes a tick does nothing.
        try store.send(.input(.tick))
    }

    @Test("the selection follows the story to the new phone at the restore; p pins it there and unpins")
    func following() throws {
        var store = try Store()
        try store.type("29") { c, s in s.pendingNumber.append(c); s.status = Status("go to step \(s.pendingNumber) (Enter)") }
        try store.key(.enter) {
            $0.pendingNumber = ""
            $0.status = nil
            Self.moved(&$0, to: 29, selecting: Selection(device: Tour.newPhone, app: Tour.shop))
        }
        try store.key(.character("p")) {
            $0.pinned = true
            $0.status = Status("pinned: the panes stay on this device and app (p unpins)")
        }
        try store.key(.character("G")) {
            $0.status = nil
            $0.session.jump(to: 32)
            $0.timelineRow = 32
        }
        try store.key(.character("p")) {
            $0.pinned = false
            $0.status = Status("unpinned: the panes follow each step's device and app")
            $0.selection = Selection(device: Tour.phone, app: Tour.shop)
        }
    }

    @Test("a paste outside the line presses no keys; into the line it is one event, cut at the line's limit")
    func pasting() throws {
        var store = try Store()
        try store.send(.input(.paste("idLe" + String(repeating: "q", count: 50)))) {
            $0.status = Status("paste ignored: press : first to paste a command", error: true)
        }
        try store.key(.character(":")) {
            $0.status = nil
            $0.prompt = Prompt(purpose: .command)
        }
        try store.send(.input(.paste("reboot\non phone"))) { $0.prompt = Prompt(purpose: .command, text: "reboot on phone") }
        try store.key(.control("u")) { $0.prompt = Prompt(purpose: .command) }
        try store.send(.input(.paste(String(repeating: "x", count: 100_000)))) {
            $0.prompt = Prompt(purpose: .command, text: String(repeating: "x", count: Prompt.maxLength))
            $0.status = Status("paste cut: the line holds at most \(Prompt.maxLength) characters", error: true)
        }
    }

    @Test("a file that fails to read is a status error; the session, its rows and its undo stay as they were")
    func failedRead() throws {
        let files = MemoryFiles()
        files.unreadable["broken.yaml"] = "Input/output error"
        var store = try Store(files: files)
        try store.key(.character("o")) { $0.prompt = Prompt(purpose: .open, text: "", prefilled: true) }
        try store.type("broken.yaml") { c, s in s.prompt = Prompt(purpose: .open, text: (s.prompt?.text ?? "") + String(c)) }
        try store.key(.enter) {
            $0.prompt = nil
            $0.status = Status("could not open broken.yaml: Input/output error", error: true)
        }
    }
}
