import IDSim

/// Values in a fingerprint: generated ones renamed by first appearance, the rest hashed as they are.
extension Fingerprinter {
    // MARK: - Values

    mutating func addUUID(_ uuid: SimUUID) {
        addWords((uuid.high, uuid.low))
    }

    mutating func addWords(_ words: (high: UInt64, low: UInt64)) {
        hasher.combine(0 as UInt8)
        hasher.combine(name(ValueKey(high: words.high, low: words.low)))
    }

    mutating func addValue(_ value: String?) {
        guard let value else { hasher.combine(1 as UInt8); return }
        let scanned = Self.scan(value)
        if case .generated(let generated) = scanned {
            addGenerated(generated)
        } else if case .plain(joined: true) = scanned {
            // Generated values joined by "|" (FCUUID's list of devices, OpenUDID's "id|owner"
            // records): each part is renamed as a value of its own.
            // Split by bytes: a split by Characters walks grapheme clusters, which is slow.
            let parts = value.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            hasher.combine(4 as UInt8)
            hasher.combine(parts.count)
            for part in parts {
                let text = String(Substring(part))
                if case .generated(let generated) = Self.scan(text) {
                    addGenerated(generated)
                } else {
                    hasher.combine(2 as UInt8)
                    hasher.combine(text)
                }
            }
        } else {
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        }
    }

    /// A generated value: its spelling (case, dashes) matters to app code that compares copies;
    /// its bits are renamed.
    mutating func addGenerated(_ generated: Generated) {
        hasher.combine(3 as UInt8)
        hasher.combine(generated.length)
        hasher.combine(generated.lowercase)
        hasher.combine(name(generated.key))
    }

    mutating func name(_ key: ValueKey) -> Int {
        if let known = names.firstIndex(of: key) { return known }
        names.append(key)
        return names.count - 1
    }

    /// A value that looks generated: its key, and what of its spelling is hashed as it is.
    struct Generated {
        let key: ValueKey
        let length: Int
        let lowercase: Bool
    }

    /// What one pass over a value's bytes tells: whether it looks generated, or else whether it
    /// joins parts with "|".
    enum Scanned {
        case generated(Generated)
        case plain(joined: Bool)
    }

    /// Scans a value's bytes in place (native strings are contiguous; a bridged one is copied).
    static func scan(_ value: String) -> Scanned {
        if let scanned = value.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return scanned }
        return Array(value.utf8).withUnsafeBufferPointer { scan($0) }
    }

    /// A value looks generated when it is a UUID in any case, with or without dashes (keyed by its
    /// bits), or any other run of 16 or more letters, digits, `-` and `_` (hashes, tokens,
    /// Firebase IDs; keyed as it is). Short or spaced text (flags, names) is not renamed.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scanned {
        let bar = UInt8(ascii: "|")
        guard bytes.count >= 16 else { return .plain(joined: bytes.contains(bar)) }
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0, hexOnly = true, lowercase = false
        for byte in bytes {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - 87; lowercase = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - 55
            case UInt8(ascii: "-"): continue
            case UInt8(ascii: "g")...UInt8(ascii: "z"):
                hexOnly = false
                lowercase = true
                continue
            case UInt8(ascii: "G")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                hexOnly = false
                continue
            default:
                return .plain(joined: bytes.contains(bar))
            }
            if digits < 16 { high = high << 4 | UInt64(nibble) } else if digits < 32 { low = low << 4 | UInt64(nibble) }
            digits += 1
        }
        // A UUID (32 hex digits), or an APNs token's 64 whose first 32 are its random bits.
        let key = hexOnly && (digits == 32 || digits == 64) ? ValueKey(high: high, low: low) : ValueKey(text: bytes)
        return .generated(Generated(key: key, length: bytes.count, lowercase: lowercase))
    }
}
