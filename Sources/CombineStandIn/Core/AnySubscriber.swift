/// A type-erased subscriber; mirrors `Combine.AnySubscriber`.
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    private let receiveSubscriptionBody: (Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

    /// Wraps `subscriber`, keeping it alive as long as this value.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
    }

    public func receive(subscription: Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody(input) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}

/// The subscription handed to a subscriber of an already finished publisher: it does nothing.
final class EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
