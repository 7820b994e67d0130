import IDSim

/// A state's fingerprint: equal for two explore states that differ only in which fresh random
/// values were drawn, the step clock, installation counters or the steps at which launches
/// happened, and (but for 64-bit collisions, about n²/2⁶⁵ for n states) different otherwise.
///
/// Generated values are renamed by first appearance in a fixed walk of the state (a model
/// checker's canonical renaming): the IDFV in the vendor table becomes #0, and a keychain copy of
/// it, in whatever case and with or without dashes, is #0 too, so two states in which the copy
/// matches the IDFV fingerprint alike, and differ from one in which it does not. Generated values
/// joined by "|" and a key's generated ending are renamed part by part (see `addValue`,
/// `addKey`). Everything else is hashed as it is. Launch records, the clock, the random generators and installation
/// counters are left out: no app code reads them. In a tracking-blind search (see
/// `ExploreState.trackingBlind`) the tracking state is left out too.
struct Fingerprinter {
    var hasher = FingerprintHasher()
    /// Leave out the IDFA, the ATT statuses, the tracking settings and apps' consent.
    var trackingBlind = false
    /// The properties still searched for (only read when hashing what launches left behind).
    var watching: PropertyMask = .all
    /// Generated values in order of first appearance; a value's name is its position. A state
    /// holds a handful, so a linear search beats hashing each key into a dictionary.
    var names = ValueKeys()

    /// A part of a state hashed on its own: its content with its own generated values numbered in
    /// order of appearance, and those values in that order. In a state's fingerprint each value
    /// is then given the state's name for it, so two states that differ only by a renaming of
    /// their values still fingerprint alike.
    ///
    /// Backups are hashed once, when made (they never change after); devices when a step may have
    /// changed them (see `ExploreState.apply`), so a successor rehashes one device, not all.
    struct PartForm: Equatable, Sendable {
        let hash: Int
        /// Kept in an array of exactly its count (usually a handful, often none): forms are stored
        /// and copied with states, where sixteen inline words each would be copied every time.
        let values: [ValueKey]

        /// A backup's form. It takes in the forms of its apps' slots and its keychain as parts, as a
        /// device's form does: a backup holds the very storage of the device it was made from, so
        /// `cache` can lend their forms when it hashed that device's parts (or another backup's)
        /// before.
        init(_ backup: Backup, trackingBlind: Bool, cache: PartFormCache? = nil) {
            let cache = Self.usable(cache, trackingBlind: trackingBlind)
            let parts = cache == nil ? (apps: PartIdentity.none, keychain: PartIdentity.none) : backup.partIdentities
            let cached = (apps: cache?.form(of: .apps, parts.apps), keychain: cache?.form(of: .keychain, parts.keychain))
            let apps = cached.apps ?? Self.walked(trackingBlind: trackingBlind) { $0.addApps(backup.apps) }
            let keychain = cached.keychain ?? Self.walked(trackingBlind: trackingBlind) { $0.add(backup.keychain) }
            if let cache {
                if cached.apps == nil { cache.keep(apps, of: .apps, parts.apps) }
                if cached.keychain == nil { cache.keep(keychain, of: .keychain, parts.keychain) }
            }
            var f = Fingerprinter()
            f.trackingBlind = trackingBlind
            f.add(backup, apps: apps, keychain: keychain)
            self.init(f)
        }

        /// The Apple IDs' form: iCloud Keychain on or off, tracking restriction, the iCloud
        /// keychain's items and the key-value store.
        init(accountsOf world: borrowing World, trackingBlind: Bool) {
            var f = Fingerprinter()
            f.trackingBlind = trackingBlind
            f.addAccounts(world)
            self.init(f)
        }

