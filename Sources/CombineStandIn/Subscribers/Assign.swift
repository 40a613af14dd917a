import Foundation

extension Subscribers {
    /// Writes each value to a key path of an object it holds strongly; mirrors `Subscribers.Assign`.
    public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
        public typealias Failure = Never

        private let lock = NSLock()
        private var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var subscription: Subscription?

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard self.subscription == nil, object != nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let target = object
            lock.unlock()
            target?[keyPath: keyPath] = input
            return .none
        }

        /// Completion releases the object, as in Combine.
        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            object = nil
            subscription = nil
            lock.unlock()
        }

        public func cancel() {
            lock.lock()
            let target = subscription
            object = nil
            subscription = nil
            lock.unlock()
            target?.cancel()
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
