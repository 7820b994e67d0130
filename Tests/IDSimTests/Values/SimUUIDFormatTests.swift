import Foundation
import IDSim
import Testing

/// `SimUUID`'s text forms, against Foundation's `UUID` printing the same 128 bits.
@Suite("SimUUID formats")
struct SimUUIDFormatTests {
    @Test("uuidString is what UUID prints; compactLowercase is it lowercased without dashes")
    func formats() {
        var rng = SeededGenerator(seed: 7)
        var samples = (0..<500).map { _ in rng.nextUUID() }
        samples += [SimUUID(high: 0, low: 0), SimUUID(high: .max, low: .max), SimUUID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)]
        for uuid in samples {
            let bytes = withUnsafeBytes(of: (uuid.high.bigEndian, uuid.low.bigEndian)) { Array($0) }
            let foundation = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            #expect(uuid.uuidString == foundation.uuidString)
            #expect(uuid.compactLowercase == foundation.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
        }
    }
}
