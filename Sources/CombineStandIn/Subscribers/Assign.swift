import Foundation

extension Subscribers {
    /// Writes each value to a key path of an object it holds strongly; mirrors `Subscribers.Assign`.
    ///
    /// As in Combine: values are written only while subscribed; completion and cancel release the
    /// object; a cancel before the subscription arrives does nothing.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
        public typealias Failure = Never

        private let lock = NSLock()
        private var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var status = SubscriptionStatus.awaitingSubscription

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public var description: String { "Assign" }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status, let target = object else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            target[keyPath: keyPath] = input
            return .none
        }

        /// Completion releases the object, as in Combine.
        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            terminateUnlocking()
        }

        public func cancel() {
            lock.lock()
            guard case let .subscribed(subscription) = status else {
                lock.unlock()
                return
            }
            terminateUnlocking()
            subscription.cancel()
        }

        /// Ends the subscription and releases the object outside the lock (its deinit may call back).
        private func terminateUnlocking() {
            status = .terminal
            let released = object
            object = nil
            lock.unlock()
            withExtendedLifetime(released) {}
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath:]`, holding `object` strongly until cancel.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
