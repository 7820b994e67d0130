import IDSim

/// DeviceCheck: a fresh token on every launch, and the app's server reading the team's two
/// bits from Apple. It names no device ID: the bits are the state that survives.
package struct DeviceCheckStrategy: IDStrategy {
    package static let name = "devicecheck"
    /// Never reads the IDFA or the ATT status, nor asks to track.
    package static let readsTracking = false
    package static let summary = "DeviceCheck: a token per launch; the team's two bits kept by Apple per device"

    package static let options: [StrategyOption] = []
    package static let valueNames = ["bit0", "bit1", "lastUpdate", "token"]
    package static let matrixValue: String? = "bit0"
    package static let setsDeviceCheckBits = true

    package static func stores(for app: AppDeclaration) -> [StoreDescription] {
        [StoreDescription(.platform, "DCDevice.generateToken"),
         StoreDescription(.server, "Apple DeviceCheck: query_two_bits / update_two_bits (team \(app.teamID))")]
    }

    package init(options: [String: OptionValue]) {}

    package func launch(_ os: inout AppOS) -> LaunchReport {
        guard os.deviceCheckSupported, let token = os.generateDeviceCheckToken() else {
            let why = os.deviceKind == .simulator ? "DCDevice is not supported in the Simulator" : "DCDevice needs iOS 11"
            return LaunchReport(primaryID: nil, values: Self.valueNames.map { NamedValue($0, nil) },
                                result: os.reportsInFull ? .object([.init("supported", .bool(false))]) : .null,
                                notes: os.reportsInFull ? [why] : [])
        }
        var values = [NamedValue("bit0", nil), NamedValue("bit1", nil), NamedValue("lastUpdate", nil), NamedValue("token", token.text)]
        var notes: [String] = []
        let response = os.queryTwoBits(token: token)
        switch response {
        case .bits(let bits):
            values[0].value = String(bits.bit0)
            values[1].value = String(bits.bit1)
            values[2].value = bits.lastUpdate
        case .notFound(let body):
            if os.reportsInFull { notes.append("query_two_bits: 200 \"\(body)\" (no bits set yet)") }
        case .ok, .badRequest:
            if os.reportsInFull { notes.append("query_two_bits: \(response.httpStatus)") }
        }
        guard os.reportsInFull else { return LaunchReport(primaryID: nil, values: values, result: .null, notes: notes) }
        let result = StructuredValue.object([
            .init("supported", .bool(true)), .init("status", .int(response.httpStatus)),
            .init("bit0", values[0].value.map { .bool($0 == "true") } ?? .null),
            .init("bit1", values[1].value.map { .bool($0 == "true") } ?? .null),
            .init("lastUpdate", .optional(values[2].value)),
        ])
        return LaunchReport(primaryID: nil, values: values, result: result, notes: notes)
    }
}
