import Foundation

/// The order in which requests started and their results were written, for
/// `assertNoStaleWrites`: call `started(_:)` when a request gets its id and `wrote(_:)` where the
/// result reaches the state. Safe to call from any thread.
public final class RequestLog: @unchecked Sendable {
    /// One logged step.
    public enum Entry: Equatable, Sendable, CustomStringConvertible {
        case started(Int)
        case wrote(Int)

        public var description: String {
            switch self {
            case let .started(id): return "start \(id)"
            case let .wrote(id): return "write \(id)"
            }
        }
    }

    private let lock = NSLock()
    private var log: [Entry] = []

    public init() {}

    public func started(_ id: Int) { append(.started(id)) }
    public func wrote(_ id: Int) { append(.wrote(id)) }

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
