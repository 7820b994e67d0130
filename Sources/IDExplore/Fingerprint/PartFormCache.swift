import IDSim

/// The forms of the apps' slots, keychains and tables (see `Device.vendorTable`) a worker hashed
/// lately, by the identity of the part they were hashed from (`PartIdentity`): a device's three
/// largest parts.
///
/// A step writes a field or two of one device, and the states a worker takes in turn are
/// neighbours in the search (siblings, cousins), so most devices it rehashes hold the very same
/// apps' slots, keychain or tables as one it hashed a moment ago. IDSim says when two parts are
/// the same one (equal identities), and an entry keeps an identity that holds its part alive, so
/// it stays so: a hit is the very form a walk would make. Direct-mapped and small: a miss walks the part and replaces
/// the entry.
final class PartFormCache: @unchecked Sendable {   // one worker's own
    private struct Entry {
        var part = PartIdentity.none
        var form = Fingerprinter.PartForm.empty
    }

    /// The forms leave the tracking state out or not, as the search's states do.
    let trackingBlind: Bool
    /// Entries for apps' slots, then for keychains, then for tables. Raw storage, not arrays: a lookup is on the
    /// path of every successor, where an array's checks (uniqueness, exclusive access) would
    /// cost more than the lookup.
    private let entries: UnsafeMutableBufferPointer<Entry>

    /// A power of two: `slot` keeps the top `log2(size)` bits of a product.
    private static let size = 64
    private static let slotShift = UInt64(64 - (size - 1).nonzeroBitCount)

    init(trackingBlind: Bool) {
        self.trackingBlind = trackingBlind
        entries = .allocate(capacity: 3 * Self.size)
        entries.initialize(repeating: Entry())
    }

    deinit {
        entries.deinitialize()
        entries.deallocate()
    }

    /// The parts of a device whose forms are kept.
    enum Part: Int {
        case apps, keychain, tables
    }

    /// The form of a part, if an entry has it.
    func form(of part: Part, _ identity: PartIdentity) -> Fingerprinter.PartForm? {
        form(at: part.rawValue * Self.size + Self.slot(identity), identity)
    }

    /// Keeps a form; `identity` must be one that keeps its part alive (`DevicePartIdentities.kept`,
    /// a backup's), or a later part could be given its storage and take this form.
    func keep(_ form: Fingerprinter.PartForm, of part: Part, _ identity: PartIdentity) {
        entries[part.rawValue * Self.size + Self.slot(identity)] = Entry(part: identity, form: form)
    }

    /// How many forms were lent (for tests: a cache that never hits would pass them all).
    private(set) var lent = 0

    private func form(at index: Int, _ identity: PartIdentity) -> Fingerprinter.PartForm? {
        guard entries[index].part == identity else { return nil }
        lent += 1
        return entries[index].form
    }

    /// The top bits of the identity's spread number.
    private static func slot(_ identity: PartIdentity) -> Int {
        Int(truncatingIfNeeded: identity.spread >> slotShift)
    }
}
