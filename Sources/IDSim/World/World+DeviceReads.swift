/// Reads of one device that other modules can make in hot loops without the generic cost.
///
/// `devices` is a `BoxedArray<Device>`; its accessors are generic, and called from another module
/// (explore's search, which reads devices for every successor state) each access looks up the
/// box type's metadata at run time. These are compiled here, for `Device`, so a call from
/// elsewhere is a plain function call. (Making the accessors `@inlinable` instead crashes the 6.3
/// compiler's ownership verifier in release builds.)
extension World {
    public var deviceCount: Int { devices.count }

    public func keychain(on d: DeviceIndex) -> Keychain { devices[d].keychain }

    public func protectedDataAvailable(on d: DeviceIndex) -> Bool { devices[d].protectedDataAvailable }
    /// Whether the device was unlocked once since it booted (or has no passcode).
    public func afterFirstUnlockAvailable(on d: DeviceIndex) -> Bool { devices[d].afterFirstUnlockAvailable }

    public func hardwareID(of d: DeviceIndex) -> UInt64 { devices[d].hardwareID }

    public func launchHistory(of app: AppIndex, on d: DeviceIndex) -> LaunchHistory? { devices[d].launches[app] }

    /// Lends device `d` to `body` in place, by its pointer (valid only inside `body`). Read
    /// through `pointee` a field at a time: passed on as a value, even borrowed, the device is
    /// copied, a retain and a release of each of its collections.
    package func withDevice(_ d: DeviceIndex, _ body: (UnsafePointer<Device>) -> Void) {
        devices.withElementPointer(at: d, body)
    }

    /// The devices as they are now, for `deviceUnchanged(_:since:)`: it shares every device's
    /// storage, so taking it costs one retain.
    public var deviceSnapshot: DeviceSnapshot { DeviceSnapshot(devices: devices) }

    /// Whether device `d` is still the one in the snapshot. A device written after the snapshot
    /// was taken is stored anew (the snapshot keeps the old storage shared), even when the value
    /// written is the same: so true means unchanged, and false only "maybe changed".
    public func deviceUnchanged(_ d: DeviceIndex, since snapshot: DeviceSnapshot) -> Bool {
        devices.sharesStorage(at: d, with: snapshot.devices)
    }

    /// The Apple IDs as they are now, for `accountsUnchanged(since:)` (one retain, as for devices).
    public var accountSnapshot: AccountSnapshot { AccountSnapshot(accounts: accounts) }

    /// Whether no account was written since the snapshot (true means unchanged; false, maybe
    /// changed). Compiled here, like the device reads: `BoxedArray`'s `==` from another module
    /// looked its metadata up at run time.
    public func accountsUnchanged(since snapshot: AccountSnapshot) -> Bool {
        guard accounts.count == snapshot.accounts.count else { return false }
        for index in 0..<accounts.count where !accounts.sharesStorage(at: index, with: snapshot.accounts) { return false }
        return true
    }
}

/// The Apple IDs of a world at one instant (see `World.accountSnapshot`).
public struct AccountSnapshot: Sendable {
    fileprivate let accounts: BoxedArray<Account>
}

/// The devices of a world at one instant (see `World.deviceSnapshot`).
public struct DeviceSnapshot: Sendable {
    fileprivate let devices: BoxedArray<Device>
}
