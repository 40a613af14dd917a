import Foundation

extension Subscribers {
    /// Asks for unlimited values and hands each to a closure; mirrors `Subscribers.Sink`.
    ///
    /// As in Combine: a second subscription is cancelled; a cancel before the subscription
    /// arrives does nothing (the subscription is then accepted); completion and cancel release the
    /// closures (and what they capture).
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
        private let lock = NSLock()
        private var status = SubscriptionStatus.awaitingSubscription
        private var receiveValue: ((Input) -> Void)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public var description: String { "Sink" }

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

        /// Values after cancel or completion reach no closure: both are released by then.
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
            // Released once unlocked: what a closure captures may cancel this sink in its deinit.
            let released = receiveValue
            status = .terminal
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            body?(completion)
        }

        /// Cancels the subscription once and releases the closures; before the subscription
        /// arrives it does nothing, as in Combine.
        public func cancel() {
            lock.lock()
            guard case let .subscribed(subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let released = (receiveValue, receiveCompletion)
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            subscription.cancel()
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
