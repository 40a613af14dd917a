import Foundation

extension Subscribers {
    /// Asks for unlimited values and hands each to a closure; mirrors `Subscribers.Sink`.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
        private let lock = NSLock()
        private var subscription: Subscription?
        private var receiveValue: ((Input) -> Void)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        private var isDone = false

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard self.subscription == nil, !isDone else {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        /// Values after cancel or completion are dropped.
        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let body = receiveValue
            lock.unlock()
            body?(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let body = receiveCompletion
            isDone = true
            subscription = nil
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            body?(completion)
        }

        /// Cancels the subscription once and releases the closures (and what they capture).
        public func cancel() {
            lock.lock()
            let target = subscription
            isDone = true
            subscription = nil
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            target?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures; the returned token cancels when released.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a value closure; the returned token cancels when released.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
