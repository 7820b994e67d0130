import IDSim

/// Each device's fingerprint form, by device index, with the first two held inline.
///
/// Nearly every successor remakes a device's form. Held in an array, the form it replaced was in
/// storage shared with the parent, so the write copied the array (an allocation, a retain of each
/// form's values) and the successor freed that copy again after one fingerprint. Two devices is
/// the default world's count; a larger world keeps the rest in an array as before.
struct DeviceForms: RandomAccessCollection, Equatable, Sendable {
    typealias Form = Fingerprinter.PartForm

    private var first = Form.empty
    private var second = Form.empty
    private var rest: [Form] = []
    let count: Int

    init(_ forms: some Collection<Form>) {
        count = forms.count
        for (d, form) in forms.enumerated() {
            switch d {
            case 0: first = form
            case 1: second = form
            default: rest.append(form)
            }
        }
    }

    /// Every device's form, walked afresh (no part lent from a cache): a new state's, and what the
    /// forms a search keeps up to date must always equal.
    init(walking world: World, trackingBlind: Bool) {
        self.init((0..<world.deviceCount).map { Form(device: $0, in: world, trackingBlind: trackingBlind) })
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(d: Int) -> Form {
        get {
            precondition(d >= 0 && d < count, "device \(d) of \(count)")
            switch d {
            case 0: return first
            case 1: return second
            default: return rest[d - 2]
            }
        }
        set {
            precondition(d >= 0 && d < count, "device \(d) of \(count)")
            switch d {
            case 0: first = newValue
            case 1: second = newValue
            default: rest[d - 2] = newValue
            }
        }
    }
}
