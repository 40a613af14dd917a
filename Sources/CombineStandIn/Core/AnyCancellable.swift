import Foundation

/// A cancellation token that cancels when it is deallocated; mirrors `Combine.AnyCancellable`.
///
/// Cancelling twice runs the cancel action once.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // Guarded by `lock`: cancel may race with deinit's cancel in the caller's code.
    private var action: (() -> Void)?
    private let lock = NSLock()

    /// Wraps a closure to run on the first cancel.
    public init(_ cancel: @escaping () -> Void) { action = cancel }

    /// Wraps another cancellable.
    public init<C: Cancellable>(_ canceller: C) { action = canceller.cancel }

    deinit { cancel() }

    public func cancel() {
        lock.lock()
        let run = action
        action = nil
        lock.unlock()
        run?()
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Keeps the token alive as long as `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps the token alive as long as `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }
}
