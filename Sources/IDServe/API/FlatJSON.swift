/// Reads a request body that is one JSON object, keeping each member's type: Apple's fields are
/// flat (strings, integers, booleans), and a wrong type is an error of its own (a string
/// `"true"` for `bit0`, a float `timestamp`), which decoding into Swift types would blur.
///
/// Hand-written rather than `JSONDecoder`: it runs on every request of a server whose goal is
/// tens of thousands a second, and it only needs one level. Nested values are checked for
/// syntax and kept as `.nested`.
enum FlatJSON {
    enum Value: Equatable {
        case string(String)
        /// A number written without fraction or exponent that fits 64 bits.
        case integer(Int64)
        /// Any other number.
        case number(Double)
        case bool(Bool)
        case null
        /// An object or array.
        case nested
    }

    /// The object's members (the last of a repeated key wins, as in most JSON readers), or nil
    /// when the bytes are not one JSON object.
    static func object(_ bytes: some Collection<UInt8>) -> [String: Value]? {
        var reader = Reader(Array(bytes))
        reader.skipSpace()
        guard reader.peek == UInt8(ascii: "{"), let members = reader.object() else { return nil }
        reader.skipSpace()
        return reader.atEnd ? members : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        /// Nesting allowed in skipped values: deep enough for any real body, shallow enough
        /// that a crafted one cannot exhaust the stack.
        static let maxDepth = 64

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { at >= bytes.count }
        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { at += 1 }
        }

        mutating func eat(_ c: UInt8) -> Bool {
            skipSpace()
            guard peek == c else { return false }
            at += 1
            return true
        }

        /// `{` … `}` with its members read.
        mutating func object() -> [String: Value]? {
            guard eat(UInt8(ascii: "{")) else { return nil }
            var members: [String: Value] = [:]
            if eat(UInt8(ascii: "}")) { return members }
            repeat {
                skipSpace()
                guard let key = string(), eat(UInt8(ascii: ":")), let value = value(depth: 1) else { return nil }
                members[key] = value
            } while eat(UInt8(ascii: ","))
            return eat(UInt8(ascii: "}")) ? members : nil
        }

        mutating func value(depth: Int) -> Value? {
            skipSpace()
            guard let c = peek else { return nil }
            switch c {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "{"), UInt8(ascii: "["): return skipNested(depth: depth) ? .nested : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[at + $0] == expected[$0] }
            }
            if matches { at += count }
            return matches
        }

        /// An array or object whose contents are checked but not kept.
        mutating func skipNested(depth: Int) -> Bool {
            guard depth <= Self.maxDepth else { return false }
            if eat(UInt8(ascii: "[")) {
                if eat(UInt8(ascii: "]")) { return true }
                repeat {
                    guard value(depth: depth + 1) != nil else { return false }
                } while eat(UInt8(ascii: ","))
                return eat(UInt8(ascii: "]"))
            }
            guard eat(UInt8(ascii: "{")) else { return false }
            if eat(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard string() != nil, eat(UInt8(ascii: ":")), value(depth: depth + 1) != nil else { return false }
            } while eat(UInt8(ascii: ","))
            return eat(UInt8(ascii: "}"))
        }

        /// A string with its escapes decoded; nil for a control character, a bad escape or a
        /// lone surrogate.
        mutating func string() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            at += 1
            let start = at
            // The common case, no escapes: one copy of the bytes.
            while let c = peek, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\"), c >= 0x20 { at += 1 }
            if peek == UInt8(ascii: "\"") {
                defer { at += 1 }
                return String(validating: bytes[start..<at], as: UTF8.self)
            }
            var out = Array(bytes[start..<at])
            while let c = peek {
                at += 1
                switch c {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let e = peek else { return nil }
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        out.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        return nil
                    }
                default:
                    guard c >= 0x20 else { return nil }
                    out.append(c)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[at])).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
                at += 1
            }
            return value
        }

        /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func number() -> Value? {
            let start = at
            func digits() -> Int {
                let from = at
                while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { at += 1 }
                return at - from
            }
            if peek == UInt8(ascii: "-") { at += 1 }
            let whole = at
            guard digits() > 0 else { return nil }
            if bytes[whole] == UInt8(ascii: "0") && at - whole > 1 { return nil }
            var integral = true
            if peek == UInt8(ascii: ".") {
                at += 1
                integral = false
                guard digits() > 0 else { return nil }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                at += 1
                integral = false
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if integral, let value = Int64(text) { return .integer(value) }
            return Double(text).map(Value.number)
        }
    }
}
