import IDSim

/// What a read of a store found.
enum RecipeRead: Equatable {
    case value(String)
    case missing
    /// A keychain status other than success or not-found.
    case refused(SecStatus)

    var value: String? {
        if case .value(let v) = self { return v }
        return nil
    }
}

/// The platform sources that gave a launch's IDs: the first inline (a recipe of one ID has no
/// more), so a launch allocates nothing to remember it.
struct PlatformValues {
    private var first: (name: String, value: String)?
    private var more: [(name: String, value: String)] = []

    mutating func add(_ name: String, _ value: String) {
        guard let first else {
            self.first = (name, value)
            return
        }
        if first.name != name && !more.contains(where: { $0.name == name }) { more.append((name, value)) }
    }

    func value(_ name: String) -> String? {
        if let first, first.name == name { return first.value }
        return more.first { $0.name == name }?.value
    }
}

/// What each store read in a launch, by position: six inline (most recipes have no more; Adjust's
/// has five), so a launch allocates nothing to remember its reads.
struct StoreReads {
    // Fields, not a tuple: a struct with a tuple field is not split into its fields by the
    // optimizer, so each init built it in memory and copied it out (a retain and a release of
    // every field).
    private var first: RecipeRead?
    private var second: RecipeRead?
    private var third: RecipeRead?
    private var fourth: RecipeRead?
    private var fifth: RecipeRead?
    private var sixth: RecipeRead?
    private var more: [RecipeRead?]

    private static let inline = 6

    init(count: Int) {
        more = count > Self.inline ? Array(repeating: nil, count: count - Self.inline) : []
    }

    subscript(index: Int) -> RecipeRead? {
        get {
            switch index {
            case 0: first
            case 1: second
            case 2: third
            case 3: fourth
            case 4: fifth
            case 5: sixth
            default: index - Self.inline < more.count ? more[index - Self.inline] : nil
            }
        }
        set {
            switch index {
            case 0: first = newValue
            case 1: second = newValue
            case 2: third = newValue
            case 3: fourth = newValue
            case 4: fifth = newValue
            case 5: sixth = newValue
            default: more[index - Self.inline] = newValue
            }
        }
    }
}

/// The platform values a recipe reads rather than makes, each read one way: for a source and for
/// the other side of a comparison.
enum PlatformRead {
    case idfv, idfa, apnsToken, appleUserID

    /// The value as the app's code reads it: the IDFV uppercase with dashes (nil before the first
    /// unlock), the IDFA only when not all zeros, the APNs token as hex.
    func value(_ os: inout AppOS) -> String? {
        switch self {
        case .idfv: os.identifierForVendor()?.uuidString
        case .idfa: os.advertisingIdentifier().flatMap { $0.isZero ? nil : $0.uuidString }
        case .apnsToken: os.apnsDeviceToken?.hex
        case .appleUserID: os.appleUserIdentifier()
        }
    }
}

/// Each ID's value in a launch or a call, by the ID's position in the recipe: the first two
/// inline (most recipes have one ID, Adjust's and several others two), so a launch of one or two
/// allocates nothing to hold them.
struct IDValues {
    private var first: String?
    private var second: String?
    private var more: [String?]
    let count: Int

    /// `count` IDs, none with a value yet.
    init(count: Int) {
        self.count = count
        more = count > 2 ? Array(repeating: nil, count: count - 2) : []
    }

    subscript(index: Int) -> String? {
        get {
            switch index {
            case 0: first
            case 1: second
            default: more[index - 2]
            }
        }
        set {
            switch index {
            case 0: first = newValue
            case 1: second = newValue
            default: more[index - 2] = newValue
            }
        }
    }
}
