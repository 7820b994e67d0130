import Foundation
import IDPlatform
import Testing

/// serve's locks: `CheckedMutex` guards its value as `Mutex` does, and under the thread sanitizer
/// (`.ci/run`'s second pass) its critical sections are seen as ordered, which plain `Mutex`'s are
/// not on Linux (the same loop over a plain `Mutex` gave a report in 2 of 5 runs).
@Suite struct CheckedMutexTests {
    @Test("64 threads appending under the lock: none lost, and none seen as a race")
    func guardsItsValue() {
        final class Shared: Sendable { let numbers = CheckedMutex<[Int]>([]) }
        let shared = Shared()
        let group = DispatchGroup()
        for number in 0..<64 {
            group.enter()
            Thread {
                shared.numbers.withLock { $0.append(number) }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(shared.numbers.withLock { $0.sorted() } == Array(0..<64))
    }

    @Test("an error thrown inside the lock leaves through it, and the lock is free after")
    func throwsThrough() {
        struct Refused: Error {}
        let mutex = CheckedMutex(0)
        #expect(throws: Refused.self) { try mutex.withLock { (value: inout Int) throws(Refused) in value = 1; throw Refused() } }
        #expect(mutex.withLock { $0 } == 1)
    }
}
