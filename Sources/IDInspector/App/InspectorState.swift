import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim

/// Where keyboard focus is, in Tab order.
package enum Pane: Int, Sendable, CaseIterable, Equatable {
    case world, identity, storage, timeline
}

/// The device (and app) the panes are about.
package struct Selection: Hashable, Sendable {
    package var device: DeviceIndex
    package var app: AppIndex?

    package init(device: DeviceIndex, app: AppIndex?) {
        self.device = device
        self.app = app
    }
}

/// A row of the world pane.
package enum WorldRow: Hashable, Sendable {
    case device(DeviceIndex)
    /// The apps of one vendor on a device: its vendor-table key when installed, else the team.
    case vendor(DeviceIndex, VendorKey)
    case app(DeviceIndex, AppIndex)
    case info(String)

    var isSelectable: Bool {
        switch self {
        case .device, .app: true
        case .vendor, .info: false
        }
    }
}

/// A choice list shown over the screen ("which app?", "allow or deny?").
package struct Picker: Sendable, Equatable {
    package var title: String
    package var options: [PickerOption]
    package var selected: Int = 0

    package init(title: String, options: [PickerOption], selected: Int = 0) {
        self.title = title
        self.options = options
        self.selected = selected
    }
}

/// One choice of a picker, and what taking it does.
package struct PickerOption: Sendable, Equatable {
    package var label: String
    package var action: PickerAction

    package init(_ label: String, _ action: PickerAction) {
        self.label = label
        self.action = action
    }
}

package enum PickerAction: Sendable, Equatable {
    /// Take this step at the cursor.
    case act(ScenarioStep)
    /// Explore an app's ID (`x`): which ID (nil: the primary), then the goal (nil: ask for it).
    case explore(app: AppIndex, id: String?, goal: ExploreGoal?)
}

/// Text shown over the screen that may be longer than it: help, a rule, a step's details, a
/// keychain item. It scrolls; Enter opens the chosen rule, when the lines name rules.
package struct Reading: Sendable, Equatable {
    package var title: String
    package var lines: [ReadingLine]
    package var top = 0
    /// The chosen line, for texts whose lines open something (a step's rules).
    package var chosen: Int?
    /// Whether this is the key help (`?` closes it rather than opening it again).
    package var isHelp = false
}

package struct ReadingLine: Sendable, Equatable {
    package var text: String
    package var style: ReadingStyle = .plain
    /// The rule this line opens with Enter.
    package var rule: RuleID?
    /// Where a wrapped line's continuation starts (help: under the description, not the key).
    package var hangingIndent: Int

    package init(_ text: String, _ style: ReadingStyle = .plain, rule: RuleID? = nil, hangingIndent: Int = 0) {
        self.text = text
        self.style = style
        self.rule = rule
        self.hangingIndent = hangingIndent
    }
}

package enum ReadingStyle: Sendable, Equatable { case plain, heading, key, dim, warning }

/// Overlays drawn above the panes.
package enum Overlay: Sendable, Equatable {
    case reading(Reading)
    case picker(Picker)
    /// A yes/no question; on yes the action runs.
    case confirm(String, ConfirmAction)
    case compare(Mark)
}

package enum ConfirmAction: Sendable, Equatable {
    /// Act at the cursor (asking again if that drops later steps).
    case act(ScenarioStep)
    /// Act at the cursor, dropping the later steps: the user said yes to the branch.
    case branch(ScenarioStep)
    case overwrite(path: String)
    case quit
    case open(String)
    /// Open the break `x` found as a branch, dropping the steps after the one it started from.
    case openBreak(ExploreBreak)
}

/// The shortest break an explore search found, to open as a branch.
package struct ExploreBreak: Sendable, Equatable {
    package var property: ExploreProperty
    package var steps: [Step]
    /// The step the search started from: where the branch begins.
    package var from: Int
    /// Why it broke and what to change, when they were worked out in time.
    package var findings = ExploreFindings()
    /// The break as a scenario that ends with the expectation that fails (as `explore --save`
    /// writes it), with its own name and description, the why and fixes in the last step's note.
    package var scenario: Scenario?
}

/// What `x` works out after its search, within the same time budget: why the break happened and
/// the searched changes that fix it (as `idscope explore` prints them).
package struct ExploreFindings: Sendable, Equatable {
    package var why: BreakExplanation?
    package var fixes: FixSearch?

    package init(why: BreakExplanation? = nil, fixes: FixSearch? = nil) {
        self.why = why
        self.fixes = fixes
    }

    /// The sentence and its rules, for the decisive step's note.
    var whyText: String? {
        guard let why else { return nil }
        return "why: " + why.sentence + (why.rules.isEmpty ? "" : " (" + why.rules.map(\.rawValue).joined(separator: ", ") + ")")
    }

    /// The first proven change, or why there is none.
    var fixText: String? {
        guard let fixes else { return nil }
        if let first = fixes.suggestions.first { return "try: " + first.change + (first.costs.isEmpty ? "" : " (costs: " + first.costs.joined(separator: ", ") + ")") }
        if fixes.notSearched == nil && fixes.tried > 0 {
            return fixes.cutShort ? "no fix proven within the time left (\(fixes.tried) tried)"
                : "no change of the recipe fixes it without making something worse (\(fixes.tried) tried)"
        }
        return nil
    }
}

