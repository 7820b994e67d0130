/// Which storage one of the large parts of a device or a backup (its apps' slots, its keychain, its
/// tables) is held in, as a value whose only meaning is identity: two are equal when the parts
/// share storage, and parts that share storage are equal, since a write to shared storage copies
/// it first.
///
/// Equal stays equal only while the storage is alive (freed storage is given out again). An
/// identity read from a device (`World.devicePartIdentities`) is valid while that world is;
/// `DevicePartIdentities.kept` makes one that holds the device's box, which keeps the storage
/// alive as long as the identity lasts, for a cache entry that outlives the read. A backup's
/// identities hold the backup.
///
/// For caches keyed by what was made of a part (explore's fingerprint forms): they compare and
/// keep identities, and never learn how IDSim stores a part, where, or what keeps it alive.
package struct PartIdentity: Equatable, @unchecked Sendable {   // `owner` is an immutable device box or backup
    private let address: UInt
    private let owner: AnyObject?

    fileprivate init(address: UInt, owner: AnyObject?) {
        self.address = address
        self.owner = owner
    }

    /// No part: equal to no identity of a part (storage is never at address 0).
    package static let none = PartIdentity(address: 0, owner: nil)

    package static func == (a: PartIdentity, b: PartIdentity) -> Bool {
        a.address == b.address
    }

    /// A number that spreads identities over a table's slots (equal identities, equal numbers).
    package var spread: UInt64 {
        UInt64(truncatingIfNeeded: address) &* 0x9E37_79B9_7F4A_7C15
    }

    fileprivate func held(by owner: AnyObject) -> PartIdentity {
        PartIdentity(address: address, owner: owner)
    }
}

/// The identities of a device's three largest parts as read, valid while the world is: reading
/// them takes no reference (they are read for every state a search makes, and most are only
/// compared).
package struct DevicePartIdentities {
    package let apps: PartIdentity
    package let keychain: PartIdentity
    package let tables: PartIdentity
    fileprivate unowned(unsafe) let owner: AnyObject

    /// One of these identities, holding the device's box: valid for as long as it lasts.
    package func kept(_ identity: PartIdentity) -> PartIdentity {
        identity.held(by: owner)
    }
}

extension World {
    /// The identities of device `d`'s apps' slots, keychain and tables (`Device.vendorTable` and
    /// the others most steps leave alone), as they are now.
    package func devicePartIdentities(_ d: DeviceIndex) -> DevicePartIdentities {
        devices.withElementPointer(at: d) {
            DevicePartIdentities(apps: PartIdentity(address: $0.pointee.apps.storageAddress, owner: nil),
                                 keychain: PartIdentity(address: $0.pointee.keychain.storageAddress, owner: nil),
                                 tables: PartIdentity(address: $0.pointee.tablesStorageAddress, owner: nil),
                                 owner: devices.box(at: d))
        }
    }
}

extension Backup {
    /// The identities of the backup's apps' slots and keychain: a backup holds the very storage
    /// of the device it was made from, so they equal that device's while neither is written.
    /// Worked out here, where the slots' element type is known when compiled: `Slots.storageAddress`
    /// called from another module is generic code that looks the metadata of its storage type up at
    /// run time, and every such lookup writes a counter the whole process shares, so search workers
    /// on many cores queued on it.
    package var partIdentities: (apps: PartIdentity, keychain: PartIdentity) {
        (PartIdentity(address: apps.storageAddress, owner: self), PartIdentity(address: keychain.storageAddress, owner: self))
    }
}
