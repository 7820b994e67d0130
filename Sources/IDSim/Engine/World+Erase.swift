/// Erase All Content and Settings (rules IDFV-6, IDFA-8, ATT-15, KC-22, CT-23, DC-27, SIM-32).
extension World {
    mutating func erase(_ d: DeviceIndex, _ log: inout ChangeLog) {
        let before = Self.deviceBefore(d, in: self, for: log)
        let statuses = readStatuses(on: d, for: log)
        wipe(d)
        devices[d].idfa = rng.nextUUID()
        // DeviceCheck bits live on Apple's servers, keyed by hardware: untouched (DC-27).
        recordDeviceDiff(before: before, statusesBefore: statuses, device: d,
                         rules: DeviceDiffRules(app: .ct23, container: .ct23, att: .att15, idfv: .idfv6,
                                                idfa: .idfa8, keychain: .kc22), &log)
    }

    /// Factory state: no apps, data, keychain or pasteboards; default settings; signed out;
    /// set up again with the declared passcode and unlocked. Hardware, OS and IDFA stay for the caller.
    mutating func wipe(_ d: DeviceIndex) {
        if wiped.parts?.appCount != apps.count { wiped.parts = WipedDeviceParts(appCount: apps.count) }
        devices[d].wipe(to: wiped.parts!)   // one access to the device, not one per field
    }
}

extension Device {
    mutating func wipe(to empty: WipedDeviceParts) {
        apps = empty.apps
        processes = empty.processes
        // The server's records are not on the phone: those an erase does not end stay.
        let keptServerIDs = serverIDs.isEmpty ? [:] : serverIDs.filter { $0.value.reissueOn.outlivesErase }
        // The vendor table and its users, pasteboards, kept APNs tokens, App Group defaults and files.
        replaceTables(with: empty.tables)
        if !keptServerIDs.isEmpty { serverIDs = keptServerIDs }
        keychain = Keychain()
        settings = TrackingSettings()
        appleID = nil
        iCloudKeychain = false
        passcodeSet = declaredPasscode && kind != .simulator
        firstUnlockDone = true
        locked = false
    }
}