/// The first side of a comparison: an app on a device, or a whole device.
package struct Mark: Hashable, Sendable {
    package var device: DeviceIndex
    package var app: AppIndex?

    package init(device: DeviceIndex, app: AppIndex?) {
        self.device = device
        self.app = app
    }
}

/// What the `:` line is for.
package enum PromptPurpose: Sendable, Equatable {
    case command, save, open, filter
}

/// The line at the bottom where commands, paths and filters are typed.
///
/// It keeps its length in characters beside the text (counting a String's characters walks it),
/// so typing, deleting and drawing cost the same at the end of a long line as on an empty one.
package struct Prompt: Sendable, Equatable {
    /// The most characters the line holds: more than any command needs, little enough that
    /// every key and every frame stays cheap.
    package static let maxLength = 4096

    package var purpose: PromptPurpose
    package private(set) var text: String
    /// `text.count`, kept.
    package private(set) var length: Int
    /// Position in the command history while browsing it with ↑/↓.
    package var historyIndex: Int?
    /// A suggestion filled in (the file to save as): shown selected, and replaced by the first
    /// character typed, as in a GUI field or lazygit's prompts; Backspace clears it; Enter takes it.
    package var prefilled: Bool

    package init(purpose: PromptPurpose, text: String = "", prefilled: Bool = false) {
        self.purpose = purpose
        self.text = ""
        self.length = 0
        self.prefilled = prefilled && !text.isEmpty
        replace(with: text)
    }

    /// Adds a character; false when the line is full.
    package mutating func append(_ character: Character) -> Bool {
        guard length < Self.maxLength else { return false }
        text.append(character)
        length += 1
        return true
    }

    package mutating func removeLast() {
        guard length > 0 else { return }
        text.removeLast()
        length -= 1
    }

    /// Replaces the whole line (completion, history), cut at the limit.
    package mutating func replace(with newText: String) {
        text = String(newText.prefix(Self.maxLength))
        length = text.count
    }
}

/// A line in the status bar: what the last action did, or why it could not.
package struct Status: Sendable, Equatable {
    package var text: String
    package var isError: Bool

    package init(_ text: String, error: Bool = false) {
        self.text = text
        self.isError = error
    }
}

/// Presenter mode: the story for a room, stepping by itself when asked.
package struct Presenter: Sendable, Equatable {
    package var autoAdvance = false
    /// Seconds between steps while auto-advancing.
    package var interval = 3
    package static let intervals = [1, 2, 3, 5, 8, 13, 20, 30, 60]
    /// Lines scrolled past, of what the step changed and the app's values.
    package var scroll = 0
    /// The presenter's notes on screen: hidden from the room until asked for.
    package var showsNotes = false
    /// Past the last step: the story's end, a summary.
    package var atEnd = false
    /// Drawn for a recording (`export --format cast`): no keys offered, since a viewer cannot
    /// press them, and a long page says which page of the step it is.
    package var recording = false

    package init() {}
}

/// A session as the undo and redo stacks keep it: the session, and the edit it is at.
struct Snapshot: Sendable, Equatable {
    var session: Session
    var version: Int
    /// Where the session branched from the file's story, if it did (the header's "branch from N").
    var branchedAt: Int?
}

