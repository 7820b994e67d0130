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
/// Changes here hold their thread while they wait for the test's next move, as a long step would.
/// So the tests and their requests run on threads of their own (`ThreadPerJob`), not on the
/// cooperative pool, which has two threads on a two-core host and other suites' tests to run; and
/// every wait has a deadline, so a lost hand-off fails the test instead of hanging it.
@Suite struct SerialChangesTests {
    /// Runs each job on a new thread: a job may block it as long as it likes.
    final class ThreadPerJob: TaskExecutor {
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job), executor = asUnownedTaskExecutor()
            Thread { job.runSynchronously(on: executor) }.start()
        }
    }

    /// What the changes of one test record, shared by the requests' tasks.
    final class Record: Sendable {
        let applied = CheckedMutex<[Int]>([])
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let firstDone = Atomic<Bool>(false)

        var numbers: [Int] { applied.withLock { $0 } }
        func apply(_ number: Int) { applied.withLock { $0.append(number) } }
    }

    /// Waits (polling) until `condition` holds or a minute pass; false on the deadline.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            usleep(200)
        }
        return true
    }

    /// The same for the test's own code, which must not hold a thread of the cooperative pool.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    @Test("200 requests at once: each change runs once, never two at a time, and each request gets its own change's answer")
    func oneAtATimeEachOnce() async {
        let changes = SerialChanges(), record = Record()
        let answers = await withTaskGroup(of: (Int, String).self) { group in
            for number in 0..<200 {
                group.addTask {
                    let answer = await changes.apply {
                        if record.inside.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 {
                            record.overlaps.wrappingAdd(1, ordering: .relaxed)
                        }
                        record.apply(number)
                        record.inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
                        return .text(200, "\(number)")
                    }
                    return (number, answer.body)
                }
            }
            var all: [(Int, String)] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(record.overlaps.load(ordering: .relaxed) == 0)
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { "\($0.0)" == $0.1 }, "a request answered with another's change")
        #expect(record.numbers.sorted() == Array(0..<200))
    }

    @Test("changes that queue while one is applied run after it, in the order they arrived")
    func arrivalOrderKept() async {
        let changes = SerialChanges(), record = Record(), threads = ThreadPerJob()
        let release = DispatchSemaphore(value: 0)
        let first = Task(executorPreference: threads) {
            await changes.apply {
                record.apply(0)
                _ = release.wait(timeout: .now() + 300)   // released by the test
                return .text(200, "0")
            }
        }
        #expect(await Self.eventually { record.numbers == [0] })
        // One at a time, each queued before the next is sent: the arrival order is 1, 2, … 12.
        var waiting: [Task<Answer, Never>] = []
        for number in 1...12 {
            waiting.append(Task(executorPreference: threads) {
                await changes.apply {
                    record.apply(number)
                    return .text(200, "\(number)")
                }
            })
            #expect(await Self.eventually { changes.queued == number }, "change \(number) never queued")
        }
        release.signal()
        _ = await first.value
        for task in waiting { _ = await task.value }
        #expect(record.numbers == Array(0...12))
    }

    @Test("a request that applied its share of batches returns, and a task of its own applies what came after")
    func handsOffAfterItsShare() async {
        let changes = SerialChanges(), record = Record(), threads = ThreadPerJob()
        let share = SerialChanges.batchesPerRequest
        let releaseLast = DispatchSemaphore(value: 0)
        // Change k (k < share) holds its thread until change k + 1 has queued, so each of the
        // first request's batches is one change and another arrives while it applies.
        let change: @Sendable (Int) -> SerialChanges.Change = { number in
            {
                record.apply(number)
                if number < share {
                    _ = Self.wait { changes.queued == 1 }
                } else {
                    _ = releaseLast.wait(timeout: .now() + 300)   // released by the test, after its checks
                }
                return .text(200, "\(number)")
            }
        }
        let firstRequest = Task(executorPreference: threads) {
            let answer = await changes.apply(change(0))
            record.firstDone.store(true, ordering: .releasing)
            return answer
        }
        var others: [Task<Answer, Never>] = []
        for number in 1...share {
            #expect(await Self.eventually { record.numbers.count == number && changes.queued == 0 }, "change \(number - 1) never began")
            others.append(Task(executorPreference: threads) { await changes.apply(change(number)) })
        }
        // The first request's share is 0 ..< share; change `share` is applied by the hand-off
        // task, and holds it: the first request returns all the same (were it still applying, it
        // would be held there too).
        #expect(await Self.eventually { record.numbers.count == share + 1 }, "the change after the first request's share never began")
        #expect(await Self.eventually { record.firstDone.load(ordering: .acquiring) }, "the first request went on applying others' changes")
        #expect(record.numbers == Array(0...share))
        releaseLast.signal()
        #expect(await firstRequest.value.body == "0")
        for (offset, task) in others.enumerated() { #expect(await task.value.body == "\(offset + 1)") }
    }
}