        /// A device's form, read in place (see `World.withDevice`). It takes in the forms of the
        /// device's three largest parts as parts (as a state takes in its devices'), its apps'
        /// slots, its keychain and its tables, so that `cache` can lend them when it has hashed
        /// the same storage before.
        /// (`world` is borrowed: an initializer takes its arguments owned, and the caller copied the
        /// world for it, a retain and a release of each of its tables, on every successor.)
        init(device d: DeviceIndex, in world: borrowing World, trackingBlind: Bool, cache: PartFormCache? = nil) {
            let cache = Self.usable(cache, trackingBlind: trackingBlind)
            let parts = cache.map { _ in world.devicePartIdentities(d) }
            let cached = (apps: parts.flatMap { cache?.form(of: .apps, $0.apps) }, keychain: parts.flatMap { cache?.form(of: .keychain, $0.keychain) },
                          tables: parts.flatMap { cache?.form(of: .tables, $0.tables) })
            var f = Fingerprinter()
            f.trackingBlind = trackingBlind
            var made: (apps: PartForm?, keychain: PartForm?, tables: PartForm?) = (nil, nil, nil)
            world.withDevice(d) { device in
                if cached.apps == nil { made.apps = Self.walked(trackingBlind: trackingBlind) { $0.addApps(device.pointee.apps) } }
                if cached.keychain == nil { made.keychain = Self.walked(trackingBlind: trackingBlind) { $0.add(device.pointee.keychain) } }
                if cached.tables == nil { made.tables = Self.walked(trackingBlind: trackingBlind) { $0.addTables(device) } }
                f.add(device, apps: cached.apps ?? made.apps!, keychain: cached.keychain ?? made.keychain!,
                      tables: cached.tables ?? made.tables!)
            }
            if let cache, let parts {
                if let form = made.apps { cache.keep(form, of: .apps, parts.kept(parts.apps)) }
                if let form = made.keychain { cache.keep(form, of: .keychain, parts.kept(parts.keychain)) }
                if let form = made.tables { cache.keep(form, of: .tables, parts.kept(parts.tables)) }
            }
            self.init(f)
        }

        /// The cache, if its forms leave the tracking state out as these do.
        private static func usable(_ cache: PartFormCache?, trackingBlind: Bool) -> PartFormCache? {
            cache?.trackingBlind == trackingBlind ? cache : nil
        }

        /// The form of a part on its own: what `walk` hashes, with its own values numbered.
        private static func walked(trackingBlind: Bool, _ walk: (inout Fingerprinter) -> Void) -> PartForm {
            var walker = Fingerprinter()
            walker.trackingBlind = trackingBlind
            walk(&walker)
            return PartForm(walker)
        }

        /// An equal form with values of its own (see `ExploreState.unshared`).
        func unshared() -> PartForm { PartForm(hash: hash, values: values.map { $0 }) }

        /// No content: what an empty cache entry holds.
        static let empty = PartForm(hash: 0, values: [])

        /// A form as kept elsewhere (`StepOutcomeMemo`): its hash and its values.
        init(hash: Int, values: [ValueKey]) {
            self.hash = hash
            self.values = values
        }

        fileprivate init(_ walked: Fingerprinter) {
            hash = walked.hasher.finalize()
            values = walked.names.array
        }
    }

    /// A state's fingerprint; under a device symmetry, the least over the orders of its devices
    /// sorted by form, so a state and its mirror fingerprint alike.
    /// - Parameter watching: the properties still searched for: what the state remembers of past
    ///   launches counts only as far as they read it (see `add(_ follow:)`).
    static func fingerprint(_ state: ExploreState, symmetry: DeviceSymmetry? = nil, watching: PropertyMask = .all) -> Int {
        let bits = state.world.deviceCheck.count == 0 ? [] : state.world.deviceCheck.entries
        var f = Fingerprinter()
        f.watching = watching
        guard let symmetry else {
            f.add(state, bits: bits)
            return f.hasher.finalize()
        }
        var least = Int.max
        // Only the orders that sort the devices by their forms' hashes (which do not depend on
        // where a device stands or what the rest of the state calls its values) can give the
        // least: one order when no two devices hash alike, all of them only when all do.
        let forms = state.deviceForms
        orders: for index in symmetry.orders.indices {
            let order = symmetry.orders[index]
            for k in 1..<order.count where forms[order[k - 1]].hash > forms[order[k]].hash { continue orders }
            f.hasher = FingerprintHasher()
            f.names = ValueKeys()
            f.add(state, order: order, position: symmetry.positions[index], bits: bits, symmetry: symmetry)
            least = min(least, f.hasher.finalize())
        }
        return least
    }