/// Everything the inspector shows, as a value: the terminal is drawn from it, keys change it.
package struct InspectorState: Sendable, Equatable {
    package var session: Session
    package var theme: Theme
    package var mouse: Bool
    /// The terminal's size, from the backend's resize events.
    package var size = TerminalSize(width: 120, height: 36)
    package var focus: Pane = .world
    /// The device and app the panes show.
    package var selection: Selection
    /// When set, the selection stays put as the cursor moves; otherwise it follows each step's device and app.
    package var pinned = false
    package var identityRow = 0
    package var storageRow = 0
    /// The timeline's own row cursor (a step number), apart from the time cursor.
    package var timelineRow = 0
    package var overlay: Overlay?
    package var prompt: Prompt?
    package var commandHistory: [String] = []
    package var status: Status?
    /// Digits typed before Enter, to jump to a step.
    package var pendingNumber = ""
    package var presenter: Presenter?
    package var filter = ""
    package var marked: Mark?
    /// An explore search asked for with `x`, run by the app loop off the main thread.
    package var exploring: ExploreJob?
    var undoStack: [Snapshot] = []
    var redoStack: [Snapshot] = []
    /// Each change to the session gets a new version; the saved (or opened) one is remembered,
    /// so quitting or opening asks only when there is something to lose.
    var version = 0
    var savedVersion = 0
    private var nextVersion = 1
    /// Where the session branched off its saved or opened history, while it is on a branch.
    package var branchedAt: Int?
    /// The file the session came from or was saved to.
    package var path: String?
    package var quit = false

    package init(session: Session, theme: Theme, mouse: Bool = true, path: String? = nil) {
        self.session = session
        self.theme = theme
        self.mouse = mouse
        self.path = path
        self.selection = Selection(device: 0, app: nil)
        followStory()
    }

    /// Whether the session has changes that are not in a file.
    package var hasUnsavedChanges: Bool { version != savedVersion }

    mutating func newVersion() {
        version = nextVersion
        nextVersion += 1
    }

    mutating func markSaved() { savedVersion = version }

    /// The scope keys are read in now.
    var scope: KeyScope {
        // An overlay over the line (help, with F1) takes the keys until it closes.
        switch overlay {
        case .picker?: return .list
        case .confirm?: return .question
        case .reading?, .compare?: return .reading
        case nil: return prompt != nil ? .line : presenter == nil ? .panes : .presenter
        }
    }

    // MARK: - Following the story

    /// Moves the selection to the device and app of the step at the cursor, unless pinned: the
    /// panes show what the story is about (a restore onto the new phone shows the new phone).
    mutating func followStory() {
        guard !pinned else { return }
        let world = session.world
        guard let step = session.entry(at: session.cursor) else {
            if session.cursor == 0 { selection = Selection(device: selection.device, app: selection.app ?? firstApp(on: selection.device)) }
            return
        }
        var device = step.device
        var app: AppIndex?
        switch step.action {
        case .event(let event): app = event.app
        case .expect(let expectation):
            app = expectation.app
            device = expectation.device ?? step.device
        }
        guard world.devices.indices.contains(device) else { return }
        selection = Selection(device: device, app: app ?? selection.app ?? firstApp(on: device))
    }

    /// A selection the session at hand has: after another session replaced this one (opened, or
    /// brought back by undo), the device and app numbers of the old may not exist in it. Out of
    /// range, they start again from the first device, the rows from the top.
    mutating func keepSelectionInSession() {
        let world = session.world
        if !world.devices.indices.contains(selection.device) || selection.app.map({ !world.apps.indices.contains($0) }) == true {
            selection = Selection(device: 0, app: nil)
            pinned = false
            identityRow = 0
            storageRow = 0
        }
        if let mark = marked, !world.devices.indices.contains(mark.device) || mark.app.map({ !world.apps.indices.contains($0) }) == true {
            marked = nil
        }
        timelineRow = min(timelineRow, session.count)
    }

    /// The first app present on a device, if any.
    func firstApp(on device: DeviceIndex) -> AppIndex? {
        let world = session.world
        return world.apps.indices.first { world.presence(of: $0, on: device) != .absent }
    }

    // MARK: - The world pane's rows

    /// Devices, each with its vendors (by the vendor-table key iOS files them under, so a
    /// TestFlight or Xcode install is its own vendor) and their apps; then accounts and backups.
    package var worldRows: [WorldRow] {
        let world = session.world
        var rows: [WorldRow] = []
        for d in world.devices.indices {
            rows.append(.device(d))
            var groups: [VendorKey] = []
            var members: [VendorKey: [AppIndex]] = [:]
            for a in world.apps.indices where filter.isEmpty || world.apps[a].bundleID.localizedCaseInsensitiveContains(filter) {
                let key = world.devices[d].apps[a]?.vendorKey ?? VendorKey(.team, world.apps[a].teamID)
                if members[key] == nil { groups.append(key) }
                members[key, default: []].append(a)
            }
            for key in groups {
                rows.append(.vendor(d, key))
                for a in members[key]! { rows.append(.app(d, a)) }
            }
        }
        for account in world.accounts {
            let devices = world.devices.filter { $0.appleID.map { world.accounts[$0].id } == account.id }.map(\.name)
            rows.append(.info("iCloud: \(account.id)" + (devices.isEmpty ? "" : " (" + devices.joined(separator: ", ") + ")")))
        }
        if !world.backups.isEmpty {
            rows.append(.info("Backups: " + world.backups.keys.sorted().map { "\($0) (\(world.backups[$0]!.kind.rawValue))" }.joined(separator: ", ")))
        }
        return rows
    }

    /// The world row of the selection.
    package var selectedRow: Int? {
        let rows = worldRows
        if let app = selection.app, let index = rows.firstIndex(of: .app(selection.device, app)) { return index }
        return rows.firstIndex(of: .device(selection.device))
    }
}

/// The terminal's size in cells, from the backend's resize events.
package struct TerminalSize: Hashable, Sendable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
