import Foundation

/// A subject holding a value that each new subscriber receives first; setting `value` sends it;
/// mirrors `Combine.CurrentValueSubject`.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>()
    private let lock = NSLock()
    private var current: Output

    public init(_ value: Output) { current = value }

    /// The latest value. Assigning stores it, even after completion (as Combine does), and
    /// sends it to subscribers unless the subject has completed.
    public var value: Output {
        get {
            lock.lock()
            defer { lock.unlock() }
            return current
        }
        set {
            lock.lock()
            current = newValue
            lock.unlock()
            core.send(newValue)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber, current: { [weak self] in self?.value })
    }

    /// Sends `value` and makes it the current value; after completion it does neither.
    public func send(_ value: Output) {
        guard !core.isCompleted else { return }
        lock.lock()
        current = value
        lock.unlock()
        core.send(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: Subscription) { core.receive(upstream: subscription) }
}
