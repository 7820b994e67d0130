/// What app code has read over a world's history, kept for tools that reason about which parts
/// of a world can matter (explore's tracking-blind search checks its assumption with it).
///
/// A note about the path, not part of the world's value: two worlds that differ only here are
/// equal and hash alike, so replays, timelines and the invariant checks see no difference. A tool
/// clears it to watch from a point on.
public struct AppCodeReads: Hashable, Sendable {
    /// Some app's code read the IDFA, the tracking flag, the ATT status or the consent it
    /// records (id-kit's `register`, which gates its IDFA reads), or asked to track.
    public var tracking = false
    /// Some app's server source keeps a record an erase does not end (`ServerReissue`): an
    /// erase, a restore or a migration onto a device then carries some of the device's past.
    public var serverRecordOutlivingErase = false

    public init() {}

    public static func == (lhs: AppCodeReads, rhs: AppCodeReads) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}
