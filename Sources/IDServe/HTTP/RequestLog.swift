import IDPlatform
import IDScenario

/// The request log: one JSON object per request, on stdout or `--log FILE`.
///
/// Lines are gathered in memory and written in batches (when 16 KiB have gathered, every 100 ms
/// from the server's flush task, and at stop), so that logging costs a copy per request rather
/// than a system call.
package final class RequestLog: Sendable {
    private let fd: Int32
    private let pending = CheckedMutex<[UInt8]>([])
    private let failure = CheckedMutex<String?>(nil)
    static let batchBytes = 16 << 10

    /// - Parameter fd: an open file descriptor the log owns the writing of (1 for stdout).
    package init(fd: Int32) {
        self.fd = fd
    }

    /// What the log could not write, if anything (a full disk, a closed pipe): the server keeps
    /// serving, and says so when it stops.
    package var writeFailure: String? { failure.withLock { $0 } }

    func record(_ entry: Entry) {
        let line = entry.json + "\n"
        let batch: [UInt8]? = pending.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            guard buffer.count >= Self.batchBytes else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let batch { write(batch) }
    }

    /// Writes what has gathered.
    package func flush() {
        let batch = pending.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !batch.isEmpty { write(batch) }
    }

    private func write(_ bytes: [UInt8]) {
        // Batches from two threads could interleave between their partial writes; one lock
        // around the write keeps each batch whole.
        failure.withLock { failure in
            guard failure == nil else { return }
            if let problem = Platform.writeAll(bytes, to: fd) { failure = problem }
        }
    }

    /// One request, as the log shows it.
    struct Entry {
        /// Seconds since 1970.
        var time: Double
        var method: String
        var path: String
        var status: Int
        var milliseconds: Double
        var transactionID: String?
        var answer: Answer?

        /// JSONText's streaming form (already-encoded parts): a line is made for every request.
        var json: String {
            var members = [("time", format3(time)), ("method", JSONText.string(method)), ("path", JSONText.string(path)),
                           ("status", String(status)), ("ms", format3(milliseconds))]
            if let transactionID { members.append(("transaction_id", JSONText.string(transactionID))) }
            if let device = answer?.device { members.append(("device", JSONText.string(device))) }
            if let app = answer?.app { members.append(("app", JSONText.string(app))) }
            if let step = answer?.step { members.append(("step", String(step))) }
            if let reason = answer?.reason { members.append(("reason", JSONText.string(reason))) }
            return JSONText.object(members)
        }

        /// Three decimals, without Foundation's formatter (this runs per request).
        private func format3(_ value: Double) -> String {
            let thousandths = Int64((value * 1000).rounded())
            let whole = thousandths / 1000, fraction = thousandths % 1000
            let digits = String(fraction)
            return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
        }
    }
}
