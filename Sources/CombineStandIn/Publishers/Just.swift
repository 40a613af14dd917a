import Foundation

/// Emits one value, then finishes, once the subscriber asks; mirrors `Combine.Just`.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value to emit.
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: JustSubscription(output, AnySubscriber(subscriber)))
    }
}

private final class JustSubscription<Output>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private let output: Output
    private var downstream: AnySubscriber<Output, Never>?

    init(_ output: Output, _ downstream: AnySubscriber<Output, Never>) {
        self.output = output
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.lock()
        let target = downstream
        downstream = nil
        lock.unlock()
        guard let target else { return }
        _ = target.receive(output)
        target.receive(completion: .finished)
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
