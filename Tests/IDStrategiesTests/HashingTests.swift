@testable import IDStrategies
import Testing

@Suite("sha256Hex")
struct HashingTests {
    /// FIPS 180-2's published digests, and a string with more than one byte per character.
    @Test("gives SHA-256's published digests as lowercase hex")
    func publishedDigests() {
        #expect(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // "é" is two UTF-8 bytes (c3 a9): the digest is of the bytes, not the characters.
        #expect(sha256Hex("é") != sha256Hex("e") && sha256Hex("é").count == 64)
    }
}
