import Crypto

/// SHA-256 as lowercase hex, as id-kit reports hashes.
public func sha256Hex(_ text: String) -> String {
    let digits = Array("0123456789abcdef")
    var out = ""
    out.reserveCapacity(64)
    for byte in SHA256.hash(data: Array(text.utf8)) {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return out
}
