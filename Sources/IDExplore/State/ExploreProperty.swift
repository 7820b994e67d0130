/// What explore checks an ID for (the contract's four properties). Each cell of the matrix maps
/// to one: a same-device Δ breaks `stable`, a dup `unique`, a ∅ `available`, a cross-device Δ
/// `follows`.
package enum ExploreProperty: String, CaseIterable, Sendable, Hashable {
    /// A launch reads a different value than the app's previous launch (with a value) on that device.
    case stable
    /// Two devices' latest launches of the app read the same value.
    case unique
    /// A launch yields no value.
    case available
    /// After a restore or migration from one device onto another, the app's first launch there
    /// reads a different value than its last launch on the source device.
    case follows

    /// What a break means, for people.
    package var breakMeaning: String {
        switch self {
        case .stable: "the ID changed on the same device"
        case .unique: "two devices read the same ID"
        case .available: "a launch got no ID"
        case .follows: "the ID did not move to the new device"
        }
    }
}

extension ExploreProperty {
    /// The property's bit in a `PropertyMask` (how the engine knows it).
    var bit: Int {
        switch self {
        case .stable: 0
        case .unique: 1
        case .available: 2
        case .follows: 3
        }
    }

    /// The property of a `PropertyMask` bit.
    init(bit: Int) {
        self = Self.allCases.first { $0.bit == bit }!
    }
}

/// Explore's four properties as a `PropertyMask`'s bits.
extension PropertyMask {
    init(_ property: ExploreProperty) { self.init(bit: property.bit) }

    init(_ properties: Set<ExploreProperty>) {
        self = properties.reduce(into: PropertyMask()) { $0.insert(PropertyMask($1)) }
    }

    static let stable = PropertyMask(.stable)
    static let unique = PropertyMask(.unique)
    static let available = PropertyMask(.available)
    static let follows = PropertyMask(.follows)
    static let all = PropertyMask(Set(ExploreProperty.allCases))

    var properties: Set<ExploreProperty> { Set(ExploreProperty.allCases.filter { contains(PropertyMask($0)) }) }
}
