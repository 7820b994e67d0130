import IDSim

/// Every app's identifiers across a session's steps, kept as the steps are applied: what the
/// inspector's history lanes draw, without replaying anything.
///
/// For each (device, app) it keeps the steps at which one of its values changed, with the values
/// from then on, so a value at any step is a binary search away. Each lane numbers its distinct
/// values in the order they first appear in the whole history, so a value keeps its letter
/// however the history is scrolled. Values are interned: a step that changes one app costs a few
/// integers, not strings.
package struct LaneHistory: Sendable {
    /// The lanes, in the order they are drawn.
    package enum Lane: Int, CaseIterable, Sendable {
        case idfv, idfa, id, best

        package var title: String {
            switch self {
            case .idfv: "IDFV"
            case .idfa: "IDFA"
            case .id: "id"
            case .best: "best"
            }
        }
    }

    struct Pair: Hashable, Sendable {
        var device: DeviceIndex
        var app: AppIndex
    }

    /// The values from `step` on; -1 for nothing.
    struct Entry: Sendable {
        var step: Int32
        var values: (Int32, Int32, Int32, Int32)

        func value(_ lane: Lane) -> Int32 {
            switch lane {
            case .idfv: values.0
            case .idfa: values.1
            case .id: values.2
            case .best: values.3
            }
        }
    }

    struct Track: Sendable {
        var entries: [Entry] = []
        /// Per lane: each value's number, in order of first appearance.
        var numbers: [[Int32: Int]] = Array(repeating: [:], count: Lane.allCases.count)

        mutating func renumber() {
            numbers = Array(repeating: [:], count: Lane.allCases.count)
            for entry in entries { number(entry) }
        }

        mutating func number(_ entry: Entry) {
            for lane in Lane.allCases {
                let value = entry.value(lane)
                if value >= 0, numbers[lane.rawValue][value] == nil { numbers[lane.rawValue][value] = numbers[lane.rawValue].count }
            }
        }
    }

    private var tracks: [Pair: Track] = [:]
    private var texts: [String] = []
    private var ids: [String: Int32] = [:]
    private var touched = ChangedApps()

    package init() {}

    /// Notes the values of every app the step touched.
    mutating func record(_ outcome: StepOutcome) {
        let world = outcome.world
        for (device, apps) in touched.of(outcome) {
            for app in apps {
                let report = world.devices[device].launches[app]?.latest.report
                let present = world.presence(of: app, on: device) != .absent
                // A deleted app's values end with it: its last launch's report is history, not a value it has.
                let values = (intern(world.identifierForVendor(app: app, on: device)?.uuidString),
                              intern(present ? world.advertisingIdentifier(app: app, on: device)?.uuidString : nil),
                              intern(present ? report?.primaryID : nil), intern(present ? report?.best : nil))
                let pair = Pair(device: device, app: app)
                if let last = tracks[pair]?.entries.last, last.values == values { continue }
                let entry = Entry(step: Int32(outcome.number), values: values)
                tracks[pair, default: Track()].entries.append(entry)
                tracks[pair]!.number(entry)
            }
        }
    }

    /// Forgets every step after n (a branch).
    mutating func truncate(to n: Int) {
        touched = ChangedApps()   // its index followed the steps now dropped
        for pair in tracks.keys {
            guard let last = tracks[pair]!.entries.last, last.step > n else { continue }
            tracks[pair]!.entries.removeAll { $0.step > n }
            tracks[pair]!.renumber()
        }
    }

    private mutating func intern(_ text: String?) -> Int32 {
        guard let text else { return -1 }
        if let id = ids[text] { return id }
        let id = Int32(texts.count)
        texts.append(text)
        ids[text] = id
        return id
    }

    /// One lane's values at steps `range`, each with its number (its letter) in the lane.
    package func values(_ lane: Lane, device: DeviceIndex, app: AppIndex, steps range: ClosedRange<Int>)
        -> [(value: String?, number: Int?)] {
        let track = tracks[Pair(device: device, app: app)]
        let entries = track?.entries ?? []
        // The last entry at or before the first step, then forward.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if Int(entries[mid].step) <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var index = low - 1
        var result: [(String?, Int?)] = []
        result.reserveCapacity(range.count)
        for step in range {
            while index + 1 < entries.count, Int(entries[index + 1].step) <= step { index += 1 }
            let id = index >= 0 ? entries[index].value(lane) : -1
            result.append(id >= 0 ? (texts[Int(id)], track?.numbers[lane.rawValue][id]) : (nil, nil))
        }
        return result
    }

    /// The lane's last value before step `n` that was something (not nil), if any: what a value
    /// that comes back (the IDFV after the first unlock) is compared with.
    package func lastValue(_ lane: Lane, device: DeviceIndex, app: AppIndex, before n: Int) -> String? {
        guard let entries = tracks[Pair(device: device, app: app)]?.entries else { return nil }
        for entry in entries.reversed() where Int(entry.step) < n {
            let id = entry.value(lane)
            if id >= 0 { return texts[Int(id)] }
        }
        return nil
    }

    /// Whether the app was ever on the device (any of its values recorded) by step n.
    package func appeared(device: DeviceIndex, app: AppIndex, by n: Int) -> Bool {
        guard let first = tracks[Pair(device: device, app: app)]?.entries.first else { return false }
        return Int(first.step) <= n
    }

    /// Every distinct value of a lane, in the order of its numbers (for the legend).
    package func legend(_ lane: Lane, device: DeviceIndex, app: AppIndex) -> [String] {
        guard let numbers = tracks[Pair(device: device, app: app)]?.numbers[lane.rawValue] else { return [] }
        return numbers.sorted { $0.value < $1.value }.map { texts[Int($0.key)] }
    }
}
