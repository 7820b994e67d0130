import IDSim
import IDStrategies

/// A scenario as its file declares it, validated: the setup, and the steps to take.
package struct Scenario: Sendable, Equatable {
    package var name: String
    package var description: String?
    /// Guidance for whoever presents it to a room.
    package var presenterNotes: String?
    package var seed: UInt64
    package var profile: Profile
    package var accounts: [Account]
    package var devices: [DeviceSpec]
    package var apps: [AppDeclaration]
    /// The recipes it defines (under `recipes:`, or read from the recipe files its apps name).
    package var recipes: [Recipe] = []
    package var steps: [ScenarioStep]
    /// What parses and runs but cannot do what it says (a synchronizable ThisDeviceOnly item): `check`
    /// prints them.
    package var warnings: [Diagnostic] = []
    /// Where it came from, for messages.
    package var file: String

    package init(name: String, description: String? = nil, presenterNotes: String? = nil, seed: UInt64 = 1,
                profile: Profile = .default, accounts: [Account] = [], devices: [DeviceSpec], apps: [AppDeclaration],
                steps: [ScenarioStep] = [], file: String = "<scenario>") {
        self.name = name
        self.description = description
        self.presenterNotes = presenterNotes
        self.seed = seed
        self.profile = profile
        self.accounts = accounts
        self.devices = devices
        self.apps = apps
        self.steps = steps
        self.file = file
    }

    /// The world before the first step.
    package func initialWorld(seed override: UInt64? = nil) throws(SetupError) -> World {
        try World(seed: override ?? seed, profile: profile, accounts: accounts, devices: devices, apps: apps)
    }
}

/// One step: an event or an expectation, aimed at a device, with its optional label and narration.
package struct ScenarioStep: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case event(Event)
        case expect(Expectation)
    }

    package var action: Action
    package var device: DeviceIndex
    package var label: String?
    package var note: String?
    /// The speaker's note for this step: for the presenter alone (`n` shows it), not the room;
    /// exported only when asked (`--speaker-notes`).
    package var speaker: String?
    /// Where the step starts in its file (1-based; 0 for steps made in a session).
    package var line: Int
    package var column: Int

    package init(_ action: Action, device: DeviceIndex = 0, label: String? = nil, note: String? = nil, speaker: String? = nil,
                line: Int = 0, column: Int = 0) {
        self.action = action
        self.device = device
        self.label = label
        self.note = note
        self.speaker = speaker
        self.line = line
        self.column = column
    }

    /// The scenario key of the step: an event key, or "expect".
    package var key: String {
        switch action {
        case .event(let event): event.key
        case .expect: "expect"
        }
    }
}

/// What must hold after a step (`expect:`).
package struct Expectation: Sendable, Hashable {
    package enum ValueCheck: Sendable, Hashable, CustomStringConvertible {
        case changed, unchanged, present, absent
        /// The all-zero UUID (an App Clip's IDFV, an IDFA without tracking).
        case zeros
        case sameAs(String)
        case differsFrom(String)
        /// Exactly this text (`values: {K: {equals: V}}`).
        case equals(String)

        package var description: String {
            switch self {
            case .changed: "changed"
            case .unchanged: "unchanged"
            case .present: "present"
            case .absent: "nil"
            case .zeros: "zeros"
            case .sameAs(let label): "sameAs \(label)"
            case .differsFrom(let label): "differsFrom \(label)"
            case .equals(let value): "equals \(value)"
            }
        }
    }

    package enum IDFACheck: String, Sendable, Hashable, CaseIterable {
        case zeros, present, changed, unchanged
        case absent = "nil"
    }

    package var app: AppIndex
    /// nil: the step's device.
    package var device: DeviceIndex?
    package var installed: Bool?
    package var att: ATTStatus?
    package var idfa: IDFACheck?
    /// Checks of values the app read at its latest launch: `idfv`, `guid`, the primary `id`, the
    /// APNs token it was given (`apnsToken`), and any other value the strategy reports (under
    /// `values:`), in the order written.
    package var values: [ValueExpectation]
    package var best: String?
    package var sameOn: [DeviceIndex]?

    package init(app: AppIndex, device: DeviceIndex? = nil) {
        self.app = app
        self.device = device
        self.values = []
    }
}

/// One value check: which value (`id` for the primary ID) and how it must be.
package struct ValueExpectation: Sendable, Hashable {
    package var name: String
    package var check: Expectation.ValueCheck

    package init(name: String, check: Expectation.ValueCheck) {
        self.name = name
        self.check = check
    }
}