    /// What a launch on `devices` reads and is judged against (see `LaunchView`): those devices'
    /// forms by index, the Apple IDs, DeviceCheck's bits and what every device remembers of the
    /// followed app's launches, named in one walk like a state's.
    /// - Parameter devices: a mask of `LaunchView.bit`s.
    static func launchView(_ state: ExploreState, devices: UInt16, watching: PropertyMask) -> Int {
        launchWalk(state, devices: devices, watching: watching).hasher.finalize()
    }

    /// The launch view of every device, and each backup's restore view (at most `backups`'s
    /// width of them): what a restore of it reads, that view and the backup, named in one walk.
    static func restoreViews(_ state: ExploreState, watching: PropertyMask, backups: inout SIMD8<Int>) -> Int {
        var f = launchWalk(state, devices: LaunchView.allDevices(of: state), watching: watching)
        let whole = f.hasher, named = f.names.count
        for b in state.backupForms.indices.prefix(backups.scalarCount) {
            let kept = state.backupForms[b]
            f.hasher.combine(kept.name)
            f.hasher.combine(kept.sourceName)
            f.add(kept.form)
            f.addFollowedID(of: kept)
            backups[b] = f.hasher.finalize()
            f.hasher = whole
            f.names.truncate(to: named)
        }
        return whole.finalize()
    }

    /// Walked from the mask, not a list of devices: views are made for most new states at the
    /// last depths, and a list would be an allocation each.
    static func launchWalk(_ state: ExploreState, devices: UInt16, watching: PropertyMask) -> Fingerprinter {
        var f = Fingerprinter()
        f.watching = watching
        let count = state.world.deviceCount
        f.hasher.combine((0..<count).reduce(0) { $0 + (devices & LaunchView.bit($1) != 0 ? 1 : 0) })
        for d in 0..<count where devices & LaunchView.bit(d) != 0 {
            f.hasher.combine(d)
            f.add(state.deviceForms[d])
        }
        f.add(state.accountsForm)
        f.addBits(state.world.deviceCheck.count == 0 ? [] : state.world.deviceCheck.entries)
        f.hasher.combine(watching.rawValue)
        for d in state.follow.indices { f.add(state.follow[d]) }
        return f
    }

    /// The same fingerprint with every device and the accounts walked afresh rather than taken from their forms:
    /// what the incremental one must always equal (the tests compare them).
    static func fingerprintFromScratch(_ state: ExploreState, symmetry: DeviceSymmetry? = nil) -> Int {
        var fresh = state
        fresh.deviceForms = DeviceForms(walking: state.world, trackingBlind: state.trackingBlind)
        fresh.accountsForm = PartForm(accountsOf: state.world, trackingBlind: state.trackingBlind)
        return fingerprint(fresh, symmetry: symmetry)
    }

    mutating func add(_ form: borrowing PartForm) {
        hasher.combine(form.hash)
        for value in form.values { hasher.combine(name(value)) }
    }

    mutating func add(_ state: ExploreState, bits: [(key: DeviceCheckServer.Key, bits: DeviceCheckServer.Bits)]) {
        for d in state.deviceForms.indices { add(state.deviceForms[d]) }
        add(state.accountsForm)
        hasher.combine(state.backupForms.count)
        for kept in state.backupForms {
            hasher.combine(kept.name)
            hasher.combine(kept.sourceName)
            add(kept.form)
            addFollowedID(of: kept)
        }
        addBits(bits)
        hasher.combine(watching.rawValue)
        for d in state.follow.indices { add(state.follow[d]) }
    }

    mutating func addBits(_ bits: [(key: DeviceCheckServer.Key, bits: DeviceCheckServer.Bits)]) {
        hasher.combine(bits.count)
        for entry in bits {
            hasher.combine(entry.key)
            hasher.combine(entry.bits.bit0)
            hasher.combine(entry.bits.bit1)
        }
    }

