/// What `Slots` can hold: a type with one nil, made once and read by every `Slots` of it, so an
/// empty slot is read in place like a full one, and the offset of the value in its boxes.
///
/// Both are plain numbers, not a box: when an empty slot read a shared box of nil, every read
/// retained and released that one object, and the search's workers, each on its own core and
/// sharing nothing else, all wrote its reference count (16 searches in one process ran at about
/// half the rate of 16 processes; writes like this are suspects, not measured causes).
package protocol SlotElement: Hashable, Sendable {
    /// A nil that lives as long as the process, never written (`Slots` writes only boxes it made).
    static var emptySlotValue: UnsafePointer<Self?> { get }
    /// Where a box's value sits from the start of the box's object (`Slots`' raw reads).
    static var slotHeaderOffset: Int { get }
}

extension SlotElement {
    /// A nil for an element type's `emptySlotValue`, never freed.
    static func makeEmptySlotValue() -> UnsafePointer<Self?> {
        let value = UnsafeMutablePointer<Self?>.allocate(capacity: 1)
        value.initialize(to: nil)
        return UnsafePointer(value)
    }

    /// The offset of the value in a box of this element type, measured on one.
    static func measureSlotHeaderOffset() -> Int {
        let box = ManagedBuffer<Self?, UInt8>.create(minimumCapacity: 0) { _ in nil }
        return withExtendedLifetime(box) {
            UnsafeRawPointer(box.withUnsafeMutablePointerToHeader { $0 }) - UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
        }
    }
}

extension InstalledApp: SlotElement {
    nonisolated(unsafe) package static let emptySlotValue = makeEmptySlotValue()
    package static let slotHeaderOffset = measureSlotHeaderOffset()
}

extension AppProcess: SlotElement {
    nonisolated(unsafe) package static let emptySlotValue = makeEmptySlotValue()
    package static let slotHeaderOffset = measureSlotHeaderOffset()
}

extension LaunchHistory: SlotElement {
    nonisolated(unsafe) package static let emptySlotValue = makeEmptySlotValue()
    package static let slotHeaderOffset = measureSlotHeaderOffset()
}

