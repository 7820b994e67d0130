/// A value in a copy-on-write box of its own, read and written in place.
///
/// For parts of a larger value that are seldom written: a copy of the larger value retains the
/// one box rather than every collection in the part, and a write copies the part only when the
/// box is shared. Two boxed values are equal when their values are.
struct Boxed<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
    private typealias Box = ManagedBuffer<Value, UInt8>

    private var box: Box

    init(_ value: Value) {
        box = Box.create(minimumCapacity: 0) { _ in value }
    }

    var value: Value {
        unsafeAddress {
            UnsafePointer(box.withUnsafeMutablePointerToHeader { $0 })
        }
        unsafeMutableAddress {
            if !isKnownUniquelyReferenced(&box) {
                let copy = box.withUnsafeMutablePointerToHeader { $0.pointee }
                box = Box.create(minimumCapacity: 0) { _ in copy }
            }
            return box.withUnsafeMutablePointerToHeader { $0 }
        }
    }

    /// The value's address, for reads (valid until the value is written).
    var valueAddress: UnsafePointer<Value> {
        UnsafePointer(box.withUnsafeMutablePointerToHeader { $0 })
    }

    /// Where the value is held: equal for two `Boxed` when neither has been written since one was
    /// copied from the other (see `Slots.storageAddress`).
    var storageAddress: UInt {
        UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
    }

    static func == (a: Boxed, b: Boxed) -> Bool {
        a.box === b.box || a.value == b.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
