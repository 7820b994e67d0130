import IDScenario
import IDSim

/// One step told for a room or a page: what it checked, the IDs the app was given, and every value
/// it changed, in the order a story needs them. The presenter and the HTML export both read it, so
/// the screen and the page tell a step the same way.
///
/// The order: an expectation's checks (what the step is about), then a launch's IDs (the value
/// the app reports, a duplicate marked), then changed values by kind (IDFV, IDFA, keychain, APNs,
/// ATT, then the rest), the shown device's and app's first within a kind. The narration (a note
/// step, a step's note) is not here: a story shows it on its own, above what it narrates.
package struct StepStory: Sendable {
    package struct Line: Sendable, Hashable {
        package enum Mark: Sendable {
            case new, gone, kept, dup, held, failed, note
            /// An ID that did not follow the app across a restore, a migration, a reinstall or an update.
            case lost

            package var symbol: String {
                switch self {
                case .new: "▲"
                case .gone: "▼"
                case .kept: "="
                case .dup, .lost: "⚠"
                case .held: "✔"
                case .failed: "✘"
                case .note: "»"
                }
            }
        }

        package var mark: Mark
        /// What kind of value: "id", "IDFV", "keychain", "expect".
        package var label: String
        /// Whose value it is, in a few words: "com.acme.shop", "device.guid in ACME1234.com.acme.shop".
        package var place: String
        /// The value before the step (nil: none) and after it; nil for a line without values.
        package var from: String?
        package var to: String?
        /// Whether the line shows values at all (a note or a verdict has only its text in `place`).
        package var hasValues: Bool
        package var rule: RuleID?
        /// What else to say: the duplicate it is the same as, the value a failed check got.
        package var detail: String?
        /// The change's stable text (`kind:device:detail`), for a page's tooltip and for searching.
        package var subject: String?
    }

    package let lines: [Line]

    /// - Parameters:
    ///   - shownDevice, shownApp: what the audience is looking at; its values come first in a kind.
    package init(_ outcome: StepOutcome, shownDevice: DeviceIndex? = nil, shownApp: AppIndex? = nil) {
        let world = outcome.world
        let stepDevice = outcome.step.device
        var lines: [Line] = []
        switch outcome.step.action {
        case .expect:
            for check in outcome.checks {
                lines.append(Line(mark: check.held ? .held : .failed, label: "expect", place: check.key + " " + check.expectedInWords,
                                  from: nil, to: check.held ? check.value : check.actual, hasValues: true, rule: nil,
                                  detail: check.held ? nil : "expected \(check.expectedInWords), got \(check.actual)", subject: nil))
            }
        case .event(.launch(let app, _, _)):
            if let history = world.devices[stepDevice].launches[app], history.latest.step == outcome.number {
                let report = history.latest.report
                let now = IDText.human(report.primaryID, hash: IDText.hash(of: report), full: true)
                let before = history.previous.map { IDText.human($0.report.primaryID, hash: IDText.hash(of: $0.report), full: true) }
                let duplicate = outcome.duplicates.first { $0.name == "id" }
                let changed = history.previous == nil || history.previous?.report.primaryID != report.primaryID
                var detail = world.apps[app].strategy == "id-kit" ? report.best.map { "best: \($0)" } : nil
                if let duplicate { detail = duplicate.sameAs }
                if let lost = outcome.lost { detail = [duplicate?.sameAs, lost.marker + ", " + lost.after].compactMap { $0 }.joined(separator: "; ") }
                lines.append(Line(mark: duplicate != nil ? .dup : outcome.lost != nil ? .lost : changed ? (report.primaryID == nil ? .gone : .new) : .kept,
                                  label: "id", place: world.apps[app].bundleID, from: changed ? before : nil, to: now, hasValues: true,
                                  rule: nil, detail: detail, subject: nil))
                // The launch's other values (a recipe's GUID, a vendor ID) that are new or changed, a
                // duplicate marked; the platform's IDFV and IDFA show as the changes below.
                var earlier: [String: String?] = [:]
                for value in history.previous?.report.values ?? [] where earlier[value.name] == nil { earlier[value.name] = value.value }
                var shown: Set<String> = ["id", "idfv", "idfa"]
                for value in report.values where !shown.contains(value.name) {
                    shown.insert(value.name)
                    let before = earlier[value.name] ?? nil
                    let duplicate = outcome.duplicates.first { $0.name == value.name }
                    guard duplicate != nil || history.previous == nil || before != value.value else { continue }
                    guard value.value != nil || before != nil else { continue }
                    lines.append(Line(mark: duplicate != nil ? .dup : value.value == nil ? .gone : .new, label: value.name,
                                      place: world.apps[app].bundleID, from: before != value.value ? before : nil, to: value.value,
                                      hasValues: true, rule: nil,
                                      detail: duplicate?.sameAs, subject: nil))
                }
                for note in report.notes {
                    lines.append(Line(mark: .note, label: "app", place: note, from: nil, to: nil, hasValues: false, rule: nil, detail: nil,
                                      subject: nil))
                }
            }
        case .event:
            break
        }
        // Every change, and at a lifecycle step what the shown app kept through it, in story order.
        var told: [(subject: Subject, line: Line)] = outcome.changes.map { change in
            let (label, place) = Self.words(change.subject, in: world, stepDevice: stepDevice)
            return (change.subject, Line(mark: change.to == nil ? .gone : .new, label: label, place: place, from: change.from?.description,
                                         to: change.to?.description, hasValues: true, rule: change.rule, detail: nil,
                                         subject: change.subject.text(in: world)))
        }
        if let shownApp, Self.isLifecycle(outcome.step) {
            told += Self.kept(shownApp, on: shownDevice ?? stepDevice, outcome: outcome)
        }
        let ranked = told.enumerated().sorted { a, b in
            let ra = Self.rank(a.element.subject, shownDevice ?? stepDevice, shownApp, world)
            let rb = Self.rank(b.element.subject, shownDevice ?? stepDevice, shownApp, world)
            return ra != rb ? ra < rb : a.offset < b.offset
        }
        lines += ranked.map(\.element.line)
        self.lines = lines
    }

    /// Steps whose story is what an app's data lives through: the app's own lifecycle, and the
    /// device's (a restore, a migration, an erase, an upgrade, a reboot).
    static func isLifecycle(_ step: ScenarioStep) -> Bool {
        guard case .event(let event) = step.action else { return false }
        switch event {
        case .install, .uninstall, .offload, .update, .restore, .migrate, .erase, .upgrade, .reboot: return true
        default: return false
        }
    }

    /// The shown app's IDs that the step left as they were: its vendor's IDFV and the keychain
    /// items it made, on the shown device (`= kept`). What survives is the point of an uninstall.
    static func kept(_ app: AppIndex, on device: DeviceIndex, outcome: StepOutcome) -> [(subject: Subject, line: Line)] {
        let world = outcome.world
        guard world.devices.indices.contains(device), world.apps.indices.contains(app) else { return [] }
        let changed = Set(outcome.changes.map(\.subject))
        var out: [(Subject, Line)] = []
        if let (vendor, idfv) = vendorIDFV(app, on: device, in: world), !changed.contains(.idfv(device: device, vendor: vendor)) {
            let subject = Subject.idfv(device: device, vendor: vendor)
            let (label, place) = words(subject, in: world, stepDevice: outcome.step.device)
            out.append((subject, Line(mark: .kept, label: label, place: place, from: nil, to: idfv, hasValues: true, rule: nil,
                                      detail: nil, subject: subject.text(in: world))))
        }
        let bundleID = world.apps[app].bundleID
        for item in world.devices[device].keychain.values where item.creator == bundleID {
            let subject = Subject.keychain(device: device, item: item.key)
            guard !changed.contains(subject) else { continue }
            let (label, place) = words(subject, in: world, stepDevice: outcome.step.device)
            out.append((subject, Line(mark: .kept, label: label, place: place, from: nil, to: item.value, hasValues: true, rule: nil,
                                      detail: nil, subject: subject.text(in: world))))
        }
        return out
    }

    /// The IDFV of the app's vendor on the device, whether or not the app is there to read it:
    /// deleting one app of a vendor whose other app stays leaves the vendor's IDFV alive (IDFV-5).
    package static func vendorIDFV(_ app: AppIndex, on device: DeviceIndex, in world: World) -> (VendorKey, String)? {
        if let key = world.devices[device].apps.vendorKey(of: app), let idfv = world.identifierForVendor(app: app, on: device) {
            return (key, idfv.uuidString)
        }
        let key = VendorKey(.team, world.apps[app].teamID)
        return world.devices[device].vendorTable[key].map { (key, $0.uuidString) }
    }

    /// A change's place in the story: its kind first, then whether it is about what is shown.
    static func rank(_ subject: Subject, _ device: DeviceIndex, _ app: AppIndex?, _ world: World) -> Int {
        let kind: Int
        var onShown = true
        switch subject {
        case .idfv(let d, _): kind = 0; onShown = d == device
        case .idfa(let d): kind = 1; onShown = d == device
        case .keychain(let d, let item):
            kind = 2
            // The shown app's own items: its access group ends in its bundle ID (TEAMID.bundle).
            onShown = d == device && (app.map { item.group.hasSuffix(world.apps[$0].bundleID) } ?? true)
        case .cloudKeychain: kind = 2; onShown = false
        case .apnsToken(let d, let a): kind = 3; onShown = d == device && (app == nil || a == app)
        case .att(let d, let a): kind = 4; onShown = d == device && (app == nil || a == app)
        case .deviceCheck(_, let d): kind = 5; onShown = d == device
        case .appAttest(let d, let a): kind = 5; onShown = d == device && (app == nil || a == app)
        default: kind = 6
        }
        return kind * 2 + (onShown ? 0 : 1)
    }

    /// A subject as a label and a place: "keychain", "device.guid in ACME1234.com.acme.shop"; the
    /// step's own device goes without saying, another one is named.
    static func words(_ subject: Subject, in world: World, stepDevice: DeviceIndex) -> (String, String) {
        func on(_ d: DeviceIndex) -> String {
            d == stepDevice || !world.devices.indices.contains(d) ? "" : "on " + world.devices[d].name
        }
        func app(_ a: AppIndex) -> String { world.apps.indices.contains(a) ? world.apps[a].bundleID : "app#\(a)" }
        func joined(_ parts: String...) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }
        func item(_ k: KeychainKey) -> String {
            // The service is left to the subject's full text: account and group tell items apart in a story.
            k.account + " in " + k.group + (k.synchronizable ? ", synced" : "")
        }
        switch subject {
        case .idfv(let d, let v): return ("IDFV", joined(v.value, on(d)))
        case .idfa(let d): return ("IDFA", on(d))
        case .att(let d, let a): return ("ATT", joined(app(a), on(d)))
        case .app(let d, let a): return ("app", joined(app(a), on(d)))
        case .keychain(let d, let k): return ("keychain", joined(item(k), on(d)))
        case .cloudKeychain(let account, let k): return ("iCloud", joined(item(k), "of " + account))
        case .apnsToken(let d, let a): return ("APNs", joined(app(a), on(d)))
        case .deviceCheck(let team, let d): return ("DeviceCheck", joined(team, on(d)))
        case .appAttest(let d, let a): return ("App Attest", joined(app(a), on(d)))
        case .defaults(let d, let a, let key): return ("defaults", joined(key, "of", app(a), on(d)))
        case .lockState(let d): return ("lock", on(d))
        case .appleID(let d): return ("Apple ID", on(d))
        case .iCloudKeychain(let d): return ("iCloud", joined("Keychain", on(d)))
        case .passcode(let d): return ("passcode", on(d))
        case .os(let d): return ("iOS", on(d))
        case .process(let d, let a), .container(let d, let a), .consent(let d, let a), .prompt(let d, let a):
            return (subject.kind, joined(app(a), on(d)))
        default:
            // The stable text without its kind, and without the step's device: "com.acme.shop:…".
            let kind = subject.kind
            var text = String(subject.text(in: world).dropFirst(kind.count + 1))
            if world.devices.indices.contains(stepDevice), text.hasPrefix(world.devices[stepDevice].name + ":") {
                text.removeFirst(world.devices[stepDevice].name.count + 1)
            }
            return (kind, text)
        }
    }
}
