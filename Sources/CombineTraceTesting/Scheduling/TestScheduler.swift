#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import Foundation

/// A scheduler whose clock moves only when the test says so: `advance(by:)` runs what falls due,
/// in time order (then in the order scheduled), and `run()` runs everything. Nothing runs on its
/// own, so a test of `receive(on:)`, `debounce` or `timeout` states exactly what happened by when,
/// without sleeping. Conforms to `Scheduler` on Combine and on CombineStandIn.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    /// A point on the virtual clock, in nanoseconds since the scheduler was made.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        public var nanoseconds: Int

        public init(nanoseconds: Int) { self.nanoseconds = nanoseconds }

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
        public func advanced(by n: Stride) -> SchedulerTimeType { SchedulerTimeType(nanoseconds: nanoseconds + n.nanoseconds) }
        public var description: String { "\(nanoseconds) ns" }

        /// A span of virtual time.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
            CustomStringConvertible {
            public var nanoseconds: Int

            public init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
            public init(integerLiteral value: Int) { nanoseconds = value }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                nanoseconds = value
            }

            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
            public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int((s * 1_000_000_000).rounded())) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            public var magnitude: Stride { Stride(nanoseconds: abs(nanoseconds)) }
            public var description: String { "\(nanoseconds) ns" }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds * rhs.nanoseconds) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    public typealias SchedulerOptions = Never

    private struct Work {
        var due: SchedulerTimeType
        var order: Int
        var interval: SchedulerTimeType.Stride?
        var token: RepeatToken?
        var action: () -> Void
    }

    private let lock = NSRecursiveLock()
    private var clock: SchedulerTimeType
    private var queue: [Work] = []
    private var scheduled = 0

    /// A scheduler at virtual time `now` (0 by default).
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) { clock = now }

    public var now: SchedulerTimeType {
        lock.lock()
        defer { lock.unlock() }
        return clock
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// Actions waiting to run.
    public var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return queue.count
    }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(Work(due: now, order: 0, interval: nil, token: nil, action: action))
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) {
        enqueue(Work(due: date, order: 0, interval: nil, token: nil, action: action))
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) -> Cancellable {
        let token = RepeatToken()
        enqueue(Work(due: date, order: 0, interval: interval, token: token, action: action))
        return AnyCancellable { [weak self] in self?.cancelRepeating(token) }
    }

    /// Moves the clock forward by `stride`, running each action that falls due on the way, at
    /// its own time (an action may schedule more; those run too when due).
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `date` (never back), running what falls due on the way.
    public func advance(to date: SchedulerTimeType) {
        while let work = takeNext(dueBy: date) {
            work.action()
        }
        lock.lock()
        if clock < date { clock = date }
        lock.unlock()
    }

    /// Runs everything scheduled, moving the clock as far as needed; repeating actions stop the
    /// run after `limit` actions (cancel them first).
    public func run(limit: Int = 100_000) {
        var ran = 0
        while ran < limit, let work = takeNext(dueBy: nil) {
            work.action()
            ran += 1
        }
    }

    private func enqueue(_ work: Work) {
        lock.lock()
        var work = work
        scheduled += 1
        work.order = scheduled
        if work.due < clock { work.due = clock }
        queue.append(work)
        lock.unlock()
    }

    /// Removes and returns the earliest action due by `date` (any when nil), moving the clock to
    /// its time; a repeating one is put back for its next time.
    private func takeNext(dueBy date: SchedulerTimeType?) -> Work? {
        lock.lock()
        defer { lock.unlock() }
        queue.removeAll { $0.token?.isCancelled == true }
        guard let index = queue.indices.min(by: { (queue[$0].due, queue[$0].order) < (queue[$1].due, queue[$1].order) }),
              date.map({ queue[index].due <= $0 }) ?? true else { return nil }
        let work = queue.remove(at: index)
        if clock < work.due { clock = work.due }
        if let interval = work.interval {
            var next = work
            next.due = work.due.advanced(by: Swift.max(interval, SchedulerTimeType.Stride(nanoseconds: 1)))
            scheduled += 1
            next.order = scheduled
            queue.append(next)
        }
        return work
    }

    private func cancelRepeating(_ token: RepeatToken) {
        lock.lock()
        token.isCancelled = true
        queue.removeAll { $0.token === token }
        lock.unlock()
    }

    private final class RepeatToken {
        var isCancelled = false
    }
}

extension TestScheduler.SchedulerTimeType: Comparable {
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}
