import IDSim

/// A step's successor known without taking the step, from what the same step did to a state
/// that read the same: most successors a search makes reach a state it has already visited, and
/// for those the fingerprint alone decides, so a worker that can tell the fingerprint first need
/// not copy the state, apply the step or remake the device's form.
///
/// Which steps. A step numbered `s` on device `d` whose effect on the fingerprint lies within a
/// part the state already keeps a form of:
/// - an own step (`LaunchView.ownStep`: it reads and writes only its device) but a backup, which
///   writes a backup, and the followed app's uninstall where the goal forgives it, which writes
///   what the properties remember. What it reads is device `d`'s form.
/// - a launch (of any app): what it reads is its launch view of device `d` (`LaunchView`: the
///   device's form, the Apple IDs, DeviceCheck's bits and what the properties remember of every
///   device), named in one walk.
///
/// What is kept. When such a step, applied, wrote device `d` and nothing else the fingerprint
/// reads (no other device and no Apple ID by storage identity, DeviceCheck's bits and what the
/// properties remember equal to the parent's), broke nothing and no assumption the search still
/// makes, drew nothing from the world's generator, and every generated value in `d`'s new form
/// is one it read (no fresh value), the worker keeps, for the step and the view it read, `d`'s
/// new form with each value given as its position in the view.
///
/// Why a prediction is sound. A step does the same from the same inputs: the simulator is
/// deterministic, and what the forms leave out (the clock, the random generators, installation
/// counters, launch records) no app code reads, the fingerprint's own assumption (see
/// `Fingerprinter`). The view hashes the very values it holds, not only their pattern: the same
/// pattern of other values is not enough, for app code may order values by their text (FCUUID
/// sorts its list of devices), and a search that took it for enough visited other states. So from
/// a state with the same view (the same step, the same hash, the same values in the same
/// positions) the step again writes only device `d`, leaving it with the kept form, and every
/// other part of the state as it was: the state with that one form replaced fingerprints as the
/// successor would. Fresh values are not kept, since another state draws others. Looking for
/// them among the form's named values is not enough: a value the fingerprint does not take for
/// a generated one is hashed as its text (RevenueCat's `$RCAnonymousID:` and 32 hex digits,
/// whose `$` and `:` no generated value has), so an outcome that kept one would predict, from a
/// state that draws another, the text drawn where it was learned. So no step that drew from the
/// world's generator is kept: the draw itself is the test. A search whose
/// root is tracking-blind by the flow of its value (`Explorer.trackingBlindByFlow`) keeps none:
/// there app code may read tracking state that no form holds.
///
/// A prediction is used to pass over a successor already visited (counted as visited, as it
/// would have been); a new one is made by applying the step, as before, and keeps the predicted
/// fingerprint. `StepOutcomesTests` checks every prediction along random walks against the step
/// applied, and compares searches with and without the reduction depth by depth.
enum StepOutcomes: Reduction {
    static let reduction = SearchReduction.stepOutcomes

    /// What decides a step's view.
    enum Reads: UInt8 {
        /// Not kept.
        case none
        /// Its device's form.
        case device
        /// The launch view of its device.
        case launchView
    }

    /// By step: what its outcome is kept by.
    static func reads(_ steps: [Step], app: AppIndex, forgiving: Forgiving) -> [Reads] {
        steps.map { step in
            switch step.event {
            case .launch: return .launchView
            case .backup: return .none
            case .uninstall(let uninstalled) where uninstalled == app && forgiving.contains(.uninstall): return .none
            default: return LaunchView.ownStep(step.event) ? .device : .none
            }
        }
    }
}

/// One worker's kept outcomes (see `StepOutcomes`): direct-mapped by the view's hash, so it takes
/// a fixed amount of memory, and a later outcome replaces an earlier one in its slot.
final class StepOutcomeMemo: @unchecked Sendable {   // one worker's own
    struct Entry {
        /// The view's hash (0: empty).
        var view = 0
        var step: UInt16 = 0
        /// How many values the view named, and how many the new form holds.
        var named: UInt8 = 0
        var valueCount: UInt8 = 0
        /// The new form's hash, and its values as positions in the view (a byte each).
        var formHash = 0
        var positions: UInt64 = 0
    }

    /// The view last worked out, for `keep` after a miss (the same state and step).
    struct View {
        var hash: Int
        var step: Int
        var names: ValueKeys
    }

    private let entries: UnsafeMutableBufferPointer<Entry>
    private static let size = 1 << 15
    private static let slotShift = UInt64(64 - (size - 1).nonzeroBitCount)
    let reads: [StepOutcomes.Reads]
    var lastView: View?
    /// Predictions made (for tests: a memo that never hits would pass them all).
    private(set) var predicted = 0

    init(reads: [StepOutcomes.Reads]) {
        self.reads = reads.map { $0 }
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: Entry())
    }

    deinit {
        entries.deinitialize()
        entries.deallocate()
    }

    private static func slot(_ view: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(view)) &* 0x9E37_79B9_7F4A_7C15) >> slotShift)
    }

    /// The view of `step` from `state`, or nil when the step's outcome is not kept.
    func view(of step: Int, on d: DeviceIndex, from state: ExploreState, watching: PropertyMask) -> View? {
        switch reads[step] {
        case .none:
            return nil
        case .device:
            var f = Fingerprinter()
            f.add(state.deviceForms[d])
            return Self.view(f, step: step)
        case .launchView:
            return Self.view(Fingerprinter.launchWalk(state, devices: LaunchView.bit(d), watching: watching), step: step)
        }
    }

    /// The view walked by `f`, with the step and the very values it named (see `StepOutcomes`).
    private static func view(_ walked: Fingerprinter, step: Int) -> View {
        var f = walked
        f.hasher.combine(step)
        for k in 0..<f.names.count {
            let key = f.names[k]
            f.hasher.combine(key.high)
            f.hasher.combine(key.low)
        }
        return View(hash: f.hasher.finalize(), step: step, names: f.names)
    }

    /// The device's form after the step, when an outcome was kept for this view.
    func form(after view: View) -> Fingerprinter.PartForm? {
        let entry = entries[Self.slot(view.hash)]
        guard entry.view == view.hash, view.hash != 0, Int(entry.step) == view.step, Int(entry.named) == view.names.count else { return nil }
        var values: [ValueKey] = []
        if entry.valueCount > 0 {
            values.reserveCapacity(Int(entry.valueCount))
            for k in 0..<Int(entry.valueCount) { values.append(view.names[Int((entry.positions >> UInt64(8 * k)) & 0xFF)]) }
        }
        predicted += 1
        return Fingerprinter.PartForm(hash: entry.formHash, values: values)
    }

    /// Keeps what the step did from the state whose view is `view`: device `d`'s new form, if every
    /// value in it is named in the view (at most eight of them, within the first 255 names).
    func keep(_ view: View, form: Fingerprinter.PartForm) {
        guard view.hash != 0, form.values.count <= 8, view.names.count <= 255 else { return }
        var positions: UInt64 = 0
        for (k, value) in form.values.enumerated() {
            guard let position = view.names.firstIndex(of: value) else { return }
            positions |= UInt64(position) << UInt64(8 * k)
        }
        entries[Self.slot(view.hash)] = Entry(view: view.hash, step: UInt16(view.step), named: UInt8(view.names.count),
                                              valueCount: UInt8(form.values.count), formHash: form.hash, positions: positions)
    }
}
