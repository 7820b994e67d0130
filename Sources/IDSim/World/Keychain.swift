/// A device's keychain: generic passwords bucketed by access group.
///
/// Every query names or implies its groups, so a lookup finds one group and scans the few items
/// in it. The buckets are separate arrays, so after a timeline snapshot a write copies only its
/// own bucket and the table of buckets, not every item on the device.
///
/// The table is an array sorted by group rather than a dictionary: a dictionary of a few hundred
/// groups keeps twice as many slots as entries, and the timeline pays for a copy of the table
/// on the first write to each device after every snapshot. Kept in order, it also lets walks in
/// key order (the device-wide diff of erase and restore) merge two keychains without sorting.
public struct Keychain: Hashable, Sendable {
    /// One access group's items, kept in key order so that equal keychains have equal buckets.
    public struct Bucket: Hashable, Sendable {
        public let group: String
        public fileprivate(set) var items: [KeychainItem]
    }

    /// The groups that hold items, in order; no bucket is empty.
    public private(set) var buckets: [Bucket] = []

    public init() {}

    public init(_ items: some Sequence<KeychainItem>) {
        for item in items { self[item.key] = item }
    }

    /// Where this keychain is held (see `Slots.storageAddress`): while two keychains are alive,
    /// equal addresses mean equal keychains.
    package var storageAddress: UInt {
        buckets.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Where `group`'s bucket is, or would go (binary search).
    private func position(of group: String) -> (index: Int, found: Bool) {
        var low = 0, high = buckets.count
        while low < high {
            let middle = (low + high) / 2
            if buckets[middle].group < group { low = middle + 1 } else { high = middle }
        }
        return (low, low < buckets.count && buckets[low].group == group)
    }

    public subscript(key: KeychainKey) -> KeychainItem? {
        get { item(group: key.group, service: key.service, account: key.account, synchronizable: key.synchronizable) }
        set { set(newValue, for: key) }
    }

    /// The item with these key fields, found without building a key (apps look items up on
    /// every launch).
    public func item(group: String, service: String, account: String, synchronizable: Bool) -> KeychainItem? {
        let (b, found) = position(of: group)
        guard found else { return nil }
        let (index, exists) = Self.position(service: service, account: account, synchronizable: synchronizable, in: buckets[b].items)
        return exists ? buckets[b].items[index] : nil
    }

    /// Where an item with these fields is in a bucket's items, or would go. A bucket holds an item
    /// or two in every real app, so a few are scanned; past that, a binary search (the items are
    /// in key order), so a recipe of thousands of items adds each in logarithmic time, not linear.
    private static func position(service: String, account: String, synchronizable: Bool, in items: [KeychainItem]) -> (index: Int, found: Bool) {
        func isBefore(_ item: KeychainItem) -> Bool {
            (item.service, item.account, item.synchronizable ? 1 : 0) < (service, account, synchronizable ? 1 : 0)
        }
        var low = 0
        if items.count <= 8 {
            for item in items {
                if item.synchronizable == synchronizable && item.account == account && item.service == service { return (low, true) }
                if !isBefore(item) { break }
                low += 1
            }
            return (low, false)
        }
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(items[middle]) { low = middle + 1 } else { high = middle }
        }
        let found = low < items.count && items[low].synchronizable == synchronizable && items[low].account == account && items[low].service == service
        return (low, found)
    }

    /// Adds an item whose key is not taken yet; false (and nothing changed) when it is.
    public mutating func insertNew(_ item: KeychainItem) -> Bool {
        let key = item.key
        let (b, found) = position(of: key.group)
        guard found else {
            buckets.insert(Bucket(group: key.group, items: [item]), at: b)
            return true
        }
        let (index, exists) = Self.position(service: key.service, account: key.account, synchronizable: key.synchronizable, in: buckets[b].items)
        if exists { return false }
        buckets[b].items.insert(item, at: index)
        return true
    }

    private mutating func set(_ item: KeychainItem?, for key: KeychainKey) {
        let (b, found) = position(of: key.group)
        let existing: Int? = found ? {
            let (index, exists) = Self.position(service: key.service, account: key.account, synchronizable: key.synchronizable, in: buckets[b].items)
            return exists ? index : nil
        }() : nil
        switch (item, existing) {
        case (let item?, let index?):
            buckets[b].items[index] = item
        case (let item?, nil):
            insert(item, key: key, bucket: b, bucketExists: found)
        case (nil, let index?):
            buckets[b].items.remove(at: index)
            if buckets[b].items.isEmpty { buckets.remove(at: b) }
        case (nil, nil):
            break
        }
    }

    private mutating func insert(_ item: KeychainItem, key: KeychainKey, bucket b: Int, bucketExists: Bool) {
        guard bucketExists else {
            buckets.insert(Bucket(group: key.group, items: [item]), at: b)
            return
        }
        let index = Self.position(service: key.service, account: key.account, synchronizable: key.synchronizable, in: buckets[b].items).index
        buckets[b].items.insert(item, at: index)
    }

    /// The items that satisfy the predicate, bucket by bucket. A bucket that keeps every item is
    /// shared, not copied (a restore to the same hardware keeps them all).
    public func filter(_ isIncluded: (KeychainItem) -> Bool) -> Keychain {
        var result = Keychain()
        for bucket in buckets {
            if bucket.items.allSatisfy(isIncluded) {
                result.buckets.append(bucket)
                continue
            }
            let kept = bucket.items.filter(isIncluded)
            if !kept.isEmpty { result.buckets.append(Bucket(group: bucket.group, items: kept)) }
        }
        return result
    }

    @discardableResult
    public mutating func removeValue(forKey key: KeychainKey) -> KeychainItem? {
        let old = self[key]
        if old != nil { self[key] = nil }
        return old
    }

    /// The access groups that hold items, in order.
    public var groups: [String] { buckets.map(\.group) }

    /// Every item, in key order.
    public var values: [KeychainItem] { buckets.flatMap(\.items) }

    /// Every key, in order.
    public var keys: [KeychainKey] { values.map(\.key) }

    public var count: Int { buckets.reduce(0) { $0 + $1.items.count } }
    public var isEmpty: Bool { buckets.isEmpty }
}
