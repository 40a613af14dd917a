import Dispatch
import Foundation

/// Data-parallel map over indices on a fixed number of workers. Each result goes into its own
/// preallocated slot, so workers never write the same memory; a lock only hands out indices.
public enum Parallel {
    public static func map<R>(count: Int, jobs: Int, _ body: (Int) -> R) -> [R] {
        let workers = max(1, min(jobs, count))
        if workers == 1 { return (0..<count).map(body) }
        var slots = [R?](repeating: nil, count: count)
        let counter = IndexCounter()
        slots.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = counter.next(below: count) {
                    (base + index).pointee = body(index)
                }
            }
        }
        return slots.map { $0! }
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
