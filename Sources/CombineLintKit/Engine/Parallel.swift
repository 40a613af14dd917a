import Dispatch
import Foundation

/// Data-parallel map over indices on a fixed number of workers. Each result goes into its own
/// preallocated slot, so workers never write the same memory; a lock only hands out indices.
public enum Parallel {
    public static func map<R>(count: Int, jobs: Int, _ body: (Int) -> R) -> [R] {
        let workers = max(1, min(jobs, count))
        if workers == 1 { return (0..<count).map(body) }
        // Results are written straight into the array's storage, each slot by one worker: no
        // optional slots to unwrap and copy (a copy of a result struct retains each of its arrays).
        return [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress!
            forEach(count: count, jobs: workers) { (base + $0).initialize(to: body($0)) }
            initialized = count
        }
    }

    /// Runs `body` once for each index in `0..<count`, on up to `jobs` workers.
    public static func forEach(count: Int, jobs: Int, _ body: (Int) -> Void) {
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { body(index) }
            return
        }
        let counter = IndexCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = counter.next(below: count) { body(index) }
        }
    }

    /// The default worker count: the machine's active cores.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// Hands out 0, 1, 2, … to concurrent workers.
private final class IndexCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
