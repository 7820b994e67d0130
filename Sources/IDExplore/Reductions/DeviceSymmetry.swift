import IDSim

/// The devices of explore's default world are interchangeable: same model, OS, passcode and Apple
/// ID, nothing installed, and the same actions offered on each. A state and the same state with
/// two devices' roles swapped (what happened on "phone" happened on "phone2", and the reverse)
/// break the same properties after the same number of steps, so the search visits one of them.
///
/// A state's fingerprint under symmetry is the least of its fingerprints over every order of the
/// devices (a model checker's symmetry reduction). Whatever names a device (its position, its
/// name in a backup's, its hardware ID in DeviceCheck's table) is read through the order, so
/// swapping the devices swaps those too. A counterexample is still a real path: parent links
/// record the steps actually taken.
package struct DeviceSymmetry: Sendable {
    /// Every order of the device indices (the identity first).
    let orders: [[DeviceIndex]]
    /// Each order's inverse: `positions[i][d]` is where device `d` stands in `orders[i]`.
    let positions: [[Int]]
    /// Each device's index by its hardware ID (DeviceCheck keeps bits by hardware).
    let deviceByHardware: [UInt64: DeviceIndex]

    /// Orders are tried for each successor, so symmetry is used for up to this many devices (24 orders).
    static let maximumDevices = 4

    /// The symmetry of a world whose devices are all alike (nil otherwise, or for one device, or
    /// more than `maximumDevices`). Alike means equal fingerprint forms, the same kind and declared
    /// passcode, no backups yet and no DeviceCheck bits: always the default world, and a
    /// scenario's end state only when nothing there tells its devices apart.
    ///
    /// No backups at the root matters: under symmetry a backup is known by its source device and
    /// kind, not its name, which holds because the search names every backup it makes for them
    /// (`ActionAlphabet.backupName`).
    init?(root: ExploreState) {
        let world = root.world
        let count = world.deviceCount
        guard count >= 2, count <= Self.maximumDevices, world.backups.isEmpty, world.deviceCheck.count == 0 else { return nil }
        let forms = root.deviceForms
        // Alike up to their own generated values (each draws its own IDFA).
        guard forms.allSatisfy({ $0.hash == forms[0].hash && $0.values.count == forms[0].values.count }), root.follow.allSatisfy({ $0 == root.follow[0] }) else { return nil }
        // What the forms leave out but the rules read.
        let first = world.devices[0]
        guard world.devices.allSatisfy({ $0.kind == first.kind && $0.declaredPasscode == first.declaredPasscode }) else { return nil }
        var byHardware: [UInt64: DeviceIndex] = [:]
        for d in 0..<count { byHardware[world.hardwareID(of: d)] = d }
        guard byHardware.count == count else { return nil }
        orders = Self.permutations(of: Array(0..<count))
        positions = orders.map { order in
            var position = [Int](repeating: 0, count: count)
            for (k, d) in order.enumerated() { position[d] = k }
            return position
        }
        deviceByHardware = byHardware
    }

    /// An equal symmetry in arrays of its own (see `PartTables`).
    func unshared() -> DeviceSymmetry {
        DeviceSymmetry(orders: orders.map { $0.map { $0 } }, positions: positions.map { $0.map { $0 } },
                       deviceByHardware: Dictionary(uniqueKeysWithValues: deviceByHardware.map { ($0.key, $0.value) }))
    }

    private init(orders: [[DeviceIndex]], positions: [[Int]], deviceByHardware: [UInt64: DeviceIndex]) {
        self.orders = orders
        self.positions = positions
        self.deviceByHardware = deviceByHardware
    }

    /// Every permutation, the given order first.
    static func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        var out: [[Int]] = []
        for (position, first) in items.enumerated() {
            var rest = items
            rest.remove(at: position)
            for tail in permutations(of: rest) { out.append([first] + tail) }
        }
        return out
    }
}

extension DeviceSymmetry: Reduction {
    static let reduction = SearchReduction.deviceSymmetry
}
