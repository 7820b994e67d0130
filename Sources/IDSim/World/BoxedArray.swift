/// An array whose elements each live in a copy-on-write box and are read in place.
///
/// `Array`'s subscript getter hands out a copy of the element, and for a struct as large as a
/// `Device` (a dozen collections) reading one field that way retains and releases every one of
/// them. `BoxedArray` gives addressors instead, so `devices[d].os` reads one field; and a world
/// snapshot shares every box, so changing one device copies only that device.
package struct BoxedArray<Element: Hashable & Sendable>: Hashable, @unchecked Sendable, RandomAccessCollection,
    MutableCollection, ExpressibleByArrayLiteral {
    typealias Box = ManagedBuffer<Element, UInt8>

    private var boxes: [Box]

    package init() {
        boxes = []
    }

    package init(_ elements: some Sequence<Element>) {
        boxes = elements.map { Self.makeBox($0) }
    }

    package init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    private static func makeBox(_ value: Element) -> Box {
        Box.create(minimumCapacity: 0) { _ in value }
    }

    private static func pointer(_ box: Box) -> UnsafeMutablePointer<Element> {
        // The box stays alive as long as `boxes` holds it, which outlives every access.
        box.withUnsafeMutablePointerToHeader { $0 }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { boxes.count }

    package subscript(position: Int) -> Element {
        unsafeAddress {
            UnsafePointer(Self.pointer(boxes[position]))
        }
        unsafeMutableAddress {
            if !isKnownUniquelyReferenced(&boxes[position]) {
                boxes[position] = Self.makeBox(Self.pointer(boxes[position]).pointee)
            }
            return Self.pointer(boxes[position])
        }
    }

    /// The element at `position`, lent through its pointer: read as `pointee`, a field at a time
    /// or as a borrow, it is not copied (passing `self[position]` to a function can copy it).
    func withElementPointer<Result>(at position: Int, _ body: (UnsafePointer<Element>) -> Result) -> Result {
        withExtendedLifetime(boxes[position]) { box in body(UnsafePointer(Self.pointer(box))) }
    }

    /// The box holding the element at `position` (holding it keeps the element as it is alive).
    func box(at position: Int) -> AnyObject { boxes[position] }

    /// Whether the element at `index` is held in the same box as `other`'s: true when neither
    /// has written it since one was copied from the other.
    func sharesStorage(at index: Int, with other: BoxedArray) -> Bool {
        index < boxes.count && index < other.boxes.count && boxes[index] === other.boxes[index]
    }

    package mutating func append(_ element: Element) {
        boxes.append(Self.makeBox(element))
    }

    package static func == (a: BoxedArray, b: BoxedArray) -> Bool {
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
