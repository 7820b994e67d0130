/// App code that runs at launch on the simulated OS: an ID strategy.
///
/// Programs live outside the core (`IDStrategies`); the core only knows they take an `AppOS`
/// and report what they found.
public protocol AppProgram: Sendable {
    func launch(_ os: inout AppOS) -> LaunchReport

    /// Whether the app's code has a call of this name (`call:` steps name it).
    func declares(call name: String) -> Bool

    /// The app's code calls its SDK while its process runs (`name` is one it declares), passing
    /// `value` if the call takes one; the report is the IDs as the process holds them after it.
    func call(_ name: String, value: String?, _ os: inout AppOS) -> LaunchReport
}

extension AppProgram {
    /// Most app code (every Swift strategy) declares no calls.
    public func declares(call name: String) -> Bool { false }

    /// Never reached for a program that declares no calls (`World.call` asks first); the IDs
    /// are then as the launch left them.
    public func call(_ name: String, value: String?, _ os: inout AppOS) -> LaunchReport {
        os.lastReport ?? LaunchReport(primaryID: nil, values: [])
    }
}

/// Finds the program an app runs, by the strategy name and options it declares.
///
/// It gets just those two (not the whole declaration) because it runs on every launch, where a
/// copy of a declaration would retain every string in it.
public protocol AppProgramResolver: Sendable {
    func program(strategy: String, options: [String: OptionValue]) -> any AppProgram
}

/// The simplest app: it reads IDFV and IDFA and stores nothing. The core's default, so the
/// core runs and is tested without any strategy library.
public struct BasicProgram: AppProgram, AppProgramResolver {
    public init() {}

    public static let resolver: any AppProgramResolver = BasicProgram()

    public func program(strategy: String, options: [String: OptionValue]) -> any AppProgram { self }

    public func launch(_ os: inout AppOS) -> LaunchReport {
        let idfv = os.identifierForVendor()?.uuidString
        let idfa = os.advertisingIdentifier()?.uuidString
        return LaunchReport(primaryID: idfv, values: [NamedValue("idfv", idfv), NamedValue("idfa", idfa)])
    }
}
