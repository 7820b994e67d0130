import IDSim

/// An ID a launch gave that another device already holds (its app's latest launch reported it),
/// or an app of another team on the same device: the point of a restored clone (b05, the tour's
/// end), shown at the step where it happens.
package struct Duplicate: Sendable, Hashable {
    /// The value's name in the launch (`id`, `uuidForDevice`), and the value.
    package var name: String
    package var value: String
    /// Who holds it already: the device and app, the value's name there, and the step of that launch.
    package var otherDevice: String
    package var otherApp: String
    package var otherName: String
    package var otherStep: Int
    /// Whether the other is the same app (on another device).
    package var sameApp: Bool

    /// "same as phone's id (step 12)"; "same as org.other.game's id on phone (step 4)".
    package var sameAs: String {
        sameApp ? "same as \(otherDevice)'s \(otherName) (step \(otherStep))"
            : "same as \(otherApp)'s \(otherName) on \(otherDevice) (step \(otherStep))"
    }
}

enum DuplicateFinder {
    /// The duplicates the latest launch of `app` on `device` makes, at most one for each of its
    /// values. Values that are no ID are left out: short ones (a bit, a flag), the all-zero UUID,
    /// and the IDFA on one device (every app there reads the same one, by design).
    static func find(launch app: AppIndex, on device: DeviceIndex, in world: World) -> [Duplicate] {
        guard let launch = world.devices[device].launches[app]?.latest else { return [] }
        var ours: [String: String] = [:]   // value → its name in this launch
        for (name, value) in values(of: launch) where ours[value] == nil { ours[value] = name }
        guard !ours.isEmpty else { return [] }
        let team = world.apps[app].teamID
        var found: [Duplicate] = []
        for other in world.devices.indices {
            for otherApp in world.apps.indices where other != device || world.apps[otherApp].teamID != team {
                guard let record = world.devices[other].launches[otherApp]?.latest else { continue }
                for (otherName, value) in values(of: record) {
                    guard let name = ours[value], !(other == device && name == "idfa") else { continue }
                    ours[value] = nil
                    found.append(Duplicate(name: name, value: value, otherDevice: world.devices[other].name,
                                           otherApp: world.apps[otherApp].bundleID, otherName: otherName,
                                           otherStep: record.step, sameApp: world.apps[otherApp].bundleID == world.apps[app].bundleID))
                }
            }
        }
        return found.sorted { $0.name == "id" && $1.name != "id" }
    }

    /// A launch's values that can identify: its primary ID as `id`, then each named value.
    static func values(of record: LaunchRecord) -> [(String, String)] {
        var out: [(String, String)] = []
        if let id = record.report.primaryID, identifies(id) { out.append(("id", id)) }
        for value in record.report.values {
            if let text = value.value, identifies(text) { out.append((value.name, text)) }
        }
        return out
    }

    /// Long enough to be an ID, and not the all-zero UUID an app reads without tracking.
    static func identifies(_ value: String) -> Bool {
        value.utf8.count >= 16 && value.contains { $0 != "0" && $0 != "-" }
    }
}
