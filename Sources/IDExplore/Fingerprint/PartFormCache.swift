import IDSim

/// The forms of the apps' slots, keychains and tables (see `Device.vendorTable`) a worker hashed
/// lately, by the storage they were hashed from: a device's three largest parts.
///
/// A step writes a field or two of one device, and the states a worker takes in turn are
/// neighbours in the search (siblings, cousins), so most devices it rehashes hold the very same
/// apps' slots, keychain or tables as one it hashed a moment ago: same storage, same contents. An entry
/// holds the device it was made from (`World.holdDevice`), which keeps that storage alive, so no
/// other part can be given its address while the entry lasts (and a write to storage an entry
/// shares copies it first): equal addresses mean equal parts, and a hit is the very form a walk
/// would make. Direct-mapped and small: a miss walks the part and replaces the entry.
final class PartFormCache: @unchecked Sendable {   // one worker's own
    private struct Entry {
        var address: UInt = 0
        /// What keeps the part at `address` alive; nil for an empty entry.
        var holder: AnyObject?
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

    /// The form of the `part` held at `address`, if an entry has it.
    func form(of part: Part, at address: UInt) -> Fingerprinter.PartForm? {
        form(at: part.rawValue * Self.size + Self.slot(address), address)
    }

    func keep(_ form: Fingerprinter.PartForm, of part: Part, at address: UInt, holder: AnyObject) {
        entries[part.rawValue * Self.size + Self.slot(address)] = Entry(address: address, holder: holder, form: form)
    }

    /// How many forms were lent (for tests: a cache that never hits would pass them all).
    private(set) var lent = 0

    private func form(at index: Int, _ address: UInt) -> Fingerprinter.PartForm? {
        guard entries[index].holder != nil && entries[index].address == address else { return nil }
        lent += 1
        return entries[index].form
    }

    /// Storage addresses are multiples of 16 and close together: spread them over the table.
    private static func slot(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> slotShift)
    }
}
