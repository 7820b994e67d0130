/// A device's keychain: generic passwords bucketed by access group.
///
/// Every query names or implies its groups, so a lookup hashes one group and scans the few
/// items in it. The buckets are separate arrays, so after a timeline snapshot a write copies
/// only its own bucket (and the small table of groups), not every item on the device.
public struct Keychain: Hashable, Sendable {
    private var buckets: [String: [KeychainItem]] = [:]
    /// The access groups that hold items, in order. Kept beside the buckets (groups come and go
    /// far less often than items change) so that walks in key order, such as the device-wide
    /// diff of erase and restore, need no sorting.
    public private(set) var groups: [String] = []

    public init() {}

    public init(_ items: some Sequence<KeychainItem>) {
        for item in items { self[item.key] = item }
    }

    public subscript(key: KeychainKey) -> KeychainItem? {
        get { buckets[key.group]?.first { $0.matches(key) } }
        set { set(newValue, for: key) }
    }

    /// The item with these key fields, found without building a key (apps look items up on
    /// every launch).
    public func item(group: String, service: String, account: String, synchronizable: Bool) -> KeychainItem? {
        guard let bucket = buckets[group],
              let index = bucket.firstIndex(where: {
                  $0.synchronizable == synchronizable && $0.account == account && $0.service == service
              })
        else { return nil }
        return bucket[index]
    }

    /// Adds an item whose key is not taken yet; false (and nothing changed) when it is.
    public mutating func insertNew(_ item: KeychainItem) -> Bool {
        let key = item.key
        if let bucket = buckets[key.group], bucket.contains(where: { $0.matches(key) }) { return false }
        set(item, for: key)
        return true
    }

    private mutating func set(_ item: KeychainItem?, for key: KeychainKey) {
        // Changed in place through the dictionary's defaulting subscript: no removal and re-insertion.
        let existing = buckets[key.group]?.firstIndex { $0.matches(key) }
        switch (item, existing) {
        case (let item?, let index?):
            buckets[key.group, default: []][index] = item
        case (let item?, nil):
            guard let bucket = buckets[key.group] else {
                buckets[key.group] = [item]
                groups.insert(key.group, at: groupPosition(key.group))
                return
            }
            // Kept sorted so that equal keychains have equal buckets.
            let index = bucket.firstIndex { key < $0.key } ?? bucket.endIndex
            buckets[key.group, default: []].insert(item, at: index)
        case (nil, let index?):
            buckets[key.group, default: []].remove(at: index)
            if buckets[key.group]?.isEmpty == true {
                buckets[key.group] = nil
                groups.remove(at: groupPosition(key.group))
            }
        case (nil, nil):
            break
        }
    }

    /// Where `group` is or would go in `groups` (binary search).
    private func groupPosition(_ group: String) -> Int {
        var low = 0, high = groups.count
        while low < high {
            let middle = (low + high) / 2
            if groups[middle] < group { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The items that satisfy the predicate, bucket by bucket.
    public func filter(_ isIncluded: (KeychainItem) -> Bool) -> Keychain {
        var result = Keychain()
        for group in groups {
            let kept = buckets[group, default: []].filter(isIncluded)
            if !kept.isEmpty {
                result.buckets[group] = kept
                result.groups.append(group)
            }
        }
        return result
    }

    @discardableResult
    public mutating func removeValue(forKey key: KeychainKey) -> KeychainItem? {
        let old = self[key]
        if old != nil { self[key] = nil }
        return old
    }

    /// The items of one access group, in key order.
    public func items(inGroup group: String) -> [KeychainItem] {
        buckets[group] ?? []
    }

    /// Every item, in key order.
    public var values: [KeychainItem] {
        groups.flatMap { buckets[$0]! }
    }

    /// Every key, in order.
    public var keys: [KeychainKey] { values.map(\.key) }

    public var count: Int { buckets.values.reduce(0) { $0 + $1.count } }
    public var isEmpty: Bool { buckets.isEmpty }
}