/// A fixed-size array of optional values, each in its own copy-on-write box.
///
/// Worlds are snapshotted for the timeline; a plain `[InstalledApp?]` would be copied whole
/// (every app of the device) the first time it changes after a snapshot. Here a snapshot shares
/// every box, and a change copies only the box it touches, so a snapshot costs about what
/// changed since the previous one.
///
/// The boxes are `ManagedBuffer`s whose header is the value, reached through its pointer: a
/// class's stored property would add a dynamic exclusivity check to every read, and reads of
/// one field (is the app installed? which vendor?) are the hottest path of the simulator.
package struct Slots<Element: SlotElement>: Hashable, @unchecked Sendable, RandomAccessCollection, MutableCollection {
    typealias Box = ManagedBuffer<Element?, UInt8>

    /// A box exists exactly when its slot holds a value: `set` and `_modify` drop the box of a
    /// slot that becomes nil, so scans test the box alone. (An empty slot reads the element
    /// type's one nil, `SlotElement.emptySlotValue`: a box of its own in every `Slots` was a
    /// reference that every copy of a device retained and released three times over.)
    private var boxes: [Box?]

    package init(count: Int) {
        boxes = Array(repeating: nil, count: count)
    }

    private static func makeBox(_ value: Element?) -> Box {
        Box.create(minimumCapacity: 0) { _ in value }
    }

    private static func pointer(_ box: Box) -> UnsafeMutablePointer<Element?> {
        // The box stays alive as long as `boxes` holds it, which outlives every access.
        box.withUnsafeMutablePointerToHeader { $0 }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { boxes.count }

    package subscript(position: Int) -> Element? {
        unsafeAddress {
            // The box as an address, not a reference: `boxes` keeps it alive while the caller
            // reads (an accessor's address is valid until the slots change).
            precondition(position >= 0 && position < boxes.count, "Slots: index out of range")
            let object = boxes.withUnsafeBytes { $0.load(fromByteOffset: position * MemoryLayout<Box?>.stride, as: UnsafeRawPointer?.self) }
            guard let object else { return Element.emptySlotValue }
            return (object + Element.slotHeaderOffset).assumingMemoryBound(to: Element?.self)
        }
        set {
            boxes[position] = newValue.map { Self.makeBox($0) }
        }
        _modify {
            if boxes[position] == nil {
                var value: Element?
                yield &value
                if let value { boxes[position] = Self.makeBox(value) }
                return
            }
            if !isKnownUniquelyReferenced(&boxes[position]!) {
                boxes[position] = Self.makeBox(Self.pointer(boxes[position]!).pointee)
            }
            let slot = Self.pointer(boxes[position]!)
            yield &slot.pointee
            if slot.pointee == nil { boxes[position] = nil }
        }
    }

    /// Calls `body` with the address of each present element, in order: reading fields through it
    /// copies (and retains) nothing else of the element. The pointer is valid only inside `body`.
    package func withEachPresent(_ body: (Int, UnsafePointer<Element>) throws -> Void) rethrows {
        // A present Optional's payload sits at its start.
        try withEachBox { index, slot in try body(index, UnsafeRawPointer(slot).assumingMemoryBound(to: Element.self)) }
    }

    /// Visits every present slot's value in place. The boxes are read as plain addresses, not
    /// as references: `boxes` keeps them alive for the whole walk, and a reference loaded per
    /// slot is a retain and a release per app that the optimiser removes in one build and keeps
    /// in the next (it cost a settings change, which walks every app, a quarter of its time).
    private func withEachBox(_ body: (Int, UnsafeMutablePointer<Element?>) throws -> Void) rethrows {
        let offset = Element.slotHeaderOffset
        assert(layoutHolds(headerOffset: offset), "Slots: the memory layout its raw walks assume does not hold")
        try boxes.withUnsafeBytes { raw in
            for index in 0..<boxes.count {
                guard let object = raw.load(fromByteOffset: index * MemoryLayout<Box?>.stride, as: UnsafeRawPointer?.self) else { continue }
                try body(index, UnsafeMutableRawPointer(mutating: object + offset).assumingMemoryBound(to: Element?.self))
            }
        }
    }

    /// What the raw walks assume of the memory layout, checked in debug builds (`assert`): a
    /// `Box?` in the array is one pointer, nil as zero; every box of the element type has its
    /// header (the `Element?`) at the same offset from the object; and a present `Element?` has
    /// its payload at its start, with the element's alignment.
    func layoutHolds(headerOffset: Int) -> Bool {
        guard MemoryLayout<Box?>.size == MemoryLayout<UnsafeRawPointer?>.size,
              MemoryLayout<Box?>.stride == MemoryLayout<UnsafeRawPointer?>.stride,
              MemoryLayout<Element?>.alignment == MemoryLayout<Element>.alignment,
              MemoryLayout<Element?>.size >= MemoryLayout<Element>.size else { return false }
        let nilIsZero = [Box?](repeating: nil, count: 1).withUnsafeBytes { $0.load(as: UInt.self) == 0 }
        guard nilIsZero else { return false }
        for box in boxes.lazy.compactMap({ $0 }).prefix(1) {
            let offset = UnsafeRawPointer(Self.pointer(box)) - UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
            if offset != headerOffset { return false }
        }
        return true
    }

    /// `body` applied to the value in a slot, read through its address; nil for an empty slot.
    /// `slots[i]?.field` can copy the whole element (a retain and a release of each collection
    /// in it) to read one field; reading through the pointer copies only what `body` returns.
    func withPresent<Result>(_ position: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result? {
        guard let box = boxes[position] else { return nil }
        return withExtendedLifetime(box) {
            body(UnsafeRawPointer(Self.pointer(box)).assumingMemoryBound(to: Element.self))
        }
    }

    /// Where these slots are held: equal for two `Slots` when neither has been written since one
    /// was copied from the other (a write to shared storage copies it first), so while both are
    /// alive, equal addresses mean equal slots. (Only while both are alive: freed storage is reused.)
    package var storageAddress: UInt {
        boxes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// The address of the value in a slot that holds one. Valid while these slots hold the same
    /// box (until the slot is written), for reads only.
    func presentAddress(_ position: Int) -> UnsafePointer<Element> {
        UnsafeRawPointer(Self.pointer(boxes[position]!)).assumingMemoryBound(to: Element.self)
    }

    /// Whether a slot holds a value, without reading (and copying) the value.
    package func isPresent(_ position: Int) -> Bool {
        boxes[position] != nil
    }

    /// How many slots hold a value.
    package var presentCount: Int {
        boxes.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    /// The indices of present elements.
    package func presentIndices() -> [Int] {
        var result: [Int] = []
        for index in boxes.indices where boxes[index] != nil { result.append(index) }
        return result
    }

    /// The indices of present elements that satisfy the predicate.
    package func presentIndices(where predicate: (Element) -> Bool) -> [Int] {
        var result: [Int] = []
        withEachBox { index, slot in if predicate(slot.pointee.unsafelyUnwrapped) { result.append(index) } }
        return result
    }

    package static func == (a: Slots, b: Slots) -> Bool {
        guard a.boxes.count == b.boxes.count else { return false }
        for index in a.boxes.indices where a.boxes[index] !== b.boxes[index] {
            if a[index] != b[index] { return false }
        }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(boxes.count)
        for index in boxes.indices { hasher.combine(self[index]) }
    }
}

// Walks for other modules: compiled here, where the element type is known, so they are
// specialised; a walk through the generic `withEachPresent` from another module looks up the
// type's metadata at every step (a quarter of explore's time went to that).
extension Slots where Element == InstalledApp {
    /// Each installed (or offloaded) app, in slot order, by address.
    package func forEachApp(_ body: (Int, UnsafePointer<InstalledApp>) -> Void) {
        withEachPresent(body)
    }

    // One field of one app, read in place (see `withPresent`): the checks every step and every
    // launch makes.

    /// Whether the app is installed, offloaded, or (nil) absent.
    package func presence(of app: AppIndex) -> AppPresence? { withPresent(app) { $0.pointee.presence } }

    /// The vendor-table key of the app's installation.
    package func vendorKey(of app: AppIndex) -> VendorKey? { withPresent(app) { $0.pointee.vendorKey } }

    /// The app's stored ATT decision and whether it ever asked.
    func attState(of app: AppIndex) -> (att: ATTStatus, requested: Bool)? {
        withPresent(app) { ($0.pointee.att, $0.pointee.trackingRequested) }
    }

    /// Whether the app's container records the user's consent.
    func consent(of app: AppIndex) -> Bool? { withPresent(app) { $0.pointee.container.consent } }

    func installation(of app: AppIndex) -> UInt64? { withPresent(app) { $0.pointee.installation } }

    func apnsToken(of app: AppIndex) -> APNsToken? { withPresent(app) { $0.pointee.apnsToken } ?? nil }

    func source(of app: AppIndex) -> InstallSource? { withPresent(app) { $0.pointee.source } }
}

extension Slots where Element == AppProcess {
    /// Each running process, in slot order, by address.
    package func forEachProcess(_ body: (Int, UnsafePointer<AppProcess>) -> Void) {
        withEachPresent(body)
    }
}