    /// The state with its devices taken in `order` (`position` is its inverse): device `order[k]`
    /// is walked as the k-th, and what names a device (a backup's source, DeviceCheck's hardware
    /// ID) names its position.
    mutating func add(_ state: ExploreState, order: [DeviceIndex], position: [Int],
                              bits: [(key: DeviceCheckServer.Key, bits: DeviceCheckServer.Bits)], symmetry: DeviceSymmetry) {
        for d in order { add(state.deviceForms[d]) }
        add(state.accountsForm)
        let backups = state.backupForms
        hasher.combine(backups.count)
        if !backups.isEmpty {
            // A backup is named for its device and kind (`ActionAlphabet.backupName`; the symmetry
            // holds only for roots without backups), so (position, kind) says which it is. Kept
            // by source and kind, they are walked device by device in the order's, and then
            // those of no device in the world.
            for d in order {
                for b in backups.indices where backups[b].source == d { addBackup(backups[b], at: position[d]) }
            }
            for b in backups.indices where backups[b].source == nil { addBackup(backups[b], at: .max) }
        }
        hasher.combine(bits.count)
        if !bits.isEmpty {
            let entries = bits.map { entry in
                (position: symmetry.deviceByHardware[entry.key.hardwareID].map { position[$0] } ?? .max,
                 team: entry.key.teamID, environment: entry.key.environment.rawValue, bits: entry.bits)
            }.sorted { ($0.position, $0.team, $0.environment) < ($1.position, $1.team, $1.environment) }
            for entry in entries {
                hasher.combine(entry.position)
                hasher.combine(entry.team)
                hasher.combine(entry.environment)
                hasher.combine(entry.bits.bit0)
                hasher.combine(entry.bits.bit1)
            }
        }
        hasher.combine(watching.rawValue)
        for d in order { add(state.follow[d]) }
    }

    mutating func addBackup(_ kept: borrowing ExploreState.KeptBackup, at position: Int) {
        hasher.combine(position)
        hasher.combine(kept.kind.rawValue)
        add(kept.form)
        addFollowedID(of: kept)
    }

    /// What a copy restored from the backup should read, as far as `follows` is watched.
    mutating func addFollowedID(of kept: borrowing ExploreState.KeptBackup) {
        guard watching.contains(.follows) else { return }
        hasher.combine(kept.followedID != nil)
        if let id = kept.followedID { addValue(id) }
    }

    mutating func addAccounts(_ world: World) {
        for account in world.accounts {
            hasher.combine(account.iCloudKeychain)
            if !trackingBlind { hasher.combine(account.trackingRestricted) }
            add(account.cloudKeychain)
            addValues(account.keyValueStore)
            addValues(account.appleUserIDs)
            hasher.combine(account.revokedAppleIDTeams.count)
            for team in account.revokedAppleIDTeams.sorted() { hasher.combine(team) }
        }
    }

    /// What a device remembers of the followed app's launches, as far as the properties still
    /// searched for read it: the world evolves without it, so two states that differ only in
    /// what no remaining property reads break the same properties after the same steps. The last
    /// value is read by `stable` and `unique`, and becomes a copy's expected value for `follows`;
    /// `unique` reads whether it is still held; `follows` reads the expected value, `stable`
    /// only whether there is one. (`available` reads none of it.) The properties watched are
    /// hashed with the state, so fingerprints made while more were watched never match these.
    mutating func add(_ follow: borrowing ExploreState.Follow) {
        if !watching.isDisjoint(with: [.stable, .unique, .follows]) { addValue(follow.last) }
        if watching.contains(.unique) { hasher.combine(follow.held) }
        if watching.contains(.stable) { hasher.combine(follow.forgiven) }
        if watching.contains(.follows) {
            hasher.combine(follow.expected != nil)
            if let expected = follow.expected { addValue(expected) }
        } else if watching.contains(.stable) {
            hasher.combine(follow.expected != nil)
        }
    }
}
