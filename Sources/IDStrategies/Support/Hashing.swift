import Crypto

/// SHA-256 as lowercase hex, as id-kit reports hashes.
///
/// Hashed from the string's UTF-8 in place and written into the result's own storage: explore
/// runs it on every id-kit launch it tries, millions of times.
package func sha256Hex(_ text: String) -> String {
    var text = text
    var hasher = SHA256()
    text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
    let digest = hasher.finalize()
    return String(unsafeUninitializedCapacity: SHA256.Digest.byteCount * 2) { out in
        var at = 0
        for byte in digest {
            out[at] = hexDigit(byte >> 4)
            out[at + 1] = hexDigit(byte & 0x0F)
            at += 2
        }
        return at
    }
}

/// The ASCII lowercase hex digit for a value below 16.
@inline(__always)
private func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
}
