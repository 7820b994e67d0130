import Dispatch
import Foundation
import IDPlatform
@testable import IDServe
import Synchronization
import Testing

/// The flat-combining queue that applies serve's changes: one at a time, each once, in the order
/// they arrived, and a request that has applied its share hands the rest on instead of serving
/// everyone's changes forever.
///
/// Requests here are threads of the test's own, calling the queue's synchronous half (`submit`):
/// their changes hold the thread while they wait for the test's next move, as a long step would,
/// and the cooperative pool (two threads on a two-core host, often both running other suites'
/// long tests) must be neither what they hold nor what they wait for. Only the hand-off's task
/// and the test bodies' waits run there: in a full `swift test` here each of these tests took about
/// 365 s, waiting for a pool thread. So whatever waits for the hand-off or for the test's next
/// move (a change held until the test queues another or releases it) allows 30 minutes; what the
/// test checks of the requests' own threads allows one. Every wait has a deadline, so a lost
/// hand-off fails the test instead of hanging it, and a condition is checked before its deadline
/// whenever a wait resumes.
@Suite struct SerialChangesTests {
    /// What the changes of one test record, shared by the requests' threads.
    final class Record: Sendable {
        let applied = CheckedMutex<[Int]>([])
        /// The changes applied on the first request's thread.
        let appliedByFirst = CheckedMutex<[Int]>([])
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let firstDone = Atomic<Bool>(false)
        let answered = Atomic<Int>(0)

        func answer() { answered.wrappingAdd(1, ordering: .acquiringAndReleasing) }
        var answers: Int { answered.load(ordering: .acquiring) }

        var numbers: [Int] { applied.withLock { $0 } }
        var numbersByFirst: [Int] { appliedByFirst.withLock { $0 } }

        func apply(_ number: Int) {
            applied.withLock { $0.append(number) }
            if Thread.current.threadDictionary[SerialChangesTests.firstRequest] != nil { appliedByFirst.withLock { $0.append(number) } }
        }
    }

    /// The mark of the first request's thread, in its thread dictionary.
    static let firstRequest = "idscope.test.firstRequest"

    /// Starts a request on a thread of its own (marked as the first request's when asked).
    static func request(first: Bool = false, _ body: @escaping @Sendable () -> Void) {
        Thread {
            if first { Thread.current.threadDictionary[Self.firstRequest] = "yes" }
            body()
        }.start()
    }

    /// Waits (polling) until `condition` holds or `seconds` pass; false on the deadline.
    static func wait(seconds: Double = 60, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(200)
        }
        return true
    }

    /// The same for the test's own code, which must not hold a thread of the cooperative pool
    /// while it waits (the hand-off's task may need it).
    static func eventually(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    @Test("200 requests at once: each change runs once, never two at a time, and each request gets its own change's answer")
    func oneAtATimeEachOnce() async {
        let changes = SerialChanges(), record = Record()
        let mismatched = Atomic<Int>(0)
        for number in 0..<200 {
            Self.request {
                changes.submit({
                    if record.inside.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 {
                        record.overlaps.wrappingAdd(1, ordering: .relaxed)
                    }
                    record.apply(number)
                    record.inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
                    return .text(200, "\(number)")
                }, reply: { answer in
                    if answer.body != "\(number)" { mismatched.wrappingAdd(1, ordering: .relaxed) }
                    record.answer()
                })
            }
        }
        #expect(await Self.eventually(seconds: 1800) { record.answers == 200 })
        #expect(record.overlaps.load(ordering: .relaxed) == 0)
        #expect(mismatched.load(ordering: .relaxed) == 0, "a request answered with another's change")
        #expect(record.numbers.sorted() == Array(0..<200))
    }

    @Test("changes that queue while one is applied run after it, in the order they arrived")
    func arrivalOrderKept() async {
        let changes = SerialChanges(), record = Record()
        let release = DispatchSemaphore(value: 0)
        Self.request {
            changes.submit({
                record.apply(0)
                _ = release.wait(timeout: .now() + 1800)   // released by the test, which may wait for the pool
                return .text(200, "0")
            }, reply: { _ in record.answer() })
        }
        #expect(await Self.eventually { record.numbers == [0] })
        // One at a time, each queued before the next is sent: the arrival order is 1, 2, … 12.
        for number in 1...12 {
            Self.request {
                changes.submit({
                    record.apply(number)
                    return .text(200, "\(number)")
                }, reply: { _ in record.answer() })
            }
            #expect(await Self.eventually { changes.queued == number }, "change \(number) never queued")
        }
        release.signal()
        #expect(await Self.eventually(seconds: 1800) { record.answers == 13 })
        #expect(record.numbers == Array(0...12))
    }

    @Test("a request that applied its share of batches returns, and a task of its own applies what came after")
    func handsOffAfterItsShare() async {
        let changes = SerialChanges(), record = Record()
        let share = SerialChanges.batchesPerRequest
        let releaseLast = DispatchSemaphore(value: 0)
        // Change k (k < share) holds its thread until change k + 1 has queued, so each of the
        // first request's batches is one change and another arrives while it applies.
        let change: @Sendable (Int) -> SerialChanges.Change = { number in
            {
                record.apply(number)
                if number < share {
                    _ = Self.wait(seconds: 1800) { changes.queued == 1 }   // the test's next move, which may wait for the pool
                } else {
                    _ = releaseLast.wait(timeout: .now() + 1800)   // released by the test, after its checks
                }
                return .text(200, "\(number)")
            }
        }
        Self.request(first: true) {
            changes.submit(change(0)) { _ in record.answer() }
            record.firstDone.store(true, ordering: .releasing)
        }
        for number in 1...share {
            #expect(await Self.eventually { record.numbers.count == number && changes.queued == 0 }, "change \(number - 1) never began")
            Self.request { changes.submit(change(number)) { _ in record.answer() } }
        }
        // The first request returns after its share (0 ..< share), with change `share` queued
        // for the hand-off's task or applied by it; were it still applying, it would be held
        // inside change `share`, which waits for the test.
        #expect(await Self.eventually { record.firstDone.load(ordering: .acquiring) }, "the first request went on applying others' changes")
        #expect(record.numbersByFirst == Array(0..<share))
        releaseLast.signal()
        #expect(await Self.eventually(seconds: 1800) { record.answers == share + 1 })
        #expect(record.numbers == Array(0...share))
        #expect(record.numbersByFirst == Array(0..<share), "the change after the share was applied by another than the first request")
    }
}
