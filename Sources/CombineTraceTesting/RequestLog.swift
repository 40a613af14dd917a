import Foundation

/// The order in which requests started, were cancelled and had their results written, and when
/// the screen was left, for `assertNoStaleWrites` and `assertNothingWrittenAfterLeaving`: call
/// `started(_:)` when a request gets its id, `cancelled(_:)` when it is cancelled, `wrote(_:)`
/// where the result reaches the state, and `left()` when the screen goes away. Safe to call from
/// any thread.
public final class RequestLog: @unchecked Sendable {
    /// One logged step.
    public enum Entry: Equatable, Sendable, CustomStringConvertible {
        case started(Int)
        case cancelled(Int)
        case wrote(Int)
        case left

        public var description: String {
            switch self {
            case let .started(id): return "start \(id)"
            case let .cancelled(id): return "cancel \(id)"
            case let .wrote(id): return "write \(id)"
            case .left: return "leave"
            }
        }
    }

    private let lock = NSLock()
    private var log: [Entry] = []

    public init() {}

    public func started(_ id: Int) { append(.started(id)) }
    public func cancelled(_ id: Int) { append(.cancelled(id)) }
    public func wrote(_ id: Int) { append(.wrote(id)) }
    /// The screen (or whatever owns the state) went away: nothing may be written after this.
    public func left() { append(.left) }

    /// The steps so far, in order.
    public var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    private func append(_ entry: Entry) {
        lock.lock()
        log.append(entry)
        lock.unlock()
    }
}
