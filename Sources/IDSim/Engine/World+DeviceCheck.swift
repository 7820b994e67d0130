/// The DeviceCheck two bits, set by an app's server (rules DC-26, DC-27).
extension World {
    /// `DCDevice.current.isSupported` on a device (rule DC-26).
    public func deviceCheckSupported(on d: DeviceIndex) -> Bool {
        devices[d].os.major >= 11 && devices[d].kind != .simulator
    }

    /// The DeviceCheck store key for an app on a device: its team, the hardware, and the
    /// environment its build talks to (development for Xcode builds).
    public func deviceCheckKey(for app: AppIndex, on d: DeviceIndex) -> DeviceCheckServer.Key {
        let source = devices[d].app(app)?.source ?? apps[app].defaultSource
        return DeviceCheckServer.Key(teamID: apps[app].teamID, hardwareID: devices[d].hardwareID,
                                     environment: source == .xcode ? .development : .production)
    }

    mutating func updateDeviceCheckBits(_ app: AppIndex, bit0: Bool?, bit1: Bool?, on d: DeviceIndex,
                                        _ log: inout ChangeLog) throws(EventError) {
        let name = devices[d].name
        guard bit0 != nil || bit1 != nil else { throw .emptyBits }
        // The team's server may set the bits after the user deleted the app (a refund job): Apple
        // accepts that, so the step needs an app installed now or one that launched on the device
        // (a launch is where the server's token came from; a delete keeps that record).
        guard devices[d].app(app)?.presence == .installed || devices[d].launches.isPresent(app) else {
            throw .appNotInstalled(app: apps[app].bundleID, device: name)
        }
        guard deviceCheckSupported(on: d) else {
            throw .unsupported(what: "DeviceCheck", device: name,
                               why: devices[d].kind == .simulator ? "the Simulator does not support it" : "it needs iOS 11")
        }
        let key = deviceCheckKey(for: app, on: d)
        setDeviceCheckBits(key, bit0: bit0, bit1: bit1, device: d, &log)
    }

    mutating func setDeviceCheckBits(_ key: DeviceCheckServer.Key, bit0: Bool?, bit1: Bool?, device: DeviceIndex, _ log: inout ChangeLog) {
        let old = deviceCheck[key]
        var bits = old ?? DeviceCheckServer.Bits(bit0: false, bit1: false, lastUpdate: currentMonth)
        if let bit0 { bits.bit0 = bit0 }
        if let bit1 { bits.bit1 = bit1 }
        bits.lastUpdate = currentMonth
        deviceCheck[key] = bits
        log.record(.deviceCheck(team: key.teamID, device: device), from: old.map { .text($0.summary) },
                   to: .text(bits.summary), rule: .dc27)
    }
}

extension DeviceCheckServer.Bits {
    /// "bit0=1 bit1=0 (2025-03)"
    public var summary: String {
        "bit0=\(bit0 ? 1 : 0) bit1=\(bit1 ? 1 : 0) (\(lastUpdate))"
    }
}
