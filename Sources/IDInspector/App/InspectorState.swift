import IDScenario
import IDSim

/// Where keyboard focus is.
public enum Pane: Int, Sendable, CaseIterable {
    case world, identity, timeline
}

/// A row of the world pane.
public enum WorldRow: Hashable, Sendable {
    case device(DeviceIndex)
    case vendor(DeviceIndex, String)
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
public struct Picker: Sendable {
    public var title: String
    public var options: [(label: String, step: ScenarioStep?)]
    public var selected: Int = 0
}

/// Overlays drawn above the panes.
public enum Overlay: Sendable {
    case help
    case rule(RuleID)
    case picker(Picker)
    /// A yes/no question; on yes the action runs.
    case confirm(String, ConfirmAction)
    case compare
}

public enum ConfirmAction: Sendable {
    case act(ScenarioStep)
    case overwrite(path: String)
    case quit
}

/// What the `:` line is for.
public enum PromptPurpose: Sendable {
    case command, save, open, filter
}

/// The line at the bottom where commands, paths and filters are typed.
///
/// It keeps its length in characters beside the text (counting a String's characters walks it),
/// so typing, deleting and drawing cost the same at the end of a long line as on an empty one.
public struct Prompt: Sendable {
    /// The most characters the line holds: more than any command needs, little enough that
    /// every key and every frame stays cheap.
    public static let maxLength = 4096

    public var purpose: PromptPurpose
    public private(set) var text: String
    /// `text.count`, kept.
    public private(set) var length: Int
    /// Position in the command history while browsing it with ↑/↓.
    public var historyIndex: Int?

    public init(purpose: PromptPurpose, text: String = "") {
        self.purpose = purpose
        self.text = ""
        self.length = 0
        replace(with: text)
    }

    /// Adds a character; false when the line is full.
    public mutating func append(_ character: Character) -> Bool {
        guard length < Self.maxLength else { return false }
        text.append(character)
        length += 1
        return true
    }

    public mutating func removeLast() {
        guard length > 0 else { return }
        text.removeLast()
        length -= 1
    }

    /// Replaces the whole line (completion, history), cut at the limit.
    public mutating func replace(with newText: String) {
        text = String(newText.prefix(Self.maxLength))
        length = text.count
    }
}

/// Everything the inspector shows, as a value (the terminal is drawn from it).
public struct InspectorState: Sendable {
    public var session: Session
    public var theme: Theme
    public var mouse: Bool
    public var focus: Pane = .world
    public var selectedRow = 0
    public var identityRow = 0
    public var overlay: Overlay?
    public var prompt: Prompt?
    public var commandHistory: [String] = []
    public var status: (text: String, error: Bool)?
    /// Digits typed before Enter, to jump to a step.
    public var pendingNumber = ""
    public var presenter = false
    public var autoAdvance = false
    public var filter = ""
    /// The first side of a comparison (device, app).
    public var marked: (DeviceIndex, AppIndex)?
    /// Sessions before each action, for undo.
    public var undoStack: [Session] = []
    /// The file the session came from or was saved to.
    public var path: String?
    public var quit = false

    public init(session: Session, theme: Theme, mouse: Bool = true, path: String? = nil) {
        self.session = session
        self.theme = theme
        self.mouse = mouse
        self.path = path
    }

    /// The world pane's rows for the world at the cursor.
    public var worldRows: [WorldRow] {
        let world = session.world
        var rows: [WorldRow] = []
        for d in world.devices.indices {
            rows.append(.device(d))
            var teams: [String] = []
            for app in world.apps where !teams.contains(app.teamID) { teams.append(app.teamID) }
            for team in teams {
                let apps = world.apps.indices.filter { world.apps[$0].teamID == team }
                    .filter { filter.isEmpty || world.apps[$0].bundleID.localizedCaseInsensitiveContains(filter) }
                guard !apps.isEmpty else { continue }
                rows.append(.vendor(d, team))
                for a in apps { rows.append(.app(d, a)) }
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

    /// The device and app the panes are about (the selected row's, or the nearest above it).
    public var selection: (device: DeviceIndex, app: AppIndex?) {
        let rows = worldRows
        guard !rows.isEmpty else { return (0, nil) }
        let index = min(selectedRow, rows.count - 1)
        var device = 0
        for row in rows[...index] {
            if case .device(let d) = row { device = d }
        }
        if case .app(_, let a) = rows[index] { return (device, a) }
        // On a device row: the first app installed there, if any.
        let world = session.world
        let installed = world.apps.indices.first { world.presence(of: $0, on: device) != .absent }
        return (device, installed)
    }
}
