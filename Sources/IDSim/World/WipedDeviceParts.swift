/// What a wiped device starts from: no apps, no processes, empty tables, made once for a world
/// and shared by its devices and every copy of it (the first write to one copies it).
///
/// Made afresh for a world made by `unshared()`: when one set served the whole process, every
/// explore worker's states after an erase held the same objects, and each copy of a state wrote
/// their reference counts from every core. (16 searches in one process ran at about half the
/// rate of 16 processes; writes like these are suspects, not measured causes.) Not part of the
/// world's value.
final class WipedDeviceParts: Sendable {
    let appCount: Int
    let apps: Slots<InstalledApp>
    let processes: Slots<AppProcess>
    let tables: Boxed<DeviceTables>

    init(appCount: Int) {
        self.appCount = appCount
        apps = Slots(count: appCount)
        processes = Slots(count: appCount)
        tables = Boxed(DeviceTables())
    }
}

/// A world's `WipedDeviceParts`, left out of its equality and hash.
struct WipedDevice: Hashable, Sendable {
    var parts: WipedDeviceParts?

    static func == (lhs: WipedDevice, rhs: WipedDevice) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
